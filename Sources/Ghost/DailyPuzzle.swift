/// The day's puzzle: a fragment where exactly one letter wins for the player to move, found
/// by the solver and the same for everyone that day on the same list.
///
/// Candidates are positions two to four letters in, won for the player to move by one letter
/// only, with at least four letters to choose from (so guessing rarely finds it). They are
/// gathered in the trie's own order, which depends only on the list, and the day picks one by
/// a fixed mix of its number: no randomness to store, and any server with the same list poses
/// the same puzzle.
public struct DailyPuzzle: Sendable, Equatable {
    /// Days since 1 January 1970 (UTC).
    public let day: Int
    public let fragment: String
    public let answer: Character
    /// The letters that keep a word possible from the fragment: the choices offered.
    public let choices: [Character]
    /// How many letters the round lasts after the answer when both then play perfectly: the
    /// winner hurrying, the loser holding out.
    public let movesAfter: Int

    public static let depths = 2...4
    public static let minimumChoices = 4

    /// The puzzle of `day`; nil when the list has no position of the kind, or is spelled with
    /// letters of two characters: the puzzle is posed on the English list, and its letters are
    /// characters.
    public static func make(day: Int, solver: Solver) -> DailyPuzzle? {
        guard solver.words.alphabet.letters.allSatisfy({ $0.count == 1 }) else { return nil }
        let candidates = candidates(solver)
        guard !candidates.isEmpty else { return nil }
        let pick = Int(mix(UInt64(bitPattern: Int64(day))) % UInt64(candidates.count))
        let fragment = candidates[pick]
        guard let winning = try? solver.winningLetters(fragment), winning.count == 1,
              let left = try? solver.movesLeft(fragment) else { return nil }
        return DailyPuzzle(day: day, fragment: fragment, answer: Character(winning[0]),
                           choices: solver.words.nextLetters(fragment).map(Character.init),
                           movesAfter: max(0, left - 1))
    }

    /// Every position of the kind, in the trie's order.
    static func candidates(_ solver: Solver) -> [String] {
        let words = solver.words
        var result: [String] = []
        var stack: [(node: Int, spelled: String)] = [(0, "")]
        while let (node, spelled) = stack.popLast() {
            if depths.contains(spelled.count), !words.isTerminal(node), solver.wins[node],
               words.letterMask(node).nonzeroBitCount >= minimumChoices, solver.winningLetters(node: node).count == 1 {
                result.append(spelled)
            }
            guard spelled.count < depths.upperBound else { continue }
            var letters = words.letterMask(node)
            var children: [(node: Int, spelled: String)] = []
            while letters != 0 {
                let c = letters.trailingZeroBitCount
                letters &= letters - 1
                let child = words.child(of: node, letterIndex: c)!
                if !words.isTerminal(child) { children.append((child, spelled + words.alphabet.letters[c])) }
            }
            stack.append(contentsOf: children.reversed())
        }
        return result
    }

    /// SplitMix64's finaliser: neighbouring days land far apart among the candidates.
    static func mix(_ x: UInt64) -> UInt64 {
        var z = x &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Whether `letter` solves it.
    public func isSolved(by letter: Character) -> Bool { letter == answer }
}

/// A player's run of days solved in a row.
public enum PuzzleStreak {
    /// The days solved in a row, ending today, or yesterday when today is not yet solved:
    /// a streak is not lost until a day passes without it. `solvedDays` need not be sorted.
    public static func length(solvedDays: some Sequence<Int>, today: Int) -> Int {
        let solved = Set(solvedDays)
        var day = solved.contains(today) ? today : today - 1
        var count = 0
        while solved.contains(day) {
            count += 1
            day -= 1
        }
        return count
    }
}
