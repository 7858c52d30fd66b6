import FolioCore
import Foundation
import Ghost

/// Where Ghost games are kept: hot-seat games and online rooms, their moves as an action log,
/// and the results the high scores are counted from. Every change to a game happens inside one
/// write that checks it (`updateMatch`), so two moves at once cannot both apply.
public protocol GhostStore: Sendable {
    /// Stores a new game, after checking `quota` in the same write.
    func createMatch(_ stored: StoredMatch, quota: GhostStartQuota?) async throws
    /// Seats `account` at the first open seat of an online room (a seat taken counts against
    /// `openRoomLimit` like a room opened); the room starts when its last seat fills.
    func joinMatch(id: MatchID, account: Account, openRoomLimit: Int?, now: Date) async throws -> StoredMatch
    /// Reads the game, lets `change` decide the move by the game's rules, and stores it with its
    /// results and the players' new ratings (see `RatedGame`), all in one write; the game's
    /// version moves on.
    func updateMatch(id: MatchID, now: Date, _ change: @escaping @Sendable (StoredMatch) throws -> MatchChange) async throws -> StoredMatch
    func storedMatch(id: MatchID) async throws -> StoredMatch?
    /// The versions of the games among `ids` (games that do not exist are left out), in one read.
    func matchVersions(ids: [MatchID]) async throws -> [MatchID: Int]
    /// The public lobby: online rooms listed by their hosts that are waiting for players or in
    /// play, and moved in since `since`; rooms waiting for players first, then the liveliest.
    func lobby(since: Date, limit: Int, offset: Int) async throws -> Page<StoredMatch>
    /// A player's games, newest first.
    func matches(accountID: Account.ID, limit: Int, offset: Int) async throws -> Page<StoredMatch>
    /// The best records, of one dictionary or of both, in `order`.
    func highScores(dictionary: GhostDictionary?, order: GhostScoreOrder, limit: Int, offset: Int) async throws -> Page<GhostScore>
    /// One player's records, a line per dictionary played.
    func scores(accountID: Account.ID) async throws -> [GhostScore]
    /// Keeps an account's answer to a day's puzzle; only the first answer of a day counts, and
    /// a second one stores nothing. Returns the answer kept.
    func answerPuzzle(_ answer: PuzzleAnswer) async throws -> PuzzleAnswer
    /// An account's answers from `fromDay` on, oldest first.
    func puzzleAnswers(accountID: Account.ID, fromDay: Int) async throws -> [PuzzleAnswer]
    /// Keeps an uploaded word list, after checking in the same write that the account keeps
    /// fewer than `limit`.
    func saveWordList(accountID: Account.ID, _ upload: WordListUpload, limit: Int, now: Date) async throws -> StoredWordList
    /// The account's word lists (without their words), newest first.
    func wordLists(accountID: Account.ID) async throws -> [StoredWordList]
    /// A list with its words, deleted or not: a game played on a list its owner deleted still
    /// replays.
    func wordList(id: Int64) async throws -> StoredWordList?
    /// The names of lists, deleted or not, without their words: what a list of games shows.
    func wordListNames(ids: [Int64]) async throws -> [Int64: String]
    /// Takes the list out of its owner's lists (games on it still replay); false when the
    /// account has no such list.
    func deleteWordList(id: Int64, accountID: Account.ID) async throws -> Bool
    /// The choices the account last started a game with; nil before its first game.
    func ghostPreferences(accountID: Account.ID) async throws -> GhostPreferences?
    /// Remembers the choices the account started a game with, in place of any before.
    func saveGhostPreferences(accountID: Account.ID, _ preferences: GhostPreferences) async throws
}

extension GhostStore {
    /// The best records, most wins first.
    public func highScores(dictionary: GhostDictionary?, limit: Int, offset: Int) async throws -> Page<GhostScore> {
        try await highScores(dictionary: dictionary, order: .wins, limit: limit, offset: offset)
    }
}

/// How the leaderboard is ordered.
public enum GhostScoreOrder: String, Sendable, CaseIterable {
    /// Most wins first, then the better win rate, then the more games.
    case wins
    /// Highest rating first; players with no rated game on the dictionary after everyone rated.
    case rating
}

/// A Ghost game as a store keeps it: the match (settings, seats, actions) and who may play
/// each seat.
public struct StoredMatch: Sendable, Equatable {
    public enum Mode: String, Sendable, Codable {
        /// Everyone at one device.
        case hotSeat = "hotseat"
        /// Each person at their own device, with an account.
        case online
    }

    public enum Status: String, Sendable, Codable {
        case waiting, playing, finished
    }

    public var id: MatchID
    public var mode: Mode
    public var status: Status
    /// The account that started the game; a hot-seat game with an owner is theirs alone to play.
    public var ownerID: Account.ID?
    /// Per seat, the account that holds it: people at an online table, and the owner's own seat
    /// at a hot-seat game. Results are recorded for these accounts only.
    public var seatAccounts: [Account.ID?]
    public var match: Match
    public var createdAt: Date
    public var updatedAt: Date
    /// Moves on with every join and move: what watchers compare to see that the game changed.
    public var version: Int
    /// An online room shown in the public lobby (else only its link finds it).
    public var listed: Bool
    /// The time each turn may take, in seconds; 0 for no limit.
    public var turnSeconds: Int

    public static let turnSecondsChoices = [0, 15, 30, 60, 120]
    public static let maximumTurnSeconds = 600

    /// The earliest the player to act can run out of time: each action and join moves
    /// `updatedAt` on, so the deadline is in the database and any instance can enforce it. Nil
    /// without a timer, and while the game is not being played. The turn's own clock, which
    /// needs the game replayed, is `clock(in:)`: never earlier than this.
    public var earliestDeadline: Date? {
        guard turnSeconds > 0, status == .playing else { return nil }
        return updatedAt.addingTimeInterval(TimeInterval(turnSeconds))
    }

    /// Seconds between the end of a round and the next round's clock: every player sees the
    /// round's end for as long, and the board then moves on by itself for all of them at once.
    /// Before, the next round's clock ran while the summary was on screen: the friend who pressed
    /// "Next round" first already had "6 s left", and the host's own turn ran down unseen.
    public static let roundBreakSeconds = 8

    /// A timed turn: when it runs out, and, for a round's first turn, when the round begins.
    public struct TurnClock: Sendable, Equatable {
        /// When the round in play begins for everyone; nil once it has begun.
        public var roundStarts: Date?
        public var deadline: Date
    }

    /// When the next round begins for everyone, while a timed game being played is between rounds
    /// (`game` is this match replayed): the end of the pause, whether or not the player to act is
    /// away; nil mid-round.
    public func roundStarts(in game: Game) -> Date? {
        guard turnSeconds > 0, status == .playing, game.isBetweenRounds else { return nil }
        return updatedAt.addingTimeInterval(TimeInterval(Self.roundBreakSeconds))
    }

    /// The clock of the turn in `game` (this match replayed): nil without a timer, once the game
    /// is over, and while the player to act is away (`Game.awaySeat`): the table waits for them.
    public func clock(in game: Game) -> TurnClock? {
        guard let earliest = earliestDeadline, !game.isOver, game.awaySeat == nil else { return nil }
        guard let starts = roundStarts(in: game) else { return TurnClock(roundStarts: nil, deadline: earliest) }
        return TurnClock(roundStarts: starts, deadline: starts.addingTimeInterval(TimeInterval(turnSeconds)))
    }

    /// How many actions have been taken: what a client names to show which state it acted on.
    public var turn: Int { match.actions.count }

    public init(id: MatchID, mode: Mode, status: Status, ownerID: Account.ID?, seatAccounts: [Account.ID?], match: Match,
                createdAt: Date = Date(), updatedAt: Date = Date(), version: Int = 0, listed: Bool = false, turnSeconds: Int = 0) {
        self.id = id
        self.mode = mode
        self.status = status
        self.ownerID = ownerID
        self.seatAccounts = seatAccounts
        self.match = match
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.version = version
        self.listed = listed
        self.turnSeconds = turnSeconds
    }

    /// Whether the game's results count for the high scores: it was played by at least two
    /// different accounts, or by one account against computers only. Whoever holds the device
    /// at a hot-seat game plays every person's seat, so one account against named people who
    /// have no account would be playing itself, and could win as often as it liked.
    public var countsForScores: Bool {
        // A list of one's own choosing could be made to be won.
        guard match.wordList == nil else { return false }
        let accounts = Set(seatAccounts.compactMap { $0 })
        if accounts.count >= 2 { return true }
        guard accounts.count == 1 else { return false }
        return match.seats.indices.allSatisfy { seatAccounts[$0] != nil || match.seats[$0].kind != .person }
    }

    /// The seats of an online table still waiting for a person to join.
    public var openSeats: [Int] {
        guard mode == .online else { return [] }
        return match.seats.indices.filter { match.seats[$0].kind == .person && seatAccounts[$0] == nil }
    }
}

/// What a move did to a stored match, decided by the caller's rules inside the write.
public struct MatchChange: Sendable {
    public var match: Match
    /// Empty while the game goes on; once it is over, each seat's record.
    public var standings: [Match.Standing]

    public init(match: Match, standings: [Match.Standing]) {
        self.match = match
        self.standings = standings
    }
}

/// A quota checked inside the write that starts a game, so every instance over the same
/// database counts the same games.
public enum GhostStartQuota: Sendable {
    /// Online rooms an account sits in that are not finished; with `listedOnUploadedLists`, a
    /// listed room on an uploaded list also counts against the rooms of that kind the account
    /// has open (each may cost the server an index of up to 130 MB).
    case openRooms(accountID: Account.ID, limit: Int, listedOnUploadedLists: Int? = nil)
    /// Games started without an account from one address in the last hour.
    case anonymousGames(address: String, perHour: Int)
    /// Hot-seat games (or games against the computer) an account started in the last hour.
    case accountGames(accountID: Account.ID, perHour: Int)

    /// The key a game started per hour is counted under: an address, or an account.
    public var hourlyKey: (key: String, perHour: Int, refusal: GhostError)? {
        switch self {
        case .openRooms: nil
        case .anonymousGames(let address, let perHour): (address, perHour, .tooManyAnonymousGames(limit: perHour))
        case .accountGames(let accountID, let perHour): ("account:\(accountID.rawValue)", perHour, .tooManyGames(limit: perHour))
        }
    }
}

/// A word list an account uploaded.
public struct StoredWordList: Sendable, Equatable {
    public var id: Int64
    public var accountID: Account.ID
    public var name: String
    public var wordCount: Int
    public var createdAt: Date
    /// The words, one a line; nil where only the list's summary was read.
    public var words: String?

    public init(id: Int64, accountID: Account.ID, name: String, wordCount: Int, createdAt: Date, words: String?) {
        self.id = id
        self.accountID = accountID
        self.name = name
        self.wordCount = wordCount
        self.createdAt = createdAt
        self.words = words
    }
}

/// An account's answer to a day's puzzle.
public struct PuzzleAnswer: Sendable, Equatable {
    public var accountID: Account.ID
    public var day: Int
    public var letter: String
    public var correct: Bool
    public var answeredAt: Date

    public init(accountID: Account.ID, day: Int, letter: String, correct: Bool, answeredAt: Date) {
        self.accountID = accountID
        self.day = day
        self.letter = letter
        self.correct = correct
        self.answeredAt = answeredAt
    }
}

/// A player's Ghost record on one dictionary.
public struct GhostScore: Sendable, Hashable, Codable {
    public var username: String
    public var dictionary: String
    public var games: Int
    public var wins: Int
    public var losses: Int
    public var rounds: Int
    public var roundsLost: Int
    /// The Elo rating on this dictionary, rounded (it is kept unrounded); nil until the player
    /// has finished a game against another account (see `RatedGame`).
    public var rating: Int?
    /// The games that moved the rating.
    public var ratedGames: Int

    public init(username: String, dictionary: String, games: Int, wins: Int, losses: Int, rounds: Int, roundsLost: Int,
                rating: Double? = nil, ratedGames: Int = 0) {
        self.username = username
        self.dictionary = dictionary
        self.games = games
        self.wins = wins
        self.losses = losses
        self.rounds = rounds
        self.roundsLost = roundsLost
        self.rating = rating.map { Int($0.rounded()) }
        self.ratedGames = ratedGames
    }
}

