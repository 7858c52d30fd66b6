import Foundation

/// A Ghost dictionary: the counting words (a–z only, at least `minimumLength` letters) in a trie
/// stored as two flat arrays. Each node keeps a 26-bit mask of the letters that follow it and the
/// index of its first child; siblings sit next to each other in letter order, so the child for a
/// letter is `firstChild + popcount(mask below that letter)`. One load and one popcount per letter
/// keeps lookups far below a microsecond and the whole English list in a few megabytes.
public struct WordList: Sendable {
    public let minimumLength: Int
    /// How many distinct counting words the list holds.
    public let wordCount: Int

    /// Bits 0–25: letters that follow; bit 31: the path to this node spells a counting word.
    @usableFromInline let masks: [UInt32]
    @usableFromInline let firstChild: [Int32]

    @usableFromInline static let terminalBit: UInt32 = 1 << 31
    @usableFromInline static let letterBits: UInt32 = (1 << 26) - 1
    public static let allowedMinimumLengths: ClosedRange<Int> = 3...5
    public static let defaultMinimumLength = 4

    /// One word a line; lines with capitals or anything other than a–z (after trimming spaces and
    /// a trailing carriage return) are dropped, as are words shorter than the minimum.
    public init(text: String, minimumLength: Int = WordList.defaultMinimumLength) throws(GhostError) {
        var text = text
        let built = text.withUTF8 { WordList.build(bytes: $0, minimumLength: minimumLength) }
        try self.init(built: built, minimumLength: minimumLength)
    }

    public init(words: [String], minimumLength: Int = WordList.defaultMinimumLength) throws(GhostError) {
        try self.init(text: words.joined(separator: "\n"), minimumLength: minimumLength)
    }

    public init(data: Data, minimumLength: Int = WordList.defaultMinimumLength) throws(GhostError) {
        let built = data.withUnsafeBytes { raw in
            WordList.build(bytes: UnsafeBufferPointer(start: raw.baseAddress?.assumingMemoryBound(to: UInt8.self),
                                                       count: raw.count),
                           minimumLength: minimumLength)
        }
        try self.init(built: built, minimumLength: minimumLength)
    }

    public init(contentsOfFile path: String, minimumLength: Int = WordList.defaultMinimumLength) throws(GhostError) {
        guard let data = FileManager.default.contents(atPath: path) else { throw .dictionaryUnreadable(path: path) }
        try self.init(data: data, minimumLength: minimumLength)
    }

    private init(built: Built?, minimumLength: Int) throws(GhostError) {
        guard let built else { throw .invalidMinimumLength(minimumLength) }
        self.minimumLength = minimumLength
        masks = built.masks
        firstChild = built.firstChild
        wordCount = built.wordCount
    }

    public var nodeCount: Int { masks.count }

    // MARK: Queries

    /// The trie node of a fragment, or nil when no counting word starts with it.
    @inlinable
    public func node(for fragment: some StringProtocol) -> Int? {
        var fragment = Substring(fragment)
        return fragment.withUTF8 { node(forBytes: $0) }
    }

    @inlinable
    func node(forBytes bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var n = 0
        for b in bytes {
            let c = b &- 97
            guard c < 26 else { return nil }
            guard let next = child(of: n, letterIndex: Int(c)) else { return nil }
            n = next
        }
        return n == 0 && wordCount == 0 ? nil : n
    }

    /// The node reached by adding a letter (0 = a … 25 = z), if that keeps it a prefix.
    @inlinable
    public func child(of node: Int, letterIndex c: Int) -> Int? {
        let m = masks[node]
        let bit: UInt32 = 1 << UInt32(c)
        guard m & bit != 0 else { return nil }
        return Int(firstChild[node]) + (m & (bit &- 1)).nonzeroBitCount
    }

    @inlinable
    public func isTerminal(_ node: Int) -> Bool { masks[node] & WordList.terminalBit != 0 }

    /// The letters (as indices 0–25) that can follow a node, as a bit mask.
    @inlinable
    public func letterMask(_ node: Int) -> UInt32 { masks[node] & WordList.letterBits }

    /// Whether some counting word starts with (or is) the fragment.
    @inlinable
    public func isPrefix(_ fragment: some StringProtocol) -> Bool { node(for: fragment) != nil }

    @inlinable
    public func isWord(_ fragment: some StringProtocol) -> Bool {
        guard let n = node(for: fragment) else { return false }
        return isTerminal(n)
    }

    /// Whether adding `letter` to `fragment` keeps it the beginning of a counting word: the legal-move check.
    @inlinable
    public func canFollow(_ fragment: some StringProtocol, with letter: Character) -> Bool {
        guard let n = node(for: fragment), let c = WordList.letterIndex(letter) else { return false }
        return child(of: n, letterIndex: c) != nil
    }

    /// The letters that keep the fragment a prefix, in alphabetical order; empty for an impossible fragment.
    public func nextLetters(_ fragment: some StringProtocol) -> [Character] {
        guard let n = node(for: fragment) else { return [] }
        return WordList.letters(in: letterMask(n))
    }

    /// The shortest-then-alphabetically-first counting word that starts with the fragment: what a
    /// computer player names when challenged.
    public func someWord(startingWith fragment: String) -> String? {
        guard let start = node(for: fragment) else { return nil }
        // Breadth first so the answer is a short word a person will recognise.
        var queue: [(Int, [UInt8])] = [(start, Array(fragment.utf8))]
        var head = 0
        while head < queue.count {
            let (n, spelled) = queue[head]
            head += 1
            if isTerminal(n) { return String(decoding: spelled, as: UTF8.self) }
            var m = letterMask(n)
            while m != 0 {
                let c = m.trailingZeroBitCount
                m &= m - 1
                queue.append((child(of: n, letterIndex: c)!, spelled + [UInt8(97 + c)]))
            }
        }
        return nil
    }

    @inlinable
    public static func letterIndex(_ letter: Character) -> Int? {
        guard let a = letter.asciiValue, a >= 97, a <= 122 else { return nil }
        return Int(a - 97)
    }

    static func letters(in mask: UInt32) -> [Character] {
        var result: [Character] = []
        var m = mask & letterBits
        while m != 0 {
            result.append(Character(UnicodeScalar(UInt8(97 + m.trailingZeroBitCount))))
            m &= m - 1
        }
        return result
    }

    // MARK: Building

    private struct Built {
        var masks: [UInt32]
        var firstChild: [Int32]
        var wordCount: Int
    }

    private static func build(bytes: UnsafeBufferPointer<UInt8>, minimumLength: Int) -> Built? {
        guard allowedMinimumLengths.contains(minimumLength) else { return nil }
        // Words as (start, length) into the original text: no per-word allocation.
        var starts: [Int32] = []
        var lengths: [Int32] = []
        var i = 0
        let n = bytes.count
        while i < n {
            var end = i
            while end < n && bytes[end] != 10 { end += 1 }
            var s = i, e = end
            while s < e && (bytes[s] == 32 || bytes[s] == 9) { s += 1 }
            while e > s && (bytes[e - 1] == 32 || bytes[e - 1] == 9 || bytes[e - 1] == 13) { e -= 1 }
            if e - s >= minimumLength {
                var ok = true
                for k in s..<e where bytes[k] &- 97 >= 26 { ok = false; break }
                if ok { starts.append(Int32(s)); lengths.append(Int32(e - s)) }
            }
            i = end + 1
        }
        var order = Array(0..<starts.count)
        order.sort { a, b in
            let sa = Int(starts[a]), la = Int(lengths[a]), sb = Int(starts[b]), lb = Int(lengths[b])
            let common = min(la, lb)
            let cmp = memcmp(bytes.baseAddress! + sa, bytes.baseAddress! + sb, common)
            return cmp != 0 ? cmp < 0 : la < lb
        }
        // Drop duplicates so each counting word is one entry.
        var wordStarts: [Int] = []
        var wordLengths: [Int] = []
        wordStarts.reserveCapacity(order.count)
        wordLengths.reserveCapacity(order.count)
        for k in order {
            let s = Int(starts[k]), l = Int(lengths[k])
            if let ps = wordStarts.last, let pl = wordLengths.last, pl == l,
               memcmp(bytes.baseAddress! + ps, bytes.baseAddress! + s, l) == 0 { continue }
            wordStarts.append(s)
            wordLengths.append(l)
        }

        var masks: [UInt32] = [0]
        var firstChild: [Int32] = [0]
        masks.reserveCapacity(wordStarts.count * 3)
        firstChild.reserveCapacity(wordStarts.count * 3)
        // Each node owns a range of sorted words sharing its prefix; its children's block is allocated
        // in one go so siblings are adjacent, and every child index is larger than its parent's.
        var stack: [(node: Int, lo: Int, hi: Int, depth: Int)] = [(0, 0, wordStarts.count, 0)]
        while let (node, lo0, hi, depth) = stack.popLast() {
            var lo = lo0
            var mask: UInt32 = 0
            if lo < hi && wordLengths[lo] == depth {
                mask |= terminalBit
                lo += 1
            }
            var groups: [(Int, Int)] = []
            var k = lo
            while k < hi {
                let c = bytes[wordStarts[k] + depth] - 97
                var e = k + 1
                while e < hi && bytes[wordStarts[e] + depth] - 97 == c { e += 1 }
                mask |= 1 << UInt32(c)
                groups.append((k, e))
                k = e
            }
            masks[node] = mask
            let first = masks.count
            firstChild[node] = Int32(first)
            for (g, range) in groups.enumerated() {
                masks.append(0)
                firstChild.append(0)
                stack.append((first + g, range.0, range.1, depth + 1))
            }
        }
        return Built(masks: masks, firstChild: firstChild, wordCount: wordStarts.count)
    }
}
