import FolioCore
import Foundation
import Vocabulary

/// A CSV or TSV table looked at before anything of it is saved: the pairs it would add, the rows
/// it would skip as pairs the account already has, the lines that stop it, and a checksum of the
/// text, so that the import that follows can be held to exactly what was shown.
public struct TablePreview: Sendable {
    /// A tag the table uses, marked new when the account has no tag of that name yet.
    public struct Tag: Sendable, Hashable {
        public var name: String
        public var isNew: Bool

        public init(name: String, isNew: Bool) {
            self.name = name
            self.isNew = isNew
        }
    }

    public var format: PairTable.Format
    /// The pairs an import would add, validated, in the order of the table.
    public var additions: [Pair]
    /// Rows that repeat a pair already in the account, or an earlier row of the table: the same
    /// English and the same Welsh, whatever their case. An import leaves them out.
    public var duplicates: Int
    /// The malformed rows, by line (the first `VocabularyError.listedProblems` of them).
    public var problems: [VocabularyError.LineProblem]
    /// How many rows are malformed in all.
    public var problemTotal: Int
    /// Why the table cannot be imported as a whole (the account would pass its quota), when it
    /// is not a matter of lines.
    public var refusal: String?
    public var tags: [Tag]
    /// Names the previewed text; see `TableImport.checksum`.
    public var checksum: String

    /// Whether an import of this table would add something.
    public var canImport: Bool { problemTotal == 0 && refusal == nil && !additions.isEmpty }
}

/// What an import of a previewed table did.
public struct TableImportOutcome: Sendable, Equatable {
    public var added: Int
    public var skipped: Int

    public init(added: Int, skipped: Int) {
        self.added = added
        self.skipped = skipped
    }
}

/// How a learner's own file becomes text for `PairTable`, and the checks that keep an import to
/// what its preview showed.
public enum TableImport {
    /// The largest file a page accepts: room for about 25,000 pairs with short notes. Reading and
    /// checking a table costs about 15 µs a row in a release build, so 2 MB is some 0.4 s of work
    /// for its preview; a bigger list is imported in parts.
    public static let maximumFileBytes = 2 * 1024 * 1024

    /// A file's text. Spreadsheets save UTF-8 (with or without a byte order mark) or, as Excel's
    /// "Unicode text", UTF-16 with one; anything else, or text holding NUL bytes (a binary file
    /// with a .csv name), is refused with what to do instead.
    public static func text(of bytes: [UInt8], fileName: String) throws(TableImportError) -> String {
        guard !bytes.isEmpty else { throw .empty }
        guard bytes.count <= maximumFileBytes else { throw .tooLarge(fileName: fileName, limit: maximumFileBytes) }
        let text: String?
        if bytes.starts(with: [0xFF, 0xFE]) {
            text = String(data: Data(bytes.dropFirst(2)), encoding: .utf16LittleEndian)
        } else if bytes.starts(with: [0xFE, 0xFF]) {
            text = String(data: Data(bytes.dropFirst(2)), encoding: .utf16BigEndian)
        } else {
            text = String(validating: bytes, as: UTF8.self)
        }
        guard let text, !text.unicodeScalars.contains("\u{0}") else { throw .notText(fileName: fileName) }
        return text
    }

    /// FNV-1a over the text's UTF-8, in hex: enough to tell an edited text from the one previewed
    /// (it guards against a mistake, not an attacker, who could only import into their own account).
    public static func checksum(_ text: String, format: PairTable.Format) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        hash ^= format == .csv ? 1 : 2
        return String(hash, radix: 16)
    }

    /// The key two pairs share when one repeats the other.
    static func duplicateKey(_ pair: Pair) -> String {
        pair.english.lowercased() + "\u{0}" + pair.welsh.lowercased()
    }
}

/// A file or a pasted table that cannot be read as one.
public enum TableImportError: FolioError, Equatable {
    case empty
    case notText(fileName: String)
    case tooLarge(fileName: String, limit: Int)
    /// The text sent to be imported is not the text that was previewed.
    case changedSincePreview

    public var kind: FolioErrorKind {
        switch self {
        case .changedSincePreview: .conflict
        default: .invalidInput
        }
    }

    public var code: String {
        switch self {
        case .empty: "empty_table"
        case .notText: "not_text"
        case .tooLarge: "file_too_large"
        case .changedSincePreview: "changed_since_preview"
        }
    }

    public var message: String {
        switch self {
        case .empty:
            return "There is nothing to import: paste rows of English, Welsh, Note, Type and Tags, or choose a CSV or TSV file."
        case .notText(let fileName):
            return "\"\(fileName)\" is not a text file. Save the sheet as CSV UTF-8 (.csv) or as tab-separated text (.tsv or .txt) and choose that."
        case .tooLarge(let fileName, let limit):
            return "\"\(fileName)\" is larger than \(limit / 1024 / 1024) MB. Split it into smaller files and import them one after another."
        case .changedSincePreview:
            return "The table changed after its preview, so nothing was imported. Check the new preview below, then import."
        }
    }
}

extension PairBook {
    /// What importing `text` would do, without saving anything. Every pair of the account is read
    /// once to find the rows it already has: at 25,000 pairs a few tens of milliseconds, spent
    /// only when someone imports.
    public func previewTable(_ text: String, format: PairTable.Format, accountID: Account.ID) async throws -> TablePreview {
        let checksum = TableImport.checksum(text, format: format)
        var preview = TablePreview(format: format, additions: [], duplicates: 0, problems: [], problemTotal: 0,
                                   refusal: nil, tags: [], checksum: checksum)
        let rows: [Pair]
        do {
            rows = try PairTable.read(text, format: format)
        } catch {
            guard case .malformedTable(_, let problems, let total) = error else { throw error }
            preview.problems = problems
            preview.problemTotal = total
            return preview
        }
        let existing = try await store.allPairs(accountID: accountID)
        var seen = Set(existing.map(TableImport.duplicateKey))
        let knownTags = Set(existing.flatMap(\.tags).map(TextFolding.fold))
        var listedTags = Set<String>()
        for pair in rows {
            guard seen.insert(TableImport.duplicateKey(pair)).inserted else {
                preview.duplicates += 1
                continue
            }
            preview.additions.append(pair)
            for tag in pair.tags {
                let key = TextFolding.fold(tag)
                if listedTags.insert(key).inserted { preview.tags.append(.init(name: tag, isNew: !knownTags.contains(key))) }
            }
        }
        if let pairLimit, existing.count + preview.additions.count > pairLimit {
            preview.refusal = VocabularyError.quotaReached(limit: pairLimit, stored: existing.count, adding: preview.additions.count).message
        }
        return preview
    }

    /// Imports the pairs of a table previewed with `checksum`, leaving out the rows the account
    /// already has; all of them or, when a line is malformed or the quota would be passed, none.
    public func importPreviewed(_ text: String, format: PairTable.Format, checksum: String, accountID: Account.ID,
                                now: Date = Date()) async throws -> TableImportOutcome {
        guard TableImport.checksum(text, format: format) == checksum else { throw TableImportError.changedSincePreview }
        let preview = try await previewTable(text, format: format, accountID: accountID)
        if preview.problemTotal > 0 {
            throw VocabularyError.malformedTable(format: format, problems: preview.problems, total: preview.problemTotal)
        }
        guard !preview.additions.isEmpty else { return TableImportOutcome(added: 0, skipped: preview.duplicates) }
        // The store checks the quota again inside its transaction, where no other write can slip in.
        let added = try await store.importPairs(accountID: accountID, preview.additions, pairLimit: pairLimit, now: now)
        return TableImportOutcome(added: added, skipped: preview.duplicates)
    }

    /// The account's pairs as a table, every one or those tagged `tag` (matched as tags are,
    /// whatever their case), alphabetical by English then Welsh. A tag's pairs are picked from one
    /// read of them all: paging through a big tag by offset would read its first rows over and over.
    public func export(accountID: Account.ID, format: PairTable.Format, tag: String?, runner: some WorkRunner = InPlaceWork()) async throws -> String {
        guard let tag, !tag.isEmpty else { return try await export(accountID: accountID, format: format, runner: runner) }
        let key = TextFolding.fold(tag)
        let pairs = try await store.allPairs(accountID: accountID)
        return try await runner.run { _ in PairTable.write(pairs.filter { $0.tags.contains { TextFolding.fold($0) == key } }, format: format) }
    }

    /// How many of the account's pairs carry `tag`.
    public func count(accountID: Account.ID, tag: String) async throws -> Int {
        try await store.pairs(accountID: accountID, filter: PairFilter(tag: tag), limit: 1, offset: 0).total
    }
}
