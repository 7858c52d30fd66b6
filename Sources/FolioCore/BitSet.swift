/// A fixed-size set of small integers, one bit each: the unit of every in-memory search index.
/// Intersections and unions over a few thousand items are a few dozen word operations.
///
/// Inlinable, because its users are in other modules and call `contains` and `insert` once per
/// speech per term: as calls across modules (and `init` asking for `Array<UInt64>`'s metadata
/// each time), they were a fifth of a search's time.
///
/// The operations on two sets, and `insert(contentsOf:)`, loop through unchecked pointers (FolioCore
/// and Monologues are optimised in debug builds too), where a set of another capacity or a member
/// past the end would read or write outside the storage and say nothing. So each checks its
/// operands first: two sets' capacities once, a list's members one by one, a compare apiece.
public struct BitSet: Sendable, Hashable {
    @usableFromInline var words: [UInt64]
    public let capacity: Int

    @inlinable
    public init(capacity: Int) {
        self.capacity = capacity
        words = [UInt64](repeating: 0, count: (capacity + 63) >> 6)
    }

    /// Every member from 0 to capacity - 1.
    @inlinable
    public static func full(capacity: Int) -> BitSet {
        var set = BitSet(capacity: capacity)
        for i in 0..<set.words.count { set.words[i] = ~0 }
        let spare = set.words.count * 64 - capacity
        if spare > 0 { set.words[set.words.count - 1] >>= UInt64(spare) }
        return set
    }

    @inlinable @inline(__always)
    public mutating func insert(_ member: Int) {
        words[member >> 6] |= 1 << UInt64(member & 63)
    }

    @inlinable @inline(__always)
    public mutating func remove(_ member: Int) {
        words[member >> 6] &= ~(1 << UInt64(member & 63))
    }

    /// Removes every member, keeping the storage: a scratch set made once and cleared per use.
    @inlinable
    public mutating func removeAll() {
        words.withUnsafeMutableBufferPointer { mine in mine.update(repeating: 0) }
    }

    /// Makes this set `other`'s members in its own storage: a scratch set reused by every search
    /// takes a set of the index this way, where `self = other` would share the index's storage and
    /// copy it at the next insert.
    @inlinable
    public mutating func replaceMembers(with other: BitSet) {
        precondition(other.capacity == capacity, "BitSet.replaceMembers(with:): capacities differ")
        words.withUnsafeMutableBufferPointer { mine in
            other.words.withUnsafeBufferPointer { theirs in
                for i in 0..<mine.count { mine[i] = theirs[i] }
            }
        }
    }

    /// Inserts each of `members`, through one access to the storage rather than one an insert
    /// (each checking that the storage is not shared).
    @inlinable
    public mutating func insert(contentsOf members: [Int32]) {
        let limit = UInt32(truncatingIfNeeded: capacity)
        words.withUnsafeMutableBufferPointer { mine in
            for member in members {
                precondition(UInt32(bitPattern: member) < limit, "BitSet.insert(contentsOf:): a member past the capacity")
                mine[Int(member) >> 6] |= 1 << UInt64(member & 63)
            }
        }
    }

    /// Removes every member of `other`.
    @inlinable
    public mutating func subtract(_ other: BitSet) {
        precondition(other.capacity == capacity, "BitSet.subtract(_:): capacities differ")
        words.withUnsafeMutableBufferPointer { mine in
            other.words.withUnsafeBufferPointer { theirs in
                for i in 0..<mine.count { mine[i] &= ~theirs[i] }
            }
        }
    }

    @inlinable @inline(__always)
    public func contains(_ member: Int) -> Bool {
        words[member >> 6] & (1 << UInt64(member & 63)) != 0
    }

    @inlinable
    public mutating func formUnion(_ other: BitSet) {
        precondition(other.capacity == capacity, "BitSet.formUnion(_:): capacities differ")
        words.withUnsafeMutableBufferPointer { mine in
            other.words.withUnsafeBufferPointer { theirs in
                for i in 0..<mine.count { mine[i] |= theirs[i] }
            }
        }
    }

    @inlinable
    public mutating func formIntersection(_ other: BitSet) {
        precondition(other.capacity == capacity, "BitSet.formIntersection(_:): capacities differ")
        words.withUnsafeMutableBufferPointer { mine in
            other.words.withUnsafeBufferPointer { theirs in
                for i in 0..<mine.count { mine[i] &= theirs[i] }
            }
        }
    }

    @inlinable
    public var count: Int {
        var total = 0
        for word in words { total += word.nonzeroBitCount }
        return total
    }

    @inlinable
    public var isEmpty: Bool {
        for word in words where word != 0 { return false }
        return true
    }

    /// Members in ascending order.
    @inlinable
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

    /// Appends the members, in ascending order, to `list`: a list kept from search to search.
    @inlinable
    public func appendMembers(to list: inout [Int]) {
        forEach { list.append($0) }
    }

    public var members: [Int] {
        var result: [Int] = []
        result.reserveCapacity(count)
        forEach { result.append($0) }
        return result
    }
}
