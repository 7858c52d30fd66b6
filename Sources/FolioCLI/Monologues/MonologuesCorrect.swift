import ArgumentParser
import FolioCore
import FolioStore
import Foundation
import FoundationNetworking
import Monologues

extension MonologuesCommand {
    struct Correct: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Correct a monologue of the library; the revision count moves on so synced copies follow.",
            discussion: "A later `folio import shakespeare` rebuilds the library from the plays and replaces corrections.")

        @OptionGroup var store: StoreOptions

        @Argument(help: "The monologue's id.")
        var id: String

        @Option(help: "New text (line breaks as \\n).") var text: String?
        @Option(help: "New notes.") var notes: String?
        @Option(help: "The role's gender.") var gender: Gender?
        @Option(help: "New tags, comma-separated.") var tags: String?
        @Option(help: "New character name.") var character: String?
        @Option(help: "New location.") var location: String?

        func run() async throws {
            let database = try await store.openDatabase()
            let snapshot = try await database.librarySnapshot()
            guard var m = snapshot.monologues.first(where: { $0.id == id }) else { throw MonologueError.notFound(id: id) }
            if let text { m = m.withText(text.replacingOccurrences(of: "\\n", with: "\n")) }
            if let notes { m.notes = notes }
            if let gender { m.gender = gender }
            if let tags { m.tags = TagList.parse(tags, existing: m.tags, style: .lowercase) }
            if let character { m.character = character }
            if let location { m.location = location }
            let revision = try await database.correctMonologue(m)
            print("Corrected \(id). Library revision \(revision).")
        }
    }
}
