import FolioApp
import FolioCore
import Foundation
import GRDB
import Monologues

/// The lines of favourites an actor rehearses. Every statement names the account, and a line is
/// only saved under the account's own favourite.
extension AppDatabase {
    public func rehearsedLines(accountID: Account.ID, monologueID: String) async throws -> [RehearsedLine] {
        try await writer.read { db in
            try RehearsedLineRecord.filter(sql: "accountId = ? AND monologueId = ?", arguments: [accountID, monologueID])
                .fetchAll(db).map { try $0.line() }
        }
    }

    public func rehearsedLines(accountID: Account.ID, among monologueIDs: [String]) async throws -> [String: [RehearsedLine]] {
        guard !monologueIDs.isEmpty else { return [:] }
        return try await writer.read { db in
            var lines: [String: [RehearsedLine]] = [:]
            for record in try RehearsedLineRecord.filter(sql: "accountId = ?", arguments: [accountID])
                .filter(monologueIDs.contains(Column("monologueId"))).fetchAll(db) {
                lines[record.monologueId, default: []].append(try record.line())
            }
            return lines
        }
    }

    public func saveRehearsedLine(accountID: Account.ID, monologueID: String, _ line: RehearsedLine) async throws {
        try await writer.write { db in
            try Self.saveRehearsedLine(db, accountID: accountID, monologueID: monologueID, line)
        }
    }

    public func saveRehearsedLine(accountID: Account.ID, operation: String, monologueID: String, _ line: RehearsedLine) async throws -> Bool {
        try await writer.write { db in
            try db.execute(sql: "INSERT INTO syncOperation (accountId, id, appliedAt) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                           arguments: [accountID, operation, Date()])
            guard db.changesCount > 0 else { return false }
            // A line refused (not the account's favourite) throws, and the claim goes with the transaction.
            try Self.saveRehearsedLine(db, accountID: accountID, monologueID: monologueID, line)
            return true
        }
    }

    private static func saveRehearsedLine(_ db: Database, accountID: Account.ID, monologueID: String, _ line: RehearsedLine) throws {
        // The favourite's row is the owner check: without it the foreign key would refuse the
        // line anyway, but with a constraint error rather than "not found".
        guard try Int.fetchOne(db, sql: "SELECT 1 FROM favourite WHERE accountId = ? AND monologueId = ?",
                               arguments: [accountID, monologueID]) != nil else {
            throw MonologueError.notFound(id: monologueID)
        }
        try RehearsedLineRecord(accountID: accountID, monologueID: monologueID, line).save(db)
    }

    public func forgetRehearsedLines(accountID: Account.ID, monologueID: String, keys: [String]) async throws {
        guard !keys.isEmpty else { return }
        try await writer.write { db in
            try RehearsedLineRecord.filter(sql: "accountId = ? AND monologueId = ?", arguments: [accountID, monologueID])
                .filter(keys.contains(Column("lineKey"))).deleteAll(db)
        }
    }
}
