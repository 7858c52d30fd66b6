import FolioCore
import Foundation
import Vocabulary

/// The FreeDict dictionaries installed on this machine (Debian's `dict-freedict-cym-eng` and
/// `dict-freedict-eng-cym` put them in /usr/share/dictd), read into pairs once and kept: the
/// pages import a dictionary a batch at a time, and each batch must not read it again.
///
/// Only dictionaries between Welsh and English are offered, and only by name: a request never
/// names a path, so nothing outside the directory can be read through it.
public actor FreeDictShelf {
    public static let debianDirectory = "/usr/share/dictd"
    /// The largest dictionary inflated, as `folio vocab import-freedict` allows: FreeDict's Welsh
    /// dictionaries are 0.55 and 0.61 MB; a file that inflates past this is not one of them.
    public static let maximumDictionaryBytes = 64 * 1024 * 1024

    /// One installed dictionary.
    public struct Installed: Sendable, Hashable, Identifiable {
        /// "cym-eng": what a form names it by.
        public var id: String
        /// The side its headwords are on.
        public var direction: Direction
        /// Headwords in its index, less the entries describing the dictionary.
        public var headwords: Int
        /// The tag its pairs get unless the learner names another: "FreeDict cym-eng".
        public var defaultTag: String { "FreeDict " + id }
        /// "Welsh → English".
        public var title: String { direction.title }
    }

    public let directory: String
    private var indexes: [String: (stamp: Date?, dictionary: Installed)] = [:]
    private var read: [String: (stamp: Date?, pairs: [Pair])] = [:]

    public init(directory: String = FreeDictShelf.debianDirectory) {
        self.directory = directory
    }

    /// The Welsh dictionaries installed, cym-eng before eng-cym; none when the directory is missing.
    public func installed() -> [Installed] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return files.filter { $0.hasPrefix("freedict-") && $0.hasSuffix(".index") }.sorted().compactMap { file in
            let id = String(file.dropFirst("freedict-".count).dropLast(".index".count))
            guard Dictd.direction(forDictionaryNamed: id) != nil, dictionaryPath(id) != nil else { return nil }
            return try? describe(id)
        }
    }

    /// The installed dictionary named `id`.
    public func dictionary(_ id: String) throws -> Installed {
        guard let found = installed().first(where: { $0.id == id }) else { throw DictionaryImportError.notInstalled(String(id.prefix(40))) }
        return found
    }

    /// Every pair of the dictionary, untagged, in the order `Dictd.pairs` gives them (the same
    /// each time for the same files, which is what lets an import go on where it stopped).
    public func pairs(of id: String) async throws -> [Pair] {
        let dictionary = try dictionary(id)
        let stamp = modified(indexPath(id))
        if let cached = read[id], cached.stamp == stamp { return cached.pairs }
        guard let indexData = FileManager.default.contents(atPath: indexPath(id)),
              let index = String(data: indexData, encoding: .utf8) else {
            throw DictionaryImportError.unreadable(indexPath(id))
        }
        let data = try await Self.dictionaryData(dictionaryPath(id) ?? "", limit: Self.maximumDictionaryBytes)
        let pairs = try Dictd.pairs(index: index, dictionary: data, direction: dictionary.direction, tag: "")
        read[id] = (stamp, pairs)
        return pairs
    }

    // MARK: - Files

    private func indexPath(_ id: String) -> String { directory + "/freedict-" + id + ".index" }

    /// The plain .dict beside the index, or else its .dict.dz.
    private func dictionaryPath(_ id: String) -> String? {
        let base = directory + "/freedict-" + id
        return [base + ".dict", base + ".dict.dz"].first { FileManager.default.fileExists(atPath: $0) }
    }

    private func modified(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }

    private func describe(_ id: String) throws -> Installed {
        let stamp = modified(indexPath(id))
        if let known = indexes[id], known.stamp == stamp { return known.dictionary }
        guard let data = FileManager.default.contents(atPath: indexPath(id)), let direction = Dictd.direction(forDictionaryNamed: id) else {
            throw DictionaryImportError.unreadable(indexPath(id))
        }
        let lines = data.split(separator: 0x0A)
        let metadata = lines.prefix(20).filter { $0.starts(with: Array("00".utf8)) }.count
        let dictionary = Installed(id: id, direction: direction, headwords: lines.count - metadata)
        indexes[id] = (stamp, dictionary)
        return dictionary
    }

    /// The dictionary's bytes for the pages: off the actor's thread, as reading a pipe blocks,
    /// and any problem is "unreadable" (the pages name dictionaries, never files).
    static func dictionaryData(_ path: String, limit: Int) async throws -> Data {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result {
                    do { return try readDictionary(path, limit: limit) } catch { throw DictionaryImportError.unreadable(path) }
                })
            }
        }
    }

    /// Why a dictd file could not be read, for a face that names files (the CLI).
    public enum FileProblem: Error, Sendable, Equatable {
        case missing(String)
        case tooLarge(String, limit: Int)
        case corrupt(String)
    }

    /// A dictd dictionary's bytes: a plain .dict as it is, a .dict.dz inflated by gzip (dictzip is
    /// gzip with an index) a chunk at a time, stopping at `limit` — a file that inflates past it
    /// is a gzip bomb or not a dictionary, and stops here instead of filling memory. Blocks.
    public static func readDictionary(_ path: String, limit: Int = maximumDictionaryBytes) throws(FileProblem) -> Data {
        guard FileManager.default.fileExists(atPath: path) else { throw .missing(path) }
        guard path.hasSuffix(".dz") else {
            let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int ?? 0
            guard size <= limit else { throw .tooLarge(path, limit: limit) }
            guard let data = FileManager.default.contents(atPath: path) else { throw .corrupt(path) }
            return data
        }
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        gzip.arguments = ["gzip", "-dc", path]
        let out = Pipe()
        gzip.standardOutput = out
        gzip.standardError = FileHandle.nullDevice
        do { try gzip.run() } catch { throw .corrupt(path) }
        var data = Data()
        do {
            while let chunk = try out.fileHandleForReading.read(upToCount: 1 << 16), !chunk.isEmpty {
                data.append(chunk)
                if data.count > limit {
                    gzip.terminate()
                    gzip.waitUntilExit()
                    throw FileProblem.tooLarge(path, limit: limit)
                }
            }
        } catch let problem as FileProblem {
            throw problem
        } catch {
            throw .corrupt(path)
        }
        gzip.waitUntilExit()
        guard gzip.terminationStatus == 0 else { throw .corrupt(path) }
        return data
    }
}

/// Importing an installed dictionary into an account, a batch at a time, so that a page can show
/// how far it has got and no batch holds the database's writer for long. The progress is the
/// number of the account's pairs carrying the import's tag, so it needs no state of its own:
/// an import that stopped goes on from there, and one asked to start where the account does not
/// stand is refused rather than importing pairs twice.
public struct DictionaryImport: Sendable {
    public let book: PairBook
    public let shelf: FreeDictShelf
    /// About a tenth of a Welsh dictionary: a progress bar that moves, and a write of some tens of
    /// milliseconds each.
    public static let batchSize = 1_500

    public init(book: PairBook, shelf: FreeDictShelf) {
        self.book = book
        self.shelf = shelf
    }

    /// How far an import of a dictionary under a tag stands.
    public struct Progress: Sendable, Equatable {
        public var dictionary: String
        public var tag: String
        public var imported: Int
        public var total: Int
        public var isComplete: Bool { imported >= total }

        public init(dictionary: String, tag: String, imported: Int, total: Int) {
            self.dictionary = dictionary
            self.tag = tag
            self.imported = imported
            self.total = total
        }
    }

    /// The single tag an import uses: `typed` made a tag as tags are (trimmed, capitalised, cut
    /// to length), or the dictionary's own when nothing is typed.
    public static func tag(_ typed: String, default fallback: String) throws(DictionaryImportError) -> String {
        let tags = TagList.parse(typed, style: .capitalised)
        guard tags.count <= 1 else { throw .oneTag(typed) }
        return tags.first ?? fallback
    }

    public func progress(of dictionary: String, tag: String, accountID: Account.ID) async throws -> Progress {
        let total = try await shelf.pairs(of: dictionary).count
        return Progress(dictionary: dictionary, tag: tag, imported: try await book.count(accountID: accountID, tag: tag), total: total)
    }

    /// Imports the next batch, from pair `from` of the dictionary, which must be the number of
    /// pairs the account already has with `tag`: 0 for a new import.
    public func importBatch(_ dictionary: String, tag: String, from: Int, accountID: Account.ID, now: Date = Date()) async throws -> Progress {
        let pairs = try await shelf.pairs(of: dictionary)
        let tagged = try await book.count(accountID: accountID, tag: tag)
        guard tagged == from else {
            throw from == 0 ? DictionaryImportError.tagInUse(tag: tag, count: tagged)
                            : DictionaryImportError.outOfStep(tag: tag, expected: from, found: tagged)
        }
        if from == 0, let limit = book.pairLimit {
            // Refused whole before the first batch, rather than stopped by the quota part way.
            let stored = try await book.count(accountID: accountID)
            if stored + pairs.count > limit { throw VocabularyError.quotaReached(limit: limit, stored: stored, adding: pairs.count) }
        }
        let batch = pairs[min(from, pairs.count)..<min(from + Self.batchSize, pairs.count)].map { pair -> Pair in
            var pair = pair
            pair.tags = [tag]
            return pair
        }
        let added = batch.isEmpty ? 0 : try await book.store.importPairs(accountID: accountID, batch, pairLimit: book.pairLimit, now: now)
        return Progress(dictionary: dictionary, tag: tag, imported: from + added, total: pairs.count)
    }

    /// Imports every batch left, one after another: what a page without script asks for.
    public func importRest(_ dictionary: String, tag: String, from: Int, accountID: Account.ID, now: Date = Date()) async throws -> Progress {
        var progress = try await importBatch(dictionary, tag: tag, from: from, accountID: accountID, now: now)
        while !progress.isComplete {
            progress = try await importBatch(dictionary, tag: tag, from: progress.imported, accountID: accountID, now: now)
        }
        return progress
    }
}

/// A dictionary import that cannot go ahead.
public enum DictionaryImportError: FolioError, Equatable {
    case notInstalled(String)
    case unreadable(String)
    case oneTag(String)
    /// A new import under a tag some of the account's pairs already carry.
    case tagInUse(tag: String, count: Int)
    /// An import asked to go on from a point the account is not at (a second tab, a reload).
    case outOfStep(tag: String, expected: Int, found: Int)

    public var kind: FolioErrorKind {
        switch self {
        case .notInstalled: .notFound
        case .unreadable: .missingData
        case .oneTag: .invalidInput
        case .tagInUse, .outOfStep: .conflict
        }
    }

    public var code: String {
        switch self {
        case .notInstalled: "dictionary_not_installed"
        case .unreadable: "dictionary_unreadable"
        case .oneTag: "invalid_tag"
        case .tagInUse: "tag_in_use"
        case .outOfStep: "import_out_of_step"
        }
    }

    public var message: String {
        switch self {
        case .notInstalled(let name):
            return "No FreeDict dictionary \"\(name)\" is installed on this server. An administrator installs the Welsh ones with "
                + "scripts/setup.sh (Debian's dict-freedict-cym-eng and dict-freedict-eng-cym)."
        case .unreadable(let path):
            return "The dictionary file \(path) cannot be read. An administrator can reinstall it with scripts/setup.sh."
        case .oneTag(let typed):
            return "\"\(typed.prefix(60))\" is more than one tag. Give the imported pairs a single tag, without commas."
        case .tagInUse(let tag, let count):
            return "\(count) of your pairs are already tagged \(tag), so nothing was imported. Choose another tag for this import, "
                + "or go on with the import already started."
        case .outOfStep(let tag, let expected, let found):
            return "The import has moved on elsewhere: \(found) pairs are tagged \(tag), not \(expected). "
                + "Open the import page again to see where it stands."
        }
    }
}
