import Foundation

/// Many short folded values (names, plays, tags), searched for a substring one query term at a
/// time.
///
/// The values are laid end to end, each followed by a zero byte. A term of two bytes or more
/// is looked for only where its first two bytes stand together (a list kept for every pair of
/// bytes), the rest compared byte by byte; a one-byte term takes one pass of `memchr`, which the C
/// library vectorises. Either finds every value holding the term without a loop per value: the
/// search endpoint once spent more time in that loop than in the rest of the search, and a
/// `memchr` pass per term still stopped at every value holding a common first letter.
public struct SubstringIndex: Sendable {
    private let bytes: [UInt8]
    /// Where each value starts in `bytes`, ascending, with `bytes.count` after the last.
    private let starts: [Int]
    /// For each pair of adjacent bytes inside a value (first byte << 8 | second), every position
    /// in `bytes` where the pair starts, ascending.
    private let pairPositions: [UInt16: [Int32]]

    public init(_ values: [[UInt8]]) {
        var bytes: [UInt8] = []
        var starts: [Int] = []
        bytes.reserveCapacity(values.reduce(0) { $0 + $1.count + 1 })
        starts.reserveCapacity(values.count + 1)
        for value in values {
            starts.append(bytes.count)
            bytes.append(contentsOf: value)
            bytes.append(0)
        }
        starts.append(bytes.count)
        var pairPositions: [UInt16: [Int32]] = [:]
        for p in 0..<max(0, bytes.count - 1) where bytes[p] != 0 && bytes[p + 1] != 0 {
            pairPositions[Self.pair(bytes[p], bytes[p + 1]), default: []].append(Int32(p))
        }
        self.bytes = bytes
        self.starts = starts
        self.pairPositions = pairPositions
    }

    @inline(__always)
    private static func pair(_ first: UInt8, _ second: UInt8) -> UInt16 {
        UInt16(first) << 8 | UInt16(second)
    }

    public var count: Int { starts.count - 1 }

    /// Calls `body` once, in order, with the position of every value that contains `needle`.
    public func forEachValue(containing needle: [UInt8], _ body: (Int) -> Void) {
        needle.withUnsafeBufferPointer { forEachValue(containing: $0, body) }
    }

    /// `forEachValue` for a term's UTF-8, read where the string keeps it: an array of its bytes
    /// was one of a search's allocations.
    public func forEachValue(containing needle: String, _ body: (Int) -> Void) {
        var needle = needle
        needle.withUTF8 { forEachValue(containing: $0, body) }
    }

    private func forEachValue(containing needle: UnsafeBufferPointer<UInt8>, _ body: (Int) -> Void) {
        // An empty term is in everything; a zero byte could match across two values, so such a
        // needle (which folding never makes) is checked value by value.
        if needle.isEmpty || needle.contains(0) {
            let needle = Array(needle)
            for k in 0..<count where TextFolding.contains(Array(bytes[starts[k]..<starts[k + 1] - 1]), needle) { body(k) }
            return
        }
        if needle.count >= 2 {
            guard let positions = pairPositions[Self.pair(needle[0], needle[1])] else { return }
            bytes.withUnsafeBytes { haystack in
                let pattern = UnsafeRawBufferPointer(needle)
                var from = 0
                for position in positions {
                    let offset = Int(position)
                    guard offset >= from else { continue }
                    guard offset + pattern.count <= haystack.count else { break }
                    // A needle has no zero byte, so a match cannot run into the next value. The
                    // rest is compared a byte at a time: most places differ at their third byte,
                    // and a call of `memcmp` at each cost more than the comparing (6% of a search).
                    var k = 2
                    while k < pattern.count && haystack[offset + k] == pattern[k] { k += 1 }
                    if k == pattern.count {
                        let k = valueIndex(at: offset)
                        body(k)
                        from = starts[k + 1]
                    }
                }
            }
            return
        }
        // One byte: every value holding it, by memchr.
        bytes.withUnsafeBytes { haystack in
            guard let base = haystack.baseAddress else { return }
            var from = 0
            while from < haystack.count, let found = memchr(base + from, Int32(needle[0]), haystack.count - from) {
                let k = valueIndex(at: base.distance(to: UnsafeRawPointer(found)))
                body(k)
                from = starts[k + 1]
            }
        }
    }

    /// The value whose bytes hold `offset`: the last start at or before it.
    private func valueIndex(at offset: Int) -> Int {
        var low = 0, high = starts.count - 1
        while low + 1 < high {
            let middle = (low + high) / 2
            if starts[middle] <= offset { low = middle } else { high = middle }
        }
        return low
    }
}
