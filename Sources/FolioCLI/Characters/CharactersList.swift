import ArgumentParser
import FolioApp
import Characters
import FolioCore
import FolioStore
import Foundation

extension CharactersCommand {
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Every character, in sections by first appearance and story order.")
        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions
        @Option(help: "Only one section.") var section: Section?
        @OptionGroup var page: PageOptions

        func validate() throws {
        }

        func run() async throws {
            let (_, catalogue) = try await CharactersCommand.catalogue(store)
            let (limit, offset) = page.window
            let window = catalogue.sections(in: section, offset: offset, limit: limit)
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
