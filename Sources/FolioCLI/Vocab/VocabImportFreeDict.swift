import ArgumentParser
import FolioApp
import FolioCore
import FolioStore
import Foundation
import Monologues
import Vocabulary

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
            let database = try await store.openDatabase()
            let count = try await database.importPairs(accountID: try await user.account(in: database).id, pairs, pairLimit: pairLimit, now: Date())
            let seconds = Date().timeIntervalSince(started)
            if output.json { return try printJSON(Summary(imported: count, seconds: seconds)) }
            print("Imported \(count) pairs from \(name) in \(String(format: "%.2f", seconds)) s.")
        }

        /// The .dict beside the index, or else its .dict.dz, read as the pages read theirs.
        static func dictionaryData(base: String, limit: Int = FreeDictShelf.maximumDictionaryBytes) throws -> Data {
            let path = [base + ".dict", base + ".dict.dz"].first { FileManager.default.fileExists(atPath: $0) } ?? base + ".dict.dz"
            do {
                return try FreeDictShelf.readDictionary(path, limit: limit)
            } catch {
                switch error {
                case .missing(let path): throw FreeDictError.missing(path)
                case .tooLarge(let path, let limit): throw FreeDictError.tooLarge(path, limit: limit)
                case .corrupt(let path): throw FreeDictError.corrupt(path)
                }
            }
        }
    }
}
