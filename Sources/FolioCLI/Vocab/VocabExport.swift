import ArgumentParser
import FolioApp
import FolioCore
import FolioStore
import Foundation
import Monologues
import Vocabulary

extension VocabCommand {
    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Write your pairs as CSV or TSV (Anki-friendly columns).")
        @OptionGroup var store: StoreOptions
        @OptionGroup var user: UserOptions
        @Option(help: "The file format.") var format: PairTable.Format = .csv
        @Argument(help: "The file to write; standard output when left out.") var file: String?

        func run() async throws {
            let chosen = format
            let (book, account) = try await user.book(store)
            let text = try await book.export(accountID: account.id, format: chosen)
            if let file { try text.write(toFile: file, atomically: true, encoding: .utf8) } else { print(text, terminator: "") }
        }
    }
}
