//! A guided beam that starts where an exact pass of its sweep was given up.
//!
//! An exact pass under a target keeps every state whose estimate reaches it, with its best
//! score; a guided beam under the same target or a higher one keeps, at every layer, states
//! of the same keys with scores no higher (its parents are some of the pass's states). So
//! the layers of a held pass ([`Held`]) are what that beam's first layers
//! would select from, with better scores: the beam takes their newest layer's best
//! `width` states (ranked as its own cut ranks them) and goes on from there, instead of
//! computing those layers again. What it drops there bounds every play as its own cut
//! does ([`Dp::refuted`]): every play passes through a state of that layer or
//! through one the pass dropped below its target (the held pass's cut).

use super::*;

impl Dp {
    /// After [`Dp::start_pass`] of a guided beam of `width` states under `bound`: if the
    /// sweep holds an exact pass given up under `bound` or a lower target, the beam's
    /// entries become that pass's layers, its newest layer cut to the states that reach
    /// `bound` and then to the `width` best of them (ties in layer order, as
    /// [`Dp::keep_best`] keeps them; dominated states were marked by the pass). Gives
    /// back the entries taken over (0: none, the beam starts at the root).
    pub(super) fn start_from_held(&mut self, width: usize, bound: u32) -> usize {
        let Some(held) = self.held.bound else { return 0 };
        let layers = self.held.layer_start.len();
        if held > bound || self.dec.track_value || layers < 2 {
            return 0;
        }
        self.entries.clear();
        self.entries.extend_from_slice(&self.held.entries);
        self.layer_start.clear();
        self.layer_start.extend_from_slice(&self.held.layer_start);
        self.cut = self.held.cut;
        // The index may hold positions of the entries taken over: marked for clearing
        // before the next layer is indexed.
        self.high = self.high.max(self.entries.len());
        // Below the beam's target: dropped, as the beam's estimate drops it.
        self.raise_front(bound);
        let shift = major_shift(self.dec.look.steps[0].objective);
        let front = self.layer(layers - 1);
        let mut ranks = core::mem::take(&mut self.ranks);
        ranks.clear();
        ranks.extend(
            self.entries[front.clone()]
                .iter()
                .map(|e| if e.choice == DEAD { 0 } else { beam_rank(e, shift) }),
        );
        let live = ranks.iter().filter(|&&r| r != 0).count();
        if live > width {
            self.truncated = true;
            let mut select = core::mem::take(&mut self.select);
            select.clear();
            select.extend(ranks.iter().copied().filter(|&r| r != 0));
            let cut = cut_rank(&mut select, width);
            self.select = select;
            let mut kept = 0;
            for (e, &r) in self.entries[front].iter_mut().zip(&ranks) {
                if r == 0 {
                    continue;
                }
                if keeps(r, cut, kept, width) {
                    kept += 1;
                } else {
                    self.cut = self.cut.max(e.est);
                    e.choice = DEAD;
                }
            }
        }
        self.ranks = ranks;
        self.entries.len()
    }
}
