import FolioCore
import Foundation

/// One game of Ghost for 2–8 players on one dictionary, under the table's `Rules`.
///
/// Players are numbered from 0 in seating order; play passes to the next player still in.
/// Under forgiving rules a letter that leaves no word is refused outright, so a challenge tests
/// only whether the previous player can name a word, and completing a word ends the round at
/// once. Under classic rules any letter may be played: the next player may challenge it, and a
/// completed word stands until someone calls it with a challenge.
///
/// The loser of a round starts the next one, so the order at a table stays easy to follow; if
/// the loser is out, the next player still in starts.
///
/// A move is one letter of the list's alphabet: in Welsh "ll" is one move, and a fragment is the
/// letters played, written one after the other. Two letters that together spell a third ("l"
/// then "l", "n" then "g") may not stand side by side, since no Welsh word is spelled with them
/// so: the fragment then always reads back as the letters played, and a fragment's text is all
/// that the solvers, the reviews and a stored game need.
public struct Game: Sendable {
    public static let ghost: [Character] = ["G", "H", "O", "S", "T"]
    public static let playerRange = 2...8
    /// The longest a fragment may grow, in letters. Debian's longest English word has 23; under
    /// classic rules a run of bluffs could otherwise grow a fragment, and each replay of it,
    /// without end.
    public static let maximumFragmentLength = 40

    public let words: WordList
    public let rules: Rules
    /// Every infix of the list, for Superghost; nil in plain Ghost.
    public let infixes: InfixIndex?
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
    /// Who started the round in play, and each letter of the fragment so far, with who added it
    /// and where: what a review of the round needs to find the move that lost it.
    public private(set) var roundStarter: Int
    public private(set) var roundPlays: [Play] = []

    public var roundMovers: [Int] { roundPlays.map(\.mover) }

    public struct Challenge: Sendable, Equatable {
        public let challenger: Int
        public let challenged: Int
    }

    /// One letter added to the fragment.
    public struct Play: Sendable, Equatable {
        public let mover: Int
        public let letter: String
        public let side: Side

        public init(mover: Int, letter: String, side: Side) {
            self.mover = mover
            self.letter = letter
            self.side = side
        }
    }

    public enum Reason: Sendable, Equatable {
        case completedWord(String)
        /// Classic rules: the next player called the completed word with a challenge.
        case calledWord(String)
        /// The challenged player gave no word.
        case conceded
        /// The challenged player named something that is not a counting word with the fragment in it.
        case invalidAnswer(String)
        /// The challenged player named a valid word, so the challenger loses.
        case failedChallenge(answer: String)
        /// The player to act ran out of the table's time for a turn.
        case timedOut
    }

    /// One thing a player can do: the unit a stored game is replayed from.
    public enum Action: Sendable, Equatable, Hashable {
        /// A letter of the alphabet ("a", "ll") added to one end of the fragment: the end, or in
        /// Superghost the start too.
        case letter(String, at: Side = .end)
        case challenge
        /// The challenged player's answer; nil concedes.
        case answer(String?)
        /// The player to act ran out of time and loses the round; the server plays it for them.
        case timeOut
    }

    public struct RoundResult: Sendable, Equatable {
        public let loser: Int
        public let reason: Reason
        /// The fragment when the round ended (including the completing letter).
        public let fragment: String
        public let lettersAfter: Int
        /// Who started the round.
        public let starter: Int
        /// Each letter of `fragment` in the order played, with who added it and where.
        public let plays: [Play]
        /// The players still in when the round began.
        public let contenders: [Int]
        /// Who challenged, when the round ended in a challenge.
        public let challenger: Int?
        public let rules: Rules
        public var eliminated: Bool { lettersAfter >= Game.ghost.count }
        /// Who added each letter, in the order played.
        public var movers: [Int] { plays.map(\.mover) }

        /// The fragment before each play, and the final fragment last: the positions of the round.
        public var positions: [String] {
            var fragment = ""
            var result = [fragment]
            for play in plays {
                fragment = play.side == .start ? play.letter + fragment : fragment + play.letter
                result.append(fragment)
            }
            return result
        }
    }

    public init(players: [String], words: WordList, rules: Rules = .standard, infixes: InfixIndex? = nil,
                firstPlayer: Int = 0) throws(GhostError) {
        guard Game.playerRange.contains(players.count) else { throw .invalidPlayerCount(players.count) }
        guard words.wordCount > 0 else { throw .emptyDictionary }
        self.players = players
        self.words = words
        self.rules = rules
        self.infixes = rules.variant == .superghost ? infixes ?? InfixIndex(words: words) : nil
        letters = Array(repeating: 0, count: players.count)
        toMove = players.indices.contains(firstPlayer) ? firstPlayer : 0
        roundStarter = toMove
    }

    /// A game on `lexicon`'s list, with its infix index when the rules are Superghost's.
    public init(players: [String], lexicon: Lexicon, rules: Rules = .standard, firstPlayer: Int = 0) throws(GhostError) {
        try self.init(players: players, words: lexicon.words, rules: rules, infixes: lexicon.superghost?.index, firstPlayer: firstPlayer)
    }

    /// Replays stored actions from the start; the first one the rules refuse is reported.
    public init(players: [String], words: WordList, rules: Rules = .standard, infixes: InfixIndex? = nil, firstPlayer: Int = 0,
                replaying actions: [Action]) throws(GhostError) {
        self = try Game(players: players, words: words, rules: rules, infixes: infixes, firstPlayer: firstPlayer)
        for action in actions { try apply(action) }
    }

    /// The player who must act now: the challenged player while a challenge waits for an
    /// answer, otherwise the player to move.
    public var playerToAct: Int { pendingChallenge?.challenged ?? toMove }

    /// Does one action; returns the round's result when it ends the round.
    @discardableResult
    public mutating func apply(_ action: Action) throws(GhostError) -> RoundResult? {
        switch action {
        case .letter(let c, let side): return try play(letter: c, at: side)
        case .challenge: return try challenge()
        case .answer(let word): return try answerChallenge(word: word)
        case .timeOut: return try timeOut()
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

    /// A round has ended and nobody has played in the next one yet: what a timed table gives
    /// everyone a moment to read before the next round's clock runs.
    public var isBetweenRounds: Bool { !isOver && !rounds.isEmpty && roundPlays.isEmpty && pendingChallenge == nil }

    /// The player to act, when they ran out of time on their last turn and have not acted since
    /// (the loser of a round starts the next): away, perhaps. A timed table waits for them rather
    /// than running their turns out one after another — left idle two minutes, a seat lost four
    /// rounds before its first letter, and the game.
    public var awaySeat: Int? {
        guard isBetweenRounds, let last = rounds.last, case .timedOut = last.reason, last.loser == playerToAct else { return nil }
        return playerToAct
    }

    /// The letters a player holds, such as "GH".
    public func ghostLetters(of player: Int) -> String { String(Game.ghost.prefix(letters[player])) }

    /// Whether some counting word has the fragment in it where the variant needs it: at its
    /// start in Ghost, anywhere in Superghost. Under classic rules a fragment without one is a
    /// bluff, lost by whoever played it when challenged.
    public func hasWordBehind(_ fragment: String) -> Bool {
        if let infixes { return infixes.isInfix(fragment) }
        return words.isPrefix(fragment)
    }

    /// Whether `word` answers a challenge at `fragment`: a counting word, longer than the
    /// fragment, whose letters start with the fragment's (Ghost) or have them in a row
    /// (Superghost). Letters, not characters: in Welsh "llan" (ll·a·n) does not start with "l".
    public func answers(_ word: String, at fragment: String) -> Bool {
        guard words.isWord(word), let letters = words.alphabet.indices(of: word),
              let part = words.alphabet.indices(of: fragment), letters.count > part.count else { return false }
        guard rules.variant == .superghost else { return letters.starts(with: part) }
        return (0...(letters.count - part.count)).contains { letters[$0..<($0 + part.count)].elementsEqual(part) }
    }

    /// The fragment with `letter` added at `side`, or why it cannot be: the letter is not one of
    /// the alphabet's, or it would run together with its neighbour into another letter.
    func adding(_ letter: String, at side: Side) throws(GhostError) -> String {
        let alphabet = words.alphabet
        guard alphabet.index(of: letter) != nil else { throw .letterNotInAlphabet(String(letter.prefix(20)), alphabet) }
        let next = side == .start ? letter + fragment : fragment + letter
        // In a–z every letter is one character, so nothing can run together.
        guard !alphabet.isLatin else { return next }
        let letters = alphabet.split(fragment) ?? []
        let played = side == .start ? [letter] + letters : letters + [letter]
        let reading = alphabet.split(next) ?? []
        guard reading == played else { throw .lettersRunTogether(played: played, reading: reading) }
        return next
    }

    /// Adds a letter of the alphabet to one end of the fragment. Under forgiving rules the
    /// letter must keep a word behind the fragment, and completing a counting word loses the
    /// round at once; returns the round's result then.
    @discardableResult
    public mutating func play(letter: String, at side: Side = .end) throws(GhostError) -> RoundResult? {
        guard !isOver else { throw .gameOver }
        guard pendingChallenge == nil else { throw .challengePending }
        guard words.alphabet.index(of: letter) != nil else { throw .letterNotInAlphabet(String(letter.prefix(20)), words.alphabet) }
        guard side == .end || rules.variant == .superghost else { throw .moveNotInVariant(rules.variant) }
        guard roundPlays.count < Game.maximumFragmentLength else { throw .fragmentTooLong(limit: Game.maximumFragmentLength) }
        let next = try adding(letter, at: side)
        if rules.challenges == .forgiving {
            guard hasWordBehind(next) else { throw .invalidLetter(letter) }
        }
        fragment = next
        roundPlays.append(Play(mover: toMove, letter: letter, side: side))
        if rules.challenges == .forgiving, words.isWord(fragment) {
            return endRound(loser: toMove, reason: .completedWord(fragment))
        }
        lastMover = toMove
        toMove = nextActive(after: toMove)
        return nil
    }

    /// The player to move challenges the previous player to name a word with the fragment in
    /// it. Under classic rules, challenging a completed word calls it: the round ends at once
    /// against whoever completed it. Returns the round's result then.
    @discardableResult
    public mutating func challenge() throws(GhostError) -> RoundResult? {
        guard !isOver else { throw .gameOver }
        guard pendingChallenge == nil else { throw .challengePending }
        guard let lastMover, !fragment.isEmpty else { throw .nothingToChallenge }
        pendingChallenge = Challenge(challenger: toMove, challenged: lastMover)
        if rules.challenges == .classic, words.isWord(fragment) {
            return endRound(loser: lastMover, reason: .calledWord(fragment))
        }
        return nil
    }

    /// The challenged player's answer; nil concedes. A counting word longer than the fragment
    /// that starts with it (in Superghost: has it in it) loses the round for the challenger;
    /// anything else loses it for the challenged player. Accents are folded where the alphabet
    /// folds them, so "llŷn" answers as "llyn".
    @discardableResult
    public mutating func answerChallenge(word: String?) throws(GhostError) -> RoundResult {
        guard !isOver else { throw .gameOver }
        guard let pending = pendingChallenge else { throw .noChallengePending }
        guard let word else { return endRound(loser: pending.challenged, reason: .conceded) }
        let typed = word.trimmingSpaces
        let answer = words.alphabet.word(typed) ?? typed
        if answers(answer, at: fragment) {
            return endRound(loser: pending.challenger, reason: .failedChallenge(answer: answer))
        }
        return endRound(loser: pending.challenged, reason: .invalidAnswer(answer))
    }

    /// The player to act ran out of time: they lose the round, whatever was in play.
    @discardableResult
    public mutating func timeOut() throws(GhostError) -> RoundResult {
        guard !isOver else { throw .gameOver }
        return endRound(loser: playerToAct, reason: .timedOut)
    }

    private mutating func endRound(loser: Int, reason: Reason) -> RoundResult {
        let contenders = activePlayers
        letters[loser] += 1
        let result = RoundResult(loser: loser, reason: reason, fragment: fragment, lettersAfter: letters[loser],
                                 starter: roundStarter, plays: roundPlays, contenders: contenders,
                                 challenger: pendingChallenge?.challenger, rules: rules)
        rounds.append(result)
        fragment = ""
        lastMover = nil
        pendingChallenge = nil
        roundPlays = []
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
