import ArgumentParser
import FolioApp
import FolioCore
import FolioStore
import Foundation
import Monologues
import Vocabulary

extension VocabCommand {
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List your pairs, optionally of one tag, a page at a time.")
        @OptionGroup var store: StoreOptions
        @OptionGroup var user: UserOptions
        @Option(help: "Only pairs with this tag.") var tag: String?
        @OptionGroup var page: PageOptions
        @OptionGroup var output: OutputOptions

        func run() async throws {
            try await user.listPairs(store, filter: PairFilter(tag: tag), page: page, output: output)
        }
    }
}
