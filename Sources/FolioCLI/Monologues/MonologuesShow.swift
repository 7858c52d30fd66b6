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
            let library = try await loadLibrary(store)
            guard let m = library.monologue(id: id) else { throw MonologueError.notFound(id: id) }
            if output.json { return try printJSON(m) }
            let age = library.playingAge(id: id)
            print("\(m.title) — \(m.character) (\(m.play))" + (library.isOftenHeard(id: id) ? "  [often heard]" : ""))
            print("\(m.gender.rawValue), \(m.tone.rawValue), \(m.length.rawValue): \(m.wordCount) words, \(m.lineCount) lines, about \(m.seconds) s, \(m.verse ? "verse" : "prose")"
                  + (age == .any ? "" : ", playing age \(age.rawValue)"))
            print("Tags: \(m.tags.joined(separator: ", "))")
            print(m.notes)
            print("")
            print(m.text)
            // The speeches either side in the play, to step through it from the terminal.
            let (previous, next) = library.neighbours(of: id)
            if previous != nil || next != nil { print("") }
            if let previous { print("Previous in the play: \(previous.title) — \(previous.character) [\(previous.id)]") }
            if let next { print("Next in the play: \(next.title) — \(next.character) [\(next.id)]") }
        }
    }
}
