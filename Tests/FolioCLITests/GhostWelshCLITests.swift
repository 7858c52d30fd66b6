import FolioTestSupport
import Foundation
import Ghost
import Testing

/// `folio ghost solve`, `hint` and `play` with `--dictionary welsh`: a `--words` file is read as
/// one word a line in the Welsh alphabet, where ch, dd, ll and the rest are one letter each.
@Suite struct GhostWelshCLITests {
    struct Solved: Decodable { let firstPlayerWins: Bool; let winningLetters: [String] }
    struct Hinted: Decodable { let fragment: String; let toMoveWins: Bool; let winningLetters: [String] }
    struct Move: Decodable, Equatable { let letter: String; let side: String }
    struct SuperghostHinted: Decodable { let toMoveWins: Bool; let winningMoves: [Move] }

    func list(_ folio: Folio, _ words: [String]) throws -> String {
        try FileManager.default.createDirectory(at: folio.dataDirectory, withIntermediateDirectories: true)
        let path = folio.dataDirectory.appendingPathComponent("geiriau.txt").path
        try words.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func hintAndSolveCountDigraphsAsOneLetter() async throws {
        let folio = Folio()
        defer { folio.cleanUp() }
        // ch·w·e·ch, dd·o·e, dd·a·u: after ch the second player must finish "chwech"; after dd,
        // the first. In characters c and d would both win.
        let words = try list(folio, ["chwech", "ddoe", "ddau"])
        let solved = try await folio("ghost", "solve", "--dictionary", "welsh", "--words", words, "--min-length", "3", "--json").json(Solved.self)
        #expect(solved.firstPlayerWins && solved.winningLetters == ["ch"])
        let english = try await folio("ghost", "solve", "--words", words, "--min-length", "3", "--json").json(Solved.self)
        #expect(english.winningLetters == ["c", "d"])

        let hinted = try await folio("ghost", "hint", "DD", "--dictionary", "welsh", "--words", words, "--min-length", "3", "--json").json(Hinted.self)
        #expect(hinted.fragment == "dd" && hinted.toMoveWins && hinted.winningLetters == ["a", "o"])
        let text = await folio("ghost", "hint", "dd", "--dictionary", "welsh", "--words", words, "--min-length", "3")
        #expect(text.stdout == "The player to move at \"dd\" wins with: a, o.\n", "\(text.stdout) \(text.stderr)")
        let lost = await folio("ghost", "hint", "ch", "--dictionary", "welsh", "--words", words, "--min-length", "3")
        #expect(lost.stdout == "The player to move at \"ch\" loses against perfect play; \"w\" makes the game longest.\n", "\(lost.stdout)")
        // "c" alone starts no Welsh word here: chwech begins with the letter ch.
        let c = await folio("ghost", "hint", "c", "--dictionary", "welsh", "--words", words, "--min-length", "3")
        #expect(c.status == 65 && c.stderr.contains(GhostError.notAPrefix("c").message))
    }

    @Test func superghostHintsOfferDigraphsAtTheStart() async throws {
        let folio = Folio()
        defer { folio.cleanUp() }
        let words = try list(folio, ["llan", "olan"])
        let hint = await folio("ghost", "hint", "an", "--variant", "superghost", "--dictionary", "welsh", "--words", words, "--min-length", "3", "--json")
        #expect(hint.status == 0, "\(hint.stderr)")
        let hinted = try hint.json(SuperghostHinted.self)
        #expect(hinted.toMoveWins && hinted.winningMoves == [Move(letter: "l", side: "start")])
        let solve = await folio("ghost", "solve", "--variant", "superghost", "--dictionary", "welsh", "--words", words, "--min-length", "3")
        #expect(solve.status == 0 && solve.stdout.hasPrefix("In Superghost the first player"), "\(solve.stdout)")
    }

    @Test func playReadsADigraphTypedAsTwoCharacters() async throws {
        let folio = Folio()
        defer { folio.cleanUp() }
        let words = try list(folio, ["llan", "llyn"])
        // Ann types k (no Welsh letter), then ll; Bob a; Ann n completes "llan". Ann starts again
        // with ll, Bob challenges, and Ann names "llŷn"; then the input ends.
        let input = ["k", "ll", "a", "n", "ll", "?", "llŷn"]
        let run = await folio.run(["ghost", "play", "--dictionary", "welsh", "--words", words, "--min-length", "3",
                                   "--player", "Ann", "--player", "Bob"], input: input.joined(separator: "\n") + "\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Type one letter of the Welsh alphabet (a, b, c, ch,"), "\(run.stdout)")
        #expect(run.stdout.contains("Ann completed “llan” and takes a letter: G."), "\(run.stdout)")
        #expect(run.stdout.contains("Bob challenged, but “llyn” is a word; Bob takes a letter: G."), "\(run.stdout)")
        #expect(run.stdout.hasSuffix("Game abandoned.\n"))
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: GhostDictionary.welsh.defaultPath)))
    func freeDictsWelshListIsSolved() async throws {
        let folio = Folio()
        defer { folio.cleanUp() }
        let run = await folio("ghost", "solve", "--dictionary", "welsh", "--min-length", "3", "--json")
        #expect(run.status == 0, "\(run.stderr)")
        let solved = try run.json(Solved.self)
        #expect(solved.winningLetters.allSatisfy { Alphabet.welsh.index(of: $0) != nil })
    }
}
