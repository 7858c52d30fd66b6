import ArgumentParser
import FolioApp
import FolioCore
import FolioStore
import Foundation
import Monologues

extension MonologuesCommand {
    struct Search: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Find monologues: every word must match a title, play, character, gender, tone, tag, or a whole word of the text or notes.",
            discussion: """
                "Quoted words" must stand together in the speech, in order; venge* matches every word starting \
                venge; tragic, comedic and historic name the tones. Each result shows the text around the words \
                matched, marked *like this*.
                """)

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

        @Option(help: "verse or prose.")
        var verse: String?

        @Option(help: "One play, by name or slug: romeo-and-juliet, \"Twelfth Night\".")
        var play: String?

        @Option(help: "Playing age: young (teens–20s), adult (30s–40s) or older (50+); each also returns roles not judged.")
        var age: String?

        @Flag(help: "Leave out the often-heard audition speeches (not overdone).")
        var fresh = false

        @Option(help: "Search as this account sees the library: its own tags, and the genders it gave its favourites.")
        var user: String?

        @Option(help: "At most this many results.")
        var limit = 20

        @Option(help: "Skip this many results first.")
        var offset = 0

        func validate() throws {
            guard limit >= 1 else { throw ValidationError("--limit must be at least 1.") }
            guard offset >= 0 else { throw ValidationError("--offset cannot be negative.") }
        }

        func run() async throws {
            let database = try await store.openDatabase()
            let library = try await database.currentLibrary().library
            // With --user, the account's own tags are known and its genders count, as in its pages.
            var finder = MonologueFinder(favourites: nil), accountID: Account.ID?
            if let user {
                guard let account = try await database.credentials(username: user)?.account else { throw UserError.unknown(user) }
                accountID = account.id
                finder = MonologueFinder(favourites: Favourites(store: database))
            }
            let personal = try await finder.personalView(accountID: accountID)
            let search = try MonologueQuery.strict(text: query.joined(separator: " "), gender: gender, tone: tone, length: length,
                                                   tags: tags, form: verse, play: play, age: age, fresh: fresh ? "1" : nil,
                                                   knownTags: MonologueFinder.knownTags(library, personal: personal), plays: library.playSlugs)
            let found = try await finder.find(search, in: library, limit: limit, offset: offset, accountID: nil, personal: personal)
            let result = (total: found.total, items: found.items.map(\.original))
            if output.json {
                try printJSON(found.items.map(Found.init))
                return
            }
            guard result.total > 0 else {
                switch finder.whyNothing(found, filter: search.filter, in: library, personal: personal) {
                case .noneFitTheFilters: print("No monologue fits these filters: drop one.")
                case .hiddenByFilters(let count): print("No monologue matches within these filters, but \(count) without them: drop a filter.")
                case .foundNowhere(let terms): print("No monologue has \(terms.map { "“\($0)”" }.joined(separator: " or ")): check the spelling, or search without it.")
                case .notTogether: print("No monologue has all of these words: try fewer.")
                }
                return
            }
            print("\(result.total) monologue\(result.total == 1 ? "" : "s"), best first:")
            for item in found.items {
                let m = item.original
                let firstLine = m.firstLine
                let facts = [m.length.rawValue + " (\(m.seconds) s)", m.verse ? "verse" : "prose",
                             item.playingAge == .any ? nil : item.playingAge.rawValue, item.isOftenHeard ? "often heard" : nil]
                print("\(m.title) — \(m.character), \(facts.compactMap { $0 }.joined(separator: ", "))  [\(m.id)]")
                print("    \(item.snippet?.marked() ?? firstLine)")
            }
            if result.total > offset + result.items.count {
                print("… \(result.total - offset - result.items.count) more (use --offset \(offset + result.items.count)).")
            }
        }
    }

    /// A result as `--json` prints it: the monologue with its playing age, whether it is often
    /// heard, and the snippet (its text and the matches' UTF-16 offsets), as the API gives them.
    struct Found: Encodable {
        struct SnippetBody: Encodable {
            struct Match: Encodable { let start: Int; let length: Int }
            let text: String
            let matches: [Match]
        }

        let entry: MonologueEntry
        let snippet: SnippetBody?

        init(_ item: MonologueFinder.Item) {
            // A search never lists a longer cut, so no result is one.
            entry = MonologueEntry(monologue: item.original, playingAge: item.playingAge, oftenHeard: item.isOftenHeard, longerCutOf: nil)
            snippet = item.snippet.map { s in SnippetBody(text: s.text, matches: s.matches.map { .init(start: $0.start, length: $0.length) }) }
        }

        enum Keys: String, CodingKey { case snippet }

        func encode(to encoder: any Encoder) throws {
            try entry.encode(to: encoder)
            var container = encoder.container(keyedBy: Keys.self)
            try container.encodeIfPresent(snippet, forKey: .snippet)
        }
    }
}
