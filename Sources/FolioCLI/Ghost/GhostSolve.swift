import ArgumentParser
import FolioCore
import Foundation
import Ghost

extension GhostCommand {
    struct Solve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Whether the first player wins from the empty fragment, and with which letters.")
        @OptionGroup var dictionary: DictionaryOptions
        @OptionGroup var output: OutputOptions

        struct Answer: Encodable { let firstPlayerWins: Bool; let winningLetters: [String] }

        func run() async throws {
            let solver = try dictionary.solver()
            let answer = Answer(firstPlayerWins: solver.firstPlayerWins, winningLetters: solver.winningFirstLetters.map(String.init))
            if output.json { return try printJSON(answer) }
            print(answer.firstPlayerWins
                  ? "The first player wins, starting with: \(answer.winningLetters.joined(separator: ", "))."
                  : "The first player loses against perfect play.")
        }
    }
}
