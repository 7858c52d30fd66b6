import Foundation

/// One card's reviews reduced to what replaying them through the memory model needs: the rating
/// and the whole days since the previous review.
struct ReplayedCard: Sendable {
    struct Step: Sendable {
        var rating: Rating
        /// Whole days since the previous review, rounded down as py-fsrs's `timedelta.days`;
        /// nil for the card's first review.
        var elapsedDays: Int?

        /// Whether the model predicts this review's outcome. A first review has nothing to
        /// predict from, and a review less than a day after the last tests short-term memory,
        /// which the forgetting curve does not describe: py-fsrs and fsrs-rs count neither.
        var isPredicted: Bool { (elapsedDays ?? 0) > 0 }

        /// Recall is anything but Again.
        var recalled: Bool { rating != .again }
    }

    /// Only a card's first 64 reviews count, as in py-fsrs (`max_seq_len`): it bounds the work
    /// per card, and a card reviewed more often than that says little more about the learner.
    static let maximumReviews = 64

    let steps: [Step]

    /// `logs` in any order; they are replayed oldest first, ties kept in the order given.
    init(_ logs: [ReviewLog]) {
        let ordered = logs.enumerated()
            .sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }
            .prefix(Self.maximumReviews)
            .map(\.element)
        steps = ordered.indices.map { index in
            Step(rating: ordered[index].rating,
                 elapsedDays: index == 0 ? nil : Scheduler.wholeDays(from: ordered[index - 1].date, to: ordered[index].date))
        }
    }

    var predictedCount: Int { steps.count(where: \.isPredicted) }

    /// Every predicted review's retrievability and outcome under `model`, in order.
    func predictions(by model: MemoryModel<Double>, _ body: (_ retrievability: Double, _ recalled: Bool) -> Void) {
        var memory: MemoryState<Double>?
        for step in steps {
            if step.isPredicted, let memory, let days = step.elapsedDays {
                body(model.retrievability(elapsedDays: days, stability: memory.stability), step.recalled)
            }
            memory = model.afterReview(memory, elapsedDays: step.elapsedDays, rating: step.rating)
        }
    }
}
