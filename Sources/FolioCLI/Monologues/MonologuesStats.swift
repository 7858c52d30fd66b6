import ArgumentParser
import FolioApp
import FolioCore
import FolioStore
import Foundation
import Monologues

extension MonologuesCommand {
    struct Stats: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Counts of the library by gender, tone and length.")

        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions

        func run() async throws {
            let stats = try await loadLibrary(store).stats
            if output.json { return try printJSON(stats) }
            // Counted as search lists them; the longer cuts beside them are read by id only.
            print("\(stats.count) monologues from \(stats.plays) plays"
                  + (stats.longerCuts == 0 ? "" : ", and \(stats.longerCuts) \(stats.longerCuts == 1 ? "longer cut" : "longer cuts") kept beside them"))
            for (title, counts) in [("gender", stats.byGender), ("tone", stats.byTone), ("length", stats.byLength)] {
                print("  by \(title): " + counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
            }
        }
    }
}
