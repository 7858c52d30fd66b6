import FolioCore

/// Why a vocabulary action or import was refused. Imports report every bad line they found (up
/// to `VocabularyError.listedProblems`) in one error, so a file can be fixed in one pass.
public enum VocabularyError: FolioError, Equatable {
    /// A pair that cannot be saved as it stands.
    case invalidPair([Pair.Problem])
    /// A CSV or TSV file with malformed rows; nothing of it was imported.
    case malformedTable(format: PairTable.Format, problems: [LineProblem], total: Int)
    /// A file whose name says it is neither CSV nor TSV.
    case unsupportedFileType(fileName: String)
    /// A dictd `.index` file with unreadable lines.
    case malformedIndex(problems: [LineProblem], total: Int)
    /// A dictd `.dict` file that does not match its index.
    case malformedDictionary(problems: [LineProblem], total: Int)
    /// `.dict.dz` data handed over without decompressing it first.
    case compressedDictionary
    /// An index with nothing but the `00-database-*` description entries.
    case emptyDictionary
    /// Saving or importing would take the account past the pairs it may keep; nothing was saved.
    case quotaReached(limit: Int, stored: Int, adding: Int)
    /// A big import was taken out while it was being written (a server restarting took it for
    /// one a crash had cut short); nothing of it was kept.
    case importInterrupted

    /// One bad line of an imported file: its 1-based line number and what is wrong with it.
    public struct LineProblem: Sendable, Hashable {
        public var line: Int
        public var reason: String

        public init(line: Int, reason: String) {
            self.line = line
            self.reason = reason
        }

        public var message: String { "line \(line): \(reason)" }
    }

    /// How many bad lines an error spells out; the rest are only counted.
    public static let listedProblems = 20

    public var kind: FolioErrorKind {
        switch self {
        case .quotaReached, .importInterrupted: .conflict
        default: .invalidInput
        }
    }

    public var code: String {
        switch self {
        case .invalidPair: "invalid_pair"
        case .malformedTable: "malformed_table"
        case .unsupportedFileType: "unsupported_file_type"
        case .malformedIndex: "malformed_dictionary_index"
        case .malformedDictionary: "malformed_dictionary"
        case .compressedDictionary: "compressed_dictionary"
        case .emptyDictionary: "empty_dictionary"
        case .quotaReached: "quota_reached"
        case .importInterrupted: "import_interrupted"
        }
    }

    public var message: String {
        switch self {
        case .invalidPair(let problems):
            return problems.map(\.message).joined(separator: " ")
        case .malformedTable(let format, let problems, let total):
            let name = format == .csv ? "CSV" : "TSV"
            return "Nothing was imported: \(Self.count(total, "row")) of this \(name) file "
                + "\(total == 1 ? "is" : "are") malformed. \(Self.list(problems, total: total)) "
                + "Fix \(total == 1 ? "it" : "them") and import the file again."
        case .unsupportedFileType(let fileName):
            return "\"\(fileName)\" is not a CSV or TSV file. Save it as CSV (.csv) or tab-separated text "
                + "(.tsv or .txt) and import that."
        case .malformedIndex(let problems, let total):
            return "This is not a dictd index: \(Self.count(total, "line")) cannot be read. "
                + "\(Self.list(problems, total: total)) Use the .index file from the same FreeDict download as the .dict.dz file."
        case .malformedDictionary(let problems, let total):
            return "The dictionary does not match its index: \(Self.count(total, "entry", plural: "entries")) cannot be read. "
                + "\(Self.list(problems, total: total)) Use the .index and .dict.dz files from the same FreeDict download."
        case .importInterrupted:
            return "The import was interrupted and nothing of it was kept. Import the file again."
        case .compressedDictionary:
            return "The dictionary is still compressed (.dict.dz). Decompress it first, for example "
                + "gzip -dc freedict-cym-eng.dict.dz > freedict-cym-eng.dict, and import the .dict file."
        case .emptyDictionary:
            return "The dictionary has no entries, only its description. Check that the files are a FreeDict "
                + "dictionary's .index and .dict."
        case .quotaReached(let limit, let stored, let adding):
            let remaining = max(0, limit - stored)
            return "Nothing was saved: an account may keep \(Self.count(limit, "pair")) and this one has \(stored), "
                + "so \(remaining) more fit and this would add \(adding). "
                + (remaining == 0 ? "Delete pairs you no longer need first." : "Delete pairs you no longer need, or add fewer.")
        }
    }

    /// Keeps the first `listedProblems` problems and the total, as every multi-line error carries them.
    static func collecting(_ problems: [LineProblem]) -> (problems: [LineProblem], total: Int) {
        (Array(problems.prefix(listedProblems)), problems.count)
    }

    private static func list(_ problems: [LineProblem], total: Int) -> String {
        var text = problems.map { $0.message.prefix(1).uppercased() + $0.message.dropFirst() }
            .map { $0.hasSuffix(".") ? $0 : $0 + "." }
            .joined(separator: " ")
        if total > problems.count {
            text += " (\(total - problems.count) more not listed.)"
        }
        return text
    }

    private static func count(_ n: Int, _ singular: String, plural: String? = nil) -> String {
        "\(n) \(n == 1 ? singular : plural ?? singular + "s")"
    }
}
