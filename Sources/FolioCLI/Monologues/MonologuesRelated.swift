import ArgumentParser
import FolioApp
import FolioCore
import FolioStore
import Foundation
import Monologues

extension MonologuesCommand {
    struct Related: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "The five monologues most like one, and why.")

        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions

        @Argument(help: "The monologue's id.")
        var id: String

        func run() async throws {
            guard let related = try await loadLibrary(store).related(to: id) else { throw MonologueError.notFound(id: id) }
            if output.json { return try printJSON(related) }
            for r in related {
                print("\(r.monologue.title) — \(r.monologue.character)  [\(r.monologue.id)]")
                print("    \(r.reasons.joined(separator: "; "))")
            }
        }
    }
}
