import Foundation

/// The value of every Superghost position for two players under perfect play.
///
/// A position is an infix that is not a counting word. The player to move wins iff some letter,
/// at either end, leads to an infix that is neither a counting word nor a win for the opponent.
/// The index numbers infixes breadth first, so both kinds of extension lead to larger indices and
/// one backward sweep settles every position, as `Solver` does for plain Ghost.
public struct SuperghostSolver: Sendable {
    public let index: InfixIndex
    /// Per node: whether the player to move wins.
    @usableFromInline let wins: [Bool]
    /// Per node: how many more letters the round lasts when the winner hurries and the loser stalls.
    @usableFromInline let remaining: [UInt32]

    public init(words: WordList) {
        self.init(index: InfixIndex(words: words))
    }

    public init(index: InfixIndex) {
        self.index = index
        let count = index.nodeCount
        var wins = [Bool](repeating: false, count: count)
        var remaining = [UInt32](repeating: 0, count: count)
        index.masks.withUnsafeBufferPointer { masks in
            index.firstChild.withUnsafeBufferPointer { firstChild in
                index.startOffsets.withUnsafeBufferPointer { startOffsets in
                    index.startEntries.withUnsafeBufferPointer { startEntries in
                        index.longest.withUnsafeBufferPointer { longest in
                            // A view at a longer minimum than the index's skips the infixes of shorter words only,
                            // and counts as words only nodes at least that long.
                            let restricted = index.restricted, minimum = index.minimumLength, firstCounting = index.firstCountingNode
                            wins.withUnsafeMutableBufferPointer { wins in
                                remaining.withUnsafeMutableBufferPointer { remaining in
                                    var shortestWin = UInt32.max
                                    var longestLoss: UInt32 = 0
                                    func value(_ child: Int) {
                                        if restricted && Int(longest[child]) < minimum { return }
                                        if masks[child] & InfixIndex.wordBit != 0 && child >= firstCounting {
                                            longestLoss = max(longestLoss, 1)
                                        } else if wins[child] {
                                            longestLoss = max(longestLoss, remaining[child] + 1)
                                        } else {
                                            shortestWin = min(shortestWin, remaining[child] + 1)
                                        }
                                    }
                                    var n = count - 1
                                    while n >= 0 {
                                        defer { n -= 1 }
                                        let m = masks[n]
                                        // The round ended on reaching a counting word; it is never a position to move from.
                                        if m & InfixIndex.wordBit != 0 && n >= firstCounting { continue }
                                        if restricted && Int(longest[n]) < minimum { continue }
                                        shortestWin = .max
                                        longestLoss = 0
                                        let first = Int(firstChild[n])
                                        for child in first..<(first + (m & InfixIndex.letterBits).nonzeroBitCount) { value(child) }
                                        // From the empty fragment a letter at the start is the same move as one at the end.
                                        if n > 0 {
                                            for k in Int(startOffsets[n])..<Int(startOffsets[n + 1]) {
                                                value(Int(startEntries[k] & InfixIndex.entryNodeBits))
                                            }
                                        }
                                        let win = shortestWin != .max
                                        wins[n] = win
                                        remaining[n] = win ? shortestWin : longestLoss
                                    }
                                }
                            }
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
        guard let n = index.node(for: fragment) else { throw .notAnInfix(fragment) }
        if index.isWord(n) { throw .alreadyAWord(fragment) }
        return n
    }

    public func winsToMove(_ fragment: String) throws(GhostError) -> Bool {
        wins[try position(fragment)]
    }

    /// The moves that keep a win for the player to move, in `InfixIndex.moves` order; empty in a lost position.
    public func winningMoves(_ fragment: String) throws(GhostError) -> [SuperghostMove] {
        winningMoves(node: try position(fragment))
    }

    func winningMoves(node n: Int) -> [SuperghostMove] {
        var result: [SuperghostMove] = []
        index.forEachMove(from: n) { letter, side, child in
            if !index.isWord(child) && !wins[child] { result.append(SuperghostMove(letter: index.words.alphabet.letters[letter], side: side)) }
        }
        return result
    }

    /// How many more letters the round lasts from here when the winner ends it as soon as it can
    /// and the loser holds out as long as it can.
    public func movesLeft(_ fragment: String) throws(GhostError) -> Int {
        Int(remaining[try position(fragment)])
    }

    /// The move of a perfect player. Winning, it takes the winning move that ends the round
    /// soonest; losing, the move that makes the opponent work longest for the win, giving them the
    /// most chances to slip. Ties go to the first move in `InfixIndex.moves` order.
    public func bestMove(_ fragment: String) throws(GhostError) -> SuperghostMove {
        let n = try position(fragment)
        let winning = wins[n]
        var best: (move: SuperghostMove, length: Int)? = nil
        index.forEachMove(from: n) { letter, side, child in
            let word = index.isWord(child)
            let length = word ? 1 : Int(remaining[child]) + 1
            if winning {
                guard !word && !wins[child] else { return }
                if best == nil || length < best!.length { best = (SuperghostMove(letter: index.words.alphabet.letters[letter], side: side), length) }
            } else if best == nil || length > best!.length {
                best = (SuperghostMove(letter: index.words.alphabet.letters[letter], side: side), length)
            }
        }
        // An infix that is not a word is part of a longer word, so a move always exists.
        return best!.move
    }

    /// Whether the first player wins from the empty fragment; false when the list has no words.
    public var firstPlayerWins: Bool {
        index.words.wordCount > 0 && wins[0]
    }

    public var winningFirstMoves: [SuperghostMove] {
        index.words.wordCount > 0 ? winningMoves(node: 0) : []
    }
}

extension SuperghostSolver {
    /// The solver over `dictionary`'s word list: the file at `path`, else the Debian one, with the
    /// same error for a missing list as `Solver.load`.
    public static func load(_ dictionary: GhostDictionary, path: String? = nil, minimumLength: Int) throws(GhostError) -> SuperghostSolver {
        SuperghostSolver(words: try WordList.load(dictionary, path: path, minimumLength: minimumLength))
    }
}
