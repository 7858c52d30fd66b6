import ArgumentParser
import FolioApp
import FolioCore
import FolioServer
import FolioStore
import Foundation
import Monologues
import Vocabulary

extension VocabCommand {
    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Change a pair; --tags replaces its tags.")
        @OptionGroup var store: StoreOptions
        @OptionGroup var user: UserOptions
        @Argument(help: "The pair's id, as list prints it.") var id: Int64
        @OptionGroup var fields: PairOptions
        @OptionGroup var output: OutputOptions

        func run() async throws {
            let (database, account) = try await user.open(store)
            guard let pair = try await database.vocabulary.pair(accountID: account.id, id: id) else {
                throw StoreError.notFound(what: "pair", id: String(id))
            }
            try printPairs([try await database.savePair(accountID: account.id, fields.apply(to: pair))], json: output.json)
        }
    }
}
