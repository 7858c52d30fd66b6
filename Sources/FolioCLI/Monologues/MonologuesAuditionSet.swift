import ArgumentParser
import FolioApp
import FolioCore
import Foundation
import Monologues

extension MonologuesCommand {
    struct AuditionSet: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: "Contrasting pieces for an audition that fit its time, ranked, with the reasons they contrast.",
            discussion: "folio monologues set --seconds 180 --gender female --age young --verse-and-prose --comic --fresh")

        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions

        @Option(help: "How many pieces: 2 or 3.") var pieces = "2"
        @Option(help: "Together at most this many seconds (60 to 600).") var seconds = "180"
        @Option(help: "female, male or any: pieces for an actor playing this gender.") var gender: String?
        @Option(help: "young, adult, older or any: the role's playing age.") var age: String?
        @Option(help: "comedy, tragedy or history: every piece of this tone.") var tone: String?
        @Flag(help: "One piece in verse and one in prose.") var verseAndProse = false
        @Flag(help: "At least one comic piece, against one that is not.") var comic = false
        @Flag(help: "Leave out the often-heard audition speeches.") var fresh = false
        @Option(help: "How many sets to list.") var limit = 5

        func run() async throws {
            let plan = try AuditionPlan.parse(pieces: pieces, seconds: seconds, verseAndProse: verseAndProse ? "1" : nil,
                                              comic: comic ? "1" : nil, gender: gender, age: age, tone: tone, fresh: fresh ? "1" : nil)
            let sets = plan.sets(in: try await loadLibrary(store), limit: max(1, min(limit, 20)))
            if output.json { return try printJSON(sets.map(SetJSON.init)) }
            if sets.isEmpty {
                print("No set fits: allow more seconds, or fewer conditions.")
                return
            }
            for (n, set) in sets.enumerated() {
                print("\(n + 1). \(CutSheet.duration(set.seconds)): \(set.reasons.joined(separator: "; "))")
                for m in set.pieces {
                    let kind = [m.verse ? "verse" : "prose", m.tone.rawValue, CutSheet.duration(m.seconds)].joined(separator: ", ")
                    print("   \(m.id)  \(m.character), \(m.play) (\(kind))")
                }
            }
        }

        struct SetJSON: Encodable {
            let seconds: Int
            let reasons: [String]
            let pieces: [String]

            init(_ set: Monologues.AuditionSet) {
                seconds = set.seconds
                reasons = set.reasons
                pieces = set.pieces.map(\.id)
            }
        }
    }
}
