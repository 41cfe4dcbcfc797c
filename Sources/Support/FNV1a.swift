/// FNV-1a, 64 bits: the checksum of resolutions and the mixing of `ab`'s trial seeds.
/// Fast and stable across machines and builds, which is all either needs (it is not a
/// cryptographic hash).
public enum FNV1a {
    /// The starting value.
    public static let offsetBasis: UInt64 = 0xCBF2_9CE4_8422_2325
    public static let prime: UInt64 = 0x100_0000_01B3

    /// `hash` with `value` folded in (a whole word at a time).
    @inlinable
    public static func mix(_ hash: UInt64, _ value: UInt64) -> UInt64 { (hash ^ value) &* prime }

    /// The hash of `bytes`, one byte at a time, from `seed`.
    @inlinable
    public static func hash(_ bytes: some Sequence<UInt8>, from seed: UInt64 = offsetBasis) -> UInt64 {
        bytes.reduce(seed) { mix($0, UInt64($1)) }
    }
}
