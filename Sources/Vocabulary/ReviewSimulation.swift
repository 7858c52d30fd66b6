import FolioCore
import Foundation

/// Reviews of one new card at whole-day gaps, as `folio vocab simulate "0:3 1:3 3:1"` runs them,
/// to see how the scheduler treats a history.
public enum ReviewSimulation {
    /// The longest gap a spec may hold: about 2,700 years, far past any interval the scheduler
    /// gives, and small enough that a sum of gaps cannot overflow.
    public static let maximumGapDays = 1_000_000

    /// A fixed start, so that the same spec prints the same output on any day.
    public static let defaultStart = Date(timeIntervalSince1970: 1_735_722_000)  // 2025-01-01 09:00 UTC

    /// Reads "DAYS:RATING DAYS:RATING …": whitespace-separated pieces, each a gap in whole days
    /// since the previous review (0 for the first) and a rating from 1 (Again) to 4 (Easy).
    public static func parse(_ spec: String) throws(ReviewSimulationError) -> [(days: Int, rating: Rating)] {
        let pieces = spec.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        guard !pieces.isEmpty else { throw .empty }
        var steps: [(days: Int, rating: Rating)] = []
        for (index, piece) in pieces.enumerated() {
            let parts = piece.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, let days = Int(parts[0]), let number = Int(parts[1]) else {
                throw .malformedStep(piece)
            }
            if days < 0 { throw .negativeGap(piece) }
            if days > maximumGapDays { throw .gapTooLong(piece) }
            if index == 0 && days != 0 { throw .firstGapNotZero(piece) }
            guard let rating = Rating(rawValue: number) else { throw .ratingOutOfRange(piece) }
            steps.append((days, rating))
        }
        return steps
    }

    /// Reviews a new card at `start` and after each gap, reporting the card after each review.
    public static func run(_ steps: [(days: Int, rating: Rating)], scheduler: Scheduler,
                           start: Date = defaultStart) -> [SimulatedReview] {
        var card = Card(due: start)
        var date = start
        var day = 0
        var out: [SimulatedReview] = []
        for step in steps {
            day += step.days
            date = date.addingTimeInterval(Double(step.days) * 86_400)
            card = scheduler.review(card, rating: step.rating, at: date).card
            out.append(SimulatedReview(
                day: day, rating: step.rating, stability: card.stability ?? 0, difficulty: card.difficulty ?? 0,
                state: card.state.name, intervalDays: Scheduler.wholeDays(from: date, to: card.due)))
        }
        return out
    }
}

/// The card after one simulated review.
public struct SimulatedReview: Codable, Sendable, Hashable {
    /// Days since the first review.
    public var day: Int
    public var rating: Rating
    public var stability: Double
    public var difficulty: Double
    /// "Learning", "Review" or "Relearning".
    public var state: String
    /// Whole days until the card is due, rounded down: 0 while it waits minutes for a step.
    public var intervalDays: Int

    public init(day: Int, rating: Rating, stability: Double, difficulty: Double, state: String, intervalDays: Int) {
        self.day = day
        self.rating = rating
        self.stability = stability
        self.difficulty = difficulty
        self.state = state
        self.intervalDays = intervalDays
    }
}

/// A simulation spec that cannot be read.
public enum ReviewSimulationError: FolioError, Equatable {
    case empty
    /// A piece that is not two whole numbers joined by a colon.
    case malformedStep(String)
    case firstGapNotZero(String)
    case negativeGap(String)
    case gapTooLong(String)
    case ratingOutOfRange(String)

    public var kind: FolioErrorKind { .invalidInput }

    public var code: String {
        switch self {
        case .empty: "simulation_empty"
        case .malformedStep: "simulation_malformed_step"
        case .firstGapNotZero: "simulation_first_gap_not_zero"
        case .negativeGap: "simulation_negative_gap"
        case .gapTooLong: "simulation_gap_too_long"
        case .ratingOutOfRange: "simulation_rating_out_of_range"
        }
    }

    public var message: String {
        switch self {
        case .empty:
            "The review history is empty. Give reviews as DAYS:RATING pieces, such as \"0:3 1:3 3:1\"."
        case .malformedStep(let piece):
            "\"\(piece)\" is not DAYS:RATING. Write each review as a whole number of days, a colon and a rating, such as \"3:1\"."
        case .firstGapNotZero(let piece):
            "The first review, \"\(piece)\", must have a gap of 0 days: it is when the card is first seen."
        case .negativeGap(let piece):
            "\"\(piece)\" has a negative gap. Gaps count whole days since the previous review, so they are 0 or more."
        case .gapTooLong(let piece):
            "\"\(piece)\" has a gap longer than \(ReviewSimulation.maximumGapDays) days."
        case .ratingOutOfRange(let piece):
            "\"\(piece)\" has a rating outside 1–4. Use 1 (Again), 2 (Hard), 3 (Good) or 4 (Easy)."
        }
    }
}
