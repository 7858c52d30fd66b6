import ArgumentParser
import FolioApp
import FolioCore
import FolioStore
import Foundation
import Monologues

struct MonologuesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "monologues", abstract: "Search and read the Shakespeare monologue library.",
        subcommands: [Search.self, Show.self, Related.self, Stats.self, Tags.self, Sync.self, Correct.self, Define.self, AuditionSet.self, Export.self, Rehearse.self])
}

/// The library as stored, indexed in memory for this one command.
func loadLibrary(_ store: StoreOptions) async throws -> MonologueLibrary {
    try await store.openDatabase().currentLibrary().library
}
