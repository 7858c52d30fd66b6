import ArgumentParser
import FolioApp
import FolioCore
import FolioServer
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
