import ArgumentParser
import FolioCore
import Foundation
import Ghost

extension GhostCommand {
    struct Hint: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Whether the player to move at FRAGMENT wins, and the winning letters.")
        @OptionGroup var dictionary: DictionaryOptions
        @OptionGroup var output: OutputOptions
        @Option(help: "ghost (letters at the end) or superghost (letters at either end).")
        var variant: Rules.Variant = .ghost
        @Argument(help: "The letters played so far.") var fragment: String

        struct Answer: Encodable { let fragment: String; let toMoveWins: Bool; let winningLetters: [String] }
        struct SuperghostAnswer: Encodable { let fragment: String; let toMoveWins: Bool; let winningMoves: [SuperghostMove] }

        func run() async throws {
            if variant == .superghost { return try runSuperghost() }
            let solver = try dictionary.solver()
            let f = fragment.lowercased()
            let answer = Answer(fragment: f, toMoveWins: try solver.winsToMove(f), winningLetters: try solver.winningLetters(f))
            if output.json { return try printJSON(answer) }
            print(answer.toMoveWins
                  ? "The player to move at \"\(f)\" wins with: \(answer.winningLetters.joined(separator: ", "))."
                  : "The player to move at \"\(f)\" loses against perfect play; \(try solver.longestLosingLetter(f).map { "\"\($0)\" makes the game longest" } ?? "every letter ends it").")
        }

        func runSuperghost() throws {
            let solver = try dictionary.superghostSolver()
            let f = fragment.lowercased()
            let answer = SuperghostAnswer(fragment: f, toMoveWins: try solver.winsToMove(f), winningMoves: try solver.winningMoves(f))
            if output.json { return try printJSON(answer) }
            print(answer.toMoveWins
                  ? "The player to move at \"\(f)\" wins with: \(answer.winningMoves.spoken(from: f))."
                  // A losing player still has a move: a fragment that is no word is part of a longer one.
                  : "The player to move at \"\(f)\" loses against perfect play; \([try solver.bestMove(f)].spoken(from: f)) makes the game longest.")
        }
    }
}
