import FolioCLI
import FolioCore
import FolioStore
import FolioTestSupport
import Foundation
import Monologues
import Testing

/// `folio monologues export`: a user's cut as Markdown or text; nobody else's.
@Suite struct MonologuesExportCLITests {
    /// The small corpus imported, and two accounts: the database, to give Alice favourites directly.
    static func libraryWithAliceAndBob() async throws -> (Folio, AppDatabase, Account) {
        let folio = Folio()
        let corpus = folio.dataDirectory.appendingPathComponent("corpus")
        try TinyCorpus.write(to: corpus)
        #expect(await folio("import", "shakespeare", corpus.path, "--min-words", "20").status == 0)
        #expect(await folio.run(["account", "create", "alice"], input: "correct horse\n").status == 0)
        #expect(await folio.run(["account", "create", "bob"], input: "correct horse\n").status == 0)
        let database = try AppDatabase.open(path: folio.dataDirectory.appendingPathComponent("folio.sqlite").path)
        let alice = try #require(try await database.credentials(username: "alice")?.account)
        return (folio, database, alice)
    }

    @Test func aUsersCutAsMarkdownOrTextAndNoOneElses() async throws {
        let (folio, database, alice) = try await Self.libraryWithAliceAndBob()
        defer { folio.cleanUp() }
        let id = "hamlet-3-1-hamlet-1"
        // Alice keeps "To be" and cuts it to its first two lines with a beat between.
        try await database.addFavourite(accountID: alice.id, monologueID: id, now: Date())
        let library = try await database.currentLibrary().library
        let original = try #require(library.monologue(id: id))
        let lines = original.text.split(separator: "\n").prefix(2).map(String.init)
        try await database.saveFavouriteEdits(accountID: alice.id, Favourite(monologueID: id, text: lines.joined(separator: "\n/\n"), notes: "Slowly."),
                                              now: Date())

        let markdown = await folio("monologues", "export", id, "--user", "alice")
        #expect(markdown.status == 0, "\(markdown.stderr)")
        #expect(markdown.stdout.hasPrefix("# Hamlet 01\n"))
        #expect(markdown.stdout.contains("\(lines[0])\n\n* * *\n\n\(lines[1])"))
        #expect(markdown.stdout.hasSuffix("## Notes\n\nSlowly.\n"))
        let text = await folio("monologues", "export", id, "--user", "alice", "--format", "text")
        #expect(text.stdout.contains("\(lines[0])\n\n~\n\n\(lines[1])"))
        #expect(await folio("monologues", "export", id, "--user", "alice", "--format", "pdf").status != 0)
        let bobs = await folio("monologues", "export", id, "--user", "bob")
        #expect(bobs.status != 0 && !bobs.stdout.contains("Slowly"))
    }

    @Test func rehearsingAUsersCutLineByLineInTheTerminal() async throws {
        let (folio, database, alice) = try await Self.libraryWithAliceAndBob()
        defer { folio.cleanUp() }
        let id = "hamlet-3-1-hamlet-1"
        try await database.addFavourite(accountID: alice.id, monologueID: id, now: Date())
        let original = try #require(try await database.currentLibrary().library.monologue(id: id))
        let lines = original.text.split(separator: "\n").prefix(2).map(String.init)
        try await database.saveFavouriteEdits(accountID: alice.id, Favourite(monologueID: id, text: lines.joined(separator: "\n")), now: Date())

        // Line 1 typed right and Good accepted; line 2 shown and rated Again, so it comes straight back; q stops.
        let run = await folio.run(["monologues", "rehearse", id, "--user", "alice"], input: "\(lines[0])\n\n\n1\nq\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("word-perfect on 0 of 2 lines (2 new)."))
        #expect(run.stdout.contains("Line 1 of 2 · new · first letters"))
        #expect(run.stdout.contains("Word for word.\nRating [Enter: Good; 1 Again in 1 min, 2 Hard in 6 min, 3 Good in 10 min, 4 Easy in "))
        #expect(run.stdout.contains("Cue: \(lines[0])"))
        #expect(run.stdout.contains("The line: \(lines[1])"))
        #expect(run.stdout.components(separatedBy: "Line 2 of 2").count == 3)
        #expect(run.stdout.contains("Rehearsed 2 lines: word-perfect on 0 of 2 lines."))

        let status = await folio("monologues", "rehearse", id, "--user", "alice", "--status")
        #expect(status.stdout.contains("  1  due in 10 min · some words hidden: \(lines[0])"))
        #expect(status.stdout.contains("  2  due in 1 min · missed 1× · first letters: \(lines[1])"))
        // Bob has no such favourite; a bad rating is asked again, not guessed.
        let bobs = await folio.run(["monologues", "rehearse", id, "--user", "bob"], input: "x\n")
        #expect(bobs.status != 0 && !bobs.stdout.contains(lines[0]))
        let retry = await folio.run(["monologues", "rehearse", id, "--user", "alice", "--restart"], input: "\n7\n4\nq\n")
        #expect(retry.stdout.contains("Type 1, 2, 3 or 4."))
        #expect(retry.stdout.contains("Rehearsed 1 line:"))
    }

    @Test func searchAsAUserKnowsTheirTagsAndGenders() async throws {
        let (folio, database, alice) = try await Self.libraryWithAliceAndBob()
        defer { folio.cleanUp() }
        let id = "hamlet-3-1-hamlet-1"
        try await database.addFavourite(accountID: alice.id, monologueID: id, now: Date())
        try await database.saveFavouriteEdits(accountID: alice.id, Favourite(monologueID: id, tags: ["my-audition"], gender: .female), now: Date())

        let hers = await folio("monologues", "search", "--tag", "my-audition", "--user", "alice")
        #expect(hers.status == 0, "\(hers.stderr)")
        #expect(hers.stdout.contains("[\(id)]"))
        let asWoman = await folio("monologues", "search", "be", "--gender", "female", "--user", "alice")
        #expect(asWoman.stdout.contains("[\(id)]"))
        // Alice's tag and gender are hers: without --user, or as Bob, they are not there.
        #expect(await folio("monologues", "search", "--tag", "my-audition").status != 0)
        #expect(await folio("monologues", "search", "--tag", "my-audition", "--user", "bob").status != 0)
        #expect(!(await folio("monologues", "search", "be", "--gender", "female", "--user", "bob").stdout.contains("[\(id)]")))
        #expect(await folio("monologues", "search", "be", "--user", "nobody").status != 0)
    }
}
