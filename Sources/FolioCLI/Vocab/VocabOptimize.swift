import ArgumentParser
import FolioApp
import FolioCore
import Foundation
import Vocabulary

extension VocabCommand {
    struct Optimize: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Fit the scheduler's FSRS-6 weights to a user's reviews and say how they would do; --apply puts them in use.",
            discussion: "The fit is checked on a fifth of the cards it did not see. --reset goes back to the standard weights.")
        @OptionGroup var store: StoreOptions
        @OptionGroup var user: UserOptions
        @Flag(help: "Use the fitted weights when they do better than the defaults.") var apply = false
        @Flag(help: "Go back to the standard weights.") var reset = false

        func run() async throws {
            let (database, account) = try await user.open(store)
            let revision = Revision(store: database)
            if reset {
                try await revision.applyParameters(nil, accountID: account.id)
                return print("The standard FSRS-6 weights are in use again.")
            }
            let tuning = apply ? try await revision.applyTuning(accountID: account.id) : try await revision.tune(accountID: account.id)
            let result = tuning.result
            guard result.enoughHistory, let before = result.before, let after = result.after else {
                return print("Not enough history: \(result.reviewCount) reviews of the \(Optimizer<String>.minimumReviews) a fit needs.")
            }
            print("Fitted to \(result.reviewCount) reviews. On the reviews kept aside:")
            print(String(format: "  standard weights: log loss %.4f, RMSE %.3f", before.logLoss, before.rmse))
            print(String(format: "  your weights:     log loss %.4f, RMSE %.3f", after.logLoss, after.rmse))
            print("Weights: " + result.parameters.weights.map { String(format: "%.4f", $0) }.joined(separator: " "))
            if apply {
                print("Your weights are in use.")
            } else {
                print(tuning.isImprovement ? "Run again with --apply to use them." : "They would not do better; the standard weights stay.")
            }
        }
    }
}
