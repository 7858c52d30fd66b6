import ArgumentParser
import FolioCore
import Foundation
import Ghost

struct GhostCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ghost", abstract: "The word game Ghost: who wins under perfect play.",
        subcommands: [Solve.self, Hint.self])
}

/// Which word list, and the shortest word that counts.
struct DictionaryOptions: ParsableArguments {
    @Option(help: "english (Debian wbritish) or dutch (wdutch).")
    var dictionary: String = "english"

    @Option(help: "Any file of one word a line, instead of --dictionary.")
    var words: String?

    @Option(help: "The shortest word that counts: 3, 4 or 5.")
    var minLength: Int = WordList.defaultMinimumLength

    static let paths = ["english": "/usr/share/dict/british-english", "dutch": "/usr/share/dict/dutch"]

    func validate() throws {
        guard WordList.allowedMinimumLengths.contains(minLength) else { throw ValidationError("--min-length must be 3, 4 or 5.") }
        guard words != nil || Self.paths[dictionary] != nil else { throw ValidationError("--dictionary must be english or dutch.") }
    }

    func solver() throws -> Solver {
        let path = words ?? Self.paths[dictionary]!
        guard FileManager.default.fileExists(atPath: path) else { throw MissingWordList.path(path) }
        return Solver(words: try WordList(contentsOfFile: path, minimumLength: minLength))
    }
}

enum MissingWordList: FolioError {
    case path(String)
    var kind: FolioErrorKind { .missingData }
    var code: String { "word_list_missing" }
    var message: String {
        switch self {
        case .path(let path): "\(path) is missing. Run scripts/setup.sh (it installs wbritish and wdutch), or pass --words FILE."
        }
    }
}

extension GhostCommand {
    struct Solve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Whether the first player wins from the empty fragment, and with which letters.")
        @OptionGroup var dictionary: DictionaryOptions
        @OptionGroup var output: OutputOptions

        struct Answer: Encodable { let firstPlayerWins: Bool; let winningLetters: [String] }

        func run() async throws {
            try await reportingErrors {
                let solver = try dictionary.solver()
                let answer = Answer(firstPlayerWins: solver.firstPlayerWins, winningLetters: solver.winningFirstLetters.map(String.init))
                if output.json { return try printJSON(answer) }
                print(answer.firstPlayerWins
                      ? "The first player wins, starting with: \(answer.winningLetters.joined(separator: ", "))."
                      : "The first player loses against perfect play.")
            }
        }
    }

    struct Hint: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Whether the player to move at FRAGMENT wins, and the winning letters.")
        @OptionGroup var dictionary: DictionaryOptions
        @OptionGroup var output: OutputOptions
        @Argument(help: "The letters played so far.") var fragment: String

        struct Answer: Encodable { let fragment: String; let toMoveWins: Bool; let winningLetters: [String] }

        func run() async throws {
            try await reportingErrors {
                let solver = try dictionary.solver()
                let f = fragment.lowercased()
                let answer = Answer(fragment: f, toMoveWins: try solver.winsToMove(f), winningLetters: try solver.winningLetters(f).map(String.init))
                if output.json { return try printJSON(answer) }
                print(answer.toMoveWins
                      ? "The player to move at \"\(f)\" wins with: \(answer.winningLetters.joined(separator: ", "))."
                      : "The player to move at \"\(f)\" loses against perfect play; \(try solver.longestLosingLetter(f).map { "\"\($0)\" makes the game longest" } ?? "every letter ends it").")
            }
        }
    }
}
