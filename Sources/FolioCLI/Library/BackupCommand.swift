import ArgumentParser
import FolioCore
import FolioStore
import Foundation

struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy the whole database to PATH, consistently, even while `folio serve` is writing to it.")

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions
    @Argument(help: "Where to write the backup (a file; an existing one is replaced only once the new copy is whole).")
    var path: String

    static let onPostgres = "Back PostgreSQL up with pg_dump, or copy it to a SQLite file with `folio database copy --from URL --to sqlite:///path/backup.sqlite`."

    func run() async throws {
        let summary = try await store.openSQLite(for: "folio backup", instead: Self.onPostgres).backup(to: URL(fileURLWithPath: path))
        if output.json { return try printJSON(summary) }
        print("Backed up to \(summary.path): \(describe(summary)).")
    }
}

func describe(_ summary: BackupSummary) -> String {
    "\(summary.accounts) accounts, \(summary.monologues) monologues, \(summary.favourites) favourites, "
        + "\(summary.vocabularyPairs) vocabulary pairs, \(summary.ghostGames) Ghost games, \(summary.bytes) bytes"
}
