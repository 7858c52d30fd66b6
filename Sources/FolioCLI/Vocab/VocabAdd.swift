import ArgumentParser
import FolioApp
import FolioCore
import FolioServer
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
            let (database, account) = try await user.open(store)
            let saved = try await database.savePair(accountID: account.id, fields.apply(to: Pair()), pairLimit: pairLimit)
            try printPairs([saved], json: output.json)
        }
    }
}
