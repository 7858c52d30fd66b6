import FolioCore
import FolioTestSupport
import Foundation
import Ghost
import Testing

/// `folio ghost solve` and `hint` with `--variant superghost`, run in-process and held to the
/// exhaustive search from the rules.
@Suite struct GhostSuperghostCLITests {
    struct Move: Decodable, Equatable { let letter: String; let side: String }
    struct Solved: Decodable { let firstPlayerWins: Bool; let winningMoves: [Move] }
    struct Hinted: Decodable { let fragment: String; let toMoveWins: Bool; let winningMoves: [Move] }

    static func moves(_ moves: [SuperghostMove]) -> [Move] {
        moves.map { Move(letter: String($0.letter), side: $0.side.rawValue) }
    }

    static func keys(_ run: Folio.Run) throws -> Set<String> {
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        return Set(try #require(object).keys)
    }

    @Test func solveAndHintOnASmallWordList() async throws {
        let folio = Folio()
        defer { folio.cleanUp() }
        try FileManager.default.createDirectory(at: folio.dataDirectory, withIntermediateDirectories: true)
        let list = folio.dataDirectory.appendingPathComponent("words.txt").path
        // The list SuperghostSolverTests works through by hand; entries with capitals are dropped.
        let words = ["ate", "heat", "eats", "wheat", "hat", "hate", "cats", "scat"]
        try (words + ["Hats"]).joined(separator: "\n").write(toFile: list, atomically: true, encoding: .utf8)
        let oracle = SuperghostOracle(Set(words))

        let solve = await folio("ghost", "solve", "--variant", "superghost", "--words", list, "--min-length", "3", "--json")
        #expect(solve.status == 0, "\(solve.stderr)")
        #expect(try Self.keys(solve) == ["firstPlayerWins", "winningMoves"])
        let solved = try solve.json(Solved.self)
        #expect(solved.firstPlayerWins == oracle.value("").wins)
        #expect(solved.winningMoves == Self.moves(oracle.winningMoves("")))

        let hint = await folio("ghost", "hint", "AT", "--variant", "superghost", "--words", list, "--min-length", "3", "--json")
        #expect(try Self.keys(hint) == ["fragment", "toMoveWins", "winningMoves"])
        let hinted = try hint.json(Hinted.self)
        #expect(hinted.fragment == "at")
        #expect(hinted.toMoveWins)
        #expect(hinted.winningMoves == [Move(letter: "c", side: "start"), Move(letter: "e", side: "start"), Move(letter: "s", side: "end")])
        let text = await folio("ghost", "hint", "at", "--variant", "superghost", "--words", list, "--min-length", "3")
        #expect(text.stdout == "The player to move at \"at\" wins with: c at the start, e at the start, s at the end.\n")
        let losing = await folio("ghost", "hint", "eat", "--variant", "superghost", "--words", list, "--min-length", "3")
        #expect(losing.stdout.hasPrefix("The player to move at \"eat\" loses against perfect play;"), "\(losing.stdout)")

        let notAnInfix = await folio("ghost", "hint", "ta", "--variant", "superghost", "--words", list, "--min-length", "3")
        #expect(notAnInfix.status == 65)
        #expect(notAnInfix.stderr.contains(GhostError.notAnInfix("ta").message))
        let word = await folio("ghost", "hint", "hat", "--variant", "superghost", "--words", list, "--min-length", "3")
        #expect(word.status == 65)
        #expect(word.stderr.contains(GhostError.alreadyAWord("hat").message))
        #expect(await folio("ghost", "solve", "--variant", "ghostly", "--words", list).status != 0)
    }

    @Test func plainGhostIsTheDefaultAndUnchanged() async throws {
        let folio = Folio()
        defer { folio.cleanUp() }
        try FileManager.default.createDirectory(at: folio.dataDirectory, withIntermediateDirectories: true)
        let list = folio.dataDirectory.appendingPathComponent("words.txt").path
        try "cat\ncab\ndog\ndoor\n".write(toFile: list, atomically: true, encoding: .utf8)
        let plain = await folio("ghost", "solve", "--words", list, "--min-length", "3", "--json")
        #expect(await folio("ghost", "solve", "--variant", "ghost", "--words", list, "--min-length", "3", "--json").stdout == plain.stdout)
        #expect(try Self.keys(plain) == ["firstPlayerWins", "winningLetters"])
        let hint = await folio("ghost", "hint", "do", "--variant", "ghost", "--words", list, "--min-length", "3")
        #expect(hint.stdout == "The player to move at \"do\" wins with: o.\n")
    }

    @Test func solveAndHintAgreeWithAnExhaustiveSearch() async throws {
        let folio = Folio()
        defer { folio.cleanUp() }
        try FileManager.default.createDirectory(at: folio.dataDirectory, withIntermediateDirectories: true)
        var random = SeededRandom(seed: 2024)
        for round in 0..<6 {
            let minimum = 3 + round % 3
            let words = (0..<Int.random(in: 4...20, using: &random)).map { _ in
                String((0..<Int.random(in: minimum...7, using: &random)).map { _ in "abcd".randomElement(using: &random)! })
            }
            let list = folio.dataDirectory.appendingPathComponent("words\(round).txt").path
            try words.joined(separator: "\n").write(toFile: list, atomically: true, encoding: .utf8)
            let oracle = SuperghostOracle(Set(words))
            let arguments = ["--variant", "superghost", "--words", list, "--min-length", String(minimum), "--json"]
            let solved = try await folio.run(["ghost", "solve"] + arguments, input: nil).json(Solved.self)
            #expect(solved.firstPlayerWins == oracle.value("").wins, "\(words)")
            #expect(solved.winningMoves == Self.moves(oracle.winningMoves("")), "\(words)")
            // Hints from a few positions a round can reach, a letter added at the start among them.
            let positions = oracle.infixes.filter { !$0.isEmpty && !oracle.words.contains($0) }.sorted()
            for fragment in positions.prefix(3) + positions.suffix(3) {
                let hint = try await folio.run(["ghost", "hint", fragment] + arguments, input: nil).json(Hinted.self)
                #expect(hint.toMoveWins == oracle.value(fragment).wins, "\(fragment) in \(words)")
                #expect(hint.winningMoves == Self.moves(oracle.winningMoves(fragment)), "\(fragment) in \(words)")
            }
        }
    }
}
