import ArgumentParser
import FolioApp
import FolioCore
import FolioStore
import Foundation
import Monologues

extension MonologuesCommand {
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print one monologue with its notes.")

        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions

        @Argument(help: "The monologue's id, as search prints it.")
        var id: String

        func run() async throws {
            guard let m = try await loadLibrary(store).monologue(id: id) else { throw MonologueError.notFound(id: id) }
            if output.json { return try printJSON(m) }
            print("\(m.title) — \(m.character) (\(m.play))")
            print("\(m.gender.rawValue), \(m.tone.rawValue), \(m.length.rawValue): \(m.wordCount) words, \(m.lineCount) lines, about \(m.seconds) s, \(m.verse ? "verse" : "prose")")
            print("Tags: \(m.tags.joined(separator: ", "))")
            print(m.notes)
            print("")
            print(m.text)
        }
    }
}
