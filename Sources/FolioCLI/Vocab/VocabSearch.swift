import ArgumentParser
import FolioApp
import FolioCore
import FolioStore
import Foundation
import Monologues
import Vocabulary

extension VocabCommand {
    struct Search: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Find pairs by English or Welsh, ignoring case and accents (gwr finds gŵr).")
        @OptionGroup var store: StoreOptions
        @OptionGroup var user: UserOptions
        @Argument(help: "Words to find.") var query: [String] = []
        @Option(help: "Only pairs with this tag.") var tag: String?
        @OptionGroup var page: PageOptions
        @OptionGroup var output: OutputOptions

        func run() async throws {
            try await user.listPairs(store, filter: PairFilter(query: query.joined(separator: " "), tag: tag), page: page, output: output)
        }
    }
}
