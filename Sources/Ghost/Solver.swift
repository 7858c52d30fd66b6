/// The value of every Ghost position for two players under perfect play.
///
/// Challenges are left out: a perfect player never adds a letter that leaves no word, so a
/// challenge against one always fails and cannot change who wins.
///
/// A position is a trie node that is not a counting word. The player to move wins iff some letter
/// leads to a node that is neither a counting word nor a win for the opponent. Children always have
/// larger indices than their parents, so one backward sweep over the node array settles every
/// position without recursion or a memo table.
public struct Solver: Sendable {
    public let words: WordList
    /// Per node: whether the player to move wins.
    @usableFromInline let wins: [Bool]
    /// Per node: how many more letters the round lasts when the winner hurries and the loser stalls.
    @usableFromInline let remaining: [UInt32]

    public init(words: WordList) {
        self.words = words
        let count = words.nodeCount
        var wins = [Bool](repeating: false, count: count)
        var remaining = [UInt32](repeating: 0, count: count)
        words.masks.withUnsafeBufferPointer { masks in
            words.firstChild.withUnsafeBufferPointer { firstChild in
                wins.withUnsafeMutableBufferPointer { wins in
                    remaining.withUnsafeMutableBufferPointer { remaining in
                        var n = count - 1
                        while n >= 0 {
                            defer { n -= 1 }
                            let m = masks[n]
                            // The round ended on reaching a counting word; it is never a position to move from.
                            if m & WordList.terminalBit != 0 { continue }
                            let letters = Int((m & WordList.letterBits).nonzeroBitCount)
                            let first = Int(firstChild[n])
                            var win = false
                            var shortestWin = UInt32.max
                            var longestLoss: UInt32 = 0
                            for child in first..<(first + letters) {
                                if masks[child] & WordList.terminalBit != 0 {
                                    longestLoss = max(longestLoss, 1)
                                } else if wins[child] {
                                    longestLoss = max(longestLoss, remaining[child] + 1)
                                } else {
                                    win = true
                                    shortestWin = min(shortestWin, remaining[child] + 1)
                                }
                            }
                            wins[n] = win
                            remaining[n] = win ? shortestWin : longestLoss
                        }
                    }
                }
            }
        }
        self.wins = wins
        self.remaining = remaining
    }

    /// The node of a fragment that can still be played from.
    func position(_ fragment: String) throws(GhostError) -> Int {
        guard let n = words.node(for: fragment) else { throw .notAPrefix(fragment) }
        if words.isTerminal(n) { throw .alreadyAWord(fragment) }
        return n
    }

    public func winsToMove(_ fragment: String) throws(GhostError) -> Bool {
        wins[try position(fragment)]
    }

    /// The letters that keep a win for the player to move, alphabetically; empty in a lost position.
    public func winningLetters(_ fragment: String) throws(GhostError) -> [String] {
        let n = try position(fragment)
        return winningLetters(node: n)
    }

    func winningLetters(node n: Int) -> [String] {
        var result: [String] = []
        var m = words.letterMask(n)
        while m != 0 {
            let c = m.trailingZeroBitCount
            m &= m - 1
            let child = words.child(of: n, letterIndex: c)!
            if !words.isTerminal(child) && !wins[child] {
                result.append(words.alphabet.letters[c])
            }
        }
        return result
    }

    /// How many more letters the round lasts from here when the winner ends it as soon as it can
    /// and the loser holds out as long as it can.
    public func movesLeft(_ fragment: String) throws(GhostError) -> Int {
        Int(remaining[try position(fragment)])
    }

    /// The move of a perfect player. Winning, it takes the winning letter that ends the round
    /// soonest (or, with `preferLongest`, latest); losing, it takes the letter that makes the
    /// opponent work longest for the win, giving them the most chances to slip. Ties go to the
    /// alphabetically first letter.
    public func bestMove(_ fragment: String, preferLongest: Bool = false) throws(GhostError) -> String {
        let n = try position(fragment)
        let winning = wins[n]
        var best: (letter: Int, length: Int)? = nil
        var m = words.letterMask(n)
        while m != 0 {
            let c = m.trailingZeroBitCount
            m &= m - 1
            let child = words.child(of: n, letterIndex: c)!
            let terminal = words.isTerminal(child)
            let length = terminal ? 1 : Int(remaining[child]) + 1
            if winning {
                guard !terminal && !wins[child] else { continue }
                if best == nil || (preferLongest ? length > best!.length : length < best!.length) {
                    best = (c, length)
                }
            } else if best == nil || length > best!.length {
                best = (c, length)
            }
        }
        // Every non-terminal node has a child, so a letter always exists.
        return words.alphabet.letters[best!.letter]
    }

    /// In a lost position, the letter that makes the round longest; nil when the player to move wins.
    public func longestLosingLetter(_ fragment: String) throws(GhostError) -> String? {
        if try winsToMove(fragment) { return nil }
        return try bestMove(fragment)
    }

    /// Whether the first player wins from the empty fragment; false when the list has no words.
    public var firstPlayerWins: Bool {
        words.wordCount > 0 && wins[0]
    }

    public var winningFirstLetters: [String] {
        words.wordCount > 0 ? winningLetters(node: 0) : []
    }
}
