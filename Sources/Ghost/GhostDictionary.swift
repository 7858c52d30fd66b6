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

extension WordList {
    /// `dictionary`'s word list: the file at `path`, else the Debian one. The server and the
    /// command line both load lists here, so a list that is not there is the same error, with the
    /// same advice, in both.
    public static func load(_ dictionary: GhostDictionary, path: String? = nil, minimumLength: Int) throws(GhostError) -> WordList {
        let path = path ?? dictionary.defaultPath
        guard FileManager.default.fileExists(atPath: path) else { throw .dictionaryMissing(dictionary, path: path) }
        return try WordList(contentsOfFile: path, minimumLength: minimumLength)
    }
}

extension Solver {
    /// The solver over `dictionary`'s word list, loaded as `WordList.load` does.
    public static func load(_ dictionary: GhostDictionary, path: String? = nil, minimumLength: Int) throws(GhostError) -> Solver {
        Solver(words: try WordList.load(dictionary, path: path, minimumLength: minimumLength))
    }
}
