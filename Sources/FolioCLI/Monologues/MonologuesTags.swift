import ArgumentParser
import FolioApp
import FolioCore
import FolioStore
import Foundation
import Monologues

extension MonologuesCommand {
    struct Tags: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Every tag with the number of monologues that carry it.")

        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions

        func run() async throws {
            let tags = try await loadLibrary(store).tags
            if output.json { return try printJSON(tags) }
            for tag in tags { print("\(tag.name)\t\(tag.count)") }
        }
    }
}
