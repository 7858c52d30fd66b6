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
    static func catalogue(_ store: StoreOptions) async throws -> (AppDatabase, Catalogue) {
        let database = try store.openDatabase()
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

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Every character, in sections by first appearance and story order.")
        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions
        @Option(help: "Only one section: original, prequel, sequel, series or other.") var section: String?
        @OptionGroup var page: PageOptions

        func validate() throws {
            if let section, Section(rawValue: section) == nil {
                throw ValidationError("--section must be one of: \(Section.allCases.map(\.rawValue).joined(separator: ", ")).")
            }
        }

        func run() async throws {
            try await reportingErrors {
                let (_, catalogue) = try await CharactersCommand.catalogue(store)
                let (limit, offset) = page.window
                let window = catalogue.sections(in: section.flatMap { Section(rawValue: $0) }, offset: offset, limit: limit)
                let shown = window.sections.reduce(0) { $0 + $1.characters.count }
                page.footer(offset: offset, shown: shown, total: window.total, noun: "Characters")
                if output.json { return try printJSON(window.sections.flatMap { $0.characters.map { Row($0, catalogue) } }) }
                for (section, members) in window.sections {
                    print(section.title)
                    for c in members { print("  \(c.id)\t\(c.name) — \(catalogue.planet(c.homeworld)?.name ?? "unknown")") }
                }
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "One character's details.")
        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions
        @Argument(help: "The character's id (see `folio characters list`).") var id: String

        func run() async throws {
            try await reportingErrors {
                let (_, catalogue) = try await CharactersCommand.catalogue(store)
                guard let n = Int(id), let c = catalogue.character(n) else { throw CharactersError.notFound(kind: "character", id: id) }
                let row = Row(c, catalogue)
                if output.json { return try printJSON(row) }
                print(row.name)
                print("Home planet: \(row.homePlanet)\nBirth year: \(row.birthYear)\nEye colour: \(row.eyeColour)")
                print("Species: \(row.species)\nFirst appearance: \(row.firstAppearance ?? "unknown")\nWeb page: \(row.wiki)")
            }
        }
    }

    struct ImportSWAPI: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import-swapi",
            abstract: "Add people, planets and films from SWAPI-format JSON files (a page, a list or one object each).",
            discussion: "Every *.json file in DIR is read first; if one is malformed nothing is imported. Matching names are updated, the rest added.")
        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions
        @Argument(help: "A folder of SWAPI JSON files, or one file.") var path: String

        func run() async throws {
            try await reportingErrors {
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { throw SWAPIFilesError.missing(path) }
                let url = URL(fileURLWithPath: path)
                let files = isFolder.boolValue
                    ? try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)
                        .filter { $0.pathExtension == "json" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
                    : [url]
                guard !files.isEmpty else { throw SWAPIFilesError.empty(path) }
                var items = SWAPIImport.Items()
                for file in files {
                    guard let data = FileManager.default.contents(atPath: file.path) else { throw SWAPIFilesError.missing(file.path) }
                    try SWAPIImport.read(data, name: file.lastPathComponent, into: &items)
                }
                var (database, catalogue) = try await CharactersCommand.catalogue(store)
                let summary = SWAPIImport.merge(items, into: &catalogue)
                try await database.saveCatalogue(catalogue)
                if output.json { return try printJSON(summary) }
                print("Imported \(files.count) file\(files.count == 1 ? "" : "s"): \(summary.added) added, \(summary.updated) updated; the catalogue has \(catalogue.characters.count) characters.")
            }
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
