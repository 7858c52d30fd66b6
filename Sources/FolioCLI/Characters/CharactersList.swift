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
}
