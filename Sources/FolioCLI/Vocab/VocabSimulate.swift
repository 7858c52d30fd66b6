import ArgumentParser
import FolioApp
import FolioCore
import FolioStore
import Foundation
import Monologues
import Vocabulary

extension VocabCommand {
    struct Simulate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show how the FSRS-6 scheduler treats a review history of a new card.",
            discussion: """
            HISTORY is whole-day gaps and ratings, the first gap 0: "0:3 1:3 3:1 1:3". Ratings: 1 Again, \
            2 Hard, 3 Good, 4 Easy. Default parameters and desired retention 0.9, as py-fsrs 6.3.
            """)

        @OptionGroup var output: OutputOptions

        @Argument(help: "Gaps in days and ratings, e.g. \"0:3 1:3 3:1\".")
        var history: String

        @Flag(help: "No learning or relearning steps: every review schedules whole days.")
        var noLearningSteps = false

        func run() async throws {
            let steps = try ReviewSimulation.parse(history)
            let scheduler = noLearningSteps ? Scheduler(learningSteps: [], relearningSteps: []) : Scheduler()
            let reviews = ReviewSimulation.run(steps, scheduler: scheduler)
            if output.json { return try printJSON(reviews) }
            print("day  rating  state       stability  difficulty  next in")
            func pad(_ s: String, _ width: Int) -> String { s + String(repeating: " ", count: max(0, width - s.count)) }
            for r in reviews {
                print(String(format: "%3d  ", r.day) + pad(r.rating.name, 6) + "  " + pad(r.state, 10)
                      + String(format: "  %9.4f  %10.4f  ", r.stability, r.difficulty)
                      + "\(r.intervalDays) day\(r.intervalDays == 1 ? "" : "s")")
            }
        }
    }
}
