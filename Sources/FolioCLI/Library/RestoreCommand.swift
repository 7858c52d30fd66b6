import ArgumentParser
import FolioCore
import FolioStore
import Foundation

struct RestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Replace the database's content with a backup that `folio backup` wrote.",
        discussion: "The content it replaces is first saved beside the database as folio.sqlite.before-restore-DATE, so nothing is lost.")

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions
    @Argument(help: "The backup file to restore.")
    var path: String

    func run() async throws {
        let source = URL(fileURLWithPath: path)
        // Checked before anything is opened for writing, so a bad file changes nothing.
        _ = try AppDatabase.summary(of: source)
        let database = try await store.openSQLite(for: "folio restore", instead: "Restore PostgreSQL with pg_restore, or copy a backup file into it with `folio database copy --from sqlite:///path/backup.sqlite --to URL --replace`.")
        let stamp = ISO8601DateFormatter().string(from: Date()).replacingOccurrences(of: ":", with: "")
        let safety = store.directory.url.appendingPathComponent("folio.sqlite.before-restore-\(stamp)")
        let summary = try database.restore(from: source, keepingCurrentAt: safety)
        if output.json { return try printJSON(summary) }
        print("Restored \(summary.path): \(describe(summary)). The previous content is in \(safety.path).")
    }
}
