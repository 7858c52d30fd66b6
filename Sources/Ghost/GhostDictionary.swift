import Foundation

/// The dictionaries Folio plays with by name, and where Debian's packages install them
/// (`wbritish`, `wdutch`). Any other file of one word a line can be played with by path.
public enum GhostDictionary: String, Sendable, Codable, CaseIterable {
    case english, dutch

    public var label: String {
        switch self {
        case .english: "English"
        case .dutch: "Dutch"
        }
    }

    public var defaultPath: String {
        switch self {
        case .english: "/usr/share/dict/british-english"
        case .dutch: "/usr/share/dict/dutch"
        }
    }

    /// The Debian package that provides `defaultPath`.
    public var package: String {
        switch self {
        case .english: "wbritish"
        case .dutch: "wdutch"
        }
    }
}

extension Solver {
    /// The solver over `dictionary`'s word list: the file at `path`, else the Debian one. The
    /// server and the command line both load lists here, so a list that is not there is the
    /// same error, with the same advice, in both.
    public static func load(_ dictionary: GhostDictionary, path: String? = nil, minimumLength: Int) throws(GhostError) -> Solver {
        let path = path ?? dictionary.defaultPath
        guard FileManager.default.fileExists(atPath: path) else { throw .dictionaryMissing(dictionary, path: path) }
        return Solver(words: try WordList(contentsOfFile: path, minimumLength: minimumLength))
    }
}
