import Ghost

/// Ghost's game tree searched straight from the rules, with no index and no memo: what the
/// solver, the computer players and the `folio ghost` commands are all checked against.
/// `words` are the words that count (long enough for the game's minimum), spelled in `alphabet`:
/// a move adds one of its letters, so in Welsh "ll" is one move and "l" then "l" reaches nothing.
public struct GhostOracle {
    public let words: Set<String>
    public let alphabet: Alphabet
    /// Every prefix of every word, the empty one included, cut between letters.
    public let prefixes: Set<String>
    /// The words and their prefixes as letters.
    let wordLetters: Set<[String]>
    let prefixLetters: Set<[String]>

    public init(_ words: Set<String>, alphabet: Alphabet = .latin) {
        self.words = words
        self.alphabet = alphabet
        var wordLetters: Set<[String]> = []
        var prefixLetters: Set<[String]> = []
        for w in words {
            let letters = alphabet.split(w)!
            wordLetters.insert(letters)
            for k in 0...letters.count { prefixLetters.insert(Array(letters.prefix(k))) }
        }
        self.wordLetters = wordLetters
        self.prefixLetters = prefixLetters
        prefixes = Set(prefixLetters.map { $0.joined() })
    }

    /// Whether the player to move wins, and how many letters the round lasts when the winner
    /// hurries and the loser stalls.
    public func value(_ fragment: String) -> (wins: Bool, length: Int) {
        value(letters: alphabet.split(fragment)!)
    }

    func value(letters fragment: [String]) -> (wins: Bool, length: Int) {
        var shortestWin: Int? = nil
        var longestLoss = 0
        for c in alphabet.letters {
            let next = fragment + [c]
            guard prefixLetters.contains(next) else { continue }
            if wordLetters.contains(next) {
                longestLoss = max(longestLoss, 1)
                continue
            }
            let (opponentWins, length) = value(letters: next)
            if opponentWins {
                longestLoss = max(longestLoss, length + 1)
            } else {
                shortestWin = min(shortestWin ?? .max, length + 1)
            }
        }
        if let shortestWin { return (true, shortestWin) }
        return (false, longestLoss)
    }

    public func winningLetters(_ fragment: String) -> [String] {
        let letters = alphabet.split(fragment)!
        return alphabet.letters.filter { c in
            let next = letters + [c]
            return prefixLetters.contains(next) && !wordLetters.contains(next) && !value(letters: next).wins
        }
    }
}
