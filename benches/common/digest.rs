//! FNV-1a over text: a digest of the games played that is stable across builds (unlike
//! the standard hasher's seed), so the same games give the same digest.

/// An FNV-1a digest, fed with text.
pub struct Digest(pub u64);

impl Digest {
    /// The empty digest (FNV-1a's offset basis).
    pub const fn new() -> Self {
        Digest(0xcbf2_9ce4_8422_2325)
    }

    /// Feeds `text`'s bytes.
    pub fn feed(&mut self, text: &str) {
        for b in text.bytes() {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
}
