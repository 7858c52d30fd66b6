import ArgumentParser
import FolioCore
import FolioStore
import Foundation
import FoundationNetworking
import Monologues

extension MonologuesCommand {
    struct Sync: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Bring this library up to date from another Folio server, fetching only what changed.")

        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions

        @Option(help: "The other server, e.g. http://127.0.0.1:8080.")
        var from: String

        func run() async throws {
            guard let base = URL(string: from), let scheme = base.scheme, ["http", "https"].contains(scheme), base.host != nil else {
                throw SyncError.badURL(from)
            }
            let database = try await store.openDatabase()
            let origin = try await database.libraryOrigin()
            // Revision numbers mean something only within one source: from anywhere else, start over.
            let since = origin.source == base.absoluteString ? origin.revision : 0
            let url = base.appendingPathComponent("api/v1/monologues/changes")
            var components = URLComponents(url: url, resolvingAgainstBaseURL: false)!
            components.queryItems = [URLQueryItem(name: "since", value: String(since))]
            let data: Data
            let response: URLResponse
            do {
                (data, response) = try await URLSession.shared.data(from: components.url!)
            } catch {
                throw SyncError.unreachable(from, error.localizedDescription)
            }
            guard let http = response as? HTTPURLResponse, http.statusCode == 200 else {
                throw SyncError.badAnswer(from, "status \((response as? HTTPURLResponse)?.statusCode ?? 0)")
            }
            let changes: LibraryChanges
            do {
                changes = try JSONDecoder().decode(LibraryChanges.self, from: data)
            } catch {
                throw SyncError.badAnswer(from, "the changes feed did not decode")
            }
            let summary = try await database.applyLibraryChanges(changes, source: base.absoluteString)
            if output.json { return try printJSON(summary) }
            print("Synced from \(from) since revision \(since): \(summary.added) added, \(summary.changed) changed,",
                  "\(summary.retired) retired. Library revision \(summary.revision).")
        }
    }
}
