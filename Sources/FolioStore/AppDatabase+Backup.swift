import Foundation
import GRDB

/// What a backup or a restore holds, for the person running it to check.
public struct BackupSummary: Sendable, Hashable, Codable {
    public var path: String
    public var bytes: Int
    public var accounts: Int
    public var monologues: Int
    public var favourites: Int
    public var vocabularyPairs: Int
    public var ghostGames: Int
}

extension AppDatabase {
    /// A consistent copy of the whole database as it stood at one moment, taken with SQLite's
    /// online backup while others go on writing. It is written beside `destination` and moved
    /// into place, so a file at `destination` is always a whole backup.
    @discardableResult
    public func backup(to destination: URL) throws -> BackupSummary {
        let partial = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).partial")
        do {
            defer { try? FileManager.default.removeItem(at: partial) }
            let copy = try DatabaseQueue(path: partial.path)
            try writer.backup(to: copy)
            // The copy inherits the live database's WAL mode; a backup is one self-contained file.
            try copy.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = DELETE") }
            try copy.close()
            if FileManager.default.fileExists(atPath: destination.path) {
                _ = try FileManager.default.replaceItemAt(destination, withItemAt: partial)
            } else {
                try FileManager.default.moveItem(at: partial, to: destination)
            }
        } catch let error as DatabaseError {
            throw StoreError.backupFailed(path: destination.path, reason: error.message ?? "\(error)")
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.backupFailed(path: destination.path, reason: error.localizedDescription)
        }
        return try Self.summary(of: destination)
    }

    /// Replaces everything in this database with a backup's content, once the backup has been
    /// checked to be a whole Folio database. The current content is first backed up beside the
    /// database (`folio.sqlite.before-restore-…`), so a restore never loses anything.
    @discardableResult
    public func restore(from source: URL, keepingCurrentAt safetyCopy: URL) throws -> BackupSummary {
        let summary = try Self.summary(of: source)
        try backup(to: safetyCopy)
        do {
            var configuration = Configuration()
            configuration.readonly = true
            let backup = try DatabaseQueue(path: source.path, configuration: configuration)
            try backup.backup(to: writer)
            try backup.close()
            // A backup from an older Folio gains the tables added since.
            try Self.migrator.migrate(writer)
        } catch let error as DatabaseError {
            throw StoreError.backupFailed(path: source.path, reason: error.message ?? "\(error)")
        }
        return summary
    }

    /// Checks that the file is an intact Folio database and counts what it holds.
    public static func summary(of file: URL) throws -> BackupSummary {
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw StoreError.notABackup(path: file.path, reason: "there is no such file")
        }
        do {
            var configuration = Configuration()
            configuration.readonly = true
            let queue = try DatabaseQueue(path: file.path, configuration: configuration)
            defer { try? queue.close() }
            return try queue.read { db in
                let check = try String.fetchAll(db, sql: "PRAGMA integrity_check")
                guard check == ["ok"] else {
                    throw StoreError.notABackup(path: file.path, reason: "SQLite's integrity check failed: \(check.prefix(3).joined(separator: "; "))")
                }
                guard try db.tableExists("grdb_migrations"), try db.tableExists("account"), try db.tableExists("monologue") else {
                    throw StoreError.notABackup(path: file.path, reason: "it is an SQLite file, but not one of Folio's")
                }
                func count(_ table: String) throws -> Int {
                    try db.tableExists(table) ? Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") ?? 0 : 0
                }
                let bytes = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
                return BackupSummary(path: file.path, bytes: bytes, accounts: try count("account"), monologues: try count("monologue"),
                                     favourites: try count("favourite"), vocabularyPairs: try count("vocabPair"),
                                     ghostGames: try count("ghostGame"))
            }
        } catch let error as StoreError {
            throw error
        } catch let error as DatabaseError {
            throw StoreError.notABackup(path: file.path, reason: error.message ?? "\(error)")
        }
    }
}
