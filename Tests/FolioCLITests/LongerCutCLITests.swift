import FolioCLI
import FolioTestSupport
import Foundation
import Testing

/// A piece split off an interrupted speech, from the command line: counted as search lists it,
/// its longer cut named beside it and read by id.
@Suite struct LongerCutCLITests {
    struct Entry: Decodable { let id: String; let longerCut: String?; let longerCutOf: String? }
    struct Counts: Decodable { let count: Int; let longerCuts: Int }

    @Test func importStatsSearchAndShowNameTheLongerCut() async throws {
        let folio = Folio()
        defer { folio.cleanUp() }
        let corpus = folio.dataDirectory.appendingPathComponent("corpus")
        try FileManager.default.createDirectory(at: corpus.appendingPathComponent("tragedies"), withIntermediateDirectories: true)
        try PlayFixture.hereafter.write(to: corpus.appendingPathComponent("tragedies/macbeth.md"), atomically: true, encoding: .utf8)

        let imported = await folio("import", "shakespeare", corpus.path, "--min-words", "30")
        #expect(imported.stdout.hasPrefix("Imported 2 monologues from 1 plays (and 1 longer cut kept beside them) in "), "\(imported.stdout)\(imported.stderr)")
        #expect(await folio("monologues", "stats").stdout.hasPrefix("2 monologues from 1 plays, and 1 longer cut kept beside them\n"))
        let counts = try await folio("monologues", "stats", "--json").json(Counts.self)
        #expect((counts.count, counts.longerCuts) == (2, 1))

        // The lead-in's words are only in the longer cut: it is found, once.
        #expect(await folio("monologues", "search", "forgot").stdout.contains("[macbeth-5-5-macbeth-1]"))
        let found = try await folio("monologues", "search", "hereafter", "--json").json([Entry].self)
        #expect(found.map(\.id) == ["macbeth-5-5-macbeth-2"])
        #expect(found.first?.longerCut == "macbeth-5-5-macbeth-1")

        let piece = await folio("monologues", "show", "macbeth-5-5-macbeth-2")
        #expect(piece.stdout.contains("Longer cut: the whole speech, from \u{201C}I have almost forgot the taste of fears;\u{201D}, with what interrupts it (") && piece.stdout.contains(" words) [macbeth-5-5-macbeth-1]"))
        let cut = await folio("monologues", "show", "macbeth-5-5-macbeth-1")
        #expect(cut.status == 0)
        #expect(cut.stdout.contains("The longer cut of the piece from \u{201C}She should have died hereafter;\u{201D} [macbeth-5-5-macbeth-2]"))
        let json = try await folio("monologues", "show", "macbeth-5-5-macbeth-1", "--json").json(Entry.self)
        #expect((json.longerCut, json.longerCutOf) == (nil, "macbeth-5-5-macbeth-2"))
    }
}
