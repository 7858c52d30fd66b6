import Foundation
import GRDB
import Monologues

/// Folio's database. Its named methods are the only writes; readers go through the repositories.
public final class AppDatabase: Sendable {
    let writer: any DatabaseWriter
    public let location: DatabaseLocation

    public init(_ writer: any DatabaseWriter, location: DatabaseLocation = .sqlite(path: ":memory:")) throws {
        self.writer = writer
        self.location = location
        try Self.migrator.migrate(writer)
    }

    /// The database file in a data directory, in WAL mode so readers never wait for the writer.
    public static func open(in directory: DataDirectory) throws -> AppDatabase {
        try open(path: directory.databaseURL.path)
    }

    /// The database file at `path` (its folder is created if missing), in WAL mode.
    public static func open(path: String) throws -> AppDatabase {
        do {
            try FileManager.default.createDirectory(at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
            var config = Configuration()
            config.busyMode = .timeout(5)
            let pool = try DatabasePool(path: path, configuration: config)
            return try AppDatabase(pool, location: .sqlite(path: path))
        } catch let error as DatabaseError {
            throw StoreError.cannotOpen(path: path, reason: error.message ?? "\(error)")
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.cannotOpen(path: path, reason: error.localizedDescription)
        }
    }

    /// A private in-memory database, for tests.
    public static func inMemory() throws -> AppDatabase {
        try AppDatabase(DatabaseQueue())
    }

    /// A private in-memory database that reports the SQL of every statement it runs, for tests
    /// that count what a request costs.
    public static func inMemory(tracing report: @escaping @Sendable (String) -> Void) throws -> AppDatabase {
        var configuration = Configuration()
        configuration.prepareDatabase { db in db.trace { report("\($0)") } }
        return try AppDatabase(DatabaseQueue(configuration: configuration))
    }

    public var reader: any DatabaseReader { writer }

    public var monologues: MonologueRepository { MonologueRepository(reader: writer) }
}

// MARK: - Monologue library writes


extension AppDatabase {
    /// Makes the stored library equal to `monologues`, touching only what differs.
    ///
    /// New and changed monologues get the next revision number, so `changes(since:)` can hand out
    /// exactly what moved; ids that disappear are retired rather than deleted, so what users
    /// keep that refers to them survives. Re-importing the same corpus changes nothing.
    @discardableResult
    public func importMonologues(_ monologues: [Monologue], source: String) throws -> LibraryImportSummary {
        try writer.write { db in
            let current = try LibraryRecord.fetchOne(db, key: 1)?.revision ?? 0
            let next = current + 1
            var existing: [String: MonologueRecord] = [:]
            for record in try MonologueRecord.fetchAll(db) { existing[record.id] = record }
            var summary = LibraryImportSummary(added: 0, changed: 0, retired: 0, unchanged: 0, revision: current)
            var seen = Set<String>()
            for monologue in monologues {
                seen.insert(monologue.id)
                let fresh = MonologueRecord(monologue, revision: next)
                if let old = existing[monologue.id] {
                    var comparable = old
                    comparable.revision = next
                    if comparable == fresh {
                        summary.unchanged += 1
                    } else {
                        try fresh.update(db)
                        summary.changed += 1
                    }
                } else {
                    try fresh.insert(db)
                    summary.added += 1
                }
            }
            for (id, var old) in existing where !seen.contains(id) && !old.retired {
                old.retired = true
                old.revision = next
                try old.update(db)
                summary.retired += 1
            }
            if summary.added + summary.changed + summary.retired > 0 {
                summary.revision = next
            }
            try LibraryRecord(revision: summary.revision, importedAt: Date(), source: source).save(db)
            return summary
        }
    }
}

extension AppDatabase {
    /// Corrects one monologue of the library in place. The revision count moves on, so copies
    /// that sync from this one pick the correction up, and favourites of it that were never
    /// edited show it (restoring an edited one brings the corrected text back).
    @discardableResult
    public func correctMonologue(_ monologue: Monologue) throws -> Int {
        try writer.write { db in
            guard let old = try MonologueRecord.fetchOne(db, key: monologue.id), !old.retired else {
                throw MonologueError.notFound(id: monologue.id)
            }
            let next = (try LibraryRecord.fetchOne(db, key: 1)?.revision ?? 0) + 1
            try MonologueRecord(monologue, revision: next).update(db)
            var library = try LibraryRecord.fetchOne(db, key: 1) ?? LibraryRecord(revision: next)
            library.revision = next
            try library.save(db)
            return next
        }
    }

    /// Brings the library up to date with another Folio's changes feed. A copy that last synced
    /// from the same source asked only for what changed since; the revision count becomes the
    /// source's, so the next sync asks from there.
    @discardableResult
    public func applyLibraryChanges(_ changes: LibraryChanges, source: String) throws -> LibraryImportSummary {
        try writer.write { db in
            var summary = LibraryImportSummary(added: 0, changed: 0, retired: 0, unchanged: 0, revision: changes.latestUpdateCount)
            for monologue in changes.monologues {
                let record = MonologueRecord(monologue, revision: changes.latestUpdateCount)
                if try MonologueRecord.fetchOne(db, key: monologue.id) != nil {
                    try record.update(db)
                    summary.changed += 1
                } else {
                    try record.insert(db)
                    summary.added += 1
                }
            }
            for id in changes.retired {
                try db.execute(sql: "UPDATE monologue SET retired = 1, revision = ? WHERE id = ?", arguments: [changes.latestUpdateCount, id])
                summary.retired += db.changesCount
            }
            try LibraryRecord(revision: changes.latestUpdateCount, importedAt: Date(), source: source).save(db)
            return summary
        }
    }
}
