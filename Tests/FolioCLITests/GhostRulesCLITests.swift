import Foundation
import Testing

/// `folio ghost play` under classic rules and in Superghost.
@Suite struct GhostRulesCLITests {
    @Test func aClassicSuperghostGameInTheTerminal() async throws {
        let folio = Folio()
        defer { folio.cleanUp() }
        try FileManager.default.createDirectory(at: folio.dataDirectory, withIntermediateDirectories: true)
        let list = folio.dataDirectory.appendingPathComponent("words.txt").path
        try "cat\nscat\ndog\ndoor\n".write(toFile: list, atomically: true, encoding: .utf8)
        // Ann "a", Bob "c" at the start ("ca"), Ann bluffs "q" at the start ("qca"), Bob
        // challenges, Ann concedes. Ann, the loser, starts again: "o", Bob "d" at the start ("do"),
        // Ann "o" ("doo"), Bob "r": "door" stands under classic rules until Ann calls it. The
        // input then ends.
        let input = ["a", "^c", "^q", "?", "", "o", "^d", "o", "r", "?"]
        let run = await folio.run(["ghost", "play", "--words", list, "--min-length", "3", "--player", "Ann", "--player", "Bob",
                                   "--rules", "classic", "--variant", "superghost"],
                                  input: input.joined(separator: "\n") + "\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("Superghost, classic rules: Ann, Bob."))
        #expect(run.stdout.contains("a letter for the end, ^letter for the start, or ? to challenge?"))
        #expect(run.stdout.contains("Ann could not answer Bob’s challenge at “qca” and takes a letter: G."))
        #expect(run.stdout.contains("Ann called “door”, a word: Bob completed it and takes a letter: G."))
        #expect(run.stdout.hasSuffix("Game abandoned.\n"))
    }
}
