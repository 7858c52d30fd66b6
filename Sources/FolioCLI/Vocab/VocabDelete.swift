import ArgumentParser
import FolioApp
import FolioCore
import FolioStore
import Foundation
import Monologues
import Vocabulary

extension VocabCommand {
    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a pair and its review history.")
        @OptionGroup var store: StoreOptions
        @OptionGroup var user: UserOptions
        @Argument(help: "The pair's id.") var id: PairID

        func run() async throws {
            let (book, account) = try await user.book(store)
            try await book.delete(id, accountID: account.id)
            print("Deleted pair \(id).")
        }
    }
}
