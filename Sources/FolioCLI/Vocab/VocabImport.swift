import ArgumentParser
import FolioApp
import FolioCore
import FolioServer
import FolioStore
import Foundation
import Monologues
import Vocabulary

extension VocabCommand {
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import pairs from a CSV or TSV file (columns English, Welsh, Note, Type, Tags); all rows or none.")
        @OptionGroup var store: StoreOptions
        @OptionGroup var user: UserOptions
        @Argument(help: "A .csv or .tsv file.") var file: String

        func run() async throws {
            let format = try PairTable.format(forFileName: file)
            guard let data = FileManager.default.contents(atPath: file), let text = String(data: data, encoding: .utf8) else {
                throw CorpusError.unreadable(file: file, reason: "it does not exist or is not UTF-8 text")
            }
            let database = try store.openDatabase()
            let count = try await PairTransfer(store: database, pairLimit: pairLimit)
                .importTable(text, format: format, accountID: try await user.account(in: database).id)
            print("Imported \(count) pairs from \(file).")
        }
    }
}
