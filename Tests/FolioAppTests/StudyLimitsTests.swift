import FolioApp
import FolioCore
import FolioStore
import Foundation
import Testing
import Vocabulary

/// A day of study that fits a life: daily limits on new cards and reviews, a day that starts at
/// the learner's hour in their time zone, and their desired retention.
@Suite struct StudyLimitsTests {
    /// 2027-01-15 12:00 UTC.
    static let noon = Date(timeIntervalSince1970: 1_800_000_000 - 1_800_000_000.truncatingRemainder(dividingBy: 86_400) + 43_200)

    struct World {
        let store: AppDatabase
        let revision: Revision
        let learner: Account
        let other: Account
    }

    /// A learner who imported fifty pairs at once, tagged by tens.
    func world() async throws -> World {
        let store = try AppDatabase.inMemory()
        let learner = try await store.createAccount(username: "learner", passwordHash: "x", now: Self.noon)
        let other = try await store.createAccount(username: "other", passwordHash: "x", now: Self.noon)
        let pairs = (1...50).map { Pair(english: "word \(String(format: "%02d", $0))", welsh: "gair \($0)", tags: ["Set \(($0 - 1) / 10)"]) }
        _ = try await store.importPairs(accountID: learner.id, pairs, pairLimit: nil, now: Self.noon)
        return World(store: store, revision: Revision(store: store), learner: learner, other: other)
    }

    @Test func settingsAreCheckedAllAtOnce() throws {
        let settings = try StudySettings.validated(newCardsPerDay: 10, reviewsPerDay: nil, dayStartHour: 3, timeZone: "Europe/London",
                                                   desiredRetention: 0.85)
        #expect(settings == StudySettings(newCardsPerDay: 10, reviewsPerDay: 200, dayStartHour: 3, timeZone: "Europe/London", desiredRetention: 0.85))
        #expect(throws: StudySettingsError.self) {
            try StudySettings.validated(newCardsPerDay: -1, reviewsPerDay: 20_000, dayStartHour: 24, timeZone: "Mars/Olympus", desiredRetention: 0.99)
        }
        do {
            _ = try StudySettings.validated(newCardsPerDay: -1, reviewsPerDay: nil, dayStartHour: 24, timeZone: "Mars/Olympus", desiredRetention: 0.5)
        } catch {
            #expect(error.message.components(separatedBy: ". ").count >= 4, "\(error.message)")
            #expect(error.message.contains("Mars/Olympus"))
        }
    }

    @Test func theDayStartsAtTheLearnersHourInTheirTimeZone() throws {
        let utc4 = StudySettings.standard
        let iso = ISO8601DateFormatter()
        // Before four in the morning it is still yesterday's study day.
        #expect(utc4.dayStart(containing: iso.date(from: "2027-01-15T03:59:00Z")!) == iso.date(from: "2027-01-14T04:00:00Z")!)
        #expect(utc4.dayStart(containing: iso.date(from: "2027-01-15T04:00:00Z")!) == iso.date(from: "2027-01-15T04:00:00Z")!)
        // New York's four o'clock is nine UTC in winter and eight in summer.
        let newYork = StudySettings(newCardsPerDay: 20, reviewsPerDay: 200, dayStartHour: 4, timeZone: "America/New_York", desiredRetention: 0.9)
        #expect(newYork.dayStart(containing: iso.date(from: "2027-01-15T12:00:00Z")!) == iso.date(from: "2027-01-15T09:00:00Z")!)
        #expect(newYork.dayStart(containing: iso.date(from: "2027-07-15T12:00:00Z")!) == iso.date(from: "2027-07-15T08:00:00Z")!)
        #expect(newYork.nextDayStart(after: iso.date(from: "2027-07-15T12:00:00Z")!) == iso.date(from: "2027-07-16T08:00:00Z")!)
        // On the night the clocks go forward in London, a day starting at 01:00 starts at the next instant there is.
        let london = StudySettings(newCardsPerDay: 20, reviewsPerDay: 200, dayStartHour: 1, timeZone: "Europe/London", desiredRetention: 0.9)
        #expect(london.dayStart(containing: iso.date(from: "2027-03-28T05:00:00Z")!) == iso.date(from: "2027-03-28T01:00:00Z")!)
    }

    @Test func anImportMeansTwentyNewCardsADayNotFifty() async throws {
        let w = try await world()
        let queue = try await w.revision.queue(accountID: w.learner.id, tag: nil, direction: .englishToWelsh, now: Self.noon, limit: 50)
        #expect(queue.count == 20 && queue.allSatisfy { $0.card == nil })
        // Ten seen today (one of them rated Again): ten new left, and the missed one comes back whatever the limit.
        for (index, due) in queue.prefix(10).enumerated() {
            try await w.revision.rate(accountID: w.learner.id, pairID: due.pair.id!, direction: .englishToWelsh,
                                      rating: index == 0 ? .again : .good, seconds: nil, now: Self.noon)
        }
        let later = Self.noon.addingTimeInterval(120)
        let overview = try await w.revision.overview(accountID: w.learner.id, direction: .englishToWelsh, now: later)
        #expect(overview.today.studied == StudiedToday(newCards: 10, reviews: 0))
        #expect(overview.all.new == 10 && overview.all.due == 1 && overview.all.waiting == 30)
        #expect(overview.tags.first { $0.tag == "Set 0" }.map { [$0.due, $0.new] } == [1, 0])
        #expect(overview.tags.first { $0.tag == "Set 4" }.map { [$0.new, $0.waiting] } == [10, 0])
        // Both directions share the day's new cards.
        let welsh = try await w.revision.queue(accountID: w.learner.id, tag: nil, direction: .welshToEnglish, now: later, limit: 50)
        #expect(welsh.count == 10)
        // With none left, only the card being learned is asked.
        try await w.revision.saveSettings(accountID: w.learner.id, newCardsPerDay: 10, reviewsPerDay: nil, dayStartHour: nil, timeZone: nil,
                                          desiredRetention: nil)
        let limited = try await w.revision.queue(accountID: w.learner.id, tag: nil, direction: .englishToWelsh, now: later, limit: 50)
        #expect(limited.map(\.pair.id) == [queue[0].pair.id])
        // The next study day, ten new again.
        let tomorrow = Self.noon.addingTimeInterval(86_400)
        let next = try await w.revision.queue(accountID: w.learner.id, tag: nil, direction: .englishToWelsh, now: tomorrow, limit: 50)
        #expect(next.filter { $0.card == nil }.count == 10)
        // Another learner's day is their own.
        #expect(try await w.revision.today(accountID: w.other.id, now: later).studied == StudiedToday(newCards: 0, reviews: 0))
        #expect(try await w.revision.settings(accountID: w.other.id) == .standard)
    }

    @Test func reviewsOfLearnedCardsStopAtTheDaysLimit() async throws {
        let w = try await world()
        try await w.revision.saveSettings(accountID: w.learner.id, newCardsPerDay: 50, reviewsPerDay: 3, dayStartHour: nil, timeZone: nil,
                                          desiredRetention: nil)
        let queue = try await w.revision.queue(accountID: w.learner.id, tag: nil, direction: .englishToWelsh, now: Self.noon, limit: 50)
        for due in queue.prefix(5) {
            try await w.revision.rate(accountID: w.learner.id, pairID: due.pair.id!, direction: .englishToWelsh, rating: .easy, seconds: nil,
                                      now: Self.noon)
        }
        // A month on, the five learned cards are due: three a day are asked.
        let month = Self.noon.addingTimeInterval(30 * 86_400)
        let due = try await w.revision.queue(accountID: w.learner.id, tag: nil, direction: .englishToWelsh, now: month, limit: 50)
        #expect(due.filter { $0.card != nil }.count == 3)
        let overview = try await w.revision.overview(accountID: w.learner.id, direction: .englishToWelsh, now: month)
        #expect(overview.all.due == 3 && overview.all.waiting == 2)
    }

    @Test func aHigherDesiredRetentionBringsCardsBackSooner() async throws {
        let w = try await world()
        let pair = try #require(try await w.store.allPairs(accountID: w.learner.id).first)
        let standard = try await w.revision.outcomes(accountID: w.learner.id, pairID: pair.id!, direction: .englishToWelsh, now: Self.noon)
        try await w.revision.saveSettings(accountID: w.learner.id, newCardsPerDay: nil, reviewsPerDay: nil, dayStartHour: nil, timeZone: nil,
                                          desiredRetention: 0.97)
        let careful = try await w.revision.outcomes(accountID: w.learner.id, pairID: pair.id!, direction: .englishToWelsh, now: Self.noon)
        // Easy graduates at once: its interval follows the retention asked for.
        #expect(careful[3].due < standard[3].due)
        let card = try await w.revision.rate(accountID: w.learner.id, pairID: pair.id!, direction: .englishToWelsh, rating: .easy, seconds: nil,
                                             now: Self.noon)
        #expect(card.due == careful[3].due)
    }
}

/// Keeping the queue healthy: undo, suspension and leeches.
@Suite struct QueueHealthTests {
    @Test func aPairForgottenEightTimesIsALeechAndUndoLetsItBackIn() async throws {
        let store = try AppDatabase.inMemory()
        let learner = try await store.createAccount(username: "learner", passwordHash: "x", now: Date())
        let pair = try await store.savePair(accountID: learner.id, Pair(english: "to remember", welsh: "cofio"), pairLimit: nil, now: Date())
        let revision = Revision(store: store)
        try await revision.saveSettings(accountID: learner.id, newCardsPerDay: nil, reviewsPerDay: nil, dayStartHour: nil, timeZone: nil,
                                        desiredRetention: nil, leechThreshold: 3)
        var now = Date(timeIntervalSince1970: 1_800_000_000)
        // Learned (Easy), then forgotten three times, each time relearned and learned again.
        var card = try await revision.rate(accountID: learner.id, pairID: pair.id!, direction: .englishToWelsh, rating: .easy, seconds: nil, now: now)
        for lapse in 1...3 {
            now = card.due
            card = try await revision.rate(accountID: learner.id, pairID: pair.id!, direction: .englishToWelsh, rating: .again, seconds: nil, now: now)
            let leech = try await revision.isSuspended(accountID: learner.id, pairID: pair.id!)
            #expect(leech == (lapse == 3), "after lapse \(lapse)")
            if lapse < 3 {
                now = card.due
                card = try await revision.rate(accountID: learner.id, pairID: pair.id!, direction: .englishToWelsh, rating: .easy, seconds: nil, now: now)
            }
        }
        #expect(try await store.pair(accountID: learner.id, id: pair.id!)?.tags == ["Leech"])
        #expect(try await revision.queue(accountID: learner.id, tag: nil, direction: .englishToWelsh, now: now.addingTimeInterval(86_400)).isEmpty)
        // Taking back the lapse that made it a leech lets it back in, untagged.
        let undone = try await revision.undo(accountID: learner.id)
        #expect(undone.rating == .again && undone.card?.state == .review)
        #expect(try await revision.isSuspended(accountID: learner.id, pairID: pair.id!) == false)
        #expect(try await store.pair(accountID: learner.id, id: pair.id!)?.tags == [])
        // A suspended pair is let back in by hand too.
        try await revision.suspend(accountID: learner.id, pairID: pair.id!, true)
        #expect(try await revision.queue(accountID: learner.id, tag: nil, direction: .englishToWelsh, now: now.addingTimeInterval(86_400 * 60)).isEmpty)
        try await revision.suspend(accountID: learner.id, pairID: pair.id!, false)
        #expect(try await revision.queue(accountID: learner.id, tag: nil, direction: .englishToWelsh, now: now.addingTimeInterval(86_400 * 60)).count == 1)
    }

    @Test func undoWithNothingToTakeBackSaysSo() async throws {
        let store = try AppDatabase.inMemory()
        let learner = try await store.createAccount(username: "learner", passwordHash: "x", now: Date())
        await #expect(throws: RevisionError.nothingToUndo) { try await Revision(store: store).undo(accountID: learner.id) }
    }
}

/// The learner's statistics from a history made for the test.
@Suite struct StudyStatisticsTests {
    @Test func streaksRetentionForecastAndTheHardestPairs() async throws {
        let store = try AppDatabase.inMemory()
        let learner = try await store.createAccount(username: "learner", passwordHash: "x", now: Date())
        let other = try await store.createAccount(username: "other", passwordHash: "x", now: Date())
        let revision = Revision(store: store)
        // London, a day starting at 04:00; "now" is 2027-01-20 12:00 UTC (noon in London).
        try await revision.saveSettings(accountID: learner.id, newCardsPerDay: 100, reviewsPerDay: nil, dayStartHour: 4,
                                        timeZone: "Europe/London", desiredRetention: 0.85)
        let iso = ISO8601DateFormatter()
        let now = iso.date(from: "2027-01-20T12:00:00Z")!
        let words = ["cath", "ci", "bara", "caws", "llaeth"]
        var pairs: [Pair] = []
        for (n, welsh) in words.enumerated() {
            pairs.append(try await store.savePair(accountID: learner.id, Pair(english: "word \(n)", welsh: welsh), pairLimit: nil, now: now))
        }
        // Reviews on 16, 17, 18 (at 02:00, which counts to the 17th), 19 and 20 January; none on the 15th.
        let times = ["2027-01-14T10:00:00Z", "2027-01-16T10:00:00Z", "2027-01-17T10:00:00Z", "2027-01-18T02:00:00Z",
                     "2027-01-19T10:00:00Z", "2027-01-20T10:00:00Z"]
        for (index, time) in times.enumerated() {
            let date = iso.date(from: time)!
            let pair = pairs[index % pairs.count]
            // Easy first (learned), then forgotten on its next review for "cath" (pairs[0]).
            let rating: Rating = index == 5 ? .again : .easy
            _ = try await revision.rate(accountID: learner.id, pairID: pair.id!, direction: .englishToWelsh, rating: rating, seconds: nil, now: date)
        }
        let s = try await revision.statistics(accountID: learner.id, now: now)
        #expect(s.days.count == 365 && s.days.last?.date == "2027-01-20")
        let recent = s.days.suffix(7).map { "\($0.date):\($0.reviews)" }
        #expect(recent == ["2027-01-14:1", "2027-01-15:0", "2027-01-16:1", "2027-01-17:2", "2027-01-18:0", "2027-01-19:1", "2027-01-20:1"])
        #expect(s.currentStreak == 2 && s.longestStreak == 2)
        #expect(s.totalReviews == 6 && s.target == 0.85)
        // January: one review of a learned card ("cath" again, rated Again): 0 of 1 recalled.
        #expect(s.months.last.map { [$0.reviews, $0.recalled] } == [1, 0] && s.months.last?.month == "2027-01")
        #expect(s.months.count == 12)
        // Every card is due within the month ahead; "cath" is relearning, due today.
        #expect(s.forecast.count == 30 && s.forecast.first?.cards ?? 0 >= 1)
        #expect(s.forecast.reduce(0) { $0 + $1.cards } >= 1)
        #expect(s.hardest.first?.welsh == "cath" && s.hardest.first?.lapses == 1)
        // Another learner's record is empty.
        let theirs = try await revision.statistics(accountID: other.id, now: now)
        #expect(theirs.totalReviews == 0 && theirs.currentStreak == 0 && theirs.hardest.isEmpty)
    }
}

/// A scheduler tuned to the learner: fitted to their own reviews, applied only when it does better.
@Suite struct SchedulerTuningTests {
    /// A forgetful learner's year of reviews, stored as the pages would store them.
    static func learner(reviews cards: Int, days: Int) async throws -> (AppDatabase, Account) {
        let store = try AppDatabase.inMemory()
        let account = try await store.createAccount(username: "learner", passwordHash: "x", now: Date())
        var weights = SchedulerParameters.standard.weights
        for (index, value) in [0: 0.1, 1: 0.4, 2: 0.9, 3: 3.0, 8: 1.3, 10: 1.2, 20: 0.45] { weights[index] = value }
        let forgetful = SimulatedLearner(memory: try SchedulerParameters(weights))
        let history = forgetful.reviews(cards: cards, newCardsPerDay: 5, days: days, seed: 7)
        let pairs = (0..<cards).map { Pair(english: "word \($0)", welsh: "gair \($0)") }
        _ = try await store.importPairs(accountID: account.id, pairs, pairLimit: nil, now: Date())
        let stored = try await store.allPairs(accountID: account.id).sorted { $0.id!.rawValue < $1.id!.rawValue }
        for (card, logs) in history {
            for log in logs {
                try await store.recordReview(accountID: account.id, pairID: stored[card].id!, direction: .englishToWelsh,
                                             card: Card(due: log.date, lastReview: log.date), log: log)
            }
        }
        return (store, account)
    }

    @Test func weightsFittedToAForgetfulLearnerDoBetterAndCanBeApplied() async throws {
        let (store, account) = try await Self.learner(reviews: 600, days: 300)
        let revision = Revision(store: store)
        let tuning = try await revision.tune(accountID: account.id)
        #expect(tuning.result.enoughHistory && tuning.current == nil)
        let before = try #require(tuning.result.before), after = try #require(tuning.result.after)
        #expect(after.logLoss < before.logLoss)
        #expect(tuning.isImprovement)
        // Nothing is stored until applied; then the learner's scheduler uses the fitted weights.
        #expect(try await revision.settings(accountID: account.id).parameters == nil)
        try await revision.applyTuning(accountID: account.id)
        let settings = try await revision.settings(accountID: account.id)
        #expect(settings.parameters == tuning.result.parameters)
        #expect(revision.scheduler(for: settings).parameters == tuning.result.parameters)
        try await revision.applyParameters(nil, accountID: account.id)
        #expect(try await revision.settings(accountID: account.id).parameters == nil)
    }

    @Test func tooLittleHistoryKeepsTheStandardWeights() async throws {
        let (store, account) = try await Self.learner(reviews: 20, days: 20)
        let revision = Revision(store: store)
        let tuning = try await revision.tune(accountID: account.id)
        #expect(!tuning.result.enoughHistory && !tuning.isImprovement)
        await #expect(throws: RevisionError.self) { try await revision.applyTuning(accountID: account.id) }
        #expect(try await revision.settings(accountID: account.id).parameters == nil)
    }
}
