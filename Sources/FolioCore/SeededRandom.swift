/// A small, fast, seedable generator (Steele, Lea and Flood's SplitMix64): the same numbers for
/// the same seed on every platform, for scheduling fuzz, reproducible plots and seeded tests.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// `mixing` folds further values into the seed, so one seed can serve many independent draws
    /// (a card's dates, say) without the caller hashing them.
    public init(seed: UInt64, mixing values: [UInt64] = []) {
        state = seed
        for value in values {
            state = (state ^ value) &* 0x9E37_79B9_7F4A_7C15
            _ = next()
        }
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
