import FolioApp
import Foundation

/// Everything a server or a command needs of its database, whichever engine keeps it: the
/// stores, a health check, and how changes made by other instances are heard of.
public protocol FolioDatabase: FolioStores {
    var location: DatabaseLocation { get }
    /// Answers when the database does; throws when it cannot be reached.
    func ping() async throws
    /// Ghost games changed by any instance over this database, as they commit, for an engine
    /// several instances share (PostgreSQL's `LISTEN`); nil where instances look for changes by
    /// reading versions (SQLite). The stream says `.resync` whenever it (re)starts listening, as
    /// changes made while it was not listening were missed.
    func ghostSignals() -> AsyncStream<GhostSignal>?
    /// Closes connections; the database is not used afterwards.
    func close() async
    /// How many of the pool's connections are lent out, of how many it may open; nil for an
    /// engine without a pool (SQLite, a file).
    var poolUse: (inUse: Int, size: Int)? { get }
}

/// Opening a database by its location.
public enum FolioDatabases {
    /// Opens (creating a SQLite file, or the schema in PostgreSQL, when missing) and migrates.
    public static func open(_ location: DatabaseLocation, migrate: Bool = true) async throws -> any FolioDatabase {
        switch location {
        case .sqlite(let path):
            return try AppDatabase.open(path: path)
        case .postgres(let postgres):
            #if PostgreSQL
            return try await PostgresDatabase.open(postgres, migrate: migrate)
            #else
            _ = postgres
            throw DatabaseURLError.engineNotBuiltIn(engine: location.engineName)
            #endif
        }
    }
}
