import FolioCore
import Foundation
import Ghost
import GRDB

extension AppDatabase {
    /// Hot-seat games nobody owns are kept this long after their last move.
    static let anonymousGameLifetime: TimeInterval = 7 * 86_400

    /// A room stops counting against its players' quota once nobody has moved in it for this
    /// long, so a room whose other players walked away never locks an account out.
    public static let openRoomIdleLifetime: TimeInterval = 86_400

    /// Stores a new game; with a quota, refuses it (and stores nothing) when the quota is used up.
    public func createMatch(_ stored: StoredMatch, quota: GhostStartQuota? = nil) async throws {
        try await writer.write { db in
            if case .openRooms(let accountID, let limit, let listed) = quota {
                try Self.checkOpenRooms(db, accountID: accountID, limit: limit, now: stored.createdAt)
                if let listed, stored.listed, stored.match.wordList != nil {
                    let open = try Int.fetchOne(db, sql: """
                        SELECT COUNT(*) FROM ghostGame WHERE ownerId = ? AND mode = 'online' AND status != 'finished' AND listed
                          AND wordListId IS NOT NULL AND updatedAt >= ?
                        """, arguments: [accountID, stored.createdAt.addingTimeInterval(-Self.openRoomIdleLifetime)]) ?? 0
                    guard open < listed else { throw GhostError.tooManyListedRooms(limit: listed) }
                }
            }
            // Starts per hour, per address (no account) or per account, in one table.
            if let (key, perHour, refusal) = quota?.hourlyKey {
                let hourAgo = stored.createdAt.addingTimeInterval(-3600)
                try db.execute(sql: "DELETE FROM ghostAnonymousStart WHERE startedAt < ?", arguments: [hourAgo])
                let started = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM ghostAnonymousStart WHERE address = ? AND startedAt >= ?",
                                               arguments: [key, hourAgo]) ?? 0
                guard started < perHour else { throw refusal }
                try db.execute(sql: "INSERT INTO ghostAnonymousStart (address, startedAt) VALUES (?, ?)",
                               arguments: [key, stored.createdAt])
            }
            try GhostGameRecord(stored).insert(db)
            for (seat, info) in stored.match.seats.enumerated() {
                try GhostSeatRecord(gameId: stored.id.rawValue, seat: seat, name: info.name, kind: info.kind.rawValue,
                                    accountId: stored.seatAccounts[seat]).insert(db)
            }
            try Self.appendMoves(db, id: stored.id, from: 0, of: stored.match.actions, at: stored.updatedAt)
            try GhostGameRecord
                .filter(GhostGameRecord.Columns.ownerId == nil && GhostGameRecord.Columns.mode == StoredMatch.Mode.hotSeat.rawValue
                        && GhostGameRecord.Columns.updatedAt < stored.updatedAt.addingTimeInterval(-Self.anonymousGameLifetime))
                .deleteAll(db)
        }
    }

    /// Seats an account at an online table's first open seat, under its username. The game
    /// starts when the last seat is taken. Joining a table one already sits at changes nothing.
    /// A seat taken counts against the account's open rooms when `openRoomLimit` is given.
    @discardableResult
    public func joinMatch(id: MatchID, account: Account, openRoomLimit: Int? = nil, now: Date = Date()) async throws -> StoredMatch {
        try await writer.write { db in
            guard var stored = try Self.match(db, id: id) else { throw GhostError.gameNotFound(id.rawValue) }
            if stored.seatAccounts.contains(account.id) { return stored }
            guard stored.mode == .online, stored.status == .waiting, let seat = stored.openSeats.first else {
                throw GhostError.tableFull
            }
            if let openRoomLimit { try Self.checkOpenRooms(db, accountID: account.id, limit: openRoomLimit, now: now) }
            stored.seatAccounts[seat] = account.id
            stored.match.seats[seat].name = account.username
            if stored.openSeats.isEmpty { stored.status = .playing }
            stored.updatedAt = now
            try GhostSeatRecord.filter(GhostSeatRecord.Columns.gameId == id.rawValue && GhostSeatRecord.Columns.seat == seat)
                .updateAll(db, GhostSeatRecord.Columns.accountId.set(to: account.id), GhostSeatRecord.Columns.name.set(to: account.username))
            try Self.advance(db, id: id, to: stored.status, at: now)
            stored.version += 1
            return stored
        }
    }

    /// Changes a match inside one write transaction: `change` sees the stored state, applies the
    /// rules and returns the new match, whose actions must extend the stored ones. So two moves
    /// that race are refereed one after the other, each against the state the other left.
    /// When the game is over, each seat held by an account gets its result, if the game
    /// `countsForScores`, and the accounts' ratings move, if it is a `RatedGame`.
    @discardableResult
    public func updateMatch(id: MatchID, now: Date = Date(),
                            _ change: @escaping @Sendable (StoredMatch) throws -> MatchChange) async throws -> StoredMatch {
        try await writer.write { db in
            guard var stored = try Self.match(db, id: id) else { throw GhostError.gameNotFound(id.rawValue) }
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
                for standing in result.standings where stored.countsForScores {
                    guard let accountID = stored.seatAccounts[standing.seat] else { continue }
                    try db.execute(sql: """
                        INSERT INTO ghostResult (gameId, accountId, dictionary, minLength, won, rounds, roundsLost, finishedAt)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                        """, arguments: [id, accountID, stored.match.dictionary.rawValue, stored.match.minimumLength, standing.won,
                                         standing.rounds, standing.roundsLost, now])
                }
                if let rated = RatedGame(stored, standings: result.standings) { try Self.rate(db, rated, at: now) }
            }
            try Self.advance(db, id: id, to: stored.status, at: now)
            stored.version += 1
            return stored
        }
    }

    /// Keeps an account's first answer to a day's puzzle; a later one stores nothing.
    public func keepPuzzleAnswer(_ answer: PuzzleAnswer) async throws -> PuzzleAnswer {
        try await writer.write { db in
            try db.execute(sql: """
                INSERT INTO ghostPuzzleAnswer (accountId, day, letter, correct, answeredAt) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (accountId, day) DO NOTHING
                """, arguments: [answer.accountID, answer.day, answer.letter, answer.correct, answer.answeredAt])
            return try Self.puzzleAnswers(db, accountID: answer.accountID, fromDay: answer.day).first ?? answer
        }
    }

    static func puzzleAnswers(_ db: Database, accountID: Account.ID, fromDay: Int) throws -> [PuzzleAnswer] {
        try Row.fetchAll(db, sql: """
            SELECT day, letter, correct, answeredAt FROM ghostPuzzleAnswer WHERE accountId = ? AND day >= ? ORDER BY day
            """, arguments: [accountID, fromDay]).map {
            PuzzleAnswer(accountID: accountID, day: $0["day"], letter: $0["letter"], correct: $0["correct"], answeredAt: $0["answeredAt"])
        }
    }

    public var ghost: GhostRepository { GhostRepository(reader: writer) }

    // MARK: - Inside a transaction

    static func appendMoves(_ db: Database, id: MatchID, from start: Int, of actions: [Game.Action], at date: Date) throws {
        for seq in start..<actions.count {
            try GhostMoveRecord(gameId: id.rawValue, seq: seq, action: actions[seq].code, at: date).insert(db)
        }
    }

    /// A game's new status, and one more version so its watchers see that it changed. Every
    /// move ends here, so the statement is prepared once per connection (see `match`).
    static func advance(_ db: Database, id: MatchID, to status: StoredMatch.Status, at date: Date) throws {
        try db.cachedStatement(sql: "UPDATE ghostGame SET status = ?, updatedAt = ?, version = version + 1 WHERE id = ?")
            .execute(arguments: [status.rawValue, date, id])
    }

    /// The online rooms `accountID` sits in (as creator or by joining) that are not finished and
    /// moved within `openRoomIdleLifetime`: refused with the limit's name once there are `limit`.
    static func checkOpenRooms(_ db: Database, accountID: Account.ID, limit: Int, now: Date) throws {
        let open = try Int.fetchOne(db, sql: """
            SELECT COUNT(*) FROM ghostSeat s JOIN ghostGame g ON g.id = s.gameId
            WHERE s.accountId = ? AND g.mode = 'online' AND g.status != 'finished' AND g.updatedAt >= ?
            """, arguments: [accountID, now.addingTimeInterval(-openRoomIdleLifetime)]) ?? 0
        guard open < limit else { throw GhostError.tooManyOpenRooms(limit: limit) }
    }

    /// One game, as every move reads it: three statements prepared once per connection. Built
    /// through the query interface they were generated and prepared anew on every move, which
    /// cost 0.1 ms of a 1.3 ms move (release, `scripts/ghost-move-bench.py`).
    static func match(_ db: Database, id: MatchID) throws -> StoredMatch? {
        guard let game = try GhostGameRecord.fetchOne(db.cachedStatement(sql: "SELECT * FROM ghostGame WHERE id = ?"),
                                                      arguments: [id]) else { return nil }
        let seats = try GhostSeatRecord.fetchAll(db.cachedStatement(sql: "SELECT * FROM ghostSeat WHERE gameId = ? ORDER BY seat"),
                                                 arguments: [id])
        let moves = try GhostMoveRecord.fetchAll(db.cachedStatement(sql: "SELECT * FROM ghostMove WHERE gameId = ? ORDER BY seq"),
                                                 arguments: [id])
        return try game.storedMatch(seats: seats, moves: moves)
    }

    /// The games with these ids, in the order given (ids of no game are left out): three
    /// queries however many games, not three per game.
    static func matches(_ db: Database, ids: [MatchID]) throws -> [StoredMatch] {
        guard !ids.isEmpty else { return [] }
        let keys = ids.map(\.rawValue)
        let games = Dictionary(try GhostGameRecord.filter(keys.contains(GhostGameRecord.Columns.id)).fetchAll(db).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let seats = Dictionary(grouping: try GhostSeatRecord.filter(keys.contains(GhostSeatRecord.Columns.gameId))
            .order(GhostSeatRecord.Columns.gameId, GhostSeatRecord.Columns.seat).fetchAll(db), by: \.gameId)
        let moves = Dictionary(grouping: try GhostMoveRecord.filter(keys.contains(GhostMoveRecord.Columns.gameId))
            .order(GhostMoveRecord.Columns.gameId, GhostMoveRecord.Columns.seq).fetchAll(db), by: \.gameId)
        return try keys.compactMap { key in
            try games[key]?.storedMatch(seats: seats[key] ?? [], moves: moves[key] ?? [])
        }
    }
}

/// Reads of Ghost games and scores.
public struct GhostRepository: Sendable {
    let reader: any DatabaseReader

    public func match(id: MatchID) async throws -> StoredMatch? {
        try await reader.read { db in try AppDatabase.match(db, id: id) }
    }

    /// The versions of the games among `ids` that exist: one query for every watched game of an
    /// instance (in chunks well under SQLite's limit of bound parameters).
    public func versions(ids: [MatchID]) async throws -> [MatchID: Int] {
        try await reader.read { db in
            var versions: [MatchID: Int] = [:]
            for start in stride(from: 0, to: ids.count, by: 500) {
                let chunk = ids[start..<min(ids.count, start + 500)].map(\.rawValue)
                let rows = try GhostGameRecord.select(GhostGameRecord.Columns.id, GhostGameRecord.Columns.version)
                    .filter(chunk.contains(GhostGameRecord.Columns.id)).asRequest(of: Row.self).fetchAll(db)
                for row in rows {
                    if let id = MatchID(rawValue: row[GhostGameRecord.Columns.id]) { versions[id] = row[GhostGameRecord.Columns.version] }
                }
            }
            return versions
        }
    }

    /// Listed online rooms not finished and moved in since `since`: waiting rooms first, then
    /// the most recently moved. Read through the partial index `ghostGame_lobby`.
    public func lobby(since: Date, limit: Int = 20, offset: Int = 0) async throws -> Page<StoredMatch> {
        try await reader.read { db in
            let open = "FROM ghostGame WHERE listed AND mode = 'online' AND status <> 'finished' AND updatedAt >= ?"
            let total = try Int.fetchOne(db, sql: "SELECT COUNT(*) \(open)", arguments: [since]) ?? 0
            let ids = try MatchID.fetchAll(db, sql: """
                SELECT id \(open) ORDER BY status = 'waiting' DESC, updatedAt DESC, id LIMIT ? OFFSET ?
                """, arguments: [since, limit, offset])
            return Page(total: total, items: try AppDatabase.matches(db, ids: ids), limit: limit, offset: offset)
        }
    }

    /// An account's answers to the daily puzzle from `fromDay` on, oldest first.
    public func puzzleAnswers(accountID: Account.ID, fromDay: Int) async throws -> [PuzzleAnswer] {
        try await reader.read { db in try AppDatabase.puzzleAnswers(db, accountID: accountID, fromDay: fromDay) }
    }

    /// The games an account sits at or started, most recently played first, a page at a time.
    public func matches(accountID: Account.ID, limit: Int = 20, offset: Int = 0) async throws -> Page<StoredMatch> {
        try await reader.read { db in
            // A union rather than `ownerId = ? OR id IN (…)`, so each half uses its index.
            let mine = """
                SELECT id FROM ghostGame WHERE ownerId = ?
                UNION SELECT gameId FROM ghostSeat WHERE accountId = ?
                """
            let total = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM (\(mine))", arguments: [accountID, accountID]) ?? 0
            let ids = try MatchID.fetchAll(db, sql: """
                SELECT g.id FROM ghostGame g JOIN (\(mine)) m ON m.id = g.id
                ORDER BY g.updatedAt DESC, g.id LIMIT ? OFFSET ?
                """, arguments: [accountID, accountID, limit, offset])
            return Page(total: total, items: try AppDatabase.matches(db, ids: ids), limit: limit, offset: offset)
        }
    }

    /// The leaderboard, a page at a time: most wins first, then the better win rate, then the
    /// more games; or by rating (see `GhostScoreOrder`).
    public func highScores(dictionary: GhostDictionary? = nil, order: GhostScoreOrder = .wins, limit: Int = 50,
                           offset: Int = 0) async throws -> Page<GhostScore> {
        let filter = dictionary == nil ? "" : "WHERE r.dictionary = ?"
        let arguments: StatementArguments = dictionary.map { [$0.rawValue] } ?? []
        return try await reader.read { db in
            let total = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM (SELECT 1 FROM ghostResult r \(filter) GROUP BY r.accountId, r.dictionary)",
                                         arguments: arguments) ?? 0
            return Page(total: total, items: try Self.scores(db, where: filter, arguments: arguments, order: order, limit: limit, offset: offset),
                        limit: limit, offset: offset)
        }
    }

    /// One account's records, a row per dictionary.
    public func scores(accountID: Account.ID) async throws -> [GhostScore] {
        try await reader.read { db in
            try Self.scores(db, where: "WHERE r.accountId = ?", arguments: [accountID], limit: GhostDictionary.allCases.count, offset: 0)
        }
    }

    /// The orders of the leaderboard, each ending in the username and dictionary so that a page
    /// never repeats or skips a row. SQL text chosen from a closed set, never from input.
    static func orderClause(_ order: GhostScoreOrder) -> String {
        switch order {
        case .wins: "wins DESC, CAST(wins AS REAL) / games DESC, games DESC, a.username COLLATE NOCASE, r.dictionary"
        case .rating: "MAX(g.rating) IS NULL, MAX(g.rating) DESC, a.username COLLATE NOCASE, r.dictionary"
        }
    }

    static func scores(_ db: Database, where filter: String, arguments: StatementArguments, order: GhostScoreOrder = .wins,
                       limit: Int, offset: Int) throws -> [GhostScore] {
        try Row.fetchAll(db, sql: """
            SELECT a.username, r.dictionary, COUNT(*) AS games, SUM(r.won) AS wins, SUM(r.rounds) AS rounds,
                   SUM(r.roundsLost) AS roundsLost, MAX(g.rating) AS rating, COALESCE(MAX(g.ratedGames), 0) AS ratedGames
            FROM ghostResult r JOIN account a ON a.id = r.accountId
            LEFT JOIN ghostRating g ON g.accountId = r.accountId AND g.dictionary = r.dictionary
            \(filter)
            GROUP BY r.accountId, r.dictionary
            ORDER BY \(orderClause(order))
            LIMIT ? OFFSET ?
            """, arguments: arguments + [limit, offset]).map { row in
            let games: Int = row["games"], wins: Int = row["wins"]
            return GhostScore(username: row["username"], dictionary: row["dictionary"], games: games, wins: wins,
                              losses: games - wins, rounds: row["rounds"], roundsLost: row["roundsLost"],
                              rating: row["rating"], ratedGames: row["ratedGames"])
        }
    }
}
