import FolioCore
import Foundation
import Monologues

/// GCIDE as Debian's `dict-gcide` installs it (/usr/share/dictd/gcide.index and gcide.dict.dz),
/// read the first time a word is looked up and kept for the life of the process: the dictionary
/// inflates to 40 MB, which takes about half a second to read, so no lookup may read it again.
/// Kept: the inflated bytes (40 MB) and an index of the single-word headwords (about 150,000).
///
/// Pages, API and CLI all look words up here. Words are checked before anything is read, so a
/// bad word is a bad request whether or not the dictionary is installed.
public actor GlossaryShelf {
    public static let debianDirectory = "/usr/share/dictd"
    /// GCIDE 0.48 inflates to 40 MB; room for later editions, and a stop for a file that is not it.
    public static let maximumDictionaryBytes = 96 * 1024 * 1024
    /// The one shelf of a server process, so every request shares one copy of the dictionary.
    public static let shared = GlossaryShelf()

    public nonisolated let directory: String
    private var loaded: Glossary?
    private var loading: Task<Glossary, any Error>?
    /// A dictionary that could not be read is not read again until its files change: a corrupt
    /// file would otherwise cost every request half a second.
    private var failure: (stamp: [Date?], error: GlossaryError)?

    public init(directory: String = GlossaryShelf.debianDirectory) {
        self.directory = directory
    }

    public nonisolated var indexPath: String { directory + "/gcide.index" }
    /// The plain .dict when there is one (dictd can be given either), else the .dict.dz.
    public nonisolated var dictionaryPath: String? {
        [directory + "/gcide.dict", directory + "/gcide.dict.dz"].first { FileManager.default.fileExists(atPath: $0) }
    }

    public nonisolated var isInstalled: Bool { FileManager.default.fileExists(atPath: indexPath) && dictionaryPath != nil }

    /// What `word` means. Throws `GlossaryError`: `.invalidWord` first, then `.dictionaryMissing`
    /// or `.unreadableDictionary`, then `.notFound`.
    public nonisolated func define(_ word: String) async throws(GlossaryError) -> WordMeaning {
        guard GlossaryForms.clean(word) != nil else { throw .invalidWord(String(word.prefix(GlossaryForms.maximumWordLength))) }
        // The lookup itself runs on the caller's task: the actor only guards the loading.
        return try await glossary().define(word)
    }

    /// The dictionary, read on first use.
    public func glossary() async throws(GlossaryError) -> Glossary {
        if let loaded { return loaded }
        guard isInstalled, let dictionaryPath else { throw .dictionaryMissing }
        let stamp = [indexPath, dictionaryPath].map(modified)
        if let failure, failure.stamp == stamp { throw failure.error }
        let task = loading ?? Task.detached { [indexPath] in try Self.read(indexPath: indexPath, dictionaryPath: dictionaryPath) }
        loading = task
        do {
            let glossary = try await task.value
            loaded = glossary
            loading = nil
            return glossary
        } catch {
            loading = nil
            let problem = error as? GlossaryError ?? .unreadableDictionary(String(describing: error))
            failure = (stamp, problem)
            throw problem
        }
    }

    /// Reads and indexes both files. Blocks: run it off the actor.
    static func read(indexPath: String, dictionaryPath: String) throws(GlossaryError) -> Glossary {
        guard let index = FileManager.default.contents(atPath: indexPath) else { throw .unreadableDictionary("\(indexPath) cannot be read") }
        let dictionary: Data
        do {
            dictionary = try FreeDictShelf.readDictionary(dictionaryPath, limit: maximumDictionaryBytes)
        } catch .missing {
            throw .dictionaryMissing
        } catch .tooLarge(_, let limit) {
            throw .unreadableDictionary("\(dictionaryPath) inflates past \(limit / 1_048_576) MB")
        } catch {
            throw .unreadableDictionary("\(dictionaryPath) is not a gzip file")
        }
        return try Glossary(index: [UInt8](index), dictionary: dictionary)
    }

    private nonisolated func modified(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }
}
