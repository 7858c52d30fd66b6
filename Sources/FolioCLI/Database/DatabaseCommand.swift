import ArgumentParser
import FolioCore
import FolioStore
import Foundation

/// `folio database`: the schema and moving an install between engines.
struct DatabaseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "database", abstract: "Migrate the database, or copy an install from one engine to another.",
        subcommands: [Migrate.self, Copy.self])

    struct Migrate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Bring the database's schema up to date (`folio serve` also does this as it starts).")

        @OptionGroup var store: StoreOptions

        func run() async throws {
            let database = try await store.openDatabase()
            print("\(database.location.engineName) database \(database.location) is up to date.")
            await database.close()
        }
    }

    struct Copy: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Copy everything from one database to another (SQLite → PostgreSQL or back), then check every table.",
            discussion: """
                Stop the servers that write to the source first. The target must be empty unless --replace is given. \
                After the copy, every table's row count and a SHA-256 of its rows are compared on both sides.
                """)

        @Option(help: "The database to copy from: sqlite:///path/folio.sqlite or postgres://user@host/database.")
        var from: String
        @Option(help: "The database to copy into (created or migrated first).")
        var to: String
        @Flag(help: "Delete what the target holds before copying into it.")
        var replace = false
        @OptionGroup var output: OutputOptions

        func run() async throws {
            let source = try DatabaseLocation(url: from)
            let target = try DatabaseLocation(url: to)
            guard source != target else { throw CopyError.sameDatabase(source.description) }
            if case .sqlite(let path) = source, !FileManager.default.fileExists(atPath: path) {
                throw StoreError.cannotOpen(path: path, reason: "there is no such file")
            }
            guard let from = try await FolioDatabases.open(source) as? any CopyableDatabase,
                  let into = try await FolioDatabases.open(target) as? any CopyableDatabase else {
                throw DatabaseURLError.engineCannot(engine: "this engine", what: "Copying", instead: "")
            }
            let summary = try await DatabaseCopy.copy(from: from, to: into, replace: replace) { table, rows in
                if !output.json { print("  \(table): \(rows) rows") }
            }
            await from.close()
            await into.close()
            if output.json { return try printJSON(summary) }
            print("Copied \(summary.rows) rows in \(summary.tables.count) tables from \(summary.from) to \(summary.to); "
                + "every table's row count and checksum match.")
        }
    }
}
