import ArgumentParser
import FolioApp
import Characters
import FolioCore
import FolioStore
import Foundation

extension CharactersCommand {
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "One character's details.")
        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions
        @Argument(help: "The character's id (see `folio characters list`).") var id: String

        func run() async throws {
            let (_, catalogue) = try await CharactersCommand.catalogue(store)
            let c = try CharacterFavourites.character(id, in: catalogue)
            let row = Row(c, catalogue)
            if output.json { return try printJSON(row) }
            print(row.name)
            print("Home planet: \(row.homePlanet)\nBirth year: \(row.birthYear)\nEye colour: \(row.eyeColour)")
            print("Species: \(row.species)\nFirst appearance: \(row.firstAppearance ?? "unknown")\nWeb page: \(row.wiki)")
        }
    }
}
