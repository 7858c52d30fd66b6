import ArgumentParser
import FolioApp
import FolioCore
import FolioStore
import Foundation
import Monologues

struct MonologuesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "monologues", abstract: "Search and read the Shakespeare monologue library.",
        subcommands: [Search.self, Show.self, Related.self, Stats.self, Tags.self, Sync.self, Correct.self])
}

/// The library as stored, indexed in memory for this one command.
func loadLibrary(_ store: StoreOptions) async throws -> MonologueLibrary {
    try await store.openDatabase().currentLibrary().library
}

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
            try await reportingErrors {
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

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print one monologue with its notes.")

        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions

        @Argument(help: "The monologue's id, as search prints it.")
        var id: String

        func run() async throws {
            try await reportingErrors {
                guard let m = try await loadLibrary(store).monologue(id: id) else { throw MonologueError.notFound(id: id) }
                if output.json { return try printJSON(m) }
                print("\(m.title) — \(m.character) (\(m.play))")
                print("\(m.gender.rawValue), \(m.tone.rawValue), \(m.length.rawValue): \(m.wordCount) words, \(m.lineCount) lines, about \(m.seconds) s, \(m.verse ? "verse" : "prose")")
                print("Tags: \(m.tags.joined(separator: ", "))")
                print(m.notes)
                print("")
                print(m.text)
            }
        }
    }

    struct Related: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "The five monologues most like one, and why.")

        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions

        @Argument(help: "The monologue's id.")
        var id: String

        func run() async throws {
            try await reportingErrors {
                guard let related = try await loadLibrary(store).related(to: id) else { throw MonologueError.notFound(id: id) }
                if output.json { return try printJSON(related) }
                for r in related {
                    print("\(r.monologue.title) — \(r.monologue.character)  [\(r.monologue.id)]")
                    print("    \(r.reasons.joined(separator: "; "))")
                }
            }
        }
    }

    struct Stats: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Counts of the library by gender, tone and length.")

        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions

        func run() async throws {
            try await reportingErrors {
                let stats = try await loadLibrary(store).stats
                if output.json { return try printJSON(stats) }
                print("\(stats.count) monologues from \(stats.plays) plays")
                for (title, counts) in [("gender", stats.byGender), ("tone", stats.byTone), ("length", stats.byLength)] {
                    print("  by \(title): " + counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
                }
            }
        }
    }

    struct Tags: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Every tag with the number of monologues that carry it.")

        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions

        func run() async throws {
            try await reportingErrors {
                let tags = try await loadLibrary(store).tags
                if output.json { return try printJSON(tags) }
                for tag in tags { print("\(tag.name)\t\(tag.count)") }
            }
        }
    }
}
