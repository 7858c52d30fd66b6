import ArgumentParser
import FolioApp
import FolioCore
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
            let (book, account) = try await user.book(store)
            let count = try await book.importTable(text, format: format, accountID: account.id)
            print("Imported \(count) pairs from \(file).")
        }
    }
}
