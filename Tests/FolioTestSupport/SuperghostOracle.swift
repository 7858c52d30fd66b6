import Ghost

/// Superghost's game tree searched straight from the rules, over strings, with no index: what the
/// Superghost solver, its infix index and the `folio ghost` commands are checked against.
/// `words` are the words that count (long enough for the game's minimum).
public final class SuperghostOracle {
    public let words: Set<String>
    /// Every substring of every word, the empty one included.
    public let infixes: Set<String>
    /// Positions already valued: without them a list of twenty words has millions of move orders.
    private var values: [String: (wins: Bool, length: Int)] = [:]

    public init(_ words: Set<String>) {
        self.words = words
        var infixes: Set<String> = [""]
        for w in words {
            let letters = Array(w)
            for i in 0..<letters.count {
                for j in (i + 1)...letters.count { infixes.insert(String(letters[i..<j])) }
            }
        }
        self.infixes = infixes
    }

    /// The legal moves at a fragment, letters in order, the end before the start; from the empty
    /// fragment, where both ends are one, only the end.
    public func moves(_ fragment: String) -> [SuperghostMove] {
        var result: [SuperghostMove] = []
        for c in "abcdefghijklmnopqrstuvwxyz" {
            for side in fragment.isEmpty ? [Side.end] : [.end, .start] {
                if infixes.contains(SuperghostOracle.play(c, side, fragment)) { result.append(SuperghostMove(letter: c, side: side)) }
            }
        }
        return result
    }

    /// Whether the player to move wins, and how many letters the round lasts when the winner
    /// hurries and the loser stalls.
    public func value(_ fragment: String) -> (wins: Bool, length: Int) {
        if let known = values[fragment] { return known }
        var shortestWin: Int? = nil
        var longestLoss = 0
        for move in moves(fragment) {
            let next = SuperghostOracle.play(move.letter, move.side, fragment)
            if words.contains(next) {
                longestLoss = max(longestLoss, 1)
                continue
            }
            let (opponentWins, length) = value(next)
            if opponentWins {
                longestLoss = max(longestLoss, length + 1)
            } else {
                shortestWin = min(shortestWin ?? .max, length + 1)
            }
        }
        let result = shortestWin.map { (true, $0) } ?? (false, longestLoss)
        values[fragment] = result
        return result
    }

    public func winningMoves(_ fragment: String) -> [SuperghostMove] {
        moves(fragment).filter { move in
            let next = SuperghostOracle.play(move.letter, move.side, fragment)
            return !words.contains(next) && !value(next).wins
        }
    }

    static func play(_ letter: Character, _ side: Side, _ fragment: String) -> String {
        side == .end ? fragment + String(letter) : String(letter) + fragment
    }

    /// The shortest, then alphabetically first, word longer than the fragment that contains it.
    public func someWord(containing fragment: String) -> String? {
        // `contains("")` is false, so the empty fragment is every word's part by hand.
        words.filter { $0.count > fragment.count && (fragment.isEmpty || $0.contains(fragment)) }
            .min { ($0.count, $0) < ($1.count, $1) }
    }
}
