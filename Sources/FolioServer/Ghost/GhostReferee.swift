import FolioCore
import FolioStore
import Foundation
import Synchronization
import Ghost

/// Referees Ghost games kept in the database: starts them, seats players, checks that whoever
/// acts may act, applies the rules and the computers' replies inside one write, and tells the
/// game's watchers. Pages, the API and the WebSocket all come through here.
/// A game as stored and the state its moves make, replayed once.
struct Played: Sendable {
    let stored: StoredMatch
    let game: Game
    let solver: Solver
}

struct GhostReferee: Sendable {
    /// Reached only through the referee's methods: controllers ask the referee, never the store.
    private let database: any GhostStore & AccountStore
    let dictionaries: GhostDictionaries
    let hub: GhostRoomHub
    /// The quotas on starting games and opening rooms.
    var limits = ServerLimits()

    init(database: any GhostStore & AccountStore, dictionaries: GhostDictionaries, hub: GhostRoomHub, limits: ServerLimits = ServerLimits()) {
        self.database = database
        self.dictionaries = dictionaries
        self.hub = hub
        self.limits = limits
    }

    /// A hot-seat game; a logged-in creator may claim one seat, whose results then count for them.
    /// Without an account, `address` may start `anonymousGamesPerAddressPerHour` games an hour.
    func startHotSeat(_ setup: Match, ownSeat: Int?, account: Account?, address: String) async throws -> StoredMatch {
        var match = setup
        let solver = try dictionaries.solver(for: match)
        var random = SystemRandomNumberGenerator()
        _ = try match.start(solver: solver, using: &random)
        var seatAccounts = [Int64?](repeating: nil, count: match.seats.count)
        if let account, let ownSeat, match.seats.indices.contains(ownSeat), match.seats[ownSeat].kind == .person {
            seatAccounts[ownSeat] = account.id
        }
        let stored = StoredMatch(id: Self.newID(), mode: .hotSeat, status: .playing, ownerID: account?.id,
                                 seatAccounts: seatAccounts, match: match)
        try await database.createMatch(stored, quota: account == nil
            ? .anonymousGames(address: address, perHour: limits.anonymousGamesPerAddressPerHour) : nil)
        return stored
    }

    /// An online room: the creator takes the first seat; the other people's seats wait for
    /// accounts to join through the room's link; computer seats play at once. The room counts
    /// against the creator's `openRoomsPerAccount` until it is finished.
    func openRoom(dictionary: GhostDictionary, minimumLength: Int, people: Int, computers: [ComputerPlayer.Level],
                  account: Account) async throws -> StoredMatch {
        guard (1...Game.playerRange.upperBound).contains(people) else { throw GhostError.invalidPlayerCount(people + computers.count) }
        var seats = [Match.Seat(name: account.username, kind: .person)]
        seats += (1..<people).map { Match.Seat(name: "Open seat \($0 + 1)", kind: .person) }
        seats += computers.enumerated().map { k, level in
            Match.Seat(name: computers.count == 1 ? level.label : "\(level.label) \(k + 1)", kind: level == .easy ? .easy : .hard)
        }
        let match = try Match(dictionary: dictionary, minimumLength: minimumLength, seats: seats)
        _ = try dictionaries.solver(for: match)
        var seatAccounts = [Int64?](repeating: nil, count: seats.count)
        seatAccounts[0] = account.id
        let stored = StoredMatch(id: Self.newID(), mode: .online, status: people == 1 ? .playing : .waiting,
                                 ownerID: account.id, seatAccounts: seatAccounts, match: match)
        try await database.createMatch(stored, quota: .openRooms(accountID: account.id, limit: limits.openRoomsPerAccount))
        return stored
    }

    /// A seat taken counts against the account's `openRoomsPerAccount` like a room opened.
    func join(_ id: String, account: Account) async throws -> StoredMatch {
        let stored = try await database.joinMatch(id: try Self.checked(id), account: account, openRoomLimit: limits.openRoomsPerAccount, now: Date())
        hub.changed(stored.id, version: stored.version)
        return stored
    }

    /// Applies one action. `turn`, when given, is the number of actions the player saw: a move
    /// chosen against an older state is refused rather than applied twice or out of place.
    ///
    /// One way through: the game is read once, inside the write that checks and stores the move,
    /// replayed once, and the state the move made goes to the answer and to the room's sockets,
    /// which render it without reading the game again.
    func act(_ id: String, _ action: Game.Action, turn: Int?, account: Account?) async throws -> Played {
        let id = try Self.checked(id)
        let after = Mutex<(game: Game, solver: Solver)?>(nil)
        let stored = try await database.updateMatch(id: id, now: Date()) { [dictionaries] stored in
            switch stored.status {
            case .waiting: throw GhostError.waitingForPlayers(stored.openSeats.count)
            case .finished: throw GhostError.gameOver
            case .playing: break
            }
            if let turn, turn != stored.turn { throw GhostError.staleMove }
            // Kept after first use; a list loads in milliseconds, and the game's was loaded when
            // it started, so this rarely reads a file while holding the writer.
            let solver = try dictionaries.solver(for: stored.match)
            var game = try stored.match.replay(words: solver.words)
            let seat = game.playerToAct
            guard Self.mayAct(stored, seat: seat, account: account) else {
                if stored.mode == .online, let account, stored.seatAccounts.contains(account.id) {
                    throw GhostError.notYourTurn(waitingFor: stored.match.seats[seat].name)
                }
                throw GhostError.notYourSeat
            }
            var match = stored.match
            var random = SystemRandomNumberGenerator()
            try match.play(action, on: &game, solver: solver, using: &random)
            after.withLock { [game] in $0 = (game, solver) }
            return MatchChange(match: match, standings: Match.standings(of: game))
        }
        guard let (game, solver) = after.withLock({ $0 }) else { throw GhostError.gameNotFound(id) }
        let played = Played(stored: stored, game: game, solver: solver)
        hub.changed(id, version: stored.version, state: played)
        return played
    }

    /// Whether `account` (nil: a visitor without one) may act for `seat`. At a hot-seat game
    /// whoever holds the device acts for everyone, but a game started by an account is theirs
    /// alone; at an online table each person acts for their own seat only.
    static func mayAct(_ stored: StoredMatch, seat: Int, account: Account?) -> Bool {
        switch stored.mode {
        case .hotSeat:
            return stored.ownerID == nil || stored.ownerID == account?.id
        case .online:
            return account != nil && stored.seatAccounts[seat] == account?.id
        }
    }

    func match(_ id: String) async throws -> StoredMatch {
        let id = try Self.checked(id)
        guard let stored = try await database.storedMatch(id: id) else { throw GhostError.gameNotFound(id) }
        return stored
    }

    /// A player's games, newest first, a page at a time.
    func games(of account: Account, limit: Int, offset: Int) async throws -> GhostPage<StoredMatch> {
        try await database.matches(accountID: account.id, limit: limit, offset: offset)
    }

    /// The best scores, of one dictionary or of both, a page at a time.
    func highScores(dictionary: GhostDictionary?, limit: Int, offset: Int) async throws -> GhostPage<GhostScore> {
        try await database.highScores(dictionary: dictionary, limit: limit, offset: offset)
    }

    /// One player's own best scores.
    func scores(of account: Account) async throws -> [GhostScore] {
        try await database.scores(accountID: account.id)
    }

    /// Whether `sessionToken` still signs in `account`: a socket asks before every move, so a
    /// log-out or a password change elsewhere stops it acting.
    func isSignedIn(_ account: Account, sessionToken: String) async throws -> Bool {
        try await database.account(sessionToken: sessionToken, now: Date())?.id == account.id
    }

    func view(_ stored: StoredMatch, viewer: Account?) throws -> MatchView {
        view(try played(stored), viewer: viewer)
    }

    /// A state already replayed (a move's, pushed to a room), as `viewer` sees it.
    func view(_ played: Played, viewer: Account?) -> MatchView {
        MatchView(played.stored, game: played.game, solver: played.solver, viewer: viewer)
    }

    /// A stored game replayed.
    func played(_ stored: StoredMatch) throws -> Played {
        let solver = try dictionaries.solver(for: stored.match)
        return Played(stored: stored, game: try stored.match.replay(words: solver.words), solver: solver)
    }

    /// 128 random bits as hex: a game's link is hard to guess.
    static func newID() -> String {
        String(Cookies.randomToken().prefix(32))
    }

    /// Ids are what `newID` makes; anything else names no game, and is refused before it
    /// reaches the database.
    static func checked(_ id: String) throws(GhostError) -> String {
        guard id.utf8.count == 32, id.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }) else {
            throw .gameNotFound(String(id.prefix(40)))
        }
        return id
    }
}

/// An action as a form, the API or a WebSocket message names it.
struct MoveInput: Decodable, Sendable {
    static let maximumWordLength = 64

    let type: String
    let letter: String?
    let word: String?
    let turn: Int?

    func action() throws -> Game.Action {
        switch type {
        case "letter":
            let letter = (self.letter ?? "").trimmingSpaces.lowercased()
            guard letter.count == 1, let c = letter.first else {
                throw InputError.parameter("letter", String((self.letter ?? "").prefix(20)), "one letter a–z")
            }
            return .letter(c)
        case "challenge":
            return .challenge
        case "answer":
            let word = (self.word ?? "").trimmingSpaces.lowercased()
            guard (1...Self.maximumWordLength).contains(word.count) else {
                throw InputError.parameter("word", String(word.prefix(20)), "a word of 1 to \(Self.maximumWordLength) letters, or concede")
            }
            return .answer(word)
        case "concede":
            return .answer(nil)
        default:
            throw InputError.parameter("type", String(type.prefix(20)), "letter, challenge, answer or concede")
        }
    }
}
