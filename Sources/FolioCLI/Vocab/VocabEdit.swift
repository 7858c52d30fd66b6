import ArgumentParser
import FolioApp
import FolioCore
import FolioStore
import Foundation
import Monologues
import Vocabulary

extension VocabCommand {
    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Change a pair; --tags replaces its tags.")
        @OptionGroup var store: StoreOptions
        @OptionGroup var user: UserOptions
        @Argument(help: "The pair's id, as list prints it.") var id: PairID
        @OptionGroup var fields: PairOptions
        @OptionGroup var output: OutputOptions

        func run() async throws {
            let (book, account) = try await user.book(store)
            let changes = fields
            try printPairs([try await book.edit(id, accountID: account.id) { $0 = changes.apply(to: $0) }], json: output.json)
        }
    }
}
