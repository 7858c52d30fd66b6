import ArgumentParser
import FolioApp
import FolioCore
import FolioStore
import Foundation
import Monologues
import Vocabulary

struct VocabCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vocab", abstract: "The English–Welsh vocabulary trainer.",
        subcommands: [Add.self, List.self, Search.self, Tags.self, Edit.self, Delete.self, Import.self, Export.self, ImportFreeDict.self,
                      Review.self, Simulate.self, Settings.self, Today.self, Undo.self, Suspend.self, Stats.self, Say.self, Optimize.self])
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
    func footer<Item>(_ page: Page<Item>, noun: String) {
        footer(offset: page.offset, shown: page.items.count, total: page.total, noun: noun)
    }

    func footer(offset: Int, shown: Int, total: Int, noun: String) {
        guard offset + shown < total || offset > 0, shown > 0 else { return }
        var text = "\(noun) \(offset + 1)–\(offset + shown) of \(total)."
        if offset + shown < total {
            text += " Next: --offset \(offset + shown); every one: --all."
        }
        printError(text + "\n")
    }
}

/// The quota `folio serve` applies by default, so a pair added here could also be added there.
let pairLimit = PairBook.defaultPairLimit

extension UserOptions {
    /// The --user account's pairs, under the same quota as `folio serve`.
    func book(_ store: StoreOptions) async throws -> (book: PairBook, account: Account) {
        let (database, account) = try await open(store)
        return (PairBook(store: database, pairLimit: pairLimit), account)
    }

    /// Prints the page of the --user account's pairs that `page` asks for, narrowed by `filter`:
    /// what `folio vocab list` and `folio vocab search` both do.
    func listPairs(_ store: StoreOptions, filter: PairFilter, page: PageOptions, output: OutputOptions) async throws {
        let (book, account) = try await book(store)
        let (limit, offset) = page.window
        let found = try await book.page(accountID: account.id, filter: filter, limit: limit, offset: offset)
        try printPairs(found.items, json: output.json)
        page.footer(found, noun: "Pairs")
    }
}

func printPairs(_ pairs: [Pair], json: Bool) throws {
    if json { return try printJSON(pairs) }
    if pairs.isEmpty { print("No pairs.") }
    for p in pairs {
        let extra = [p.type, p.tags.joined(separator: ", ")].filter { !$0.isEmpty }.joined(separator: " · ")
        print("\(p.id.map(\.description) ?? "-")\t\(p.english) — \(p.welsh)" + (extra.isEmpty ? "" : "  [\(extra)]"))
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
