import FolioCore
import Foundation
import Ghost
import Synchronization

/// A game as stored and the state its moves make, replayed once.
public struct Played: Sendable {
    public let stored: StoredMatch
    public let game: Game
    public let lexicon: Lexicon

    public init(stored: StoredMatch, game: Game, lexicon: Lexicon) {
        self.stored = stored
        self.game = game
        self.lexicon = lexicon
    }
}

/// Who hears that a game changed: the server's room hub, which pushes `state` (the game as the
/// change left it, when the referee has it) to the room's sockets.
public protocol GhostWatchers: Sendable {
    func changed(_ id: MatchID, version: Int?, state: Played?)
}

/// The quotas on starting games and opening rooms.
public struct GhostLimits: Sendable {
    /// Hot-seat games a visitor without an account may start from one address in an hour.
    public var anonymousGamesPerAddressPerHour: Int
    /// Rooms an account may have open (opened or joined, not finished) at once.
    public var openRoomsPerAccount: Int
    /// Hot-seat games (or games against the computer) an account may start in an hour: 2,000
    /// in 10 s went through before there was one.
    public var gamesPerAccountPerHour: Int
    /// Listed rooms on uploaded word lists an account may have open at once.
    public var listedUploadedRoomsPerAccount: Int

    public init(anonymousGamesPerAddressPerHour: Int, openRoomsPerAccount: Int, gamesPerAccountPerHour: Int = 300,
                listedUploadedRoomsPerAccount: Int = 2) {
        self.anonymousGamesPerAddressPerHour = anonymousGamesPerAddressPerHour
        self.openRoomsPerAccount = openRoomsPerAccount
        self.gamesPerAccountPerHour = gamesPerAccountPerHour
        self.listedUploadedRoomsPerAccount = listedUploadedRoomsPerAccount
    }
}

/// Referees Ghost games kept in a store: starts them, seats players, checks that whoever acts
/// may act, applies the rules and the computers' replies inside one write, and tells the game's
/// watchers. Pages, the API and the WebSocket all come through here.
public struct GhostReferee: Sendable {
    /// Reached only through the referee's methods: faces ask the referee, never the store.
    let store: any GhostStore & AccountStore
    public let dictionaries: GhostDictionaries
    private let watchers: any GhostWatchers
    public let limits: GhostLimits
    /// The time: every move, join and turn timer reads it here, so tests can move it on.
    public let clock: @Sendable () -> Date

    public init(store: any GhostStore & AccountStore, dictionaries: GhostDictionaries, watchers: any GhostWatchers, limits: GhostLimits,
                clock: @escaping @Sendable () -> Date = { Date() }) {
        self.store = store
        self.dictionaries = dictionaries
        self.watchers = watchers
        self.limits = limits
        self.clock = clock
    }

    /// How long a room may sit unmoved and still be shown in the lobby.
    public static let lobbyLifetime: TimeInterval = 86_400

    /// A hot-seat game; a logged-in creator may claim one seat, whose results then count for them,
    /// and its choices are remembered for their next setup (see `preferences(of:)`). Without an
    /// account, `address` may start `anonymousGamesPerAddressPerHour` games an hour; an account,
    /// `gamesPerAccountPerHour`.
    public func startHotSeat(_ setup: Match, ownSeat: Int?, account: Account?, address: String,
                             playedIn: StoredMatch? = nil) async throws -> StoredMatch {
        var match = setup
        let lexicon = try await newGameLexicon(match, account: account, playedIn: playedIn)
        var random = SystemRandomNumberGenerator()
        _ = try match.start(lexicon: lexicon, using: &random)
        var seatAccounts = [Account.ID?](repeating: nil, count: match.seats.count)
        if let account, let ownSeat, match.seats.indices.contains(ownSeat), match.seats[ownSeat].kind == .person {
            seatAccounts[ownSeat] = account.id
        }
        let now = clock()
        let stored = StoredMatch(id: MatchID.random(), mode: .hotSeat, status: .playing, ownerID: account?.id,
                                 seatAccounts: seatAccounts, match: match, createdAt: now, updatedAt: now)
        try await store.createMatch(stored, quota: account.map { .accountGames(accountID: $0.id, perHour: limits.gamesPerAccountPerHour) }
            ?? .anonymousGames(address: address, perHour: limits.anonymousGamesPerAddressPerHour))
        if let account { try await store.saveGhostPreferences(accountID: account.id, GhostPreferences(match)) }
        return stored
    }

    /// An online room: the creator takes the first seat; the other people's seats wait for
    /// accounts to join through the room's link (or the lobby, when `listed`); computer seats
    /// play at once. With `turnSeconds`, each turn has that long. The room counts against the
    /// creator's `openRoomsPerAccount` until it is finished; its choices are remembered for the
    /// creator's next setup.
    public func openRoom(dictionary: GhostDictionary, minimumLength: Int, rules: Rules = .standard, people: Int,
                         computers: [ComputerPlayer.Level], account: Account, listed: Bool = false,
                         turnSeconds: Int = 0, wordList: Int64? = nil, playedIn: StoredMatch? = nil) async throws -> StoredMatch {
        guard (0...StoredMatch.maximumTurnSeconds).contains(turnSeconds) else { throw GhostError.invalidTurnTime(turnSeconds) }
        let seats = try Match.roomSeats(creator: account.username, people: people, computers: computers)
        var match = try Match(dictionary: dictionary, minimumLength: minimumLength, rules: rules, seats: seats)
        match.wordList = wordList
        _ = try await newGameLexicon(match, account: account, playedIn: playedIn)
        var seatAccounts = [Account.ID?](repeating: nil, count: seats.count)
        seatAccounts[0] = account.id
        let now = clock()
        let stored = StoredMatch(id: MatchID.random(), mode: .online, status: people == 1 ? .playing : .waiting,
                                 ownerID: account.id, seatAccounts: seatAccounts, match: match, createdAt: now, updatedAt: now,
                                 listed: listed, turnSeconds: turnSeconds)
        try await store.createMatch(stored, quota: .openRooms(accountID: account.id, limit: limits.openRoomsPerAccount,
                                                              listedOnUploadedLists: limits.listedUploadedRoomsPerAccount))
        try await store.saveGhostPreferences(accountID: account.id, GhostPreferences(match))
        return stored
    }

    /// The same game again, for someone who played it: a hot-seat game with the next seat to
    /// start (for whoever may act for it), or a new room with the same seats, opened by `account`.
    public func rematch(_ old: StoredMatch, account: Account?, address: String) async throws -> StoredMatch {
        switch old.mode {
        case .hotSeat:
            guard Self.mayAct(old, seat: 0, account: account) else { throw GhostError.notYourSeat }
            return try await startHotSeat(old.match.rematch(), ownSeat: old.seatAccounts.firstIndex { $0 != nil && $0 == account?.id },
                                          account: account, address: address, playedIn: old)
        case .online:
            guard let account, old.seatAccounts.contains(account.id) else { throw GhostError.notYourSeat }
            return try await openRoom(dictionary: old.match.dictionary, minimumLength: old.match.minimumLength, rules: old.match.rules,
                                      people: old.match.personCount, computers: old.match.computerLevels, account: account,
                                      listed: old.listed, turnSeconds: old.turnSeconds, wordList: old.match.wordList, playedIn: old)
        }
    }

    /// A seat taken counts against the account's `openRoomsPerAccount` like a room opened.
    public func join(_ id: MatchID, account: Account) async throws -> StoredMatch {
        let stored = try await store.joinMatch(id: id, account: account, openRoomLimit: limits.openRoomsPerAccount, now: clock())
        watchers.changed(stored.id, version: stored.version, state: nil)
        return stored
    }

    /// Applies one action. `turn`, when given, is the number of actions the player saw: a move
    /// chosen against an older state is refused rather than applied twice or out of place.
    ///
    /// One way through: the game is read once, inside the write that checks and stores the move,
    /// replayed once, and the state the move made goes to the answer and to the room's sockets,
    /// which render it without reading the game again.
    public func act(_ id: MatchID, _ action: Game.Action, turn: Int?, account: Account?) async throws -> Played {
        // Only the server runs a player's clock out.
        if action == .timeOut { throw GhostError.turnTimeLeft }
        return try await referee(id, action, turn: turn) { [clock] stored, game in
            let seat = game.playerToAct
            guard Self.mayAct(stored, seat: seat, account: account) else {
                if stored.mode == .online, let account, stored.seatAccounts.contains(account.id) {
                    throw GhostError.notYourTurn(waitingFor: stored.match.seats[seat].name)
                }
                throw GhostError.notYourSeat
            }
            // Nobody plays during the pause after a round: the next round's clock starts for
            // every player at once.
            let now = clock()
            if let starts = stored.clock(in: game)?.roundStarts, now < starts {
                throw GhostError.roundNotStarted(secondsLeft: Int(starts.timeIntervalSince(now).rounded(.up)))
            }
        }
    }

    /// Runs the turn timer out: when the room's deadline has passed, the player to act loses
    /// the round. Anyone may ask (every socket on the room does, on whichever instance holds
    /// it); the write checks the deadline against the stored game, so only the first of several
    /// askers changes anything. Nil when there was nothing to enforce.
    @discardableResult
    public func enforceTurnTimer(_ id: MatchID) async throws -> Played? {
        do {
            return try await referee(id, .timeOut, turn: nil) { [clock] stored, game in
                guard let deadline = stored.clock(in: game)?.deadline, clock() >= deadline else { throw GhostError.turnTimeLeft }
            }
        } catch GhostError.turnTimeLeft {
            return nil
        }
    }

    /// The one way an action reaches a stored game: read, checked by `check` (who may act for
    /// the seat to act), refereed, stored and announced in one write.
    private func referee(_ id: MatchID, _ action: Game.Action, turn: Int?,
                         check: @escaping @Sendable (StoredMatch, Game) throws -> Void) async throws -> Played {
        do {
            return try await refereeLoaded(id, action, turn: turn, check: check)
        } catch is LexiconNotReady {
            // The game's list is not loaded here yet (this server restarted, or another instance
            // started the game): read or build it outside the write, then referee again with it
            // in hand. Building Dutch's Superghost index takes 0.6 s, which no other writer
            // should wait for.
            let lexicon = try await lexicon(for: try await match(id).match)
            return try await refereeLoaded(id, action, turn: turn, lexicon: lexicon, check: check)
        }
    }

    private func refereeLoaded(_ id: MatchID, _ action: Game.Action, turn: Int?, lexicon loaded: Lexicon? = nil,
                               check: @escaping @Sendable (StoredMatch, Game) throws -> Void) async throws -> Played {
        let after = Mutex<(game: Game, lexicon: Lexicon)?>(nil)
        let stored = try await store.updateMatch(id: id, now: clock()) { [dictionaries] stored in
            switch stored.status {
            case .waiting: throw GhostError.waitingForPlayers(stored.openSeats.count)
            case .finished: throw GhostError.gameOver
            case .playing: break
            }
            if let turn, turn != stored.turn { throw GhostError.staleMove }
            guard let lexicon = loaded ?? dictionaries.readyLexicon(for: stored.match) else { throw LexiconNotReady() }
            var game = try stored.match.replay(lexicon: lexicon)
            try check(stored, game)
            var match = stored.match
            var random = SystemRandomNumberGenerator()
            try match.play(action, on: &game, lexicon: lexicon, using: &random)
            after.withLock { [game] in $0 = (game, lexicon) }
            return MatchChange(match: match, standings: Match.standings(of: game))
        }
        guard let (game, lexicon) = after.withLock({ $0 }) else { throw GhostError.gameNotFound(id.rawValue) }
        let played = Played(stored: stored, game: game, lexicon: lexicon)
        watchers.changed(id, version: stored.version, state: played)
        return played
    }

    /// Whether `account` (nil: a visitor without one) may act for `seat`. At a hot-seat game
    /// whoever holds the device acts for everyone, but a game started by an account is theirs
    /// alone; at an online table each person acts for their own seat only.
    public static func mayAct(_ stored: StoredMatch, seat: Int, account: Account?) -> Bool {
        switch stored.mode {
        case .hotSeat:
            return stored.ownerID == nil || stored.ownerID == account?.id
        case .online:
            return account != nil && stored.seatAccounts[seat] == account?.id
        }
    }

    /// A stored game, as stored: `played` replays it.
    public func match(_ id: MatchID) async throws -> StoredMatch {
        guard let stored = try await store.storedMatch(id: id) else { throw GhostError.gameNotFound(id.rawValue) }
        return stored
    }

    /// The public lobby, a page at a time: listed rooms waiting for players or in play. Nothing
    /// is replayed and no list read: the anonymous lobby used to build the index of every
    /// uploaded list on its page, and 17 rooms on big lists took each read to 3.6–7.9 s.
    public func lobby(limit: Int, offset: Int) async throws -> Page<StoredMatch> {
        try await store.lobby(since: clock().addingTimeInterval(-Self.lobbyLifetime), limit: limit, offset: offset)
    }

    /// A player's games, newest first, a page at a time.
    public func games(of account: Account, limit: Int, offset: Int) async throws -> Page<StoredMatch> {
        try await store.matches(accountID: account.id, limit: limit, offset: offset)
    }

    /// The best scores, of one dictionary or of both, in `order`, a page at a time.
    public func highScores(dictionary: GhostDictionary?, order: GhostScoreOrder = .wins, limit: Int, offset: Int) async throws -> Page<GhostScore> {
        try await store.highScores(dictionary: dictionary, order: order, limit: limit, offset: offset)
    }

    /// The choices a new game of `account`'s starts with: those it last started one with, or
    /// the defaults (always the defaults for a visitor without an account).
    public func preferences(of account: Account?) async throws -> GhostPreferences {
        guard let account else { return .standard }
        return try await store.ghostPreferences(accountID: account.id) ?? .standard
    }

    /// One player's own best scores.
    public func scores(of account: Account) async throws -> [GhostScore] {
        try await store.scores(accountID: account.id)
    }

    /// Whether `sessionToken` still signs in `account`: a socket asks before every move, so a
    /// log-out or a password change elsewhere stops it acting.
    public func isSignedIn(_ account: Account, sessionToken: String) async throws -> Bool {
        try await store.account(sessionToken: sessionToken, now: Date())?.id == account.id
    }

    /// The game as it stands, an expired turn run out first: a page or a request reading a
    /// room nobody watches live still sees the timer kept (by `viewer`, only where the game's
    /// list is in memory or they sit at the table: see `played(_:for:)`).
    public func currentMatch(_ id: MatchID, viewer: Account?) async throws -> StoredMatch {
        let stored = try await match(id)
        guard let earliest = stored.earliestDeadline, clock() >= earliest, mayLoadList(of: stored, for: viewer) else { return stored }
        // The turn's own clock needs the game (a pause after a round, a player away): replayed
        // here, so that a read of a table waiting for someone never asks for the writer.
        guard let deadline = stored.clock(in: try await played(stored).game)?.deadline, clock() >= deadline,
              let played = try await enforceTurnTimer(id) else { return stored }
        return played.stored
    }

    /// A stored game replayed, its list read and indexed first if need be.
    public func played(_ stored: StoredMatch) async throws -> Played {
        let lexicon = try await lexicon(for: stored.match)
        return Played(stored: stored, game: try stored.match.replay(lexicon: lexicon), lexicon: lexicon)
    }

    /// A stored game replayed for `viewer` to see. An uploaded list that is not in memory is read
    /// and indexed only for someone at the table: a watcher, a visitor or the lobby never makes
    /// the server build an index (each up to 130 MB and half a second), and is told to try again
    /// (`wordListNotLoaded`, 503) until a player's page, socket or move has loaded it.
    public func played(_ stored: StoredMatch, for viewer: Account?) async throws -> Played {
        guard mayLoadList(of: stored, for: viewer) else { throw GhostError.wordListNotLoaded }
        return try await played(stored)
    }

    /// Whether showing `stored` to `viewer` may read and index its list.
    func mayLoadList(of stored: StoredMatch, for viewer: Account?) -> Bool {
        guard stored.match.wordList != nil, dictionaries.readyLexicon(for: stored.match) == nil else { return true }
        guard let viewer else { return false }
        return stored.ownerID == viewer.id || stored.seatAccounts.contains(viewer.id)
    }
}

/// Refereeing found the game's list not yet read or indexed here; the referee does that outside
/// the write and tries again.
struct LexiconNotReady: Error {}
