import ArgumentParser
import FolioApp
import FolioCore
import FolioStore
import Foundation
import Monologues
import Vocabulary

extension VocabCommand {
    struct Tags: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Your tags with the number of pairs in each.")
        @OptionGroup var store: StoreOptions
        @OptionGroup var user: UserOptions
        @OptionGroup var page: PageOptions
        @OptionGroup var output: OutputOptions

        func run() async throws {
            let (book, account) = try await user.book(store)
            let (limit, offset) = page.window
            let tags = try await book.tags(accountID: account.id, limit: limit, offset: offset)
            if output.json { return try printJSON(tags.items) }
            for tag in tags.items { print("\(tag.name)\t\(tag.count)") }
            page.footer(tags, noun: "Tags")
        }
    }
}
