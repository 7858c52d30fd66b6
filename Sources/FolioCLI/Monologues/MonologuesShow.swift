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
            if output.json { return try printJSON(MonologueEntry(m, in: library)) }
            let age = library.playingAge(id: id)
            print("\(m.title) — \(m.character) (\(m.play))" + (library.isOftenHeard(id: id) ? "  [often heard]" : ""))
            print("\(m.gender.rawValue), \(m.tone.rawValue), \(m.length.rawValue): \(m.wordCount) words, \(m.lineCount) lines, about \(m.seconds) s, \(m.verse ? "verse" : "prose")"
                  + (age == .any ? "" : ", playing age \(age.rawValue)"))
            // Both ends of a longer cut, named by where they begin, as the reading page names them.
            if let cut = library.longerCut(of: id) {
                print("Longer cut: the whole speech, from \u{201C}\(cut.firstLine)\u{201D}, with what interrupts it (\(cut.wordCount) words) [\(cut.id)]")
            }
            if let piece = library.piece(withLongerCut: id) {
                print("The longer cut of the piece from \u{201C}\(piece.firstLine)\u{201D} [\(piece.id)]")
            }
            print("Tags: \(m.tags.joined(separator: ", "))")
            print(m.notes)
            print("")
            print(m.text)
            // The speeches either side in the play, to step through it from the terminal.
            let (previous, next) = library.neighbours(of: id)
            if previous != nil || next != nil { print("") }
            if let previous { print("Previous in the play: \(previous.character), \(previous.actScene) — \u{201C}\(previous.firstLine)\u{201D} [\(previous.id)]") }
            if let next { print("Next in the play: \(next.character), \(next.actScene) — \u{201C}\(next.firstLine)\u{201D} [\(next.id)]") }
        }
    }
}
