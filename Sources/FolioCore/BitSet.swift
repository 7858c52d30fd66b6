/// A fixed-size set of small integers, one bit each: the unit of every in-memory search index.
/// Intersections and unions over a few thousand items are a few dozen word operations.
public struct BitSet: Sendable, Hashable {
    public private(set) var words: [UInt64]
    public let capacity: Int

    public init(capacity: Int) {
        self.capacity = capacity
        words = Array(repeating: 0, count: (capacity + 63) / 64)
    }

    /// Every member from 0 to capacity - 1.
    public static func full(capacity: Int) -> BitSet {
        var set = BitSet(capacity: capacity)
        for i in 0..<set.words.count { set.words[i] = ~0 }
        let spare = set.words.count * 64 - capacity
        if spare > 0 { set.words[set.words.count - 1] >>= UInt64(spare) }
        return set
    }

    @inline(__always)
    public mutating func insert(_ member: Int) {
        words[member >> 6] |= 1 << UInt64(member & 63)
    }

    @inline(__always)
    public mutating func remove(_ member: Int) {
        words[member >> 6] &= ~(1 << UInt64(member & 63))
    }

    /// Removes every member of `other`.
    public mutating func subtract(_ other: BitSet) {
        words.withUnsafeMutableBufferPointer { mine in
            other.words.withUnsafeBufferPointer { theirs in
                for i in 0..<mine.count { mine[i] &= ~theirs[i] }
            }
        }
    }

    @inline(__always)
    public func contains(_ member: Int) -> Bool {
        words[member >> 6] & (1 << UInt64(member & 63)) != 0
    }

    public mutating func formUnion(_ other: BitSet) {
        words.withUnsafeMutableBufferPointer { mine in
            other.words.withUnsafeBufferPointer { theirs in
                for i in 0..<mine.count { mine[i] |= theirs[i] }
            }
        }
    }

    public mutating func formIntersection(_ other: BitSet) {
        words.withUnsafeMutableBufferPointer { mine in
            other.words.withUnsafeBufferPointer { theirs in
                for i in 0..<mine.count { mine[i] &= theirs[i] }
            }
        }
    }

    public var count: Int {
        words.reduce(0) { $0 + $1.nonzeroBitCount }
    }

    public var isEmpty: Bool {
        words.allSatisfy { $0 == 0 }
    }

    /// Members in ascending order.
    public func forEach(_ body: (Int) -> Void) {
        for (index, word) in words.enumerated() {
            var w = word
            while w != 0 {
                let bit = w.trailingZeroBitCount
                body(index << 6 + bit)
                w &= w - 1
            }
        }
    }

    public var members: [Int] {
        var result: [Int] = []
        result.reserveCapacity(count)
        forEach { result.append($0) }
        return result
    }
}
