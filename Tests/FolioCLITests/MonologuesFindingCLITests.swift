import FolioCLI
import FolioTestSupport
import Foundation
import Testing

/// `folio monologues search` and `show` with the finding filters, phrases, prefixes and snippets.
@Suite struct MonologuesFindingCLITests {
    struct Found: Decodable {
        struct SnippetBody: Decodable { struct Match: Decodable { let start: Int; let length: Int }; let text: String; let matches: [Match] }
        let id: String
        let character: String
        let oftenHeard: Bool
        let playingAge: String
        let snippet: SnippetBody?
    }

    func imported() async throws -> Folio {
        let folio = Folio()
        let corpus = folio.dataDirectory.appendingPathComponent("corpus")
        try TinyCorpus.write(to: corpus)
        let imported = await folio("import", "shakespeare", corpus.path, "--min-words", "20", "--json")
        #expect(imported.status == 0, "\(imported.stderr)")
        return folio
    }

    @Test func phrasesPrefixesAndSnippetsMarkedInPlainText() async throws {
        let folio = try await imported()
        defer { folio.cleanUp() }
        let phrase = await folio("monologues", "search", "\"not to be\"")
        #expect(phrase.status == 0, "\(phrase.stderr)")
        #expect(phrase.stdout.contains("To be, or *not to be*: that is the question:"))
        #expect(phrase.stdout.contains("often heard"), "To be is on the often-heard list")
        #expect(await folio("monologues", "search", "\"be not to\"").stdout.contains("No monologue has “be not to”: check the spelling"))
        #expect(await folio("monologues", "search", "remembrances", "zzqx").stdout.contains("No monologue has “zzqx”: check the spelling"))
        #expect(await folio("monologues", "search", "remembr*", "--gender", "male").stdout
            .contains("No monologue matches within these filters, but 1 without them: drop a filter."))

        let prefix = try await folio("monologues", "search", "remembr*", "--json").json([Found].self)
        #expect(prefix.map(\.character) == ["Ophelia"])
        let snippet = try #require(prefix.first?.snippet)
        let match = try #require(snippet.matches.first)
        #expect(String(decoding: Array(snippet.text.utf16)[match.start..<(match.start + match.length)], as: UTF16.self) == "remembrances")
        #expect(try await folio("monologues", "search", "tragic", "--json").json([Found].self).count == 2)
    }

    @Test func theFindingFiltersAndTheirErrors() async throws {
        let folio = try await imported()
        defer { folio.cleanUp() }
        let fresh = try await folio("monologues", "search", "--fresh", "--json").json([Found].self)
        #expect(!fresh.map(\.id).contains("hamlet-3-1-hamlet-1") && fresh.count == 2)
        let older = try await folio("monologues", "search", "--age", "older", "--json").json([Found].self)
        #expect(older.map(\.character) == ["Prospero"])
        #expect(try await folio("monologues", "search", "--play", "The Tempest", "--verse", "verse", "--json").json([Found].self).map(\.character) == ["Prospero"])

        let badAge = await folio("monologues", "search", "--age", "ancient")
        #expect(badAge.status != 0 && badAge.stderr.contains("young, adult, older, any"))
        let badPlay = await folio("monologues", "search", "--play", "cardenio")
        #expect(badPlay.status != 0 && badPlay.stderr.contains("hamlet") && badPlay.stderr.contains("the-tempest"))
        let badVerse = await folio("monologues", "search", "--verse", "poetry")
        #expect(badVerse.status != 0 && badVerse.stderr.contains("verse, prose"))
        let tooMany = await folio.run(["monologues", "search"] + Array(repeating: "word", count: 20), input: nil)
        #expect(tooMany.status != 0 && tooMany.stderr.contains("at most 16"))
    }

    @Test func showNamesThePlayingAgeTheBadgeAndTheNeighbours() async throws {
        let folio = try await imported()
        defer { folio.cleanUp() }
        let hamlet = await folio("monologues", "show", "hamlet-3-1-hamlet-1")
        #expect(hamlet.stdout.contains("[often heard]"))
        #expect(hamlet.stdout.contains("playing age young"))
        #expect(hamlet.stdout.contains("Next in the play: Ophelia, Act "))
        #expect(!hamlet.stdout.contains("Previous in the play"))
    }
}
