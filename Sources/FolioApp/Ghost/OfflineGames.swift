import FolioCore
import FolioDigest
import Foundation
import Ghost

/// Ghost games an account played against the computer without a connection, counted for its
/// scores once they are sent. The device referees a game with the same rules as the server
/// (public/rules/ghost-*.js), but the server believes none of it: it replays every action
/// against its own word list, refuses any the rules refuse and any a computer could not have
/// chosen (`ComputerPlayer.choices`), and counts only a finished game, once. A game between people
/// on one device counts for nobody, as online (`StoredMatch.countsForScores`).
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
        /// More than one person at the table, or the account's seat is not a person's: such a
        /// game counts for nobody (whoever holds the phone plays every person's seat).
        case notAgainstTheComputer
        /// Superghost, or an uploaded list: offline play is plain Ghost on the named dictionaries.
        case notPlayableOffline
        /// An action the rules refuse, or one its computer could not have chosen.
        case notByTheRules
        /// The game is not over.
        case unfinished
    }

    /// The most games one request may send, and the most actions a game may hold: eight players
    /// losing five rounds each, every round at the longest fragment and ending in a challenge
    /// answered, is under 1,600.
    public static let offlineBatchLimit = 20
    public static let offlineActionLimit = 2_000

    /// Counts an offline game for `account`, once.
    public func recordOfflineGame(_ offline: OfflineGame, account: Account) async throws -> OfflineOutcome {
        var setup = offline.match
        let actions = setup.actions
        setup.actions = []
        guard setup.rules.variant == .ghost, setup.wordList == nil else { return .notCounted(.notPlayableOffline) }
        guard setup.seats.indices.contains(offline.ownSeat), setup.seats[offline.ownSeat].kind == .person,
              setup.seats.indices.allSatisfy({ $0 == offline.ownSeat || setup.seats[$0].kind != .person }) else {
            return .notCounted(.notAgainstTheComputer)
        }
        guard actions.count <= Self.offlineActionLimit else { return .notCounted(.notByTheRules) }
        let lexicon = try await dictionaries.prepared(setup.dictionary, minimumLength: setup.minimumLength, variant: .ghost)
        // The replay, with the computers' every choice checked, on the dictionaries' work runner:
        // a hard computer at a table of three searches positions, and a request may send many moves.
        let unplayed = setup
        let replayed = try await dictionaries.builds.run { _ in Self.replay(unplayed, actions: actions, lexicon: lexicon) }
        guard let game = replayed else { return .notCounted(.notByTheRules) }
        guard game.isOver else { return .notCounted(.unfinished) }

        // The device's id gives the stored game's, within this account: a send again finds it.
        let id = MatchID(rawValue: Digest.hex(Digest.sha256(Data("folio-offline-game\u{0}\(account.id)\u{0}\(offline.id)".utf8)).prefix(16)))!
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

    /// The game the actions make, or nil when the rules refuse one or a computer's action is not
    /// one it could have chosen.
    static func replay(_ setup: Match, actions: [Game.Action], lexicon: Lexicon) -> Game? {
        guard var game = try? setup.replay(lexicon: lexicon) else { return nil }
        for action in actions {
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
