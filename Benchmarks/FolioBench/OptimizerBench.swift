import FolioCore
import Foundation
import Vocabulary

/// `folio-bench optimizer [--export FILE]`: FSRS-6's optimiser on about 10,000 predicted reviews
/// of each of three simulated learners — time (median of five fits), memory, and log loss on
/// held-out cards, beside the baselines of the same run: one scoring pass over the reviews (a fit
/// is a fixed number of such passes, with derivatives) and the log loss of the default and of the
/// true weights. `--export FILE` also writes the learners' reviews, the held-out cards and the
/// fitted weights as JSON, for `scripts/compare-optimizer.py` to fit py-fsrs to the same reviews.
///
/// `folio-bench optimizer minimum`: how much fitting gains, on fresh reviews of the same
/// learners, for histories of growing size: the measurement behind `Optimizer.minimumReviews`.
enum OptimizerBench {
    struct Learner {
        var name: String
        var simulated: SimulatedLearner
        /// Reviews for the fit: 1,200 cards met 5 a day, over 500 days.
        var cards = 1200, newCardsPerDay = 5, days = 500
    }

    static func weights(_ changes: [Int: Double]) -> SchedulerParameters {
        var weights = SchedulerParameters.standard.weights
        for (index, value) in changes { weights[index] = value }
        return try! SchedulerParameters(weights)
    }

    /// A learner who forgets faster than FSRS-6 expects, one who remembers longer, and one whose
    /// memory is the defaults (where fitting can only lose, a little, to noise).
    static let learners = [
        Learner(name: "forgetful", simulated: SimulatedLearner(memory: weights([0: 0.1, 1: 0.4, 2: 0.9, 3: 3.0, 8: 1.3, 10: 1.2, 20: 0.45]))),
        Learner(name: "retentive", simulated: SimulatedLearner(memory: weights([0: 0.6, 1: 2.5, 2: 5.0, 3: 15.0, 8: 2.2, 11: 2.2, 20: 0.12]))),
        Learner(name: "default", simulated: SimulatedLearner(memory: .standard)),
    ]

    static let seed: UInt64 = 2025

    static func run(_ arguments: [String]) async throws {
        if arguments.first == "minimum" { return try await minimum() }
        let export = arguments.firstIndex(of: "--export").map { URL(fileURLWithPath: arguments[$0 + 1]) }
        print("FSRS-6 optimiser — simulated learners, a fifth of the cards held out")
        var exported: [ExportedLearner] = []
        for learner in learners {
            let reviews = learner.simulated.reviews(cards: learner.cards, newCardsPerDay: learner.newCardsPerDay,
                                                    days: learner.days, seed: seed)
            let optimizer = Optimizer(reviews: reviews)
            let logs = reviews.values.reduce(0) { $0 + $1.count }
            let peakBefore = peakResidentMegabytes()
            var result: OptimizerResult?
            var times: [Double] = []
            for _ in 0..<5 {
                let start = DispatchTime.now().uptimeNanoseconds
                result = try await optimizer.fit()
                times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            }
            let peakAfter = peakResidentMegabytes()
            let scoring = (0..<20).map { _ in FolioBench.measure { _ = optimizer.evaluate(.standard) } }
            let fitted = result!
            let before = fitted.before!, after = fitted.after!
            let truth = optimizer.evaluate(learner.simulated.memory)!
            print("\(learner.name): \(fitted.reviewCount) predicted reviews (\(logs) logs, \(reviews.count) cards), \(before.reviewCount) held out")
            print(String(format: "    fit              median %7.3f s over %d runs   peak resident %.0f → %.0f MB",
                         FolioBench.median(times), times.count, peakBefore, peakAfter))
            print(String(format: "    scoring pass     median %7.3f ms (held-out reviews, no derivatives)", FolioBench.median(scoring) * 1e3))
            print(String(format: "    held-out log loss  defaults %.4f   fitted %.4f   true weights %.4f   (RMSE %.4f → %.4f, true %.4f)",
                         before.logLoss, after.logLoss, truth.logLoss, before.rmse, after.rmse, truth.rmse))
            exported.append(ExportedLearner(
                name: learner.name, trueWeights: learner.simulated.memory.weights,
                cards: reviews.keys.sorted().map { id in
                    ExportedCard(id: id, heldOut: optimizer.heldOutCards.contains(id),
                                 reviews: reviews[id]!.map { ExportedReview(rating: $0.rating.rawValue, date: $0.date) })
                },
                folio: ExportedFit(weights: fitted.parameters.weights, before: before, after: after, truth: truth,
                                   seconds: FolioBench.median(times))))
        }
        print("")
        if let export {
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = .iso8601
            encoder.outputFormatting = [.sortedKeys]
            try encoder.encode(exported).write(to: export)
            print("wrote \(export.path)")
        }
    }

    /// Learners whose true weights are the defaults' each scaled by a random factor between
    /// 0.6 and 1.6; histories cut to a given number of predicted reviews; the fitted weights
    /// scored on a large fresh history of the same learner.
    static func minimum() async throws {
        print("FSRS-6 optimiser: log loss gained by fitting, on fresh reviews, by history size (12 learners)")
        var generator = SeededRandom(seed: seed)
        let learners = (0..<12).map { _ in
            let weights = SchedulerParameters.standard.weights.map { $0 * exp(Double.random(in: log(0.6)...log(1.6), using: &generator)) }
            return SimulatedLearner(memory: SchedulerParameters(clamping: weights))
        }
        for size in [200, 300, 400, 500, 700, 1000, 2000, 4000, 8000] {
            var gains: [Double] = [], possible: [Double] = []
            for (number, learner) in learners.enumerated() {
                let full = learner.reviews(cards: 1200, newCardsPerDay: 5, days: 500, seed: UInt64(number))
                let reviews = prefix(full, predicted: size)
                let fresh = Optimizer(reviews: learner.reviews(cards: 1000, newCardsPerDay: 10, days: 365, seed: UInt64(1000 + number)))
                let result = try await Optimizer(reviews: reviews, minimumReviews: 0).fit()
                let defaults = fresh.evaluate(.standard)!.logLoss
                gains.append(defaults - fresh.evaluate(result.parameters)!.logLoss)
                possible.append(defaults - fresh.evaluate(learner.memory)!.logLoss)
            }
            print(String(format: "    %5d reviews: gain %+.4f nats on average (the true weights' %+.4f), worst %+.4f; %2d of %d learners better",
                         size, gains.reduce(0, +) / Double(gains.count), possible.reduce(0, +) / Double(possible.count),
                         gains.min()!, gains.count(where: { $0 > 0 }), gains.count))
        }
    }

    /// Whole cards, in card order, until `predicted` predicted reviews.
    static func prefix(_ reviews: [Int: [ReviewLog]], predicted: Int) -> [Int: [ReviewLog]] {
        var out: [Int: [ReviewLog]] = [:]
        var count = 0
        for id in reviews.keys.sorted() where count < predicted {
            out[id] = reviews[id]
            count += Optimizer(reviews: [id: reviews[id]!]).reviewCount
        }
        return out
    }

    /// This process's peak resident set, from /proc (Linux).
    static func peakResidentMegabytes() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) }) else { return 0 }
        return kilobytes / 1024
    }

    struct ExportedLearner: Encodable {
        var name: String
        var trueWeights: [Double]
        var cards: [ExportedCard]
        var folio: ExportedFit
    }

    struct ExportedCard: Encodable {
        var id: Int
        var heldOut: Bool
        var reviews: [ExportedReview]
    }

    struct ExportedReview: Encodable {
        var rating: Int
        var date: Date
    }

    struct ExportedFit: Encodable {
        var weights: [Double]
        var before: OptimizerEvaluation
        var after: OptimizerEvaluation
        var truth: OptimizerEvaluation
        var seconds: Double
    }
}
