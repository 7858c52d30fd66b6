import ArgumentParser
import FolioApp
import Characters
import FolioCore
import FolioStore
import Foundation

extension CharactersCommand {
    struct ImportSWAPI: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import-swapi",
            abstract: "Add people, planets and films from SWAPI-format JSON files (a page, a list or one object each).",
            discussion: "Every *.json file in DIR is read first; if one is malformed nothing is imported. Matching names are updated, the rest added.")
        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions
        @Argument(help: "A folder of SWAPI JSON files, or one file.") var path: String

        func run() async throws {
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
            _ = try await database.saveCatalogue(catalogue, now: Date())
            if output.json { return try printJSON(summary) }
            print("Imported \(files.count) file\(files.count == 1 ? "" : "s"): \(summary.added) added, \(summary.updated) updated; the catalogue has \(catalogue.characters.count) characters.")
        }
    }
}
