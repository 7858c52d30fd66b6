import FolioCore
import FolioDigest
import Foundation
import Ghost

/// Ghost games an account played against the hard computer without a connection, counted for
/// its scores once they are sent. The device referees a game with the same rules as the server
/// (public/rules/ghost-*.js), but the server believes none of it: it replays every action
/// against its own word list, refuses any the rules refuse and any the computer could not have
/// chosen (`ComputerPlayer.choices`), and counts only a finished game, once. Only the hard
/// computer's games count: its choices are the winning moves (or, lost, the longest), so a
/// device cannot make it throw a game, whereas the easy computer may play any letter and a forged
/// game against it would be a sure win. A game between people on one device counts for nobody,
/// as online (`StoredMatch.countsForScores`).
extension GhostReferee {
    /// A game as the device sends it.
    public struct OfflineGame: Sendable {
        /// Made on the device; the same game sent twice counts once.
        public var id: String
        /// The setup, with every action in order.
        public var match: Match
        /// The account's seat: the one person at the table.
        public var ownSeat: Int
        public var startedAt: Date

        public init(id: String, match: Match, ownSeat: Int, startedAt: Date) throws(OfflineRevisionError) {
            guard OfflineRevision.Review.isWellFormed(id: id) else { throw .operationID(id) }
            self.id = id
            self.match = match
            self.ownSeat = ownSeat
            self.startedAt = startedAt
        }
    }

    /// What became of a game sent.
    public enum OfflineOutcome: Sendable, Equatable {
        /// Replayed, finished and counted for the account's scores now.
        case counted(MatchID)
        /// Counted already, by an earlier send of the same game.
        case alreadyCounted(MatchID)
        /// Not counted, and why.
        case notCounted(OfflineGameRefusal)
    }

    public enum OfflineGameRefusal: String, Sendable, Equatable {
        /// More than one person at the table, the account's seat is not a person's, or a
        /// computer is not the hard one: such a game counts for nobody (whoever holds the phone
        /// plays every person's seat, and could make an easy computer lose).
        case notAgainstTheComputer
        /// Superghost, or an uploaded list: offline play is plain Ghost on the named dictionaries.
        case notPlayableOffline
        /// An action the rules refuse, or one its computer could not have chosen.
        case notByTheRules
        /// The game is not over.
        case unfinished
    }

    /// The most games one request may send, and the most actions they may hold together: eight
    /// players losing five rounds each, every round at the longest fragment and ending in a
    /// challenge answered, is under 1,600. Each computer action is checked by the computer's own
    /// search (a hard computer at a table of three searches positions: up to 4 ms each in a
    /// browser, measured over Debian's English list), so this bounds a request's work.
    public static let offlineBatchLimit = 20
    public static let offlineActionLimit = 2_000
    /// The most seats a game played offline may have to count: the device's setup offers four.
    public static let offlineSeatLimit = 4

    /// Counts an offline game for `account`, once.
    /// `runner`: where the replay runs (the server's is the account's one place in a gate).
    public func recordOfflineGame(_ offline: OfflineGame, account: Account, runner: (any WorkRunner)? = nil) async throws -> OfflineOutcome {
        var setup = offline.match
        let actions = setup.actions
        setup.actions = []
        guard setup.rules.variant == .ghost, setup.wordList == nil else { return .notCounted(.notPlayableOffline) }
        guard setup.seats.count <= Self.offlineSeatLimit, setup.seats.indices.contains(offline.ownSeat),
              setup.seats[offline.ownSeat].kind == .person,
              setup.seats.indices.allSatisfy({ $0 == offline.ownSeat || setup.seats[$0].kind == .hard }) else {
            return .notCounted(.notAgainstTheComputer)
        }
        guard actions.count <= Self.offlineActionLimit else { return .notCounted(.notByTheRules) }
        let lexicon = try await dictionaries.prepared(setup.dictionary, minimumLength: setup.minimumLength, variant: .ghost)
        // The replay, with the computers' every choice checked, on the dictionaries' work runner:
        // a hard computer at a table of three searches positions, and a request may send many moves.
        let unplayed = setup
        let replayed = try await (runner ?? dictionaries.builds).run { isCancelled in
            Self.replay(unplayed, actions: actions, lexicon: lexicon, isCancelled: isCancelled)
        }
        guard let game = replayed else { return .notCounted(.notByTheRules) }
        guard game.isOver else { return .notCounted(.unfinished) }

        // The game itself gives the stored game's id, within this account: a send again, or the
        // same game sent under another id (two tabs, or a replay posted again), finds it.
        let id = Self.offlineGameID(finished: setup, actions: actions, account: account.id)
        if try await store.storedMatch(id: id) == nil {
            var seatAccounts = [Account.ID?](repeating: nil, count: setup.seats.count)
            seatAccounts[offline.ownSeat] = account.id
            let now = clock()
            let started = min(max(offline.startedAt, now.addingTimeInterval(-OfflineRevision.oldestDeviceTime)), now)
            let stored = StoredMatch(id: id, mode: .hotSeat, status: .playing, ownerID: account.id, seatAccounts: seatAccounts,
                                     match: setup, createdAt: started, updatedAt: now)
            do {
                try await store.createMatch(stored, quota: .accountGames(accountID: account.id, perHour: limits.gamesPerAccountPerHour))
            } catch {
                // The same game sent beside this one may have stored it just now; anything else stands.
                guard try await store.storedMatch(id: id) != nil else { throw error }
            }
        }
        var played = setup
        played.actions = actions
        let finished = played
        let standings = Match.standings(of: game)
        do {
            try await store.updateMatch(id: id, now: clock()) { stored in
                // Inside the write: a game finished already (by a send beside this one) counts once.
                guard stored.status != .finished else { throw CountedAlready() }
                return MatchChange(match: finished, standings: standings)
            }
        } catch is CountedAlready {
            return .alreadyCounted(id)
        }
        return .counted(id)
    }

    private struct CountedAlready: Error {}

    static func offlineGameID(finished setup: Match, actions: [Game.Action], account: Account.ID) -> MatchID {
        var text = "folio-offline-game\u{0}\(account)\u{0}\(setup.dictionary.rawValue)\u{0}\(setup.minimumLength)\u{0}"
        text += "\(setup.rules.challenges.rawValue)\u{0}\(setup.firstPlayer)\u{0}"
        text += setup.seats.map { "\($0.kind.rawValue):\($0.name)" }.joined(separator: "\u{1}") + "\u{0}"
        text += actions.map { action in
            switch action {
            case .letter(let letter, let side): "l\(side.rawValue):\(letter)"
            case .challenge: "c"
            case .answer(let word): word.map { "a:\($0)" } ?? "a"
            case .timeOut: "t"
            }
        }.joined(separator: "\u{1}")
        return MatchID(rawValue: Digest.hex(Digest.sha256(Data(text.utf8)).prefix(16)))!
    }

    /// The game the actions make, or nil when the rules refuse one or a computer's action is not
    /// one it could have chosen (or the request that sent it has gone).
    static func replay(_ setup: Match, actions: [Game.Action], lexicon: Lexicon,
                       isCancelled: @Sendable () -> Bool = { false }) -> Game? {
        guard var game = try? setup.replay(lexicon: lexicon) else { return nil }
        for action in actions {
            if isCancelled() { return nil }
            if case .timeOut = action { return nil }
            if let computer = setup.seats[game.playerToAct].kind.computer, !computer.couldChoose(action, in: game, lexicon: lexicon) {
                return nil
            }
            do { try game.apply(action) } catch { return nil }
        }
        return game
    }
}

extension ComputerPlayer {
    /// Whether `action` is among what this computer may do in `game` (`choices`).
    public func couldChoose(_ action: Game.Action, in game: Game, lexicon: Lexicon) -> Bool {
        switch (choices(in: game, lexicon: lexicon), action) {
        case (.answer(let word), .answer(let given)): word == given
        case (.challenge, .challenge): true
        case (.moves(let moves, let bluffs), .letter(let letter, let side)):
            (moves + bluffs).contains(SuperghostMove(letter: letter, side: side))
        default: false
        }
    }
}
