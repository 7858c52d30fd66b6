import ArgumentParser
import FolioCore
import Foundation
import Ghost

struct GhostCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ghost", abstract: "The word game Ghost: play it, and see who wins under perfect play.",
        subcommands: [Play.self, Solve.self, Hint.self])
}

/// Which word list, and the shortest word that counts.
struct DictionaryOptions: ParsableArguments {
    @Option(help: "english (Debian wbritish) or dutch (wdutch).")
    var dictionary: String = "english"

    @Option(help: "Any file of one word a line, instead of --dictionary.")
    var words: String?

    @Option(help: "The shortest word that counts: 3, 4 or 5.")
    var minLength: Int = WordList.defaultMinimumLength

    func validate() throws {
        guard WordList.allowedMinimumLengths.contains(minLength) else { throw ValidationError("--min-length must be 3, 4 or 5.") }
        guard words != nil || GhostDictionary(rawValue: dictionary) != nil else { throw ValidationError("--dictionary must be english or dutch.") }
    }

    func solver() throws -> Solver {
        let path = words ?? GhostDictionary(rawValue: dictionary)!.defaultPath
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
