import FolioCore
import Foundation
import Ghost
import GRDB

/// A Ghost game as the database keeps it: the match (settings, seats, actions) and who may play
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

    public var id: String
    public var mode: Mode
    public var status: Status
    /// The account that started the game; a hot-seat game with an owner is theirs alone to play.
    public var ownerID: Int64?
    /// Per seat, the account that holds it: people at an online table, and the owner's own seat
    /// at a hot-seat game. Results are recorded for these accounts only.
    public var seatAccounts: [Int64?]
    public var match: Match
    public var createdAt: Date
    public var updatedAt: Date

    /// How many actions have been taken: what a client names to show which state it acted on.
    public var turn: Int { match.actions.count }

    public init(id: String, mode: Mode, status: Status, ownerID: Int64?, seatAccounts: [Int64?], match: Match,
                createdAt: Date = Date(), updatedAt: Date = Date()) {
        self.id = id
        self.mode = mode
        self.status = status
        self.ownerID = ownerID
        self.seatAccounts = seatAccounts
        self.match = match
        self.createdAt = createdAt
        self.updatedAt = updatedAt
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

/// A player's Ghost record on one dictionary.
public struct GhostScore: Sendable, Hashable, Codable {
    public var username: String
    public var dictionary: String
    public var games: Int
    public var wins: Int
    public var losses: Int
    public var rounds: Int
    public var roundsLost: Int
}

extension AppDatabase {
    /// Hot-seat games nobody owns are kept this long after their last move.
    static let anonymousGameLifetime: TimeInterval = 7 * 86_400

    public func createMatch(_ stored: StoredMatch) async throws {
        try await writer.write { db in
            try db.execute(sql: """
                INSERT INTO ghostGame (id, mode, status, dictionary, minLength, firstPlayer, ownerId, createdAt, updatedAt)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [stored.id, stored.mode.rawValue, stored.status.rawValue, stored.match.dictionary.rawValue,
                                 stored.match.minimumLength, stored.match.firstPlayer, stored.ownerID, stored.createdAt, stored.updatedAt])
            for (seat, info) in stored.match.seats.enumerated() {
                try db.execute(sql: "INSERT INTO ghostSeat (gameId, seat, name, kind, accountId) VALUES (?, ?, ?, ?, ?)",
                               arguments: [stored.id, seat, info.name, info.kind.rawValue, stored.seatAccounts[seat]])
            }
            try Self.appendMoves(db, id: stored.id, from: 0, of: stored.match.actions, at: stored.updatedAt)
            try db.execute(sql: "DELETE FROM ghostGame WHERE ownerId IS NULL AND mode = 'hotseat' AND updatedAt < ?",
                           arguments: [stored.updatedAt.addingTimeInterval(-Self.anonymousGameLifetime)])
        }
    }

    /// Seats an account at an online table's first open seat, under its username. The game
    /// starts when the last seat is taken. Joining a table one already sits at changes nothing.
    @discardableResult
    public func joinMatch(id: String, account: Account, now: Date = Date()) async throws -> StoredMatch {
        try await writer.write { db in
            guard var stored = try Self.match(db, id: id) else { throw GhostError.gameNotFound(id) }
            if stored.seatAccounts.contains(account.id) { return stored }
            guard stored.mode == .online, stored.status == .waiting, let seat = stored.openSeats.first else {
                throw GhostError.tableFull
            }
            stored.seatAccounts[seat] = account.id
            stored.match.seats[seat].name = account.username
            if stored.openSeats.isEmpty { stored.status = .playing }
            stored.updatedAt = now
            try db.execute(sql: "UPDATE ghostSeat SET accountId = ?, name = ? WHERE gameId = ? AND seat = ?",
                           arguments: [account.id, account.username, id, seat])
            try db.execute(sql: "UPDATE ghostGame SET status = ?, updatedAt = ?, version = version + 1 WHERE id = ?",
                           arguments: [stored.status.rawValue, now, id])
            return stored
        }
    }

    /// Changes a match inside one write transaction: `change` sees the stored state, applies the
    /// rules and returns the new match, whose actions must extend the stored ones. So two moves
    /// that race are refereed one after the other, each against the state the other left.
    /// When the game is over, each seat held by an account gets its result.
    @discardableResult
    public func updateMatch(id: String, now: Date = Date(),
                            _ change: @escaping @Sendable (StoredMatch) throws -> MatchChange) async throws -> StoredMatch {
        try await writer.write { db in
            guard var stored = try Self.match(db, id: id) else { throw GhostError.gameNotFound(id) }
            let result = try change(stored)
            let old = stored.match.actions
            guard result.match.actions.count >= old.count, Array(result.match.actions.prefix(old.count)) == old else {
                throw GhostError.staleMove
            }
            try Self.appendMoves(db, id: id, from: old.count, of: result.match.actions, at: now)
            stored.match = result.match
            stored.updatedAt = now
            if !result.standings.isEmpty {
                stored.status = .finished
                for standing in result.standings {
                    guard let accountID = stored.seatAccounts[standing.seat] else { continue }
                    try db.execute(sql: """
                        INSERT INTO ghostResult (gameId, accountId, dictionary, minLength, won, rounds, roundsLost, finishedAt)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                        """, arguments: [id, accountID, stored.match.dictionary.rawValue, stored.match.minimumLength, standing.won,
                                         standing.rounds, standing.roundsLost, now])
                }
            }
            try db.execute(sql: "UPDATE ghostGame SET status = ?, updatedAt = ?, version = version + 1 WHERE id = ?",
                           arguments: [stored.status.rawValue, now, id])
            return stored
        }
    }

    public var ghost: GhostRepository { GhostRepository(reader: writer) }

    // MARK: - Inside a transaction

    static func appendMoves(_ db: Database, id: String, from start: Int, of actions: [Game.Action], at date: Date) throws {
        for seq in start..<actions.count {
            try db.execute(sql: "INSERT INTO ghostMove (gameId, seq, action, at) VALUES (?, ?, ?, ?)",
                           arguments: [id, seq, actions[seq].code, date])
        }
    }

    static func match(_ db: Database, id: String) throws -> StoredMatch? {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM ghostGame WHERE id = ?", arguments: [id]) else { return nil }
        let seatRows = try Row.fetchAll(db, sql: "SELECT name, kind, accountId FROM ghostSeat WHERE gameId = ? ORDER BY seat",
                                        arguments: [id])
        let codes = try String.fetchAll(db, sql: "SELECT action FROM ghostMove WHERE gameId = ? ORDER BY seq", arguments: [id])
        let actions = codes.compactMap(Game.Action.init(code:))
        guard actions.count == codes.count,
              let mode = StoredMatch.Mode(rawValue: row["mode"]), let status = StoredMatch.Status(rawValue: row["status"]),
              let dictionary = GhostDictionary(rawValue: row["dictionary"]) else {
            throw StoreError.corruptRow(table: "ghostGame", id: id)
        }
        var seats: [Match.Seat] = []
        for seatRow in seatRows {
            guard let kind = Match.Seat.Kind(rawValue: seatRow["kind"]) else { throw StoreError.corruptRow(table: "ghostSeat", id: id) }
            seats.append(Match.Seat(name: seatRow["name"], kind: kind))
        }
        do {
            let match = try Match(dictionary: dictionary, minimumLength: row["minLength"], seats: seats,
                                  firstPlayer: row["firstPlayer"], actions: actions)
            return StoredMatch(id: id, mode: mode, status: status, ownerID: row["ownerId"],
                               seatAccounts: seatRows.map { $0["accountId"] }, match: match,
                               createdAt: row["createdAt"], updatedAt: row["updatedAt"])
        } catch {
            throw StoreError.corruptRow(table: "ghostGame", id: id)
        }
    }
}

/// Reads of Ghost games and scores.
public struct GhostRepository: Sendable {
    let reader: any DatabaseReader

    public func match(id: String) async throws -> StoredMatch? {
        try await reader.read { db in try AppDatabase.match(db, id: id) }
    }

    /// A number that moves on with every join and move: a cheap check for watchers.
    public func version(id: String) async throws -> Int? {
        try await reader.read { db in try Int.fetchOne(db, sql: "SELECT version FROM ghostGame WHERE id = ?", arguments: [id]) }
    }

    /// The games an account sits at or started, most recently played first.
    public func matches(accountID: Int64, limit: Int = 20) async throws -> [StoredMatch] {
        try await reader.read { db in
            let ids = try String.fetchAll(db, sql: """
                SELECT id FROM ghostGame
                WHERE ownerId = ? OR id IN (SELECT gameId FROM ghostSeat WHERE accountId = ?)
                ORDER BY updatedAt DESC LIMIT ?
                """, arguments: [accountID, accountID, limit])
            return try ids.compactMap { try AppDatabase.match(db, id: $0) }
        }
    }

    /// The leaderboard: most wins first, then the better win rate, then the more games.
    public func highScores(dictionary: GhostDictionary? = nil, limit: Int = 50) async throws -> [GhostScore] {
        try await scores(where: dictionary == nil ? "" : "WHERE r.dictionary = ?",
                         arguments: dictionary.map { [$0.rawValue] } ?? [], limit: limit)
    }

    /// One account's records, a row per dictionary.
    public func scores(accountID: Int64) async throws -> [GhostScore] {
        try await scores(where: "WHERE r.accountId = ?", arguments: [accountID], limit: 10)
    }

    func scores(where filter: String, arguments: StatementArguments, limit: Int) async throws -> [GhostScore] {
        try await reader.read { db in
            try Row.fetchAll(db, sql: """
                SELECT a.username, r.dictionary, COUNT(*) AS games, SUM(r.won) AS wins, SUM(r.rounds) AS rounds,
                       SUM(r.roundsLost) AS roundsLost
                FROM ghostResult r JOIN account a ON a.id = r.accountId
                \(filter)
                GROUP BY r.accountId, r.dictionary
                ORDER BY wins DESC, CAST(wins AS REAL) / games DESC, games DESC, a.username COLLATE NOCASE
                LIMIT ?
                """, arguments: arguments + [limit]).map { row in
                let games: Int = row["games"], wins: Int = row["wins"]
                return GhostScore(username: row["username"], dictionary: row["dictionary"], games: games, wins: wins,
                                  losses: games - wins, rounds: row["rounds"], roundsLost: row["roundsLost"])
            }
        }
    }
}
