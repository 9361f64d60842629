//! [`HandView::check`]: whether a view could be shown by a game, for a view built or
//! read from elsewhere (each card game checks the views serde reads with it).

use core::ops::RangeInclusive;

use crate::{
    Card, Catalog, DealError, HandView, Meld, MeldRules, PieceId, PieceSet, PositionError, check_turn,
};

impl HandView {
    /// Checks that the seat of this view, when it is the seat to move, has an action:
    /// `list` lists the game's legal actions from the whole view. A view no game could
    /// show may pass [`check`](HandView::check) and still leave nothing to list (a draw
    /// with no stock and no discard pile), and a bot must act on every view it is given.
    ///
    /// # Errors
    ///
    /// [`PositionError::Inconsistent`] when the seat to move has no legal action.
    ///
    /// ```
    /// use rummykit_core::{HandView, PositionError};
    /// let mut view = HandView::default();
    /// view.to_move = Some(view.seat);
    /// assert_eq!(view.check_actions(|out: &mut Vec<u8>| out.push(0)), Ok(()));
    /// let none = view.check_actions(|_: &mut Vec<u8>| {});
    /// assert!(matches!(none, Err(PositionError::Inconsistent(_))));
    /// ```
    pub fn check_actions<A>(&self, list: impl FnOnce(&mut Vec<A>)) -> Result<(), PositionError> {
        if self.to_move == Some(self.seat) {
            let mut listed = Vec::new();
            list(&mut listed);
            if listed.is_empty() {
                return Err(PositionError::Inconsistent("the seat to move has no legal action"));
            }
        }
        Ok(())
    }

    /// Checks that a hand of a game with `pack`, `rules` and a seat count in `seats` could
    /// show this view, each hand holding at most `most_in_hand(seats)` cards (those dealt
    /// and the one drawn): the seat count and every seat named (a meld's owner and the
    /// outcome's winners too); one known list per seat; an outcome exactly when nobody is
    /// to move, with points for each seat; the view's own known cards a part of its
    /// hand; the hand as large as its seat's count; every card of the pack and in one
    /// place only (hand, known cards, table, discard pile, the card taken); the table's
    /// melds valid under `rules`; every card of the pack somewhere (the hands, the
    /// table, the discard pile, the stock); and a card in the hand of the seat to move.
    ///
    /// A game lists the actions of a view by trusting these facts: a hand larger than a
    /// game deals, or a card that is in two places, may leave it nothing to list (a
    /// search of a hand grows exponentially with it).
    ///
    /// # Errors
    ///
    /// [`DealError::PlayerCount`] for a seat count outside `seats`, or
    /// [`DealError::InvalidDeal`] naming what no game could show.
    ///
    /// ```
    /// use rummykit_core::{
    ///     AcePolicy, Card, Catalog, DealError, HandState, HandView, JokerLimit, MeldRules, PositionError, deal_cards,
    /// };
    /// let deck = Catalog::<Card>::DECK;
    /// let rules = MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden);
    /// let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(1);
    /// let dealt = deal_cards(&deck, 2, 1, 7, &mut rng).expect("a deal");
    /// let mut view = HandView::default();
    /// view.refresh(&HandState::dealt(0, dealt.hands, dealt.piles), 0, None);
    /// assert_eq!(view.check(&deck, &rules, 2..=6, |_| 8), Ok(()));
    /// // A card of the discard pile also in the hand.
    /// let top = *view.discard_pile.last().expect("the card turned up");
    /// view.hand.insert(top);
    /// view.hand_sizes[0] += 1;
    /// let twice = view.check(&deck, &rules, 2..=6, |_| 8);
    /// assert!(matches!(twice, Err(DealError::InvalidDeal(PositionError::CopyTwice { .. }))), "{twice:?}");
    /// ```
    pub fn check(
        &self,
        pack: &Catalog<Card>,
        rules: &MeldRules,
        seats: RangeInclusive<usize>,
        most_in_hand: impl Fn(usize) -> usize,
    ) -> Result<(), DealError> {
        let n = self.hand_sizes.len();
        if !seats.contains(&n) {
            return Err(DealError::PlayerCount { seats: n, min: *seats.start(), max: *seats.end() });
        }
        self.check_seats(n)?;
        self.check_places(pack, rules)?;
        let most = most_in_hand(n);
        for (seat, &len) in self.hand_sizes.iter().enumerate() {
            if len > most {
                return Err(PositionError::HandSize { seat, len, min: 0, max: most }.into());
            }
            if self.known[seat].len() > len {
                return Err(
                    PositionError::Inconsistent("a seat is known to hold more cards than it holds").into()
                );
            }
        }
        // Saturating: a count read from elsewhere may be near `usize::MAX`, and is then
        // refused as too many cards rather than overflowing.
        let found = self
            .hand_sizes
            .iter()
            .chain([&self.table.pieces().len(), &self.discard_pile.len(), &self.stock_len])
            .fold(0usize, |sum, &len| sum.saturating_add(len));
        if found != pack.len() {
            return Err(PositionError::PieceCount { found, expected: pack.len() }.into());
        }
        if self.to_move.is_some_and(|s| self.hand_sizes[s] == 0) {
            return Err(PositionError::Inconsistent("the seat to move holds no card").into());
        }
        Ok(())
    }

    /// The seats the view names are seats of a table of `n` (its outcome's winners too),
    /// its lists have one entry per seat (its outcome's points too), and an outcome is
    /// shown exactly when nobody is to move ([`check_turn`]).
    fn check_seats(&self, n: usize) -> Result<(), PositionError> {
        let named = [("seat", Some(self.seat)), ("dealer", Some(self.dealer)), ("to_move", self.to_move)];
        for (field, seat) in named {
            if let Some(seat) = seat.filter(|&s| s >= n) {
                return Err(PositionError::NoSuchSeat { field, seat, seats: n });
            }
        }
        if let Some(m) = self.table.melds().iter().find(|m| m.owner() >= n) {
            return Err(PositionError::NoSuchSeat { field: "table meld owner", seat: m.owner(), seats: n });
        }
        if self.known.len() != n {
            return Err(PositionError::SeatLists { field: "known", found: self.known.len(), seats: n });
        }
        check_turn(n, self.to_move, self.outcome.as_ref())?;
        if self.hand.len() != self.hand_sizes[self.seat] {
            return Err(PositionError::Inconsistent("the hand is not as large as its seat's hand size"));
        }
        if !self.known[self.seat].is_subset(&self.hand) {
            return Err(PositionError::Inconsistent("a card known to be in the hand is not in it"));
        }
        Ok(())
    }

    /// Every card the view shows is of `pack` and in one place; the table's melds are
    /// valid under `rules`, read with the pack's faces (a table read through serde
    /// already agrees with them).
    fn check_places(&self, pack: &Catalog<Card>, rules: &MeldRules) -> Result<(), PositionError> {
        let mut seen = PieceSet::new();
        let place = |seen: &mut PieceSet, field: &'static str, id: PieceId| -> Result<Card, PositionError> {
            let Some(card) = pack.face(id) else {
                let max = pack.len().saturating_sub(1) as u64;
                return Err(PositionError::OutOfRange { field, value: id.index().into(), max });
            };
            if !seen.insert(id) {
                let copy = pack.ids_of(card).position(|i| i == id).map_or(1, |i| i as u32 + 1);
                return Err(PositionError::CopyTwice { card, copy });
            }
            Ok(card)
        };
        for id in &self.hand {
            place(&mut seen, "hand", id)?;
        }
        // Another seat's known cards are in its hand, which the view does not show.
        for (seat, known) in self.known.iter().enumerate() {
            if seat != self.seat {
                for id in known {
                    place(&mut seen, "known", id)?;
                }
            }
        }
        for (index, m) in self.table.melds().iter().enumerate() {
            let mut faces = Vec::with_capacity(m.pieces().len());
            for &id in m.pieces() {
                faces.push(place(&mut seen, "table", id)?);
            }
            Meld::new(m.meld().kind(), &faces, rules)
                .map_err(|error| PositionError::InvalidMeld { index, error })?;
        }
        // The card taken this turn is in a hand or on the table: placed above, unless in
        // a hand the view does not show (then it may not be in the discard pile).
        if let Some(id) = self.taken_this_turn.filter(|&id| !seen.contains(id)) {
            place(&mut seen, "taken_this_turn", id)?;
        }
        for &id in &self.discard_pile {
            place(&mut seen, "discard_pile", id)?;
        }
        Ok(())
    }
}
