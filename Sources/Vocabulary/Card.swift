import Foundation

/// How well the learner recalled a card. The raw values are FSRS's, and its formulas use them as
/// numbers, so they must not change.
public enum Rating: Int, Codable, Sendable, CaseIterable {
    case again = 1
    case hard
    case good
    case easy

    /// The button's label: "Again", "Hard", "Good", "Easy".
    public var name: String {
        switch self {
        case .again: "Again"
        case .hard: "Hard"
        case .good: "Good"
        case .easy: "Easy"
        }
    }
}

/// Where a card is in FSRS's life cycle, numbered as py-fsrs numbers it so that stored values
/// and exported review histories mean the same in both.
public enum CardState: Int, Codable, Sendable, CaseIterable {
    /// New, or still going through the learning steps.
    case learning = 1
    /// Scheduled in whole days.
    case review
    /// Forgotten after graduating, and going through the relearning steps.
    case relearning

    /// py-fsrs's name for the state: "Learning", "Review", "Relearning".
    public var name: String {
        switch self {
        case .learning: "Learning"
        case .review: "Review"
        case .relearning: "Relearning"
        }
    }
}

/// One card's memory state, as py-fsrs's `Card` holds it (less its id: whoever stores cards keys
/// them). A new card is in `.learning` at step 0 with no stability or difficulty yet.
public struct Card: Codable, Sendable, Hashable {
    public var state: CardState
    /// The learning or relearning step the card is at; nil once it is in `.review`.
    public var step: Int?
    /// Days until recall probability falls to 90%; nil before the first review.
    public var stability: Double?
    /// 1 (easy) to 10 (hard); nil before the first review.
    public var difficulty: Double?
    public var due: Date
    public var lastReview: Date?

    public init(state: CardState = .learning, step: Int? = nil, stability: Double? = nil, difficulty: Double? = nil,
                due: Date = Date(), lastReview: Date? = nil) {
        self.state = state
        self.step = step ?? (state == .learning ? 0 : nil)
        self.stability = stability
        self.difficulty = difficulty
        self.due = due
        self.lastReview = lastReview
    }

    /// Whether the card has never been reviewed.
    public var isNew: Bool { lastReview == nil && stability == nil }
}

/// What one review was, enough to replay a card's history with other parameters.
public struct ReviewLog: Codable, Sendable, Hashable {
    public var rating: Rating
    public var date: Date
    /// How long the learner took to answer, in seconds, when it was measured.
    public var duration: TimeInterval?

    /// The longest answer time kept: a day. Anything longer (or negative, or not a number) is a
    /// clock that went wrong or a tab left open, and would skew a later fit of the parameters.
    public static let durationRange: ClosedRange<TimeInterval> = 0...86_400

    /// A measured answer time as it may be stored, or nil when it is outside `durationRange`.
    /// Every face (API, pages, terminal) passes what it measured or was sent through here.
    public static func acceptedDuration(_ seconds: TimeInterval?) -> TimeInterval? {
        guard let seconds, durationRange.contains(seconds) else { return nil }
        return seconds
    }

    public init(rating: Rating, date: Date, duration: TimeInterval? = nil) {
        self.rating = rating
        self.date = date
        self.duration = duration
    }
}
