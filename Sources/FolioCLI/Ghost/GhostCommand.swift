import ArgumentParser
import FolioCore
import Foundation
import Ghost

struct GhostCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ghost", abstract: "The word game Ghost: play it, and see who wins under perfect play.",
        subcommands: [Play.self, Solve.self, Hint.self, Daily.self])
}

/// Which word list, and the shortest word that counts.
struct DictionaryOptions: ParsableArguments {
    @Option(help: "The word list: english (Debian wbritish), dutch (wdutch) or welsh (the headwords of dict-freedict-cym-eng).")
    var dictionary: GhostDictionary = .english

    @Option(help: "Any file of one word a line (or a dictd .index), read in --dictionary's alphabet: with --dictionary welsh, ll, ch and the rest are one letter each.")
    var words: String?

    @Option(help: "The shortest word that counts: 3, 4 or 5.")
    var minLength: Int = WordList.defaultMinimumLength

    func validate() throws {
        guard WordList.allowedMinimumLengths.contains(minLength) else { throw ValidationError("--min-length must be 3, 4 or 5.") }
    }

    func solver() throws -> Solver {
        try Solver.load(dictionary, path: words, minimumLength: minLength)
    }
}
