import FolioCore

/// One game of Ghost for 2–8 players on one dictionary.
///
/// Players are numbered from 0 in seating order; play passes to the next player still in.
/// Letters are not checked for bluffs: a letter that leaves no word is refused outright, so a
/// challenge tests only whether the previous player can name a word.
///
/// The loser of a round starts the next one, so the order at a table stays easy to follow; if
/// the loser is out, the next player still in starts.
public struct Game: Sendable {
    public static let ghost: [Character] = ["G", "H", "O", "S", "T"]
    public static let playerRange = 2...8

    public let words: WordList
    public let players: [String]
    /// How many letters of G-H-O-S-T each player holds; five means out.
    public private(set) var letters: [Int]
    public private(set) var fragment: String = ""
    /// The player whose turn it is: to add a letter or challenge, or, while a challenge is
    /// pending, the challenger waiting for an answer.
    public private(set) var toMove: Int
    /// Who added the last letter of the fragment: the one a challenge is aimed at.
    public private(set) var lastMover: Int?
    public private(set) var pendingChallenge: Challenge?
    public private(set) var rounds: [RoundResult] = []
    /// Who started the round in play, and who added each letter of the fragment so far: what a
    /// review of the round needs to find the move that lost it.
    public private(set) var roundStarter: Int
    public private(set) var roundMovers: [Int] = []

    public struct Challenge: Sendable, Equatable {
        public let challenger: Int
        public let challenged: Int
    }

    public enum Reason: Sendable, Equatable {
        case completedWord(String)
        /// The challenged player gave no word.
        case conceded
        /// The challenged player named something that is not a counting word starting with the fragment.
        case invalidAnswer(String)
        /// The challenged player named a valid word, so the challenger loses.
        case failedChallenge(answer: String)
    }

    /// One thing a player can do: the unit a stored game is replayed from.
    public enum Action: Sendable, Equatable, Hashable {
        case letter(Character)
        case challenge
        /// The challenged player's answer; nil concedes.
        case answer(String?)
    }

    public struct RoundResult: Sendable, Equatable {
        public let loser: Int
        public let reason: Reason
        /// The fragment when the round ended (including the completing letter).
        public let fragment: String
        public let lettersAfter: Int
        /// Who started the round, and who added each letter of `fragment`.
        public let starter: Int
        public let movers: [Int]
        /// The players still in when the round began.
        public let contenders: [Int]
        /// Who challenged, when the round ended in a challenge.
        public let challenger: Int?
        public var eliminated: Bool { lettersAfter >= Game.ghost.count }
    }

    public init(players: [String], words: WordList, firstPlayer: Int = 0) throws(GhostError) {
        guard Game.playerRange.contains(players.count) else { throw .invalidPlayerCount(players.count) }
        guard words.wordCount > 0 else { throw .emptyDictionary }
        self.players = players
        self.words = words
        letters = Array(repeating: 0, count: players.count)
        toMove = players.indices.contains(firstPlayer) ? firstPlayer : 0
        roundStarter = toMove
    }

    /// Replays stored actions from the start; the first one the rules refuse is reported.
    public init(players: [String], words: WordList, firstPlayer: Int = 0, replaying actions: [Action]) throws(GhostError) {
        self = try Game(players: players, words: words, firstPlayer: firstPlayer)
        for action in actions { try apply(action) }
    }

    /// The player who must act now: the challenged player while a challenge waits for an
    /// answer, otherwise the player to move.
    public var playerToAct: Int { pendingChallenge?.challenged ?? toMove }

    /// Does one action; returns the round's result when it ends the round.
    @discardableResult
    public mutating func apply(_ action: Action) throws(GhostError) -> RoundResult? {
        switch action {
        case .letter(let c): return try play(letter: c)
        case .challenge:
            try challenge()
            return nil
        case .answer(let word): return try answerChallenge(word: word)
        }
    }

    /// The number of the round in play, from 1.
    public var roundNumber: Int { rounds.count + 1 }

    public func isOut(_ player: Int) -> Bool { letters[player] >= Game.ghost.count }

    public var activePlayers: [Int] { players.indices.filter { !isOut($0) } }

    /// The last player still in, once everyone else is out.
    public var winner: Int? {
        let active = activePlayers
        return active.count == 1 ? active[0] : nil
    }

    public var isOver: Bool { winner != nil }

    /// The letters a player holds, such as "GH".
    public func ghostLetters(of player: Int) -> String { String(Game.ghost.prefix(letters[player])) }

    /// Adds a letter (a–z) to the end of the fragment. Returns the round's result when the letter
    /// completes a counting word, which loses the round for the player who added it.
    @discardableResult
    public mutating func play(letter: Character) throws(GhostError) -> RoundResult? {
        guard !isOver else { throw .gameOver }
        guard pendingChallenge == nil else { throw .challengePending }
        guard let c = WordList.letterIndex(letter) else { throw .invalidLetter(String(letter)) }
        guard let node = words.node(for: fragment), let next = words.child(of: node, letterIndex: c) else {
            throw .invalidLetter(String(letter))
        }
        fragment.append(letter)
        roundMovers.append(toMove)
        if words.isTerminal(next) {
            return endRound(loser: toMove, reason: .completedWord(fragment))
        }
        lastMover = toMove
        toMove = nextActive(after: toMove)
        return nil
    }

    /// The player to move challenges the previous player to name a word starting with the fragment.
    public mutating func challenge() throws(GhostError) {
        guard !isOver else { throw .gameOver }
        guard pendingChallenge == nil else { throw .challengePending }
        guard let lastMover, !fragment.isEmpty else { throw .nothingToChallenge }
        pendingChallenge = Challenge(challenger: toMove, challenged: lastMover)
    }

    /// The challenged player's answer; nil concedes. A counting word that starts with the fragment
    /// and is longer than it loses the round for the challenger; anything else loses it for the
    /// challenged player.
    @discardableResult
    public mutating func answerChallenge(word: String?) throws(GhostError) -> RoundResult {
        guard !isOver else { throw .gameOver }
        guard let pending = pendingChallenge else { throw .noChallengePending }
        guard let word else { return endRound(loser: pending.challenged, reason: .conceded) }
        let answer = word.trimmingSpaces
        if answer.count > fragment.count, answer.hasPrefix(fragment), words.isWord(answer) {
            return endRound(loser: pending.challenger, reason: .failedChallenge(answer: answer))
        }
        return endRound(loser: pending.challenged, reason: .invalidAnswer(answer))
    }

    private mutating func endRound(loser: Int, reason: Reason) -> RoundResult {
        let contenders = activePlayers
        letters[loser] += 1
        let result = RoundResult(loser: loser, reason: reason, fragment: fragment, lettersAfter: letters[loser],
                                 starter: roundStarter, movers: roundMovers, contenders: contenders,
                                 challenger: pendingChallenge?.challenger)
        rounds.append(result)
        fragment = ""
        lastMover = nil
        pendingChallenge = nil
        roundMovers = []
        toMove = isOut(loser) ? nextActive(after: loser) : loser
        roundStarter = toMove
        return result
    }

    private func nextActive(after player: Int) -> Int {
        var p = player
        for _ in players.indices {
            p = (p + 1) % players.count
            if !isOut(p) { return p }
        }
        return player
    }
}
