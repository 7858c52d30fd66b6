import ArgumentParser
import FolioApp
import FolioCore
import Foundation
import Monologues

extension MonologuesCommand {
    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "A favourite as the actor cut it (situation and cue, running time, beats, notes), as Markdown or plain text.",
            discussion: "folio monologues export macbeth-2-1-macbeth-6.2 --user alice > dagger.md")

        @OptionGroup var store: StoreOptions
        @OptionGroup var user: UserOptions
        @Option(help: "markdown (default) or text.") var format = "markdown"
        @Argument(help: "The monologue's id; it must be one of the user's favourites.") var id: String

        func run() async throws {
            guard format == "markdown" || format == "text" else {
                throw MonologueError.unknownFilterValue(field: "format", value: format, allowed: ["markdown", "text"])
            }
            let (database, account) = try await user.open(store)
            let library = try await database.currentLibrary().library
            let sheet = try await Favourites(store: database).sheet(id, accountID: account.id, in: library)
            print(format == "markdown" ? sheet.markdown : sheet.plainText, terminator: "")
        }
    }
}
