import Foundation

/// Many short folded values (names, plays, tags), searched for a substring one query term at a
/// time.
///
/// The values are laid end to end, each followed by a zero byte, so one pass of `memchr` for the
/// term's first byte (which the C library vectorises), with `memcmp` for the rest, finds every
/// value holding the term instead of a loop per value: the search endpoint spent more time in
/// that loop than in the rest of the search.
public struct SubstringIndex: Sendable {
    private let bytes: [UInt8]
    /// Where each value starts in `bytes`, ascending, with `bytes.count` after the last.
    private let starts: [Int]

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
        self.bytes = bytes
        self.starts = starts
    }

    public var count: Int { starts.count - 1 }

    /// Calls `body` once, in order, with the position of every value that contains `needle`.
    public func forEachValue(containing needle: [UInt8], _ body: (Int) -> Void) {
        // An empty term is in everything; a zero byte could match across two values, so such a
        // needle (which folding never makes) is checked value by value.
        if needle.isEmpty || needle.contains(0) {
            for k in 0..<count where TextFolding.contains(Array(bytes[starts[k]..<starts[k + 1] - 1]), needle) { body(k) }
            return
        }
        bytes.withUnsafeBytes { haystack in
            needle.withUnsafeBytes { pattern in
                guard let base = haystack.baseAddress, let patternBase = pattern.baseAddress else { return }
                let first = Int32(needle[0]), rest = pattern.count - 1
                var from = 0
                while from + rest < haystack.count,
                      let found = memchr(base + from, first, haystack.count - rest - from) {
                    let offset = base.distance(to: UnsafeRawPointer(found))
                    if rest == 0 || memcmp(base + offset + 1, patternBase + 1, rest) == 0 {
                        // The zero byte after each value means a match cannot run into the next.
                        let k = valueIndex(at: offset)
                        body(k)
                        from = starts[k + 1]
                    } else {
                        from = offset + 1
                    }
                }
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
