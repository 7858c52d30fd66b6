import Foundation

/// A learner's record as Anki's statistics show it: reviews per day over a year, the cards coming
/// due in the next month, true retention per month against the target, streaks, and the hardest
/// pairs. Built from counts the store has already grouped by hour, so the work does not grow
/// with the number of reviews: a year is at most 8,784 hours.
public struct StudyStatistics: Codable, Sendable, Hashable {
    /// Reviews done on one study day.
    public struct Day: Codable, Sendable, Hashable {
        /// "2026-11-25": the study day in the learner's time zone, from the hour it starts.
        public var date: String
        public var reviews: Int
    }

    /// True retention in one month: of the reviews of learned cards, the share recalled.
    public struct Month: Codable, Sendable, Hashable {
        /// "2026-11".
        public var month: String
        public var reviews: Int
        public var recalled: Int
        public var retention: Double? { reviews == 0 ? nil : Double(recalled) / Double(reviews) }
    }

    /// Cards coming due on one of the next days (the first holds those already overdue).
    public struct Due: Codable, Sendable, Hashable {
        public var date: String
        public var cards: Int
    }

    public struct HardPair: Codable, Sendable, Hashable {
        public init(pairID: PairID, english: String, welsh: String, lapses: Int, difficulty: Double) {
            self.pairID = pairID
            self.english = english
            self.welsh = welsh
            self.lapses = lapses
            self.difficulty = difficulty
        }

        public var pairID: PairID
        public var english: String
        public var welsh: String
        /// Times forgotten after it was learned, in either direction.
        public var lapses: Int
        /// FSRS difficulty, 1–10: the higher of its two cards.
        public var difficulty: Double
    }

    /// The year to today, oldest first, one entry per study day (days without reviews included).
    public var days: [Day]
    /// The next 30 days, today first.
    public var forecast: [Due]
    /// The last twelve months, oldest first.
    public var months: [Month]
    public var target: Double
    /// Days in a row with at least one review, to today (or to yesterday, when today has none yet).
    public var currentStreak: Int
    public var longestStreak: Int
    public var totalReviews: Int
    public var hardest: [HardPair]

    /// Reviews of one hour, as the store groups them.
    public struct HourCount: Sendable, Hashable {
        /// The start of the hour (UTC).
        public var hour: Date
        public var reviews: Int
        /// Of those, reviews of learned cards, and how many of those were recalled (not Again).
        public var learnedReviews: Int
        public var recalled: Int

        public init(hour: Date, reviews: Int, learnedReviews: Int, recalled: Int) {
            self.hour = hour
            self.reviews = reviews
            self.learnedReviews = learnedReviews
            self.recalled = recalled
        }
    }

    public static let forecastDays = 30
    public static let historyDays = 365

    /// - Parameters:
    ///   - hours: reviews per UTC hour since a year before today's study day.
    ///   - dueHours: cards coming due per UTC hour up to `forecastDays` ahead; anything due before
    ///     now comes as one entry at or before now.
    public init(hours: [HourCount], dueHours: [(hour: Date, cards: Int)], hardest: [HardPair], settings: StudySettings, now: Date) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: settings.timeZone) ?? TimeZone(identifier: "UTC")!
        let today = settings.dayStart(containing: now)
        // The study day an instant belongs to, named by the calendar date its start falls on: a
        // day starting at 04:00 puts 02:00 with the day before. (Across a change of the clocks
        // an hour may land a day early or late: a heatmap square, not a schedule.)
        let shift = TimeInterval(settings.dayStartHour * 3_600)
        func dayName(_ instant: Date) -> String {
            let c = calendar.dateComponents([.year, .month, .day], from: instant.addingTimeInterval(-shift))
            // Padded by hand: String(format:) took 5% of the statistics page at a year of reviews.
            func padded(_ number: Int, _ width: Int) -> String {
                let digits = String(number)
                return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
            }
            return "\(padded(c.year ?? 0, 4))-\(padded(c.month ?? 0, 2))-\(padded(c.day ?? 0, 2))"
        }
        var perDay: [String: Int] = [:]
        var perMonth: [String: (reviews: Int, recalled: Int)] = [:]
        var total = 0
        for hour in hours {
            let day = dayName(hour.hour)
            perDay[day, default: 0] += hour.reviews
            let month = String(day.prefix(7))
            perMonth[month, default: (0, 0)].reviews += hour.learnedReviews
            perMonth[month, default: (0, 0)].recalled += hour.recalled
            total += hour.reviews
        }
        var dayNames: [String] = []
        for offset in stride(from: Self.historyDays - 1, through: 0, by: -1) {
            let start = calendar.date(byAdding: .day, value: -offset, to: today) ?? today.addingTimeInterval(Double(-offset) * 86_400)
            dayNames.append(dayName(start))
        }
        days = dayNames.map { Day(date: $0, reviews: perDay[$0] ?? 0) }
        var monthNames: [String] = []
        for name in dayNames.map({ String($0.prefix(7)) }) where monthNames.last != name { monthNames.append(name) }
        months = monthNames.suffix(12).map { Month(month: $0, reviews: perMonth[$0]?.reviews ?? 0, recalled: perMonth[$0]?.recalled ?? 0) }
        target = settings.desiredRetention
        totalReviews = total
        // Streaks: a day without reviews ends one; today not yet studied does not.
        var longest = 0, run = 0
        for day in days {
            run = day.reviews > 0 ? run + 1 : 0
            longest = max(longest, run)
        }
        var current = 0, index = days.count - 1
        if index >= 0, days[index].reviews == 0 { index -= 1 }
        while index >= 0, days[index].reviews > 0 {
            current += 1
            index -= 1
        }
        currentStreak = current
        longestStreak = longest
        var forecastNames: [String] = []
        for offset in 0..<Self.forecastDays {
            let start = calendar.date(byAdding: .day, value: offset, to: today) ?? today.addingTimeInterval(Double(offset) * 86_400)
            forecastNames.append(dayName(start))
        }
        var perDue: [String: Int] = [:]
        for (hour, cards) in dueHours {
            // Overdue cards are due today.
            perDue[hour < today ? forecastNames[0] : dayName(hour), default: 0] += cards
        }
        forecast = forecastNames.map { Due(date: $0, cards: perDue[$0] ?? 0) }
        self.hardest = hardest
    }
}
