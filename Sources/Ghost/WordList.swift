import FolioCore
import Foundation

/// A Ghost dictionary: the counting words (spelled wholly in the list's alphabet, at least
/// `minimumLength` letters) in a trie stored as two flat arrays. Each node keeps a mask of the
/// letters that follow it, one bit per letter of the alphabet, and the index of its first child;
/// siblings sit next to each other in letter order, so the child for a letter is
/// `firstChild + popcount(mask below that letter)`. One load and one popcount per letter keeps
/// lookups far below a microsecond and the whole English list in a few megabytes.
///
/// A letter is a letter of the alphabet, not a character: in Welsh "llan" is three letters,
/// ll·a·n, and a word's length, a move and a trie edge are all counted in letters.
public struct WordList: Sendable {
    public let minimumLength: Int
    /// How many distinct counting words the list holds.
    public let wordCount: Int
    public let alphabet: Alphabet

    /// Bits 0–30: letters that follow (bit k for the alphabet's letter k); bit 31: the path to
    /// this node spells a counting word.
    @usableFromInline let masks: [UInt32]
    @usableFromInline let firstChild: [Int32]

    @usableFromInline static let terminalBit: UInt32 = 1 << 31
    @usableFromInline static let letterBits: UInt32 = (1 << 31) - 1
    public static let allowedMinimumLengths: ClosedRange<Int> = 3...5
    public static let defaultMinimumLength = 4

    /// One word a line; lines with anything but the alphabet's letters (after trimming spaces
    /// and a trailing carriage return, and folding accents where the alphabet folds them) are
    /// dropped, capitals included, as are words shorter than the minimum.
    public init(text: String, minimumLength: Int = WordList.defaultMinimumLength, alphabet: Alphabet = .latin) throws(GhostError) {
        var text = text
        let built = text.withUTF8 { WordList.build(lines: $0, minimumLength: minimumLength, alphabet: alphabet) }
        try self.init(built: built, minimumLength: minimumLength, alphabet: alphabet)
    }

    public init(words: [String], minimumLength: Int = WordList.defaultMinimumLength, alphabet: Alphabet = .latin) throws(GhostError) {
        try self.init(text: words.joined(separator: "\n"), minimumLength: minimumLength, alphabet: alphabet)
    }

    public init(data: Data, minimumLength: Int = WordList.defaultMinimumLength, alphabet: Alphabet = .latin) throws(GhostError) {
        let built = data.withUnsafeBytes { raw in
            WordList.build(lines: UnsafeBufferPointer(start: raw.baseAddress?.assumingMemoryBound(to: UInt8.self), count: raw.count),
                           minimumLength: minimumLength, alphabet: alphabet)
        }
        try self.init(built: built, minimumLength: minimumLength, alphabet: alphabet)
    }

    public init(contentsOfFile path: String, minimumLength: Int = WordList.defaultMinimumLength, alphabet: Alphabet = .latin) throws(GhostError) {
        guard let data = FileManager.default.contents(atPath: path) else { throw .dictionaryUnreadable(path: path) }
        try self.init(data: data, minimumLength: minimumLength, alphabet: alphabet)
    }

    /// The headwords of a dictd index (`headword⇥offset⇥length` lines, as Debian's dict-freedict
    /// packages install them), lowercased, read as `init(text:)` reads its lines: headwords of
    /// several words, or with digits or punctuation, are dropped, and so are dictfmt's own entries.
    public init(dictdIndexAtPath path: String, minimumLength: Int = WordList.defaultMinimumLength, alphabet: Alphabet) throws(GhostError) {
        guard let data = FileManager.default.contents(atPath: path) else { throw .dictionaryUnreadable(path: path) }
        var headwords = ""
        let problems = DictdIndex.scan(data) { headword, _, _, _ in
            let word = String(decoding: headword, as: UTF8.self)
            guard !DictdIndex.isMetadata(word) else { return }
            headwords += word.lowercased()
            headwords += "\n"
        }
        if let problem = problems.first { throw .malformedIndex(path: path, line: problem.line, reason: problem.reason) }
        try self.init(text: headwords, minimumLength: minimumLength, alphabet: alphabet)
    }

    private init(built: Built?, minimumLength: Int, alphabet: Alphabet) throws(GhostError) {
        guard let built else { throw .invalidMinimumLength(minimumLength) }
        self.minimumLength = minimumLength
        self.alphabet = alphabet
        masks = built.masks
        firstChild = built.firstChild
        wordCount = built.wordCount
    }

    public var nodeCount: Int { masks.count }

    // MARK: Queries

    /// The trie node of a fragment, or nil when no counting word starts with it. The fragment is
    /// read greedily in the list's alphabet.
    @inlinable
    public func node(for fragment: some StringProtocol) -> Int? {
        var fragment = Substring(fragment)
        return fragment.withUTF8 { node(forBytes: $0) }
    }

    @inlinable
    func node(forBytes bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var n = 0
        if alphabet.isLatin {
            for b in bytes {
                let c = b &- 97
                guard c < 26 else { return nil }
                guard let next = child(of: n, letterIndex: Int(c)) else { return nil }
                n = next
            }
        } else {
            var i = 0
            while i < bytes.count {
                guard let c = alphabet.letter(at: &i, in: bytes), let next = child(of: n, letterIndex: c) else { return nil }
                n = next
            }
        }
        return n == 0 && wordCount == 0 ? nil : n
    }

    /// The node reached by adding a letter (its index in the alphabet), if that keeps it a prefix.
    @inlinable
    public func child(of node: Int, letterIndex c: Int) -> Int? {
        let m = masks[node]
        let bit: UInt32 = 1 << UInt32(c)
        guard m & bit != 0 else { return nil }
        return Int(firstChild[node]) + (m & (bit &- 1)).nonzeroBitCount
    }

    @inlinable
    public func isTerminal(_ node: Int) -> Bool { masks[node] & WordList.terminalBit != 0 }

    /// The letters (as indices into the alphabet) that can follow a node, as a bit mask.
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
    public func canFollow(_ fragment: some StringProtocol, with letter: some StringProtocol) -> Bool {
        guard let n = node(for: fragment), let c = alphabet.index(of: letter) else { return false }
        return child(of: n, letterIndex: c) != nil
    }

    /// The letters that keep the fragment a prefix, in alphabetical order; empty for an impossible fragment.
    public func nextLetters(_ fragment: some StringProtocol) -> [String] {
        guard let n = node(for: fragment) else { return [] }
        return letters(in: letterMask(n))
    }

    /// The shortest-then-alphabetically-first counting word that starts with the fragment: what a
    /// computer player names when challenged.
    public func someWord(startingWith fragment: String) -> String? {
        guard let start = node(for: fragment) else { return nil }
        // Breadth first so the answer is a short word a person will recognise.
        var queue: [(Int, [Int])] = [(start, [])]
        var head = 0
        while head < queue.count {
            let (n, added) = queue[head]
            head += 1
            if isTerminal(n) { return fragment + alphabet.spell(added) }
            var m = letterMask(n)
            while m != 0 {
                let c = m.trailingZeroBitCount
                m &= m - 1
                queue.append((child(of: n, letterIndex: c)!, added + [c]))
            }
        }
        return nil
    }

    /// The letters of a mask, in alphabetical order.
    func letters(in mask: UInt32) -> [String] {
        var result: [String] = []
        var m = mask & WordList.letterBits
        while m != 0 {
            result.append(alphabet.letters[m.trailingZeroBitCount])
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

    /// Lines of text, one word a line, in `alphabet`. A–z is read as it is; any other alphabet is
    /// first written one byte a letter (97 + its index), so one build serves both and English,
    /// the list most games use, pays for no copy.
    private static func build(lines: UnsafeBufferPointer<UInt8>, minimumLength: Int, alphabet: Alphabet) -> Built? {
        guard allowedMinimumLengths.contains(minimumLength) else { return nil }
        if alphabet.isLatin { return build(bytes: lines, minimumLength: minimumLength, letterCount: 26) }
        let encoded = encode(lines: lines, alphabet: alphabet)
        return encoded.withUnsafeBufferPointer { build(bytes: $0, minimumLength: minimumLength, letterCount: alphabet.count) }
    }

    /// Each line that is a word of `alphabet`, one byte a letter (97 + its index), a line each;
    /// the other lines are left out.
    static func encode(lines: UnsafeBufferPointer<UInt8>, alphabet: Alphabet) -> [UInt8] {
        var encoded: [UInt8] = []
        encoded.reserveCapacity(lines.count)
        var i = 0
        let n = lines.count
        while i < n {
            var end = i
            while end < n && lines[end] != 10 { end += 1 }
            var s = i, e = end
            while s < e && (lines[s] == 32 || lines[s] == 9) { s += 1 }
            while e > s && (lines[e - 1] == 32 || lines[e - 1] == 9 || lines[e - 1] == 13) { e -= 1 }
            i = end + 1
            guard e > s else { continue }
            let line = UnsafeBufferPointer(rebasing: lines[s..<e])
            let word: [Int]?
            if line.allSatisfy({ $0 < 0x80 }) {
                var k = 0
                var letters: [Int] = []
                while k < line.count, let c = alphabet.letter(at: &k, in: line) { letters.append(c) }
                word = k == line.count ? letters : nil
            } else {
                word = alphabet.word(String(decoding: line, as: UTF8.self)).flatMap { alphabet.indices(of: $0) }
            }
            guard let word else { continue }
            encoded.append(contentsOf: word.map { UInt8(97 + $0) })
            encoded.append(10)
        }
        return encoded
    }

    /// Words one a line, each letter a byte 97 + its index; lines with other bytes are dropped.
    private static func build(bytes: UnsafeBufferPointer<UInt8>, minimumLength: Int, letterCount: Int) -> Built? {
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
                for k in s..<e where Int(bytes[k] &- 97) >= letterCount { ok = false; break }
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
