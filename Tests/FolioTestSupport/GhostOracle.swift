/// Ghost's game tree searched straight from the rules, with no index and no memo: what the
/// solver, the computer players and the `folio ghost` commands are all checked against.
/// `words` are the words that count (long enough for the game's minimum).
public struct GhostOracle {
    public let words: Set<String>
    /// Every prefix of every word, the empty one included.
    public let prefixes: Set<String>

    public init(_ words: Set<String>) {
        self.words = words
        var prefixes: Set<String> = []
        for w in words { for k in 0...w.count { prefixes.insert(String(w.prefix(k))) } }
        self.prefixes = prefixes
    }

    /// Whether the player to move wins, and how many letters the round lasts when the winner
    /// hurries and the loser stalls.
    public func value(_ fragment: String) -> (wins: Bool, length: Int) {
        var shortestWin: Int? = nil
        var longestLoss = 0
        for c in "abcdefghijklmnopqrstuvwxyz" {
            let next = fragment + String(c)
            guard words.contains(where: { $0.hasPrefix(next) }) else { continue }
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
        if let shortestWin { return (true, shortestWin) }
        return (false, longestLoss)
    }

    public func winningLetters(_ fragment: String) -> [Character] {
        "abcdefghijklmnopqrstuvwxyz".filter { c in
            let next = fragment + String(c)
            return prefixes.contains(next) && !words.contains(next) && !value(next).wins
        }
    }
}
