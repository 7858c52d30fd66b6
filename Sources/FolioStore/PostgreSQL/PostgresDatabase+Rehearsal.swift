// The PostgreSQL engine: built with the PostgreSQL trait (on by default).
#if PostgreSQL
import FolioApp
import FolioCore
import Foundation
import Monologues
import PostgresNIO
import Vocabulary

/// The lines of favourites an actor rehearses, as `AppDatabase+Rehearsal` keeps them.
extension PostgresDatabase {
    static let rehearsedLineColumns = """
        monologueId, lineKey, state, step, stability, difficulty, due, lastReview, help, wordPerfect, reviews, misses
        """

    public func rehearsedLines(accountID: Account.ID, monologueID: String) async throws -> [RehearsedLine] {
        try await read { connection in
            try await Self.rehearsedLines(connection, logger, """
                SELECT \(unescaped: Self.rehearsedLineColumns) FROM rehearsedLine
                WHERE accountId = \(accountID.rawValue) AND monologueId = \(monologueID)
                """).map(\.line)
        }
    }

    public func rehearsedLines(accountID: Account.ID, among monologueIDs: [String]) async throws -> [String: [RehearsedLine]] {
        guard !monologueIDs.isEmpty else { return [:] }
        return try await read { connection in
            var lines: [String: [RehearsedLine]] = [:]
            for row in try await Self.rehearsedLines(connection, logger, """
                SELECT \(unescaped: Self.rehearsedLineColumns) FROM rehearsedLine
                WHERE accountId = \(accountID.rawValue) AND monologueId = ANY(\(monologueIDs))
                """) {
                lines[row.monologueID, default: []].append(row.line)
            }
            return lines
        }
    }

    /// One statement: the line is written only when the favourite is the account's.
    public func saveRehearsedLine(accountID: Account.ID, monologueID: String, _ line: RehearsedLine) async throws {
        let written = try await write { connection in
            try await connection.changes(Self.saveRehearsedLine(accountID: accountID, monologueID: monologueID, line), logger)
        }
        if written == 0 { throw MonologueError.notFound(id: monologueID) }
    }

    public func saveRehearsedLine(accountID: Account.ID, operation: String, monologueID: String, _ line: RehearsedLine) async throws -> Bool {
        try await write { connection in
            let claimed = try await connection.all("""
                INSERT INTO syncOperation (accountId, id, appliedAt) VALUES (\(accountID.rawValue), \(operation), \(Date()))
                ON CONFLICT DO NOTHING RETURNING accountId
                """, logger, as: Int64.self)
            guard !claimed.isEmpty else { return false }
            // Thrown inside the transaction: the claim is rolled back with it.
            if try await connection.changes(Self.saveRehearsedLine(accountID: accountID, monologueID: monologueID, line), logger) == 0 {
                throw MonologueError.notFound(id: monologueID)
            }
            return true
        }
    }

    static func saveRehearsedLine(accountID: Account.ID, monologueID: String, _ line: RehearsedLine) -> PostgresQuery {
        let card = line.card
        return """
            INSERT INTO rehearsedLine (accountId, monologueId, lineKey, state, step, stability, difficulty, due, lastReview,
              help, wordPerfect, reviews, misses)
            SELECT accountId, monologueId, \(line.key), \(card.state.rawValue), \(card.step), \(card.stability),
              \(card.difficulty), \(card.due), \(card.lastReview), \(line.help), \(line.wordPerfect), \(line.reviews), \(line.misses)
            FROM favourite WHERE accountId = \(accountID.rawValue) AND monologueId = \(monologueID)
            ON CONFLICT (accountId, monologueId, lineKey) DO UPDATE SET state = excluded.state, step = excluded.step,
              stability = excluded.stability, difficulty = excluded.difficulty, due = excluded.due,
              lastReview = excluded.lastReview, help = excluded.help, wordPerfect = excluded.wordPerfect,
              reviews = excluded.reviews, misses = excluded.misses
            """
    }

    public func forgetRehearsedLines(accountID: Account.ID, monologueID: String, keys: [String]) async throws {
        guard !keys.isEmpty else { return }
        try await write { connection in
            try await connection.run("""
                DELETE FROM rehearsedLine WHERE accountId = \(accountID.rawValue) AND monologueId = \(monologueID)
                  AND lineKey = ANY(\(keys))
                """, logger)
        }
    }

    static func rehearsedLines(_ connection: PostgresConnection, _ logger: Logger, _ query: PostgresQuery)
        async throws -> [(monologueID: String, line: RehearsedLine)] {
        try await connection.all(query, logger, as: (String, String, Int, Int?, Double?, Double?, Date, Date?, Int, Bool, Int, Int).self)
            .map { row in
                guard let state = CardState(rawValue: row.2) else {
                    throw StoreError.corruptRow(table: "rehearsedLine", id: "\(row.0) \(row.1)")
                }
                let card = Card(state: state, step: row.3, stability: row.4, difficulty: row.5, due: row.6, lastReview: row.7)
                return (row.0, RehearsedLine(key: row.1, card: card, help: row.8, wordPerfect: row.9, reviews: row.10, misses: row.11))
            }
    }
}
#endif
