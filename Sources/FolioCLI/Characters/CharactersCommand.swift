import ArgumentParser
import FolioApp
import Characters
import FolioCore
import FolioStore
import Foundation

struct CharactersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "characters", abstract: "Star Wars characters by first appearance, and SWAPI imports.",
        subcommands: [List.self, Show.self, ImportSWAPI.self])

    /// The catalogue in use: the stored one after an import, else the one Folio ships with.
    static func catalogue(_ store: StoreOptions) async throws -> (any FolioDatabase, Catalogue) {
        let database = try await store.openDatabase()
        return (database, try await database.catalogueInUse())
    }

    struct Row: Encodable {
        let id: Int, name: String, homePlanet: String, birthYear: String, eyeColour: String, species: String
        let firstAppearance: String?, section: String, wiki: String

        init(_ c: Character, _ catalogue: Catalogue) {
            id = c.id
            name = c.name
            homePlanet = catalogue.planet(c.homeworld)?.name ?? "unknown"
            birthYear = c.birthYear
            eyeColour = c.eyeColour
            species = c.species
            firstAppearance = catalogue.appearance(c.firstAppearance)?.title
            section = catalogue.section(of: c).rawValue
            wiki = c.wiki
        }
    }

}

enum SWAPIFilesError: FolioError {
    case missing(String)
    case empty(String)
    var kind: FolioErrorKind { .notFound }
    var code: String { "swapi_files_missing" }
    var message: String {
        switch self {
        case .missing(let path): "\(path) cannot be read. Give a folder of SWAPI JSON files or one such file."
        case .empty(let path): "\(path) holds no .json files."
        }
    }
}
