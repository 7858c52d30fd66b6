import FolioApp
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

}

// MARK: - Monologue library writes

// The library's writes as the command line and tests call them on SQLite, at once rather than
// awaited: the same statements as `LibraryStore`'s (`LibraryWrites`), in one write.
extension AppDatabase {
    @discardableResult
    public func importMonologues(_ monologues: [Monologue], source: String) throws -> LibraryImportSummary {
        try writeNow { db in try await LibraryWrites.importMonologues(db, monologues, source: source) }
    }

    @discardableResult
    public func correctMonologue(_ monologue: Monologue) throws -> Int {
        try writeNow { db in try await LibraryWrites.correct(db, monologue) }
    }

    @discardableResult
    public func applyLibraryChanges(_ changes: LibraryChanges, source: String) throws -> LibraryImportSummary {
        try writeNow { db in try await LibraryWrites.apply(db, changes, source: source) }
    }
}
