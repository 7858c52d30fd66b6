import FolioCore
import Foundation

/// How much a learner studies in a day and when their day begins, as Anki's deck options have it:
/// a FreeDict import of 12,000 pairs then means twenty new cards a day, not 12,000 at once.
public struct StudySettings: Codable, Sendable, Hashable {
    /// Cards seen for the first time, per study day, over both directions.
    public var newCardsPerDay: Int
    /// Reviews of cards already learned (in FSRS's review state), per study day. Cards in their
    /// learning or relearning steps are never held back: a card just missed must come back.
    public var reviewsPerDay: Int
    /// The hour (0–23, in `timeZone`) a new study day begins: 4 means reviews after midnight still
    /// count to the evening before, as a learner who revises late expects.
    public var dayStartHour: Int
    /// An IANA time zone name, e.g. "Europe/London".
    public var timeZone: String
    /// The recall probability the scheduler aims for: higher means more reviews.
    public var desiredRetention: Double
    /// A pair forgotten this many times after it was learned is a leech: tagged "Leech" and
    /// suspended, as Anki does (its default is 8 too), so it stops eating the day's reviews.
    public var leechThreshold: Int
    /// FSRS-6 weights fitted to this learner's own reviews and applied by them; nil: the defaults.
    public var parameters: SchedulerParameters?

    public static let standard = StudySettings(newCardsPerDay: 20, reviewsPerDay: 200, dayStartHour: 4, timeZone: "UTC",
                                               desiredRetention: 0.9, leechThreshold: 8)
    public static let leechRange = 2...99
    public static let newCardsRange = 0...1_000
    public static let reviewsRange = 0...10_000
    public static let hourRange = 0...23
    public static let retentionRange = 0.70...0.97

    public init(newCardsPerDay: Int, reviewsPerDay: Int, dayStartHour: Int, timeZone: String, desiredRetention: Double,
                leechThreshold: Int = 8, parameters: SchedulerParameters? = nil) {
        self.newCardsPerDay = newCardsPerDay
        self.reviewsPerDay = reviewsPerDay
        self.dayStartHour = dayStartHour
        self.timeZone = timeZone
        self.desiredRetention = desiredRetention
        self.leechThreshold = leechThreshold
        self.parameters = parameters
    }

    /// Whether the lapse that brought a card to `lapses` makes it a leech: at the threshold, and
    /// again every half threshold after, for a leech that was let back in and is still forgotten.
    public func isLeech(afterLapse lapses: Int) -> Bool {
        guard lapses >= leechThreshold else { return false }
        return (lapses - leechThreshold) % max(1, leechThreshold / 2) == 0
    }

    /// The settings as typed, checked all at once: every problem is reported, nothing is guessed.
    public static func validated(newCardsPerDay: Int?, reviewsPerDay: Int?, dayStartHour: Int?, timeZone: String?,
                                 desiredRetention: Double?, leechThreshold: Int? = nil,
                                 over current: StudySettings = .standard) throws(StudySettingsError) -> StudySettings {
        var settings = current
        var problems: [String] = []
        if let value = newCardsPerDay {
            if newCardsRange.contains(value) { settings.newCardsPerDay = value } else {
                problems.append("New cards a day must be a whole number from \(newCardsRange.lowerBound) to \(newCardsRange.upperBound).")
            }
        }
        if let value = reviewsPerDay {
            if reviewsRange.contains(value) { settings.reviewsPerDay = value } else {
                problems.append("Reviews a day must be a whole number from \(reviewsRange.lowerBound) to \(reviewsRange.upperBound).")
            }
        }
        if let value = dayStartHour {
            if hourRange.contains(value) { settings.dayStartHour = value } else {
                problems.append("The day's starting hour must be from 0 to 23.")
            }
        }
        if let value = timeZone?.trimmingCharacters(in: .whitespaces) {
            if TimeZone(identifier: value) != nil, value.count <= 64 { settings.timeZone = value } else {
                problems.append("Unknown time zone \"\(value.prefix(64))\": use a name such as Europe/London or UTC.")
            }
        }
        if let value = desiredRetention {
            if retentionRange.contains(value) { settings.desiredRetention = value } else {
                problems.append("Desired retention must be from 0.70 to 0.97.")
            }
        }
        if let value = leechThreshold {
            if leechRange.contains(value) { settings.leechThreshold = value } else {
                problems.append("A leech must be forgotten from \(leechRange.lowerBound) to \(leechRange.upperBound) times.")
            }
        }
        guard problems.isEmpty else { throw .invalid(problems) }
        return settings
    }

    /// When the study day holding `now` began: today's `dayStartHour` in `timeZone`, or
    /// yesterday's when that hour has not come yet.
    public func dayStart(containing now: Date) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: timeZone) ?? TimeZone(identifier: "UTC")!
        let midnight = calendar.startOfDay(for: now)
        // On a day the clocks change, the hour may not exist: take the next instant there is.
        let start = calendar.date(bySettingHour: dayStartHour, minute: 0, second: 0, of: midnight, matchingPolicy: .nextTime)
            ?? midnight.addingTimeInterval(Double(dayStartHour) * 3_600)
        if start <= now { return start }
        let yesterday = calendar.date(byAdding: .day, value: -1, to: midnight) ?? midnight.addingTimeInterval(-86_400)
        return calendar.date(bySettingHour: dayStartHour, minute: 0, second: 0, of: yesterday, matchingPolicy: .nextTime)
            ?? yesterday.addingTimeInterval(Double(dayStartHour) * 3_600)
    }

    /// When the next study day begins after `now`.
    public func nextDayStart(after now: Date) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: timeZone) ?? TimeZone(identifier: "UTC")!
        let start = dayStart(containing: now)
        let next = calendar.date(byAdding: .day, value: 1, to: start) ?? start.addingTimeInterval(86_400)
        return next
    }

    /// What may still be studied today, given what has been: never below nothing.
    public func allowance(studied: StudiedToday) -> StudiedToday {
        StudiedToday(newCards: max(0, newCardsPerDay - studied.newCards), reviews: max(0, reviewsPerDay - studied.reviews))
    }
}

/// New cards seen and reviews done in one study day (or what remains of a day's limits).
public struct StudiedToday: Codable, Sendable, Hashable {
    public var newCards: Int
    public var reviews: Int

    public init(newCards: Int, reviews: Int) {
        self.newCards = newCards
        self.reviews = reviews
    }
}

/// What a card was before a review: its first sight, a step of learning or relearning, or a
/// review of a learned card. Daily limits count the first and the last.
public enum ReviewKind: String, Codable, Sendable, CaseIterable {
    case new, learning, review

    /// From the state a store holds for the card before the review (nil: no card yet). The
    /// PostgreSQL store's review statement spells the same rule in SQL.
    public init(storedState: Int?) {
        guard let storedState else { self = .new; return }
        self = storedState == CardState.review.rawValue ? .review : .learning
    }

    /// Whether a review of this kind with `rating` is a lapse: a learned card forgotten.
    public func isLapse(_ rating: Rating) -> Bool { self == .review && rating == .again }

    public init(before card: Card?) {
        guard let card, !card.isNew else { self = .new; return }
        self = card.state == .review ? .review : .learning
    }
}

public enum StudySettingsError: FolioError, Equatable {
    case invalid([String])

    public var kind: FolioErrorKind { .invalidInput }
    public var code: String { "invalid_settings" }
    public var message: String {
        switch self {
        case .invalid(let problems): problems.joined(separator: " ")
        }
    }
}
