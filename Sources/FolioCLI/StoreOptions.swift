import ArgumentParser
import FolioStore

/// Where the data lives, shared by every command that touches the database.
public struct StoreOptions: ParsableArguments {
    public init() {}

    @Option(name: .customLong("data-dir"), help: "Folio's data directory (default: $FOLIO_DATA_DIR, else $XDG_DATA_HOME/folio, else ~/.local/share/folio).")
    var dataDir: String?

    @Option(name: .customLong("database"),
            help: "The database: sqlite:///path/to/folio.sqlite or postgres://user[:password]@host[:port]/database (default: $FOLIO_DATABASE_URL, else folio.sqlite in the data directory).")
    var databaseURL: String?

    public var directory: DataDirectory { DataDirectory.resolve(explicit: dataDir, environment: Terminal.current.environment) }

    var location: DatabaseLocation {
        get throws { try DatabaseLocation.resolve(url: databaseURL, dataDirectory: directory, environment: Terminal.current.environment) }
    }

    /// Opens the database (migrating it first), whichever engine keeps it.
    public func openDatabase() async throws -> any FolioDatabase {
        try await FolioDatabases.open(try location)
    }

    /// The SQLite database, for what works on its file alone (backup and restore).
    func openSQLite(for what: String, instead: String) async throws -> AppDatabase {
        let location = try location
        guard case .sqlite(let path) = location else {
            throw DatabaseURLError.engineCannot(engine: location.engineName, what: what, instead: instead)
        }
        return try AppDatabase.open(path: path)
    }
}

/// `--json` on every read command, so scripts get structured output.
struct OutputOptions: ParsableArguments {
    @Flag(help: "Print JSON instead of text.")
    var json = false
}
