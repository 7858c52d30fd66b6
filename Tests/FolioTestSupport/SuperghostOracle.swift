import Ghost

/// Superghost's game tree searched straight from the rules, over runs of letters, with no index:
/// what the Superghost solver, its infix index and the `folio ghost` commands are checked against.
/// `words` are the words that count (long enough for the game's minimum), spelled in `alphabet`.
public final class SuperghostOracle {
    public let words: Set<String>
    public let alphabet: Alphabet
    /// Every run of letters of every word, the empty one included.
    public let infixes: Set<String>
    let wordLetters: Set<[String]>
    let infixLetters: Set<[String]>
    /// Positions already valued: without them a list of twenty words has millions of move orders.
    private var values: [[String]: (wins: Bool, length: Int)] = [:]

    public init(_ words: Set<String>, alphabet: Alphabet = .latin) {
        self.words = words
        self.alphabet = alphabet
        var wordLetters: Set<[String]> = []
        var infixLetters: Set<[String]> = [[]]
        for w in words {
            let letters = alphabet.split(w)!
            wordLetters.insert(letters)
            for i in 0..<letters.count {
                for j in (i + 1)...letters.count { infixLetters.insert(Array(letters[i..<j])) }
            }
        }
        self.wordLetters = wordLetters
        self.infixLetters = infixLetters
        infixes = Set(infixLetters.map { $0.joined() })
    }

    /// The legal moves at a fragment, letters in order, the end before the start; from the empty
    /// fragment, where both ends are one, only the end.
    public func moves(_ fragment: String) -> [SuperghostMove] {
        moves(letters: alphabet.split(fragment)!)
    }

    func moves(letters fragment: [String]) -> [SuperghostMove] {
        var result: [SuperghostMove] = []
        for c in alphabet.letters {
            for side in fragment.isEmpty ? [Side.end] : [.end, .start] {
                if infixLetters.contains(SuperghostOracle.play(c, side, fragment)) { result.append(SuperghostMove(letter: c, side: side)) }
            }
        }
        return result
    }

    /// Whether the player to move wins, and how many letters the round lasts when the winner
    /// hurries and the loser stalls.
    public func value(_ fragment: String) -> (wins: Bool, length: Int) {
        value(letters: alphabet.split(fragment)!)
    }

    func value(letters fragment: [String]) -> (wins: Bool, length: Int) {
        if let known = values[fragment] { return known }
        var shortestWin: Int? = nil
        var longestLoss = 0
        for move in moves(letters: fragment) {
            let next = SuperghostOracle.play(move.letter, move.side, fragment)
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
        let result = shortestWin.map { (true, $0) } ?? (false, longestLoss)
        values[fragment] = result
        return result
    }

    public func winningMoves(_ fragment: String) -> [SuperghostMove] {
        let letters = alphabet.split(fragment)!
        return moves(letters: letters).filter { move in
            let next = SuperghostOracle.play(move.letter, move.side, letters)
            return !wordLetters.contains(next) && !value(letters: next).wins
        }
    }

    static func play(_ letter: String, _ side: Side, _ fragment: [String]) -> [String] {
        side == .end ? fragment + [letter] : [letter] + fragment
    }

    /// The shortest, then alphabetically first, word longer than the fragment that has its letters in a row.
    public func someWord(containing fragment: String) -> String? {
        let part = alphabet.split(fragment)!
        func contains(_ letters: [String]) -> Bool {
            part.isEmpty || (0...(letters.count - part.count)).contains { Array(letters[$0..<($0 + part.count)]) == part }
        }
        return wordLetters.filter { $0.count > part.count && contains($0) }
            .min { a, b in
                let (x, y) = (a.map { alphabet.index(of: $0)! }, b.map { alphabet.index(of: $0)! })
                return x.count != y.count ? x.count < y.count : x.lexicographicallyPrecedes(y)
            }?.joined()
    }
}
