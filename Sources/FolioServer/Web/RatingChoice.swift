import Foundation
import Vocabulary

/// A rating button, as revision and rehearsal both show them: the rating, and when the card (or
/// line) would come back after it, short on the button and in words for a screen reader.
struct RatingChoice: Encodable {
    let value: Int
    let label: String
    let interval: String
    let spoken: String
    let proposed: Bool

    /// One button per rating, in order; `proposed` is the one the check suggests, if any.
    static func all(_ outcomes: [(rating: Rating, due: Date)], now: Date, proposed: Rating?) -> [RatingChoice] {
        outcomes.map { rating, due in
            let interval = VocabularyPages.Interval(from: now, to: due)
            return RatingChoice(value: rating.rawValue, label: rating.name, interval: interval.short, spoken: interval.inWords,
                                proposed: rating == proposed)
        }
    }
}
