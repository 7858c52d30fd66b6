/// Superghost's dictionary: every infix (run of letters) of every counting word, as a trie of the
/// words' suffixes stored like `WordList` (a letter mask and a first child per node, siblings
/// adjacent in letter order). Letters are the list's alphabet's, so in Welsh "lan" is no infix of
/// "llan" (ll·a·n): a·n is.
///
/// A letter at the end of a fragment is a trie child. A letter at the start uses the suffix links
/// turned round: the link of the node for c·s is the node for s, so each node keeps the (letter,
/// node) pairs of the infixes one letter longer at the front, at most one per letter and usually
/// two or three, in a table indexed by node.
///
/// Nodes are numbered breadth first, so every node of length d comes before every node of
/// length d + 1: both kinds of extension lead to a larger index, and one backward sweep values
/// every position (`SuperghostSolver`) without sorting nodes by length.
///
/// One index serves a list at every minimum length at or above the one it was built for
/// (`atMinimumLength`): each node keeps the length of the longest word containing its infix, so
/// a longer minimum hides the infixes only shorter words have, and the words shorter than it.
/// A list played at lengths 3, 4 and 5 is indexed once, not three times.
public struct InfixIndex: Sendable {
    public let words: WordList

    /// Bits 0–30: letters that may follow at the end (bit k for the alphabet's letter k); bit 31:
    /// the infix is a counting word.
    @usableFromInline let masks: [UInt32]
    @usableFromInline let firstChild: [Int32]
    /// Node n's extensions at the start are `startEntries[startOffsets[n]..<startOffsets[n + 1]]`,
    /// each `letter << 27 | node`, in letter order.
    @usableFromInline let startOffsets: [Int32]
    @usableFromInline let startEntries: [UInt32]
    /// Per node: the length of the longest word containing its infix (at most 255).
    @usableFromInline let longest: [UInt8]
    /// Per length d: the first node of length d (breadth first, so lengths are contiguous);
    /// one more entry, the node count, closes the last.
    let levelStarts: [Int32]

    /// The shortest word that counts: the minimum this view plays at.
    public let minimumLength: Int
    /// The minimum the index was built at: the shortest any view of it may play at.
    let builtMinimumLength: Int
    /// Whether this view hides anything: it plays at a longer minimum than the index was built for.
    @usableFromInline let restricted: Bool
    /// The first node long enough to count as a word at `minimumLength` (0 when nothing is hidden).
    @usableFromInline let firstCountingNode: Int

    @usableFromInline static let wordBit: UInt32 = 1 << 31
    @usableFromInline static let letterBits: UInt32 = (1 << 31) - 1
    @usableFromInline static let entryNodeBits: UInt32 = (1 << 27) - 1
    /// The node numbers a start entry can hold beside its letter: 28 times the Dutch list's 4.7
    /// million infixes at minimum length 4.
    static let maximumNodeCount = 1 << 27

    public init(words: WordList) {
        self.words = words
        var built = InfixIndex.Built(words: words)
        masks = built.masks
        firstChild = built.firstChild
        levelStarts = built.levelStarts
        (startOffsets, startEntries) = built.startTable()
        longest = InfixIndex.longestWords(masks: masks, firstChild: firstChild, startOffsets: startOffsets,
                                          startEntries: startEntries, levelStarts: levelStarts)
        minimumLength = words.minimumLength
        builtMinimumLength = words.minimumLength
        restricted = false
        firstCountingNode = 0
    }

    private init(_ index: InfixIndex, words: WordList) {
        self.words = words
        masks = index.masks
        firstChild = index.firstChild
        startOffsets = index.startOffsets
        startEntries = index.startEntries
        longest = index.longest
        levelStarts = index.levelStarts
        minimumLength = words.minimumLength
        builtMinimumLength = index.builtMinimumLength
        restricted = words.minimumLength > index.builtMinimumLength
        firstCountingNode = restricted ? Int(levelStarts[min(words.minimumLength, levelStarts.count - 1)]) : 0
    }

    /// The same index played at `words`' minimum length, sharing this one's storage (a view of
    /// a view is a view of the index it was made from). `words` must be this index's list read
    /// at a minimum no shorter than the one the index was built for.
    public func atMinimumLength(of words: WordList) -> InfixIndex {
        precondition(words.minimumLength >= builtMinimumLength && words.alphabet == self.words.alphabet,
                     "an index serves its own list at its minimum length or longer")
        return InfixIndex(self, words: words)
    }

    /// Infixes the index holds at any minimum length, the empty one included: what its memory
    /// and a solver's arrays are sized by.
    public var nodeCount: Int { masks.count }

    /// Whether a node's infix is part of a word that counts at this view's minimum length.
    @inlinable
    func isPlayable(_ node: Int) -> Bool { !restricted || Int(longest[node]) >= minimumLength }

    // MARK: Queries

    /// The node of a fragment, read greedily in the list's alphabet, or nil when no counting word
    /// contains it; the root, 0, for "".
    public func node(for fragment: some StringProtocol) -> Int? {
        guard words.wordCount > 0, let letters = words.alphabet.indices(of: fragment) else { return nil }
        var n = 0
        for c in letters {
            guard let next = child(n, letterIndex: c) else { return nil }
            n = next
        }
        return n
    }

    /// Whether the infix of the node is itself a counting word.
    @inlinable
    public func isWord(_ node: Int) -> Bool { masks[node] & InfixIndex.wordBit != 0 && node >= firstCountingNode }

    /// The node for the fragment with a letter (its index in the alphabet) added at `side`, if
    /// that is still an infix.
    @inlinable
    public func extend(_ node: Int, letterIndex c: Int, side: Side) -> Int? {
        guard c >= 0 && c < words.alphabet.count else { return nil }
        switch side {
        case .end: return child(node, letterIndex: c)
        case .start: return startChild(node, letterIndex: c)
        }
    }

    public func isInfix(_ fragment: some StringProtocol) -> Bool { node(for: fragment) != nil }

    public func isWord(_ fragment: some StringProtocol) -> Bool {
        guard let n = node(for: fragment) else { return false }
        return isWord(n)
    }

    /// The legal moves at a fragment: letters in order, the end before the start for the same
    /// letter. From the empty fragment both ends are the same move, listed once as `.end`.
    /// Empty when the fragment is no infix.
    public func moves(_ fragment: some StringProtocol) -> [SuperghostMove] {
        guard let n = node(for: fragment) else { return [] }
        var result: [SuperghostMove] = []
        forEachMove(from: n) { letter, side, _ in result.append(SuperghostMove(letter: words.alphabet.letters[letter], side: side)) }
        return result
    }

    /// The shortest, then alphabetically first, counting word that contains the fragment and is
    /// longer than it: what a computer names when challenged. Nil when there is none.
    public func someWord(containing fragment: String) -> String? {
        guard let start = node(for: fragment), let letters = words.alphabet.indices(of: fragment) else { return nil }
        // Breadth first over both kinds of extension: every infix one letter longer that contains
        // the fragment is one move away, so level k holds exactly the infixes k letters longer.
        var level: [Int: [Int]] = [start: letters]
        while !level.isEmpty {
            var next: [Int: [Int]] = [:]
            for (n, spelled) in level {
                forEachMove(from: n) { letter, side, child in
                    guard next[child] == nil else { return }
                    next[child] = side == .end ? spelled + [letter] : [letter] + spelled
                }
            }
            let found = next.filter { isWord($0.key) }.values.min { $0.lexicographicallyPrecedes($1) }
            if let found { return words.alphabet.spell(found) }
            level = next
        }
        return nil
    }

    // MARK: Moving

    @inlinable
    func child(_ node: Int, letterIndex c: Int) -> Int? {
        let m = masks[node]
        let bit: UInt32 = 1 << UInt32(c)
        guard m & bit != 0 else { return nil }
        let child = Int(firstChild[node]) + (m & (bit &- 1)).nonzeroBitCount
        return isPlayable(child) ? child : nil
    }

    @inlinable
    func startChild(_ node: Int, letterIndex c: Int) -> Int? {
        let letter = UInt32(c)
        for k in Int(startOffsets[node])..<Int(startOffsets[node + 1]) {
            let entry = startEntries[k]
            let l = entry >> 27
            if l == letter {
                let child = Int(entry & InfixIndex.entryNodeBits)
                return isPlayable(child) ? child : nil
            }
            if l > letter { break }
        }
        return nil
    }

    /// Calls `body(letter, side, child)` for each legal move from a node, in `moves` order.
    func forEachMove(from node: Int, _ body: (Int, Side, Int) -> Void) {
        var ends = masks[node] & InfixIndex.letterBits
        var k = Int(startOffsets[node])
        // From the root a letter at the start is the same move as one at the end.
        let startEnd = node == 0 ? k : Int(startOffsets[node + 1])
        var endChild = Int(firstChild[node])
        // 32: past every letter, so the side that has run out is never taken.
        while ends != 0 || k < startEnd {
            let endLetter = ends == 0 ? 32 : ends.trailingZeroBitCount
            let startLetter = k < startEnd ? Int(startEntries[k] >> 27) : 32
            if endLetter <= startLetter {
                if isPlayable(endChild) { body(endLetter, .end, endChild) }
                endChild += 1
                ends &= ends - 1
            } else {
                let child = Int(startEntries[k] & InfixIndex.entryNodeBits)
                if isPlayable(child) { body(startLetter, .start, child) }
                k += 1
            }
        }
    }

    /// Per node, the longest word containing its infix: the node's own length if it is a word,
    /// or the most of its one-letter-longer infixes. A word holding an infix holds one of those
    /// unless it is the infix itself, and they all come later, so one backward sweep does it.
    static func longestWords(masks: [UInt32], firstChild: [Int32], startOffsets: [Int32], startEntries: [UInt32],
                             levelStarts: [Int32]) -> [UInt8] {
        var longest = [UInt8](repeating: 0, count: masks.count)
        var length = levelStarts.count - 2
        var n = masks.count - 1
        while n >= 0 {
            while length > 0 && n < Int(levelStarts[length]) { length -= 1 }
            let m = masks[n]
            var most: UInt8 = m & wordBit != 0 ? UInt8(min(length, 255)) : 0
            let first = Int(firstChild[n])
            for child in first..<(first + (m & letterBits).nonzeroBitCount) { most = max(most, longest[child]) }
            for k in Int(startOffsets[n])..<Int(startOffsets[n + 1]) {
                most = max(most, longest[Int(startEntries[k] & entryNodeBits)])
            }
            longest[n] = most
            n -= 1
        }
        return longest
    }
}
