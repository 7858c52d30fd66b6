import Foundation
import Testing
@testable import Vocabulary

/// Learners whose memory differs from FSRS-6's defaults in the ways people differ: first
/// impressions that fade fast or last, steeper or flatter forgetting, more or less growth per
/// successful review.
enum Learners {
    static func weights(_ changes: [Int: Double]) -> SchedulerParameters {
        var weights = SchedulerParameters.standard.weights
        for (index, value) in changes { weights[index] = value }
        return try! SchedulerParameters(weights)
    }

    /// Forgets quickly: small initial stabilities, little growth, a steep curve.
    static let forgetful = SimulatedLearner(memory: weights([0: 0.1, 1: 0.4, 2: 0.9, 3: 3.0, 8: 1.3, 10: 1.2, 20: 0.45]))
    /// Remembers well: large initial stabilities, more growth, a flat curve, harder lapses.
    static let retentive = SimulatedLearner(memory: weights([0: 0.6, 1: 2.5, 2: 5.0, 3: 15.0, 8: 2.2, 11: 2.2, 20: 0.12]))
}

@Suite struct SimulatedLearnerTests {
    static let learner = Learners.forgetful

    /// Recall is drawn from the true retrievability, and nothing else: over thousands of
    /// reviews, the recall rate is the mean retrievability within sampling error. (Cards whose
    /// draws overlap, or a draw taken at the wrong moment, show here as a bias of many standard
    /// errors.)
    @Test func recallFollowsTheTrueRetrievability() {
        let reviews = Self.learner.reviews(cards: 1200, newCardsPerDay: 5, days: 500, seed: 2025)
        let model = MemoryModel(weights: Self.learner.memory.weights)
        var expected = 0.0, variance = 0.0, recalled = 0.0, count = 0
        for logs in reviews.values {
            ReplayedCard(logs).predictions(by: model) { retrievability, wasRecalled in
                expected += retrievability
                variance += retrievability * (1 - retrievability)
                recalled += wasRecalled ? 1 : 0
                count += 1
            }
        }
        #expect(count > 8000)
        #expect(abs(recalled - expected) < 3 * variance.squareRoot(), "recalled \(recalled) of \(count), expected \(expected)")
    }

    @Test func theSameSeedGivesTheSameReviews() {
        let first = Self.learner.reviews(cards: 50, newCardsPerDay: 5, days: 60, seed: 4)
        #expect(first == Self.learner.reviews(cards: 50, newCardsPerDay: 5, days: 60, seed: 4))
        #expect(first != Self.learner.reviews(cards: 50, newCardsPerDay: 5, days: 60, seed: 5))
        #expect(first.count == 50)
    }

    /// Cards are met a few a day, each first review is one of the four ratings, and nothing is
    /// reviewed after the last day.
    @Test func cardsAreMetAFewADayAndReviewedUntilTheEnd() throws {
        let start = SimulatedLearner.defaultStart
        let reviews = Self.learner.reviews(cards: 30, newCardsPerDay: 3, days: 40, seed: 8, start: start)
        let firstDays = Dictionary(grouping: reviews.values.map { Scheduler.wholeDays(from: start, to: $0[0].date) }, by: { $0 })
        #expect(firstDays.values.allSatisfy { $0.count <= 3 })
        for logs in reviews.values {
            #expect(logs == logs.sorted { $0.date < $1.date })
            #expect(Scheduler.wholeDays(from: start, to: logs.last!.date) < 40)
        }
    }
}
