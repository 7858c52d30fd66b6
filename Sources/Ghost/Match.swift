/// A game as it is kept: the settings, who sits where, and every action taken. Replaying the
/// actions rebuilds the `Game`, so the actions are the only state to store, and any server that
/// can read them can referee the next move.
public struct Match: Sendable, Equatable {
    public struct Seat: Sendable, Equatable, Codable {
        public enum Kind: String, Sendable, Codable, CaseIterable {
            case person, easy, hard

            public var computer: ComputerPlayer? {
                switch self {
                case .person: nil
                case .easy: ComputerPlayer(level: .easy)
                case .hard: ComputerPlayer(level: .hard)
                }
            }
        }

        public var name: String
        public var kind: Kind

        public init(name: String, kind: Kind) {
            self.name = name
            self.kind = kind
        }
    }

    /// What the players of a finished game take to the high scores.
    public struct Standing: Sendable, Equatable {
        public let seat: Int
        public let won: Bool
        public let rounds: Int
        public let roundsLost: Int
    }

    public static let maximumNameLength = 32

    public var dictionary: GhostDictionary
    /// A word list a player uploaded, played instead of `dictionary`: its number where the lists
    /// are kept. Nil for the named dictionaries.
    public var wordList: Int64?
    public var minimumLength: Int
    public var rules: Rules
    public var seats: [Seat]
    public var firstPlayer: Int
    public var actions: [Game.Action]

    /// Checks the setup: 2–8 seats, names of 1–32 characters (a username fits) that differ, at least one person,
    /// a minimum length of 3, 4 or 5.
    public init(dictionary: GhostDictionary, minimumLength: Int, rules: Rules = .standard, seats: [Seat], firstPlayer: Int = 0,
                actions: [Game.Action] = []) throws(GhostError) {
        guard WordList.allowedMinimumLengths.contains(minimumLength) else { throw .invalidMinimumLength(minimumLength) }
        guard Game.playerRange.contains(seats.count) else { throw .invalidPlayerCount(seats.count) }
        var trimmed = seats
        for i in trimmed.indices {
            trimmed[i].name = trimmed[i].name.trimmingSpaces
            guard (1...Self.maximumNameLength).contains(trimmed[i].name.count) else { throw .invalidPlayerName(trimmed[i].name) }
        }
        guard Set(trimmed.map { $0.name.lowercased() }).count == trimmed.count else { throw .duplicatePlayerNames }
        guard trimmed.contains(where: { $0.kind == .person }) else { throw .noPerson }
        self.dictionary = dictionary
        self.minimumLength = minimumLength
        self.rules = rules
        self.seats = trimmed
        self.firstPlayer = seats.indices.contains(firstPlayer) ? firstPlayer : 0
        self.actions = actions
    }

    /// The game as the stored actions leave it.
    public func replay(lexicon: Lexicon) throws(GhostError) -> Game {
        try Game(players: seats.map(\.name), words: lexicon.words, rules: rules, infixes: lexicon.superghost?.index,
                 firstPlayer: firstPlayer, replaying: actions)
    }

    /// A person's action, then the computers' until a person must act or the game is over.
    /// Returns the game as it then stands.
    @discardableResult
    public mutating func play(_ action: Game.Action, lexicon: Lexicon, using random: inout some RandomNumberGenerator) throws(GhostError) -> Game {
        var game = try replay(lexicon: lexicon)
        try play(action, on: &game, lexicon: lexicon, using: &random)
        return game
    }

    /// The same, on `game`, this match already replayed: a server that has replayed it to check
    /// whose turn it is plays on without replaying it again.
    public mutating func play(_ action: Game.Action, on game: inout Game, lexicon: Lexicon,
                              using random: inout some RandomNumberGenerator) throws(GhostError) {
        try game.apply(action)
        actions.append(action)
        playComputers(&game, lexicon: lexicon, using: &random)
    }

    /// Lets the computers act when a computer is to act first.
    @discardableResult
    public mutating func start(lexicon: Lexicon, using random: inout some RandomNumberGenerator) throws(GhostError) -> Game {
        var game = try replay(lexicon: lexicon)
        playComputers(&game, lexicon: lexicon, using: &random)
        return game
    }

    private mutating func playComputers(_ game: inout Game, lexicon: Lexicon, using random: inout some RandomNumberGenerator) {
        while !game.isOver, let computer = seats[game.playerToAct].kind.computer {
            let action = computer.action(in: game, lexicon: lexicon, using: &random)
            // A computer's action is legal by construction; should the rules refuse one, stopping
            // is better than looping, and the person can carry on.
            do {
                try game.apply(action)
                actions.append(action)
            } catch {
                break
            }
        }
    }

    /// Each seat's record once the game is over; empty while it goes on.
    public static func standings(of game: Game) -> [Standing] {
        guard let winner = game.winner else { return [] }
        return game.players.indices.map { seat in
            Standing(seat: seat, won: seat == winner, rounds: game.rounds.count,
                     roundsLost: game.rounds.filter { $0.loser == seat }.count)
        }
    }
}
