import FolioApp
import FolioCore
import Foundation
import Monologues

/// The lines of favourites an actor rehearses, written once for both engines. Every statement
/// names the account, and a line is only saved under the account's own favourite.
extension SQLDatabase {
    public func rehearsedLines(accountID: Account.ID, monologueID: String) async throws -> [RehearsedLine] {
        try await reading { db in
            try await db.rows("SELECT * FROM rehearsedLine WHERE accountId = \(accountID) AND monologueId = \(monologueID)",
                              as: RehearsedLineRecord.self).map { try $0.line() }
        }
    }

    public func rehearsedLines(accountID: Account.ID, among monologueIDs: [String]) async throws -> [String: [RehearsedLine]] {
        guard !monologueIDs.isEmpty else { return [:] }
        return try await reading { db in
            var lines: [String: [RehearsedLine]] = [:]
            for record in try await db.rows("SELECT * FROM rehearsedLine WHERE accountId = \(accountID) AND monologueId \(oneOf: monologueIDs)",
                                             as: RehearsedLineRecord.self) {
                lines[record.monologueId, default: []].append(try record.line())
            }
            return lines
        }
    }

    public func saveRehearsedLine(accountID: Account.ID, monologueID: String, _ line: RehearsedLine) async throws {
        try await transaction { db in try await Self.saveRehearsedLine(db, accountID: accountID, monologueID: monologueID, line) }
    }

    /// Saves a line sent from a device once: the operation's id is claimed in the same
    /// transaction, so a resend changes nothing (false).
    public func saveRehearsedLine(accountID: Account.ID, operation: String, monologueID: String, _ line: RehearsedLine) async throws -> Bool {
        try await transaction { db in
            guard try await db.execute("""
                INSERT INTO syncOperation (accountId, id, appliedAt) VALUES (\(accountID), \(operation), \(Date())) ON CONFLICT DO NOTHING
                """) > 0 else { return false }
            // A line refused (not the account's favourite) throws, and the claim goes with the transaction.
            try await Self.saveRehearsedLine(db, accountID: accountID, monologueID: monologueID, line)
            return true
        }
    }

    /// One statement: the line is written only when the favourite is the account's (its row is
    /// the owner check: the foreign key would refuse the line too, but as a constraint error
    /// rather than "not found").
    private static func saveRehearsedLine(_ db: any SQLConnection, accountID: Account.ID, monologueID: String, _ line: RehearsedLine) async throws {
        let r = RehearsedLineRecord(accountID: accountID, monologueID: monologueID, line)
        let written = try await db.execute("""
            INSERT INTO rehearsedLine (accountId, monologueId, lineKey, state, step, stability, difficulty, due, lastReview,
              help, wordPerfect, reviews, misses)
            SELECT accountId, monologueId, \(r.lineKey), \(r.state), \(r.step), \(r.stability), \(r.difficulty), \(r.due), \(r.lastReview),
              \(r.help), \(r.wordPerfect), \(r.reviews), \(r.misses)
            FROM favourite WHERE accountId = \(accountID) AND monologueId = \(monologueID)
            ON CONFLICT (accountId, monologueId, lineKey) DO UPDATE SET state = excluded.state, step = excluded.step,
              stability = excluded.stability, difficulty = excluded.difficulty, due = excluded.due,
              lastReview = excluded.lastReview, help = excluded.help, wordPerfect = excluded.wordPerfect,
              reviews = excluded.reviews, misses = excluded.misses
            """)
        if written == 0 { throw MonologueError.notFound(id: monologueID) }
    }

    public func forgetRehearsedLines(accountID: Account.ID, monologueID: String, keys: [String]) async throws {
        guard !keys.isEmpty else { return }
        try await transaction { db in
            try await db.execute("""
                DELETE FROM rehearsedLine WHERE accountId = \(accountID) AND monologueId = \(monologueID) AND lineKey \(oneOf: keys)
                """)
        }
    }
}
