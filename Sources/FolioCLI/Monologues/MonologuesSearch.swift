import ArgumentParser
import FolioApp
import FolioCore
import FolioStore
import Foundation
import Monologues

extension MonologuesCommand {
    struct Search: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Find monologues: every word must match a title, play, character, gender, tone, tag, or a whole word of the text or notes.")

        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions

        @Argument(help: "Search words, e.g. hamlet revenge blood.")
        var query: [String] = []

        @Option(help: "male or female (each also returns roles open to any actor), or any.")
        var gender: String?

        @Option(help: "comedy, tragedy or history.")
        var tone: String?

        @Option(help: "short (≤ 1 min), medium (≤ 2 min) or long.")
        var length: String?

        @Option(name: .customLong("tag"), help: "A tag every result must carry; repeat for more.")
        var tags: [String] = []

        @Option(help: "At most this many results.")
        var limit = 20

        @Option(help: "Skip this many results first.")
        var offset = 0

        func validate() throws {
            guard limit >= 1 else { throw ValidationError("--limit must be at least 1.") }
            guard offset >= 0 else { throw ValidationError("--offset cannot be negative.") }
        }

        func run() async throws {
            let library = try await loadLibrary(store)
            let search = try MonologueQuery.strict(text: query.joined(separator: " "), gender: gender, tone: tone, length: length,
                                                   tags: tags, knownTags: library.knownTags)
            let result = library.search(search.text, filter: search.filter, limit: limit, offset: offset)
            if output.json {
                try printJSON(result.items)
                return
            }
            guard result.total > 0 else {
                print("No monologue matches. Try fewer words, or drop a filter.")
                return
            }
            print("\(result.total) monologue\(result.total == 1 ? "" : "s"), best first:")
            for m in result.items {
                let firstLine = m.spokenText.split(separator: "\n").first.map(String.init) ?? ""
                print("\(m.title) — \(m.character), \(m.length.rawValue) (\(m.seconds) s)  [\(m.id)]")
                print("    \(firstLine)")
            }
            if result.total > offset + result.items.count {
                print("… \(result.total - offset - result.items.count) more (use --offset \(offset + result.items.count)).")
            }
        }
    }
}
