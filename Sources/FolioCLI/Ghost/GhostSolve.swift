import ArgumentParser
import FolioCore
import Foundation
import Ghost

extension GhostCommand {
    struct Solve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Whether the first player wins from the empty fragment, and with which letters.")
        @OptionGroup var dictionary: DictionaryOptions
        @OptionGroup var output: OutputOptions
        @Option(help: "ghost (letters at the end) or superghost (letters at either end).")
        var variant: Rules.Variant = .ghost

        struct Answer: Encodable { let firstPlayerWins: Bool; let winningLetters: [String] }
        struct SuperghostAnswer: Encodable { let firstPlayerWins: Bool; let winningMoves: [SuperghostMove] }

        func run() async throws {
            if variant == .superghost { return try runSuperghost() }
            let solver = try dictionary.solver()
            let answer = Answer(firstPlayerWins: solver.firstPlayerWins, winningLetters: solver.winningFirstLetters)
            if output.json { return try printJSON(answer) }
            print(answer.firstPlayerWins
                  ? "The first player wins, starting with: \(answer.winningLetters.joined(separator: ", "))."
                  : "The first player loses against perfect play.")
        }

        func runSuperghost() throws {
            let solver = try dictionary.superghostSolver()
            let answer = SuperghostAnswer(firstPlayerWins: solver.firstPlayerWins, winningMoves: solver.winningFirstMoves)
            if output.json { return try printJSON(answer) }
            print(answer.firstPlayerWins
                  ? "In Superghost the first player wins, starting with: \(answer.winningMoves.spoken(from: ""))."
                  : "In Superghost the first player loses against perfect play.")
        }
    }
}
