import Foundation

/// The dictionaries Folio plays with by name, and where Debian's packages install them:
/// `wbritish` and `wdutch` as one word a line, and for Welsh the headwords of FreeDict's
/// Welsh–English dictionary (`dict-freedict-cym-eng`), read from its dictd index. Any other file
/// of one word a line can be played with by path, in the dictionary's alphabet.
///
/// FreeDict's English–Welsh dictionary is not read as well: its 11,739 one-word Welsh translations
/// of three letters or more are all among the Welsh–English headwords already.
public enum GhostDictionary: String, Sendable, Codable, CaseIterable {
    case english, dutch, welsh

    public var label: String {
        switch self {
        case .english: "English"
        case .dutch: "Dutch"
        case .welsh: "Welsh"
        }
    }

    public var defaultPath: String {
        switch self {
        case .english: "/usr/share/dict/british-english"
        case .dutch: "/usr/share/dict/dutch"
        case .welsh: "/usr/share/dictd/freedict-cym-eng.index"
        }
    }

    /// The Debian package that provides `defaultPath`.
    public var package: String {
        switch self {
        case .english: "wbritish"
        case .dutch: "wdutch"
        case .welsh: "dict-freedict-cym-eng"
        }
    }

    /// The letters its words are spelled in, and a game's moves are made of.
    public var alphabet: Alphabet {
        switch self {
        case .english, .dutch: .latin
        case .welsh: .welsh
        }
    }

    /// "english, dutch or welsh": what an error about a dictionary's name offers.
    public static var names: String {
        let names = allCases.map(\.rawValue)
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }
}

extension WordList {
    /// `dictionary`'s word list: the file at `path`, else the Debian one, in the dictionary's
    /// alphabet. A file whose name ends in `.index` is a dictd index and gives its headwords;
    /// any other is one word a line. The server and the command line both load lists here, so a
    /// list that is not there is the same error, with the same advice, in both.
    public static func load(_ dictionary: GhostDictionary, path: String? = nil, minimumLength: Int) throws(GhostError) -> WordList {
        let path = path ?? dictionary.defaultPath
        guard FileManager.default.fileExists(atPath: path) else { throw .dictionaryMissing(dictionary, path: path) }
        if path.hasSuffix(".index") {
            return try WordList(dictdIndexAtPath: path, minimumLength: minimumLength, alphabet: dictionary.alphabet)
        }
        return try WordList(contentsOfFile: path, minimumLength: minimumLength, alphabet: dictionary.alphabet)
    }
}

extension Solver {
    /// The solver over `dictionary`'s word list, loaded as `WordList.load` does.
    public static func load(_ dictionary: GhostDictionary, path: String? = nil, minimumLength: Int) throws(GhostError) -> Solver {
        Solver(words: try WordList.load(dictionary, path: path, minimumLength: minimumLength))
    }
}
