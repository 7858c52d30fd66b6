import Foundation
import Vocabulary

/// A card as it stood when an answer was checked (a revision answer, a rehearsed line): the
/// rating sent from that answer's page is stored only while the card still stands so. Back to an
/// answer already rated, or a second tap, finds the card moved on, and the second rating is
/// refused (`RevisionError.alreadyRated`) rather than stored twice.
public struct CardStamp: Sendable, Equatable {
    /// The card's last review in milliseconds since 1970 (each engine reads back what it stored at
    /// least that finely); nil for a new card.
    let lastReview: Int64?

    public init(_ card: Card?) {
        lastReview = card?.lastReview.map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) }
    }

    /// As a form carries it: "new", or the milliseconds. Nil for anything else.
    public init?(formValue: String) {
        if formValue == "new" {
            lastReview = nil
        } else if let milliseconds = Int64(formValue) {
            lastReview = milliseconds
        } else {
            return nil
        }
    }

    public var formValue: String { lastReview.map(String.init) ?? "new" }
}
