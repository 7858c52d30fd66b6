// The PostgreSQL engine: built with the PostgreSQL trait (on by default).
#if PostgreSQL
import FolioApp
import FolioCore
import Foundation
import Ghost
import PostgresNIO

/// Ghost on PostgreSQL. A join or a move locks the game's row (`SELECT … FOR UPDATE`), so two
/// moves on two instances are refereed one after the other, each against the state the other
/// left, exactly as SQLite's single writer does. Each committed change is announced on the
/// `folio_ghost` channel ("id version"), which every instance listens to for the rooms its
/// sockets watch.
extension PostgresDatabase: GhostStore {
    static let ghostChannel = "folio_ghost"

    public func createMatch(_ stored: StoredMatch, quota: GhostStartQuota?) async throws {
        try await write { connection in
            if case .openRooms(let accountID, let limit, let listed) = quota {
                try await connection.lock("rooms:\(accountID.rawValue)", logger)
                try await Self.checkOpenRooms(accountID, limit: limit, now: stored.createdAt, connection, logger)
                if let listed, stored.listed, stored.match.wordList != nil {
                    let open = try await connection.value("""
                        SELECT COUNT(*) FROM ghostGame WHERE ownerId = \(accountID.rawValue) AND mode = 'online' AND status <> 'finished' AND listed
                          AND wordListId IS NOT NULL AND updatedAt >= \(stored.createdAt.addingTimeInterval(-AppDatabase.openRoomIdleLifetime))
                        """, logger, as: Int.self) ?? 0
                    guard open < listed else { throw GhostError.tooManyListedRooms(limit: listed) }
                }
            }
            // Starts per hour, per address (no account) or per account, in one table.
            if let (key, perHour, refusal) = quota?.hourlyKey {
                try await connection.lock("anonymous-games:\(key)", logger)
                let hourAgo = stored.createdAt.addingTimeInterval(-3600)
                try await connection.run("DELETE FROM ghostAnonymousStart WHERE startedAt < \(hourAgo)", logger)
                let started = try await connection.value("""
                    SELECT COUNT(*) FROM ghostAnonymousStart WHERE address = \(key) AND startedAt >= \(hourAgo)
                    """, logger, as: Int.self) ?? 0
                guard started < perHour else { throw refusal }
                try await connection.run("INSERT INTO ghostAnonymousStart (address, startedAt) VALUES (\(key), \(stored.createdAt))", logger)
            }
            let match = stored.match
            try await connection.run("""
                INSERT INTO ghostGame (id, mode, status, dictionary, minLength, challenges, variant, firstPlayer, ownerId, version,
                                       createdAt, updatedAt, listed, turnSeconds, wordListId)
                VALUES (\(stored.id.rawValue), \(stored.mode.rawValue), \(stored.status.rawValue), \(match.dictionary.rawValue),
                        \(match.minimumLength), \(match.rules.challenges.rawValue), \(match.rules.variant.rawValue), \(match.firstPlayer),
                        \(stored.ownerID?.rawValue), \(stored.version), \(stored.createdAt), \(stored.updatedAt), \(stored.listed),
                        \(stored.turnSeconds), \(match.wordList))
                """, logger)
            try await connection.run("""
                INSERT INTO ghostSeat (gameId, seat, name, kind, accountId)
                SELECT \(stored.id.rawValue), seat - 1, name, kind, NULLIF(accountId, 0)
                FROM unnest(\(match.seats.map(\.name)), \(match.seats.map(\.kind.rawValue)), \(stored.seatAccounts.map { $0?.rawValue ?? 0 }))
                  WITH ORDINALITY AS s(name, kind, accountId, seat)
                """, logger)
            try await Self.appendMoves(connection, logger, id: stored.id, from: 0, of: match.actions, at: stored.updatedAt)
            try await connection.run("""
                DELETE FROM ghostGame WHERE ownerId IS NULL AND mode = 'hotseat'
                  AND updatedAt < \(stored.updatedAt.addingTimeInterval(-AppDatabase.anonymousGameLifetime))
                """, logger)
        }
    }

    public func joinMatch(id: MatchID, account: Account, openRoomLimit: Int?, now: Date) async throws -> StoredMatch {
        try await write { connection in
            if openRoomLimit != nil {
                // The account's rooms first, then the game, in the order every start and join
                // takes them, so two joins never wait on each other in a circle.
                try await connection.lock("rooms:\(account.id.rawValue)", logger)
            }
            guard var stored = try await Self.match(connection, logger, id: id, forUpdate: true) else { throw GhostError.gameNotFound(id.rawValue) }
            if stored.seatAccounts.contains(account.id) { return stored }
            guard stored.mode == .online, stored.status == .waiting, let seat = stored.openSeats.first else { throw GhostError.tableFull }
            if let openRoomLimit { try await Self.checkOpenRooms(account.id, limit: openRoomLimit, now: now, connection, logger) }
            stored.seatAccounts[seat] = account.id
            stored.match.seats[seat].name = account.username
            if stored.openSeats.isEmpty { stored.status = .playing }
            stored.updatedAt = now
            try await connection.run("""
                UPDATE ghostSeat SET accountId = \(account.id.rawValue), name = \(account.username) WHERE gameId = \(id.rawValue) AND seat = \(seat)
                """, logger)
            stored.version = try await Self.advance(connection, logger, id: id, to: stored.status, at: now)
            return stored
        }
    }

    public func updateMatch(id: MatchID, now: Date, _ change: @escaping @Sendable (StoredMatch) throws -> MatchChange) async throws -> StoredMatch {
        try await write { connection in
            guard var stored = try await Self.match(connection, logger, id: id, forUpdate: true) else { throw GhostError.gameNotFound(id.rawValue) }
            let result = try change(stored)
            let old = stored.match.actions
            guard result.match.actions.count >= old.count, Array(result.match.actions.prefix(old.count)) == old else {
                throw GhostError.staleMove
            }
            try await Self.appendMoves(connection, logger, id: id, from: old.count, of: result.match.actions, at: now)
            stored.match = result.match
            stored.updatedAt = now
            if !result.standings.isEmpty {
                stored.status = .finished
                for standing in result.standings where stored.countsForScores {
                    guard let accountID = stored.seatAccounts[standing.seat] else { continue }
                    try await connection.run("""
                        INSERT INTO ghostResult (gameId, accountId, dictionary, minLength, won, rounds, roundsLost, finishedAt)
                        VALUES (\(id.rawValue), \(accountID.rawValue), \(stored.match.dictionary.rawValue), \(stored.match.minimumLength),
                                \(standing.won), \(standing.rounds), \(standing.roundsLost), \(now))
                        """, logger)
                }
                if let rated = RatedGame(stored, standings: result.standings) { try await Self.rate(connection, logger, rated, at: now) }
            }
            stored.version = try await Self.advance(connection, logger, id: id, to: stored.status, at: now)
            return stored
        }
    }

    public func storedMatch(id: MatchID) async throws -> StoredMatch? {
        try await read { try await Self.match($0, logger, id: id, forUpdate: false) }
    }

    public func matchVersions(ids: [MatchID]) async throws -> [MatchID: Int] {
        guard !ids.isEmpty else { return [:] }
        return try await read { connection in
            var versions: [MatchID: Int] = [:]
            for (id, version) in try await connection.all("SELECT id, version FROM ghostGame WHERE id = ANY(\(ids.map(\.rawValue)))",
                                                          logger, as: (String, Int).self) {
                if let id = MatchID(rawValue: id) { versions[id] = version }
            }
            return versions
        }
    }

    public func answerPuzzle(_ answer: PuzzleAnswer) async throws -> PuzzleAnswer {
        try await write { connection in
            try await connection.run("""
                INSERT INTO ghostPuzzleAnswer (accountId, day, letter, correct, answeredAt)
                VALUES (\(answer.accountID.rawValue), \(answer.day), \(answer.letter), \(answer.correct), \(answer.answeredAt))
                ON CONFLICT (accountId, day) DO NOTHING
                """, logger)
            return try await Self.puzzleAnswers(connection, logger, accountID: answer.accountID, fromDay: answer.day).first ?? answer
        }
    }

    public func puzzleAnswers(accountID: Account.ID, fromDay: Int) async throws -> [PuzzleAnswer] {
        try await read { try await Self.puzzleAnswers($0, logger, accountID: accountID, fromDay: fromDay) }
    }

    static func puzzleAnswers(_ connection: PostgresConnection, _ logger: Logger, accountID: Account.ID, fromDay: Int) async throws -> [PuzzleAnswer] {
        try await connection.all("""
            SELECT day, letter, correct, answeredAt FROM ghostPuzzleAnswer WHERE accountId = \(accountID.rawValue) AND day >= \(fromDay)
            ORDER BY day
            """, logger, as: (Int, String, Bool, Date).self).map {
            PuzzleAnswer(accountID: accountID, day: $0.0, letter: $0.1, correct: $0.2, answeredAt: $0.3)
        }
    }

    public func lobby(since: Date, limit: Int, offset: Int) async throws -> Page<StoredMatch> {
        try await read { connection in
            let total = try await connection.value("""
                SELECT COUNT(*) FROM ghostGame WHERE listed AND mode = 'online' AND status <> 'finished' AND updatedAt >= \(since)
                """, logger, as: Int.self) ?? 0
            let ids = try await connection.all("""
                SELECT id FROM ghostGame WHERE listed AND mode = 'online' AND status <> 'finished' AND updatedAt >= \(since)
                ORDER BY status = 'waiting' DESC, updatedAt DESC, id LIMIT \(max(0, limit)) OFFSET \(max(0, offset))
                """, logger, as: String.self)
            return Page(total: total, items: try await Self.matches(connection, logger, ids: ids), limit: limit, offset: offset)
        }
    }

    public func matches(accountID: Account.ID, limit: Int, offset: Int) async throws -> Page<StoredMatch> {
        try await read { connection in
            let mine = "SELECT id FROM ghostGame WHERE ownerId = $1 UNION SELECT gameId FROM ghostSeat WHERE accountId = $1"
            var bindings = PostgresBindings()
            bindings.append(accountID.rawValue)
            let total = try await connection.value(PostgresQuery(unsafeSQL: "SELECT COUNT(*) FROM (\(mine)) m", binds: bindings),
                                                   logger, as: Int.self) ?? 0
            bindings.append(max(0, limit))
            bindings.append(max(0, offset))
            let ids = try await connection.all(PostgresQuery(unsafeSQL: """
                SELECT g.id FROM ghostGame g JOIN (\(mine)) m ON m.id = g.id ORDER BY g.updatedAt DESC, g.id LIMIT $2 OFFSET $3
                """, binds: bindings), logger, as: String.self)
            return Page(total: total, items: try await Self.matches(connection, logger, ids: ids), limit: limit, offset: offset)
        }
    }

    public func highScores(dictionary: GhostDictionary?, order: GhostScoreOrder, limit: Int, offset: Int) async throws -> Page<GhostScore> {
        try await read { connection in
            let filter = dictionary == nil ? "" : "WHERE r.dictionary = $1"
            var bindings = PostgresBindings()
            if let dictionary { bindings.append(dictionary.rawValue) }
            let total = try await connection.value(PostgresQuery(unsafeSQL: """
                SELECT COUNT(*) FROM (SELECT 1 FROM ghostResult r \(filter) GROUP BY r.accountId, r.dictionary) g
                """, binds: bindings), logger, as: Int.self) ?? 0
            let items = try await Self.scores(connection, logger, where: filter, bindings, order: order, limit: limit, offset: offset)
            return Page(total: total, items: items, limit: limit, offset: offset)
        }
    }

    public func scores(accountID: Account.ID) async throws -> [GhostScore] {
        try await read { connection in
            var bindings = PostgresBindings()
            bindings.append(accountID.rawValue)
            return try await Self.scores(connection, logger, where: "WHERE r.accountId = $1", bindings,
                                         limit: GhostDictionary.allCases.count, offset: 0)
        }
    }

    // MARK: - Inside a transaction

    static func appendMoves(_ connection: PostgresConnection, _ logger: Logger, id: MatchID, from start: Int,
                            of actions: [Game.Action], at date: Date) async throws {
        guard start < actions.count else { return }
        _ = try await connection.rows(AppendMovesStatement(id: id.rawValue, start: start, actions: actions[start...].map(\.code), at: date), logger)
    }

    /// The game's new status and one more version, announced to every instance when the
    /// transaction commits (PostgreSQL holds a notification back until then).
    static func advance(_ connection: PostgresConnection, _ logger: Logger, id: MatchID, to status: StoredMatch.Status, at date: Date) async throws -> Int {
        try await connection.rows(AdvanceGameStatement(id: id.rawValue, status: status.rawValue, at: date), logger).first ?? 0
    }

    static func checkOpenRooms(_ accountID: Account.ID, limit: Int, now: Date, _ connection: PostgresConnection, _ logger: Logger) async throws {
        let open = try await connection.value("""
            SELECT COUNT(*) FROM ghostSeat s JOIN ghostGame g ON g.id = s.gameId
            WHERE s.accountId = \(accountID.rawValue) AND g.mode = 'online' AND g.status <> 'finished'
              AND g.updatedAt >= \(now.addingTimeInterval(-AppDatabase.openRoomIdleLifetime))
            """, logger, as: Int.self) ?? 0
        guard open < limit else { throw GhostError.tooManyOpenRooms(limit: limit) }
    }

    static let gameColumns = """
        id, mode, status, dictionary, minLength, challenges, variant, firstPlayer, ownerId, version, createdAt, updatedAt, listed, turnSeconds,
        wordListId
        """

    /// One game, as every move reads it: the game's row (locked for a move or a join), its
    /// seats and its actions in one statement, the seats and actions as arrays in order, so a
    /// move costs one round trip to read instead of three.
    /// One game, as every move reads it: the game's row (locked for a move or a join), its
    /// seats and its actions in one prepared statement, the seats and actions as arrays in
    /// order, so a move costs one round trip to read instead of three.
    static func match(_ connection: PostgresConnection, _ logger: Logger, id: MatchID, forUpdate: Bool) async throws -> StoredMatch? {
        let rows = forUpdate ? try await connection.rows(GhostMatchForUpdateStatement(id: id.rawValue), logger)
                             : try await connection.rows(GhostMatchStatement(id: id.rawValue), logger)
        guard let row = rows.first else { return nil }
        let game = GhostGameRecord(id: row.0, mode: row.1, status: row.2, dictionary: row.3, minLength: row.4, challenges: row.5,
                                   variant: row.6, firstPlayer: row.7, ownerId: row.8.map(Account.ID.init(rawValue:)), version: row.9,
                                   createdAt: row.10, updatedAt: row.11, listed: row.12, turnSeconds: row.13, wordListId: row.14)
        guard row.15.count == row.16.count, row.16.count == row.17.count, row.17.count == row.18.count else {
            throw StoreError.corruptRow(table: "ghostSeat", id: row.0)
        }
        let seats = row.15.indices.map { index in
            GhostSeatRecord(gameId: row.0, seat: row.15[index], name: row.16[index], kind: row.17[index],
                            accountId: row.18[index] == 0 ? nil : Account.ID(row.18[index]))
        }
        // The move's time is not part of the game's state, and not read.
        let moves = row.19.enumerated().map { GhostMoveRecord(gameId: row.0, seq: $0.offset, action: $0.element, at: row.11) }
        return try game.storedMatch(seats: seats, moves: moves)
    }

    /// The games with these ids, in the order given: three queries however many games.
    static func matches(_ connection: PostgresConnection, _ logger: Logger, ids: [String]) async throws -> [StoredMatch] {
        guard !ids.isEmpty else { return [] }
        let games = Dictionary(try await gameRecords(connection, logger, "SELECT \(unescaped: gameColumns) FROM ghostGame WHERE id = ANY(\(ids))")
            .map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let seats = Dictionary(grouping: try await seatRecords(connection, logger, ids: ids), by: \.gameId)
        let moves = Dictionary(grouping: try await moveRecords(connection, logger, ids: ids), by: \.gameId)
        return try ids.compactMap { key in try games[key]?.storedMatch(seats: seats[key] ?? [], moves: moves[key] ?? []) }
    }

    static func gameRecords(_ connection: PostgresConnection, _ logger: Logger, _ query: PostgresQuery) async throws -> [GhostGameRecord] {
        try await connection.all(query, logger, as: (String, String, String, String, Int, String, String, Int, Int64?, Int, Date, Date, Bool, Int,
                                                     Int64?).self).map {
            GhostGameRecord(id: $0.0, mode: $0.1, status: $0.2, dictionary: $0.3, minLength: $0.4, challenges: $0.5, variant: $0.6,
                            firstPlayer: $0.7, ownerId: $0.8.map(Account.ID.init(rawValue:)), version: $0.9, createdAt: $0.10,
                            updatedAt: $0.11, listed: $0.12, turnSeconds: $0.13, wordListId: $0.14)
        }
    }

    static func seatRecords(_ connection: PostgresConnection, _ logger: Logger, ids: [String]) async throws -> [GhostSeatRecord] {
        try await connection.all("""
            SELECT gameId, seat, name, kind, accountId FROM ghostSeat WHERE gameId = ANY(\(ids)) ORDER BY gameId, seat
            """, logger, as: (String, Int, String, String, Int64?).self).map {
            GhostSeatRecord(gameId: $0.0, seat: $0.1, name: $0.2, kind: $0.3, accountId: $0.4.map(Account.ID.init(rawValue:)))
        }
    }

    static func moveRecords(_ connection: PostgresConnection, _ logger: Logger, ids: [String]) async throws -> [GhostMoveRecord] {
        try await connection.all("""
            SELECT gameId, seq, action, at FROM ghostMove WHERE gameId = ANY(\(ids)) ORDER BY gameId, seq
            """, logger, as: (String, Int, String, Date).self).map { GhostMoveRecord(gameId: $0.0, seq: $0.1, action: $0.2, at: $0.3) }
    }

    /// The orders of the leaderboard, each ending in the username and dictionary so that a page
    /// never repeats or skips a row, as SQLite orders them. SQL text chosen from a closed set,
    /// never from input.
    static func orderClause(_ order: GhostScoreOrder) -> String {
        switch order {
        case .wins: "wins DESC, CAST(SUM(r.won::int) AS double precision) / COUNT(*) DESC, games DESC, folio_nocase(a.username), r.dictionary"
        case .rating: "MAX(g.rating) DESC NULLS LAST, folio_nocase(a.username), r.dictionary"
        }
    }

    static func scores(_ connection: PostgresConnection, _ logger: Logger, where filter: String, _ bindings: PostgresBindings,
                       order: GhostScoreOrder = .wins, limit: Int, offset: Int) async throws -> [GhostScore] {
        var bindings = bindings
        bindings.append(max(0, limit))
        bindings.append(max(0, offset))
        let count = bindings.count
        return try await connection.all(PostgresQuery(unsafeSQL: """
            SELECT a.username, r.dictionary, COUNT(*) AS games, SUM(r.won::int)::bigint AS wins, SUM(r.rounds)::bigint AS rounds,
                   SUM(r.roundsLost)::bigint AS roundsLost, MAX(g.rating) AS rating, COALESCE(MAX(g.ratedGames), 0)::bigint AS ratedGames
            FROM ghostResult r JOIN account a ON a.id = r.accountId
            LEFT JOIN ghostRating g ON g.accountId = r.accountId AND g.dictionary = r.dictionary
            \(filter)
            GROUP BY r.accountId, a.username, r.dictionary
            ORDER BY \(orderClause(order))
            LIMIT $\(count - 1) OFFSET $\(count)
            """, binds: bindings), logger, as: (String, String, Int, Int, Int, Int, Double?, Int).self).map {
            GhostScore(username: $0.0, dictionary: $0.1, games: $0.2, wins: $0.3, losses: $0.2 - $0.3, rounds: $0.4, roundsLost: $0.5,
                       rating: $0.6, ratedGames: $0.7)
        }
    }
}
#endif
