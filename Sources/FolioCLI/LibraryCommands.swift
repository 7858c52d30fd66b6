import ArgumentParser
import FolioCore
import FolioStore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Monologues

/// Why a sync could not talk to the other server.
enum SyncError: FolioError {
    case badURL(String)
    case unreachable(String, String)
    case badAnswer(String, String)

    var kind: FolioErrorKind {
        switch self {
        case .badURL: .invalidInput
        case .unreachable, .badAnswer: .missingData
        }
    }

    var code: String { "sync_failed" }

    var message: String {
        switch self {
        case .badURL(let url): "\"\(url)\" is not a server address. Give one like http://127.0.0.1:8080."
        case .unreachable(let url, let reason): "Cannot reach \(url): \(reason). Check that `folio serve` runs there."
        case .badAnswer(let url, let reason): "\(url) did not answer like a Folio server (\(reason))."
        }
    }
}

extension MonologuesCommand {
    struct Sync: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Bring this library up to date from another Folio server, fetching only what changed.")

        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions

        @Option(help: "The other server, e.g. http://127.0.0.1:8080.")
        var from: String

        func run() async throws {
            try await reportingErrors {
                guard let base = URL(string: from), let scheme = base.scheme, ["http", "https"].contains(scheme), base.host != nil else {
                    throw SyncError.badURL(from)
                }
                let database = try store.openDatabase()
                let origin = try await database.monologues.origin()
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
                let summary = try database.applyLibraryChanges(changes, source: base.absoluteString)
                if output.json { return try printJSON(summary) }
                print("Synced from \(from) since revision \(since): \(summary.added) added, \(summary.changed) changed,",
                      "\(summary.retired) retired. Library revision \(summary.revision).")
            }
        }
    }

    struct Correct: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Correct a monologue of the library; the revision count moves on so synced copies follow.",
            discussion: "A later `folio import shakespeare` rebuilds the library from the plays and replaces corrections.")

        @OptionGroup var store: StoreOptions

        @Argument(help: "The monologue's id.")
        var id: String

        @Option(help: "New text (line breaks as \\n).") var text: String?
        @Option(help: "New notes.") var notes: String?
        @Option(help: "male, female or any.") var gender: String?
        @Option(help: "New tags, comma-separated.") var tags: String?
        @Option(help: "New character name.") var character: String?
        @Option(help: "New location.") var location: String?

        func run() async throws {
            try await reportingErrors {
                let database = try store.openDatabase()
                let snapshot = try await database.monologues.snapshot()
                guard var m = snapshot.monologues.first(where: { $0.id == id }) else { throw MonologueError.notFound(id: id) }
                if let text { m = m.withText(text.replacingOccurrences(of: "\\n", with: "\n")) }
                if let notes { m.notes = notes }
                if let gender {
                    guard let value = Gender(rawValue: gender) else {
                        throw MonologueError.unknownFilterValue(field: "gender", value: gender, allowed: Gender.allCases.map(\.rawValue))
                    }
                    m.gender = value
                }
                if let tags { m.tags = TagList.parse(tags, existing: m.tags, style: .lowercase) }
                if let character { m.character = character }
                if let location { m.location = location }
                let revision = try database.correctMonologue(m)
                print("Corrected \(id). Library revision \(revision).")
            }
        }
    }
}
