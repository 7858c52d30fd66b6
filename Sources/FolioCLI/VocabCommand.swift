import ArgumentParser
import FolioApp
import FolioCore
import FolioServer
import FolioStore
import Foundation
import Monologues
import Vocabulary

struct VocabCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vocab", abstract: "The English–Welsh vocabulary trainer.",
        subcommands: [Add.self, List.self, Search.self, Tags.self, Edit.self, Delete.self, Import.self, Export.self, ImportFreeDict.self,
                      Review.self, Simulate.self])
}

extension VocabCommand {
    struct Simulate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show how the FSRS-6 scheduler treats a review history of a new card.",
            discussion: """
            HISTORY is whole-day gaps and ratings, the first gap 0: "0:3 1:3 3:1 1:3". Ratings: 1 Again, \
            2 Hard, 3 Good, 4 Easy. Default parameters and desired retention 0.9, as py-fsrs 6.3.
            """)

        @OptionGroup var output: OutputOptions

        @Argument(help: "Gaps in days and ratings, e.g. \"0:3 1:3 3:1\".")
        var history: String

        @Flag(help: "No learning or relearning steps: every review schedules whole days.")
        var noLearningSteps = false

        func run() async throws {
            try await reportingErrors {
                let steps = try ReviewSimulation.parse(history)
                let scheduler = noLearningSteps ? Scheduler(learningSteps: [], relearningSteps: []) : Scheduler()
                let reviews = ReviewSimulation.run(steps, scheduler: scheduler)
                if output.json { return try printJSON(reviews) }
                print("day  rating  state       stability  difficulty  next in")
                func pad(_ s: String, _ width: Int) -> String { s + String(repeating: " ", count: max(0, width - s.count)) }
                for r in reviews {
                    print(String(format: "%3d  ", r.day) + pad(r.rating.name, 6) + "  " + pad(r.state, 10)
                          + String(format: "  %9.4f  %10.4f  ", r.stability, r.difficulty)
                          + "\(r.intervalDays) day\(r.intervalDays == 1 ? "" : "s")")
                }
            }
        }
    }
}

/// Fields of a pair as options, shared by add and edit.
struct PairOptions: ParsableArguments {
    @Option(help: "The English side.") var english: String?
    @Option(help: "The Welsh side.") var welsh: String?
    @Option(help: "A note.") var note: String?
    @Option(help: "Noun, verb, phrase, …") var type: String?
    @Option(help: "Tags, comma-separated.") var tags: String?

    func apply(to pair: Pair) -> Pair {
        var p = pair
        if let english { p.english = english }
        if let welsh { p.welsh = welsh }
        if let note { p.note = note }
        if let type { p.type = type }
        if let tags { p.tags = [tags] }
        return p
    }
}

/// Which page of a list to print: a screenful by default, as the web pages show it.
struct PageOptions: ParsableArguments {
    @Option(help: "At most this many (1–1000).") var limit = 50
    @Option(help: "Skip this many first.") var offset = 0
    @Flag(help: "Every one, for scripts (ignores --limit and --offset).") var all = false

    func validate() throws {
        guard (1...1_000).contains(limit) else { throw ValidationError("--limit must be from 1 to 1000; use --all for every one.") }
        guard offset >= 0 else { throw ValidationError("--offset must be 0 or more.") }
    }

    var window: (limit: Int, offset: Int) { all ? (Int(Int32.max), 0) : (limit, offset) }

    /// Where the page ends, on standard error so a pipe gets the rows alone.
    func footer<Item>(_ page: VocabularyPage<Item>, noun: String) {
        footer(offset: page.offset, shown: page.items.count, total: page.total, noun: noun)
    }

    func footer(offset: Int, shown: Int, total: Int, noun: String) {
        guard offset + shown < total || offset > 0, shown > 0 else { return }
        var text = "\(noun) \(offset + 1)–\(offset + shown) of \(total)."
        if offset + shown < total {
            text += " Next: --offset \(offset + shown); every one: --all."
        }
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}

/// The quota `folio serve` applies by default, so a pair added here could also be added there.
let pairLimit = ServerLimits().pairsPerAccount

func printPairs(_ pairs: [Pair], json: Bool) throws {
    if json { return try printJSON(pairs) }
    if pairs.isEmpty { print("No pairs.") }
    for p in pairs {
        let extra = [p.type, p.tags.joined(separator: ", ")].filter { !$0.isEmpty }.joined(separator: " · ")
        print("\(p.id ?? 0)\t\(p.english) — \(p.welsh)" + (extra.isEmpty ? "" : "  [\(extra)]"))
    }
}

extension VocabCommand {
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a pair (English or Welsh is enough).")
        @OptionGroup var store: StoreOptions
        @OptionGroup var user: UserOptions
        @OptionGroup var fields: PairOptions
        @OptionGroup var output: OutputOptions

        func run() async throws {
            try await reportingErrors {
                let (database, account) = try await user.open(store)
                let saved = try await database.savePair(accountID: account.id, fields.apply(to: Pair()), pairLimit: pairLimit)
                try printPairs([saved], json: output.json)
            }
        }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Change a pair; --tags replaces its tags.")
        @OptionGroup var store: StoreOptions
        @OptionGroup var user: UserOptions
        @Argument(help: "The pair's id, as list prints it.") var id: Int64
        @OptionGroup var fields: PairOptions
        @OptionGroup var output: OutputOptions

        func run() async throws {
            try await reportingErrors {
                let (database, account) = try await user.open(store)
                guard let pair = try await database.vocabulary.pair(accountID: account.id, id: id) else {
                    throw StoreError.notFound(what: "pair", id: String(id))
                }
                try printPairs([try await database.savePair(accountID: account.id, fields.apply(to: pair))], json: output.json)
            }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a pair and its review history.")
        @OptionGroup var store: StoreOptions
        @OptionGroup var user: UserOptions
        @Argument(help: "The pair's id.") var id: Int64

        func run() async throws {
            try await reportingErrors {
                let database = try store.openDatabase()
                try await database.deletePair(accountID: try await user.account(in: database).id, pairID: id)
                print("Deleted pair \(id).")
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List your pairs, optionally of one tag, a page at a time.")
        @OptionGroup var store: StoreOptions
        @OptionGroup var user: UserOptions
        @Option(help: "Only pairs with this tag.") var tag: String?
        @OptionGroup var page: PageOptions
        @OptionGroup var output: OutputOptions

        func run() async throws {
            try await reportingErrors {
                let database = try store.openDatabase()
                let (limit, offset) = page.window
                let found = try await database.vocabulary.pairs(accountID: try await user.account(in: database).id,
                                                                filter: PairFilter(tag: tag), limit: limit, offset: offset)
                try printPairs(found.items, json: output.json)
                page.footer(found, noun: "Pairs")
            }
        }
    }

    struct Search: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Find pairs by English or Welsh, ignoring case and accents (gwr finds gŵr).")
        @OptionGroup var store: StoreOptions
        @OptionGroup var user: UserOptions
        @Argument(help: "Words to find.") var query: [String] = []
        @Option(help: "Only pairs with this tag.") var tag: String?
        @OptionGroup var page: PageOptions
        @OptionGroup var output: OutputOptions

        func run() async throws {
            try await reportingErrors {
                let database = try store.openDatabase()
                let (limit, offset) = page.window
                let found = try await database.vocabulary.pairs(accountID: try await user.account(in: database).id,
                                                                filter: PairFilter(query: query.joined(separator: " "), tag: tag),
                                                                limit: limit, offset: offset)
                try printPairs(found.items, json: output.json)
                page.footer(found, noun: "Pairs")
            }
        }
    }

    struct Tags: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Your tags with the number of pairs in each.")
        @OptionGroup var store: StoreOptions
        @OptionGroup var user: UserOptions
        @OptionGroup var page: PageOptions
        @OptionGroup var output: OutputOptions

        func run() async throws {
            try await reportingErrors {
                let database = try store.openDatabase()
                let (limit, offset) = page.window
                let tags = try await database.vocabulary.tags(accountID: try await user.account(in: database).id, limit: limit, offset: offset)
                if output.json { return try printJSON(tags.items) }
                for tag in tags.items { print("\(tag.name)\t\(tag.count)") }
                page.footer(tags, noun: "Tags")
            }
        }
    }

    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import pairs from a CSV or TSV file (columns English, Welsh, Note, Type, Tags); all rows or none.")
        @OptionGroup var store: StoreOptions
        @OptionGroup var user: UserOptions
        @Argument(help: "A .csv or .tsv file.") var file: String

        func run() async throws {
            try await reportingErrors {
                let format = try PairTable.format(forFileName: file)
                guard let data = FileManager.default.contents(atPath: file), let text = String(data: data, encoding: .utf8) else {
                    throw CorpusError.unreadable(file: file, reason: "it does not exist or is not UTF-8 text")
                }
                let pairs = try PairTable.read(text, format: format)
                let database = try store.openDatabase()
                let count = try await database.importPairs(accountID: try await user.account(in: database).id, pairs, pairLimit: pairLimit)
                print("Imported \(count) pairs from \(file).")
            }
        }
    }

    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Write your pairs as CSV or TSV (Anki-friendly columns).")
        @OptionGroup var store: StoreOptions
        @OptionGroup var user: UserOptions
        @Option(help: "csv or tsv.") var format: String = "csv"
        @Argument(help: "The file to write; standard output when left out.") var file: String?

        func run() async throws {
            try await reportingErrors {
                guard let chosen = PairTable.Format(rawValue: format.lowercased()) else {
                    throw VocabularyError.unsupportedFileType(fileName: "." + format)
                }
                let database = try store.openDatabase()
                let text = PairTable.write(try await database.vocabulary.pairs(accountID: try await user.account(in: database).id),
                                           format: chosen)
                if let file { try text.write(toFile: file, atomically: true, encoding: .utf8) } else { print(text, terminator: "") }
            }
        }
    }

    struct Review: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Revise in the terminal: due pairs first, then new ones. Type the answer; accept the proposed rating with Enter or type 1–4.",
            discussion: "Typing aids: w^ → ŵ, y^ → ŷ, a^ → â and so on. An empty answer ends the session.")
        @OptionGroup var store: StoreOptions
        @OptionGroup var user: UserOptions
        @Option(help: "Only pairs with this tag.") var tag: String?
        @Option(help: "englishToWelsh or welshToEnglish.") var direction: String = Direction.englishToWelsh.rawValue
        @Option(help: "At most this many pairs.") var count = 20

        func run() async throws {
            try await reportingErrors {
                guard let way = Direction(rawValue: direction) else {
                    throw ReviewInputError.direction(direction)
                }
                let (database, account) = try await user.open(store)
                let revision = Revision(store: database)
                let queue = try await revision.queue(accountID: account.id, tag: tag, direction: way, now: Date(), limit: count)
                guard !queue.isEmpty else { return print("Nothing to revise\(tag.map { " in \($0)" } ?? ""). Add pairs with `folio vocab add`.") }
                var done = 0
                for item in queue {
                    print("\(way.from): \(way.prompt(for: item.pair))")
                    print("\(way.to)? ", terminator: "")
                    let started = Date()
                    guard let typed = readLine(), !typed.isEmpty else { break }
                    let checked = Revision.check(typed, against: item.pair, direction: way)
                    let result = checked.result
                    switch result.verdict {
                    case .right, .wrong: print("\(result.verdict.label): \(result.expected)")
                    case .almost: print("\(result.verdict.label): \(result.difference?.summary ?? result.expected)")
                    }
                    let proposed = checked.proposed
                    print("Rating [\(proposed.rawValue) \(proposed.name); 1 Again, 2 Hard, 3 Good, 4 Easy]: ", terminator: "")
                    let answer = readLine() ?? ""
                    let rating = Int(answer.trimmingCharacters(in: .whitespaces)).flatMap(Rating.init(rawValue:)) ?? proposed
                    let now = Date()
                    try await revision.rate(accountID: account.id, pairID: item.pair.id!, direction: way, rating: rating,
                                            seconds: now.timeIntervalSince(started), now: now)
                    done += 1
                }
                print("Revised \(done) pair\(done == 1 ? "" : "s").")
            }
        }
    }
}

enum ReviewInputError: FolioError {
    case direction(String)
    var kind: FolioErrorKind { .invalidInput }
    var code: String { "unknown_direction" }
    var message: String {
        switch self {
        case .direction(let value): "Unknown direction \"\(value)\". Use englishToWelsh or welshToEnglish."
        }
    }
}

extension VocabCommand {
    struct ImportFreeDict: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import-freedict",
            abstract: "Import a FreeDict dictionary (dictd files) as tagged pairs.",
            discussion: """
            DICTIONARY is cym-eng or eng-cym (Debian's dict-freedict-cym-eng / dict-freedict-eng-cym, which \
            scripts/setup.sh installs under /usr/share/dictd), or the path of a .index file with its .dict or \
            .dict.dz beside it. All pairs are imported in one transaction, or none.
            """)
        @OptionGroup var store: StoreOptions
        @OptionGroup var user: UserOptions
        @Argument(help: "cym-eng, eng-cym, or a path to a dictd .index file.") var dictionary: String
        @Option(help: "The tag every imported pair gets (default: FreeDict cym-eng, …).") var tag: String?
        @OptionGroup var output: OutputOptions

        struct Summary: Encodable { let imported: Int; let seconds: Double }

        func run() async throws {
            try await reportingErrors {
                let started = Date()
                let indexPath = ["cym-eng", "eng-cym"].contains(dictionary) ? "/usr/share/dictd/freedict-\(dictionary).index" : dictionary
                let base = indexPath.hasSuffix(".index") ? String(indexPath.dropLast(6)) : indexPath
                let name = URL(fileURLWithPath: base).lastPathComponent
                guard let indexData = FileManager.default.contents(atPath: indexPath),
                      let index = String(data: indexData, encoding: .utf8) else {
                    throw FreeDictError.missing(indexPath)
                }
                let dictionaryData = try Self.dictionaryData(base: base)
                let direction = Dictd.direction(forDictionaryNamed: name) ?? .welshToEnglish
                let pairs = try Dictd.pairs(index: index, dictionary: dictionaryData, direction: direction,
                                            tag: tag ?? "FreeDict " + name.replacingOccurrences(of: "freedict-", with: ""))
                let database = try store.openDatabase()
                let count = try await database.importPairs(accountID: try await user.account(in: database).id, pairs, pairLimit: pairLimit)
                let seconds = Date().timeIntervalSince(started)
                if output.json { return try printJSON(Summary(imported: count, seconds: seconds)) }
                print("Imported \(count) pairs from \(name) in \(String(format: "%.2f", seconds)) s.")
            }
        }

        /// The largest dictionary inflated: FreeDict's Welsh dictionaries are 0.55 and 0.61 MB,
        /// its biggest (eng-deu, eng-fra) under 40 MB; a .dict.dz that inflates past this is a
        /// gzip bomb or not a dictionary, and stops here instead of filling memory.
        static let maximumDictionaryBytes = 64 * 1024 * 1024

        /// The .dict beside the index, or the .dict.dz inflated by gzip (dictzip is gzip with an
        /// index) a chunk at a time, stopping at `limit` bytes.
        static func dictionaryData(base: String, limit: Int = maximumDictionaryBytes) throws -> Data {
            let plainPath = base + ".dict"
            if FileManager.default.fileExists(atPath: plainPath) {
                let size = (try? FileManager.default.attributesOfItem(atPath: plainPath)[.size] as? Int) ?? 0
                guard size <= limit else { throw FreeDictError.tooLarge(plainPath, limit: limit) }
                if let plain = FileManager.default.contents(atPath: plainPath) { return plain }
            }
            let compressed = base + ".dict.dz"
            guard FileManager.default.fileExists(atPath: compressed) else { throw FreeDictError.missing(compressed) }
            let gzip = Process()
            gzip.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            gzip.arguments = ["gzip", "-dc", compressed]
            let out = Pipe()
            gzip.standardOutput = out
            gzip.standardError = FileHandle.nullDevice
            try gzip.run()
            var data = Data()
            while let chunk = try out.fileHandleForReading.read(upToCount: 1 << 16), !chunk.isEmpty {
                data.append(chunk)
                if data.count > limit {
                    gzip.terminate()
                    gzip.waitUntilExit()
                    throw FreeDictError.tooLarge(compressed, limit: limit)
                }
            }
            gzip.waitUntilExit()
            guard gzip.terminationStatus == 0 else { throw FreeDictError.corrupt(compressed) }
            return data
        }
    }
}

enum FreeDictError: FolioError {
    case missing(String)
    case corrupt(String)
    case tooLarge(String, limit: Int)
    var kind: FolioErrorKind {
        switch self {
        case .missing: .missingData
        case .corrupt, .tooLarge: .invalidInput
        }
    }
    var code: String {
        switch self {
        case .missing, .corrupt: "freedict_unavailable"
        case .tooLarge: "dictionary_too_large"
        }
    }
    var message: String {
        switch self {
        case .missing(let path): "\(path) is missing. Run scripts/setup.sh (it installs dict-freedict-cym-eng and dict-freedict-eng-cym), or name a dictd .index file."
        case .corrupt(let path): "\(path) is not a readable gzip/dictzip file. Reinstall the dictionary package."
        case .tooLarge(let path, let limit):
            "\(path) holds more than \(limit / 1_048_576) MB of definitions, more than any FreeDict dictionary; "
                + "check that it is the dictionary you meant, or import a smaller one."
        }
    }
}
