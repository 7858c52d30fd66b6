import FolioCore
import Foundation
import Ghost
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

    struct PuzzleJSON: Decodable { let date: String; let fragment: String; let choices: [String]; let answer: String?; let movesAfter: Int? }

    @Test func theDailyPuzzleInTheTerminal() async throws {
        let folio = Folio()
        defer { folio.cleanUp() }
        try FileManager.default.createDirectory(at: folio.dataDirectory, withIntermediateDirectories: true)
        let list = folio.dataDirectory.appendingPathComponent("words.txt").path
        var random = SeededRandom(seed: 4)
        let words = (0..<400).map { _ in String((0..<Int.random(in: 4...7, using: &random)).map { _ in "abcdefg".randomElement(using: &random)! }) }
        try words.joined(separator: "\n").write(toFile: list, atomically: true, encoding: .utf8)
        let run = await folio.run(["ghost", "daily", "--words", list, "--date", "2026-11-25", "--reveal", "--json"], input: nil)
        #expect(run.status == 0, "\(run.stderr)")
        let shown = try JSONDecoder().decode(PuzzleJSON.self, from: Data(run.stdout.utf8))
        // 2026-11-25 is day 20,782 since 1970; the puzzle is the one the Ghost module poses that day.
        let expected = try #require(DailyPuzzle.make(day: 20_782, solver: Solver(words: try WordList(words: words, minimumLength: 4))))
        #expect(shown.date == "2026-11-25" && shown.fragment == expected.fragment && shown.answer == String(expected.answer))
        #expect(shown.choices == expected.choices.map(String.init) && shown.movesAfter == expected.movesAfter)
        // Without --reveal the answer stays hidden; a date that is no day is an error that says what to write.
        let hidden = await folio.run(["ghost", "daily", "--words", list, "--date", "2026-11-25"], input: nil)
        #expect(hidden.stdout.contains("your move at “\(expected.fragment)”") && !hidden.stdout.contains("winning letter"))
        let bad = await folio.run(["ghost", "daily", "--words", list, "--date", "2026-02-30"], input: nil)
        #expect(bad.status != 0 && bad.stderr.contains("YYYY-MM-DD"))
    }
}
