//! [`DrawRecord`]: a card game's record of its last random draw, by which it vouches
//! for the action the hand loop then applies without its check
//! ([`CardRules::vouched`](crate::CardRules::vouched)).

use core::cell::Cell;

/// What a game's random draw last drew (in the game's own short form `A`) and the
/// address of the view it drew it from: kept per thread in the game's own
/// `thread_local!`, so that [`CardRules::vouched`](crate::CardRules::vouched) answers
/// only for a draw from the view the hand loop shows, as that view and the game now are.
///
/// The game [`record`](DrawRecord::record)s in its draw, [`clear`](DrawRecord::clear)s
/// in its check and in its view's refresh, and [`take_for`](DrawRecord::take_for)s in
/// `vouched`: a record names the view's identity, never only the action, and is
/// answered once.
///
/// ```
/// use rummykit_core::DrawRecord;
/// thread_local! {
///     static DRAWN: DrawRecord<u8> = const { DrawRecord::new() };
/// }
/// let (shown, other) = ([0u8; 4], [0u8; 4]);
/// DRAWN.with(|d| d.record(&shown, Some(7)));
/// // Another view (another place) gets nothing, and the asking consumes the record.
/// assert_eq!(DRAWN.with(|d| d.take_for(&other)), None);
/// assert_eq!(DRAWN.with(|d| d.take_for(&shown)), None);
/// DRAWN.with(|d| d.record(&shown, Some(7)));
/// assert_eq!(DRAWN.with(|d| d.take_for(&shown)), Some(7));
/// assert_eq!(DRAWN.with(|d| d.take_for(&shown)), None);
/// // A refresh or a check clears it.
/// DRAWN.with(|d| d.record(&shown, Some(7)));
/// DRAWN.with(DrawRecord::clear);
/// assert_eq!(DRAWN.with(|d| d.take_for(&shown)), None);
/// ```
#[derive(Debug)]
pub struct DrawRecord<A: Copy> {
    /// The view's address (0 for none) and the action drawn from it.
    drawn: Cell<(usize, Option<A>)>,
}

impl<A: Copy> DrawRecord<A> {
    /// No draw recorded (a `const` initializer: the thread-local needs no destructor).
    ///
    /// ```
    /// use rummykit_core::DrawRecord;
    /// let record = DrawRecord::<u8>::new();
    /// assert_eq!(record.take_for(&()), None);
    /// ```
    #[must_use]
    pub const fn new() -> DrawRecord<A> {
        DrawRecord { drawn: Cell::new((0, None)) }
    }

    /// Records that `drawn` was drawn from `view` (`None`: nothing the game vouches
    /// for), replacing any earlier record.
    ///
    /// ```
    /// use rummykit_core::DrawRecord;
    /// let (record, view) = (DrawRecord::new(), 5u32);
    /// record.record(&view, Some('a'));
    /// record.record(&view, Some('b'));
    /// assert_eq!(record.take_for(&view), Some('b'));
    /// ```
    #[inline]
    pub fn record<V>(&self, view: &V, drawn: Option<A>) {
        self.drawn.set((core::ptr::from_ref(view).addr(), drawn));
    }

    /// Forgets the record: a draw made before vouches for nothing.
    ///
    /// ```
    /// use rummykit_core::DrawRecord;
    /// let (record, view) = (DrawRecord::new(), 5u32);
    /// record.record(&view, Some('a'));
    /// record.clear();
    /// assert_eq!(record.take_for(&view), None);
    /// ```
    #[inline]
    pub fn clear(&self) {
        self.drawn.set((0, None));
    }

    /// The action drawn from `shown` itself (the same place), consuming the record
    /// whatever it names: `None` for a draw from another view, or none recorded.
    ///
    /// ```
    /// use rummykit_core::DrawRecord;
    /// let (record, view, copy) = (DrawRecord::new(), 5u32, 5u32);
    /// record.record(&view, Some('a'));
    /// // An equal view elsewhere is another view.
    /// assert_eq!(record.take_for(&copy), None);
    /// assert_eq!(record.take_for(&view), None);
    /// ```
    #[inline]
    pub fn take_for<V>(&self, shown: &V) -> Option<A> {
        let (from, drawn) = self.drawn.replace((0, None));
        if from == core::ptr::from_ref(shown).addr() { drawn } else { None }
    }
}

impl<A: Copy> Default for DrawRecord<A> {
    fn default() -> DrawRecord<A> {
        DrawRecord::new()
    }
}

#[cfg(test)]
mod tests {
    use super::DrawRecord;

    std::thread_local! {
        static DRAWN: DrawRecord<u16> = const { DrawRecord::new() };
    }

    /// Each duty of the record on its own: the address names the view (equal contents
    /// elsewhere are another view), a clear forgets, a later record replaces, an answer
    /// is given once, and a record is per thread.
    #[test]
    fn a_record_answers_once_for_its_own_view_until_cleared() {
        let views = [[1u8; 8], [1u8; 8]];
        let (shown, copy) = (&views[0], &views[1]);
        DRAWN.with(|d| d.record(shown, Some(3)));
        assert_eq!(DRAWN.with(|d| d.take_for(copy)), None);
        assert_eq!(DRAWN.with(|d| d.take_for(shown)), None, "asking consumes");
        DRAWN.with(|d| d.record(shown, Some(3)));
        assert_eq!(DRAWN.with(|d| d.take_for(shown)), Some(3));
        assert_eq!(DRAWN.with(|d| d.take_for(shown)), None);
        DRAWN.with(|d| d.record(shown, Some(4)));
        DRAWN.with(DrawRecord::clear);
        assert_eq!(DRAWN.with(|d| d.take_for(shown)), None, "cleared");
        DRAWN.with(|d| d.record(copy, Some(5)));
        DRAWN.with(|d| d.record(shown, Some(6)));
        assert_eq!(DRAWN.with(|d| d.take_for(copy)), None, "replaced");
        DRAWN.with(|d| d.record(shown, None));
        assert_eq!(DRAWN.with(|d| d.take_for(shown)), None);
        DRAWN.with(|d| d.record(shown, Some(7)));
        let elsewhere = std::thread::scope(|s| s.spawn(|| DRAWN.with(|d| d.take_for(shown))).join());
        assert_eq!(elsewhere.ok(), Some(None), "another thread's record");
        assert_eq!(DRAWN.with(|d| d.take_for(shown)), Some(7));
    }
}
