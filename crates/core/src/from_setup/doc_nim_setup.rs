// The conformance toy Nim (`src/conformance/doc_nim.rs`) written as (heap, taken by each
// seat, seat to move), for the examples of `FromSetup`'s items: their doctests include
// this file after that one, in the same module (it is not a module of the crate).
impl rummykit_core::FromSetup for Nim {
    type Setup = (u8, [u8; 2], usize);
    fn setup(&self) -> Self::Setup { (self.heap, self.taken, self.next) }
    fn from_setup(_: &(), (heap, taken, next): Self::Setup) -> Result<Nim, DealError> {
        let found = usize::from(heap) + usize::from(taken[0]) + usize::from(taken[1]);
        if found != 7 {
            return Err(rummykit_core::PositionError::PieceCount { found, expected: 7 }.into());
        }
        if next > 1 {
            return Err(rummykit_core::PositionError::Inconsistent("no such seat").into());
        }
        Ok(Nim { heap, taken, next })
    }
}
