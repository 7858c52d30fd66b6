import ArgumentParser
import FolioApp
import FolioCore
import FolioStore
import Foundation
import Monologues
import Vocabulary

extension VocabCommand {
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a pair (English or Welsh is enough).")
        @OptionGroup var store: StoreOptions
        @OptionGroup var user: UserOptions
        @OptionGroup var fields: PairOptions
        @OptionGroup var output: OutputOptions

        func run() async throws {
            let (book, account) = try await user.book(store)
            let saved = try await book.add(fields.apply(to: Pair()), accountID: account.id)
            try printPairs([saved], json: output.json)
        }
    }
}
