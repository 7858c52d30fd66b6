import ArgumentParser
import FolioStore

/// Where the data lives, shared by every command that touches the database.
struct StoreOptions: ParsableArguments {
    @Option(name: .customLong("data-dir"), help: "Folio's data directory (default: $FOLIO_DATA_DIR, else $XDG_DATA_HOME/folio, else ~/.local/share/folio).")
    var dataDir: String?

    var directory: DataDirectory { DataDirectory.resolve(explicit: dataDir, environment: Terminal.current.environment) }

    func openDatabase() throws -> AppDatabase {
        try AppDatabase.open(in: directory)
    }
}

/// `--json` on every read command, so scripts get structured output.
struct OutputOptions: ParsableArguments {
    @Flag(help: "Print JSON instead of text.")
    var json = false
}
