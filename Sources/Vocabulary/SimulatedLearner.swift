import FolioCore
import Foundation

/// An imagined learner whose memory follows known FSRS-6 weights, studying with the scheduler,
/// and the reviews they would leave. Fitting weights to these reviews should predict them about
/// as well as the true weights do; the optimiser's tests hold it to that, and its benchmark and
/// the comparison with py-fsrs run on them. The same learner and seed give the same reviews.
public struct SimulatedLearner: Sendable {
    /// The weights the learner's memory follows: whether a card is recalled is drawn from its
    /// retrievability under these.
    public var memory: SchedulerParameters
    /// What decides when each card is due: by default FSRS-6's default weights, with fuzz, as
    /// for a learner who has not yet fitted theirs. (Scheduled by their own true weights, every
    /// review falls near 90% retrievability, where any model predicting 90% scores about as
    /// well: measured on the tests' learners, the defaults' held-out log loss was within 0.02
    /// nats of the true weights', so the reviews could not tell weights apart.)
    public var scheduler: Scheduler
    /// The chances of Again, Hard, Good and Easy at a card's first sight.
    public var firstRatings: [Double]
    /// The chances of Hard, Good and Easy when a card is recalled.
    public var recallRatings: [Double]
    /// The chance the learner studies on a given day. Due cards wait for the next study day, so
    /// some reviews come late and test the forgetting curve below the desired retention.
    public var studyDayChance: Double

    public init(memory: SchedulerParameters, scheduler: Scheduler? = nil,
                firstRatings: [Double] = [0.2, 0.1, 0.6, 0.1], recallRatings: [Double] = [0.1, 0.8, 0.1],
                studyDayChance: Double = 0.8) {
        precondition(firstRatings.count == 4 && recallRatings.count == 3, "one chance per rating")
        self.memory = memory
        self.scheduler = scheduler ?? Scheduler(enableFuzzing: true)
        self.firstRatings = firstRatings
        self.recallRatings = recallRatings
        self.studyDayChance = studyDayChance
    }

    /// 2025-01-01 09:00 UTC: a fixed start keeps the reviews the same from one run to the next.
    public static let defaultStart = Date(timeIntervalSince1970: 1_735_722_000)

    /// The reviews of `cards` new cards, `newCardsPerDay` of them met on each study day from
    /// `start`, each reviewed whenever due until `days` days have passed. Keyed by card number.
    public func reviews(cards: Int, newCardsPerDay: Int, days: Int, seed: UInt64,
                        start: Date = defaultStart) -> [Int: [ReviewLog]] {
        precondition(newCardsPerDay > 0, "at least one new card a day")
        var calendar = SeededRandom.stream(0xCA1, of: seed)
        let studyDays = (0..<days).map { $0 == 0 || Double.random(in: 0..<1, using: &calendar) < studyDayChance }
        var firstSight: [Int] = []
        for day in studyDays.indices where studyDays[day] && firstSight.count < cards {
            firstSight.append(contentsOf: Array(repeating: day, count: min(newCardsPerDay, cards - firstSight.count)))
        }
        let rememberer = Scheduler(parameters: memory)
        var out: [Int: [ReviewLog]] = [:]
        for (number, day) in firstSight.enumerated() {
            var generator = SeededRandom.stream(UInt64(number), of: seed)
            // New cards are met a minute apart, so a day's cards have distinct times.
            var date = start.addingTimeInterval(Double(day) * 86_400 + Double(number % newCardsPerDay) * 60)
            var scheduled = Card(due: date)
            var remembered = Card(due: date)
            var logs: [ReviewLog] = []
            while true {
                let rating: Rating
                if remembered.isNew {
                    rating = Self.draw(firstRatings, from: Rating.allCases, using: &generator)
                } else if Double.random(in: 0..<1, using: &generator) < rememberer.retrievability(of: remembered, at: date) {
                    rating = Self.draw(recallRatings, from: [.hard, .good, .easy], using: &generator)
                } else {
                    rating = .again
                }
                logs.append(ReviewLog(rating: rating, date: date))
                scheduled = scheduler.review(scheduled, rating: rating, at: date).card
                remembered = rememberer.review(remembered, rating: rating, at: date).card
                guard let next = nextReview(due: scheduled.due, after: date, start: start, studyDays: studyDays) else { break }
                date = next
            }
            out[number] = logs
        }
        return out
    }

    /// A step due later the same day is taken when due; otherwise the review waits, at the same
    /// time of day, for the first study day on or after the due day. Nil past the last day.
    private func nextReview(due: Date, after date: Date, start: Date, studyDays: [Bool]) -> Date? {
        let dueDay = Scheduler.wholeDays(from: start, to: due)
        if dueDay == Scheduler.wholeDays(from: start, to: date) { return due }
        guard let studyDay = studyDays.indices.dropFirst(max(0, dueDay)).first(where: { studyDays[$0] }) else { return nil }
        return due.addingTimeInterval(Double(studyDay - dueDay) * 86_400)
    }

    private static func draw<G: RandomNumberGenerator>(_ chances: [Double], from ratings: [Rating],
                                                       using generator: inout G) -> Rating {
        var roll = Double.random(in: 0..<chances.reduce(0, +), using: &generator)
        for (chance, rating) in zip(chances, ratings) {
            if roll < chance { return rating }
            roll -= chance
        }
        return ratings[ratings.count - 1]
    }
}
