import FolioCore
import Foundation
import Vocabulary

/// Revising vocabulary, the same for the pages, the API and the terminal: what is due, checking a
/// typed answer against a pair, and rating it into the pair's card.
public struct Revision: Sendable {
    public let store: any VocabularyStore
    public let scheduler: Scheduler

    /// The longest answer checked. The check compares letter by letter, so its work grows with
    /// the answer; no Welsh or English answer comes near this.
    public static let longestAnswer = 500

    public init(store: any VocabularyStore, scheduler: Scheduler = Scheduler()) {
        self.store = store
        self.scheduler = scheduler
    }

    /// An answer checked against its pair, with the rating the check proposes.
    public struct Checked: Sendable {
        public var pair: Pair
        /// What was typed, with the typing aids applied (w^ → ŵ) and cut to `longestAnswer`.
        public var typed: String
        public var result: AnswerCheck.CheckResult
        public var proposed: Rating
    }

    /// An answer checked and rated: the card as it is now stored.
    public struct Answered: Sendable {
        public var checked: Checked
        public var rating: Rating
        public var card: Card
    }

    /// Pairs to revise in `direction`: those due by `now` first, then new ones, within what the
    /// account's day still allows.
    public func queue(accountID: Account.ID, tag: String?, direction: Direction, now: Date, limit: Int = 50) async throws -> [DuePair] {
        let today = try await today(accountID: accountID, now: now)
        return try await store.revisionQueue(accountID: accountID, tag: tag.flatMap { $0.isEmpty ? nil : $0 }, direction: direction,
                                             now: now, limit: limit, allowance: today.allowance)
    }

    // MARK: - The day's limits

    /// The account's settings, or the defaults until it saves some.
    public func settings(accountID: Account.ID) async throws -> StudySettings {
        try await store.studySettings(accountID: accountID) ?? .standard
    }

    /// Saves settings as typed (nil: unchanged); every problem is reported at once and then
    /// nothing is saved.
    @discardableResult
    public func saveSettings(accountID: Account.ID, newCardsPerDay: Int?, reviewsPerDay: Int?, dayStartHour: Int?, timeZone: String?,
                             desiredRetention: Double?, leechThreshold: Int? = nil) async throws -> StudySettings {
        let settings = try StudySettings.validated(newCardsPerDay: newCardsPerDay, reviewsPerDay: reviewsPerDay, dayStartHour: dayStartHour,
                                                   timeZone: timeZone, desiredRetention: desiredRetention, leechThreshold: leechThreshold,
                                                   over: try await settings(accountID: accountID))
        try await store.saveStudySettings(accountID: accountID, settings)
        return settings
    }

    /// The browser's time zone, for an account that has saved no settings: its days then start
    /// at the learner's own hour rather than UTC's. Saved settings always win, and a zone this
    /// system does not know is passed over (the browser sent it, not the person).
    public func adoptTimeZone(accountID: Account.ID, _ zone: String) async throws {
        guard try await store.studySettings(accountID: accountID) == nil,
              let settings = try? StudySettings.validated(newCardsPerDay: nil, reviewsPerDay: nil, dayStartHour: nil,
                                                          timeZone: zone, desiredRetention: nil) else { return }
        try await store.saveStudySettings(accountID: accountID, settings)
    }

    /// The study day holding `now`: its limits, what has been done, and what remains.
    public struct Today: Sendable {
        public var settings: StudySettings
        public var started: Date
        public var ends: Date
        public var studied: StudiedToday
        public var allowance: StudiedToday
    }

    public func today(accountID: Account.ID, now: Date) async throws -> Today {
        let settings = try await settings(accountID: accountID)
        let started = settings.dayStart(containing: now)
        let studied = try await store.studied(accountID: accountID, since: started)
        return Today(settings: settings, started: started, ends: settings.nextDayStart(after: now), studied: studied,
                     allowance: settings.allowance(studied: studied))
    }

    /// What may be revised today in `direction`, for all pairs and for each tag: due cards (those
    /// in their learning steps always, learned ones up to the reviews left) and new ones (up to
    /// the new cards left). A tag's figures are capped alone: together they may exceed the day's.
    public struct Overview: Sendable {
        public struct Line: Sendable, Hashable {
            public var tag: String?
            public var due: Int
            public var new: Int
            /// Held back by today's limits: due learned cards and new pairs beyond them.
            public var waiting: Int
        }

        public var today: Today
        public var all: Line
        public var tags: [Line]
    }

    public func overview(accountID: Account.ID, direction: Direction, now: Date) async throws -> Overview {
        let today = try await today(accountID: accountID, now: now)
        let counts = try await store.revisionCounts(accountID: accountID, direction: direction, now: now, byTag: true)
        let lines = counts.map { count in
            let review = min(count.review, today.allowance.reviews), new = min(count.new, today.allowance.newCards)
            return Overview.Line(tag: count.tag, due: count.learning + review, new: new,
                                 waiting: count.review - review + count.new - new)
        }
        return Overview(today: today, all: lines.first { $0.tag == nil } ?? Overview.Line(tag: nil, due: 0, new: 0, waiting: 0),
                        tags: lines.filter { $0.tag != nil })
    }

    /// Cards due now in both directions, before the day's limits: what "due now" means on every
    /// page. Statistics said "11 due today" (counting cards due later today) beside a Revision
    /// page with none due: each now says which it counts.
    public func dueNow(accountID: Account.ID, now: Date) async throws -> Int {
        var total = 0
        for direction in Direction.allCases {
            let all = try await store.revisionCounts(accountID: accountID, direction: direction, now: now, byTag: false).first { $0.tag == nil }
            total += (all?.learning ?? 0) + (all?.review ?? 0)
        }
        return total
    }

    /// The learner's record: a year of reviews by study day, the next 30 days' due cards, true
    /// retention per month against their target, streaks, and the ten hardest pairs. Three reads,
    /// each grouped by the database (by hour), so the work does not grow with the reviews.
    public func statistics(accountID: Account.ID, now: Date) async throws -> StudyStatistics {
        let settings = try await settings(accountID: accountID)
        let today = settings.dayStart(containing: now)
        let since = today.addingTimeInterval(-Double(StudyStatistics.historyDays) * 86_400)
        let until = today.addingTimeInterval(Double(StudyStatistics.forecastDays + 1) * 86_400)
        async let hours = store.reviewHours(accountID: accountID, since: since)
        async let due = store.dueHours(accountID: accountID, until: until)
        async let hardest = store.hardestPairs(accountID: accountID, limit: 10)
        return StudyStatistics(hours: try await hours, dueHours: try await due.map { ($0.hour, $0.cards) }, hardest: try await hardest,
                               settings: settings, now: now)
    }

    /// The scheduler as the account has tuned it: its desired retention.
    public func scheduler(for settings: StudySettings) -> Scheduler {
        var tuned = scheduler
        tuned.desiredRetention = settings.desiredRetention
        if let parameters = settings.parameters { tuned.parameters = parameters }
        return tuned
    }

    /// The most reviews a fit reads: about a third of a second of fitting in a release build
    /// (measured: 28 ms for 10,000 reviews), and more history than FSRS's weights need.
    public static let tuningReviewLimit = 100_000

    /// The scheduler fitted to the learner's own reviews, and whether it would do better than the
    /// weights now in use on reviews it was not fitted to. Nothing is stored.
    public struct Tuning: Sendable {
        public var result: OptimizerResult
        /// The weights now in use: nil for the defaults.
        public var current: SchedulerParameters?
        /// Fitted on enough history, and better than the defaults on the held-out reviews.
        public var isImprovement: Bool {
            guard result.enoughHistory, let before = result.before, let after = result.after else { return false }
            return after.logLoss < before.logLoss
        }
    }

    /// The fit itself (1.2 s of arithmetic at 100,000 reviews) runs on `runner`: the server's
    /// gives it a thread of its own.
    public func tune(accountID: Account.ID, runner: some WorkRunner = InPlaceWork()) async throws -> Tuning {
        let history = try await store.reviewHistory(accountID: accountID, limit: Self.tuningReviewLimit)
        var reviews: [String: [ReviewLog]] = [:]
        for card in history { reviews["\(card.pairID.rawValue)-\(card.direction.rawValue)"] = card.reviews }
        let result = try await runner.run { [reviews] isCancelled in try Optimizer(reviews: reviews).fit(isCancelled: isCancelled) }
        return Tuning(result: result, current: try await settings(accountID: accountID).parameters)
    }

    /// Fits the weights again (the fit is deterministic) and applies them, only when they do
    /// better than the defaults: a learner is never moved to weights that predict worse.
    @discardableResult
    public func applyTuning(accountID: Account.ID, runner: some WorkRunner = InPlaceWork()) async throws -> Tuning {
        var tuning = try await tune(accountID: accountID, runner: runner)
        guard tuning.isImprovement else { throw RevisionError.noImprovement(reviews: tuning.result.reviewCount) }
        try await applyParameters(tuning.result.parameters, accountID: accountID)
        tuning.current = tuning.result.parameters
        return tuning
    }

    /// Applies weights fitted to the learner's reviews (nil: back to the defaults).
    public func applyParameters(_ parameters: SchedulerParameters?, accountID: Account.ID) async throws {
        var settings = try await settings(accountID: accountID)
        settings.parameters = parameters
        try await store.saveStudySettings(accountID: accountID, settings)
    }

    /// Checks `answer` against the account's pair. A pair of someone else's, or one that has no
    /// side to revise in that direction, is not found.
    public func check(accountID: Account.ID, pairID: PairID, direction: Direction, answer: String) async throws -> Checked {
        let pair = try Self.revisable(try await store.pair(accountID: accountID, id: pairID), pairID: pairID, direction: direction)
        return Self.check(answer, against: pair, direction: direction)
    }

    /// The pair as read, when it has a side to revise in `direction`; else not found, as a pair
    /// of someone else's is.
    private static func revisable(_ pair: Pair?, pairID: PairID, direction: Direction) throws -> Pair {
        guard let pair, direction.isRevisable(pair) else { throw StoreError.notFound(what: "pair", id: pairID.description) }
        return pair
    }

    /// The check alone, for a pair already in hand (the terminal walks a queue it has read).
    public static func check(_ answer: String, against pair: Pair, direction: Direction) -> Checked {
        let typed = AnswerCheck.typingAid(String(answer.prefix(longestAnswer)))
        // A Welsh answer knows its mutations; a pair tagged "Mutations" takes any of them as right.
        let mutations: AnswerCheck.Mutations = direction == .welshToEnglish ? .ignored : (pair.acceptsMutations ? .accepted : .almost)
        let result = AnswerCheck.check(typed, against: direction.answer(for: pair), mutations: mutations)
        let proposed = Rating(rawValue: AnswerCheck.proposedRating(for: result.verdict)) ?? .good
        return Checked(pair: pair, typed: typed, result: result, proposed: proposed)
    }

    /// Schedules the pair's card in `direction` with `rating` and stores it with the review.
    /// `seconds` is the time the learner took, kept only when plausible. `checked`: the card as it
    /// stood when the answer was checked; when it has moved on since, `RevisionError.alreadyRated`.
    @discardableResult
    public func rate(accountID: Account.ID, pairID: PairID, direction: Direction, rating: Rating, seconds: TimeInterval?,
                     now: Date, checked: CardStamp? = nil) async throws -> Card {
        let stored = try await store.card(accountID: accountID, pairID: pairID, direction: direction)
        if let checked, checked != CardStamp(stored) {
            // The rating that moved the card on is the pair's latest; the caller goes on from it.
            let standing = try await store.reviews(accountID: accountID, pairID: pairID, limit: 1, offset: 0).items.first?.rating
            throw RevisionError.alreadyRated(standing: standing)
        }
        return try await record(rating, accountID: accountID, pairID: pairID, direction: direction, stored: stored,
                                settings: try await settings(accountID: accountID), seconds: seconds, now: now)
    }

    /// Schedules `stored` (the card as read) with `rating`, stores it with the review, and marks a
    /// leech.
    private func record(_ rating: Rating, accountID: Account.ID, pairID: PairID, direction: Direction, stored: Card?,
                        settings: StudySettings, seconds: TimeInterval?, now: Date) async throws -> Card {
        let (next, log) = scheduler(for: settings).review(stored ?? Card(due: now), rating: rating, at: now,
                                                          duration: ReviewLog.acceptedDuration(seconds))
        let lapses = try await store.recordReview(accountID: accountID, pairID: pairID, direction: direction, card: next, log: log)
        try await markLeech(accountID: accountID, pairID: pairID, before: stored, rating: rating, lapses: lapses, settings: settings, now: now)
        return next
    }

    /// After a review is stored: a lapse that makes the pair a leech tags it, so the learner can
    /// find it, and suspends it, so it stops eating the day.
    func markLeech(accountID: Account.ID, pairID: PairID, before stored: Card?, rating: Rating, lapses: Int,
                   settings: StudySettings, now: Date) async throws {
        guard ReviewKind(before: stored).isLapse(rating), settings.isLeech(afterLapse: lapses) else { return }
        _ = try await PairBook(store: store, pairLimit: nil).edit(pairID, accountID: accountID, now: now) { pair in
            if !pair.tags.contains(where: { $0.caseInsensitiveCompare(Self.leechTag) == .orderedSame }) { pair.tags.append(Self.leechTag) }
        }
        try await store.setSuspended(accountID: accountID, pairID: pairID, true)
    }

    /// The tag a leech is given.
    public static let leechTag = "Leech"

    // MARK: - Keeping the queue healthy

    /// Takes back the account's last rating: the card is as it was, and a pair that rating made a
    /// leech is a pair again (untagged and let back in). Throws when there is nothing to take back.
    public func undo(accountID: Account.ID) async throws -> UndoneReview {
        guard let undone = try await store.undoLastReview(accountID: accountID) else { throw RevisionError.nothingToUndo }
        let settings = try await settings(accountID: accountID)
        if undone.lapsesAfter > undone.lapsesBefore, settings.isLeech(afterLapse: undone.lapsesAfter) {
            _ = try await PairBook(store: store, pairLimit: nil).edit(undone.pairID, accountID: accountID) { pair in
                pair.tags.removeAll { $0.caseInsensitiveCompare(Self.leechTag) == .orderedSame }
            }
            try await store.setSuspended(accountID: accountID, pairID: undone.pairID, false)
        }
        return undone
    }

    /// A suspended pair is never asked until it is let back in.
    public func suspend(accountID: Account.ID, pairID: PairID, _ suspended: Bool) async throws {
        try await store.setSuspended(accountID: accountID, pairID: pairID, suspended)
    }

    public func isSuspended(accountID: Account.ID, pairID: PairID) async throws -> Bool {
        try await store.suspendedPairs(accountID: accountID, among: [pairID]).contains(pairID)
    }

    /// Checks and rates in one step: the rating chosen, or else the one the check proposes.
    public func answer(accountID: Account.ID, pairID: PairID, direction: Direction, answer: String, rating chosen: Rating?,
                       seconds: TimeInterval?, now: Date) async throws -> Answered {
        // The pair, its card and the settings in one read: three were three trips for every review.
        let inputs = try await store.revisionInputs(accountID: accountID, pairID: pairID, direction: direction)
        let checked = Self.check(answer, against: try Self.revisable(inputs.pair, pairID: pairID, direction: direction), direction: direction)
        let rating = chosen ?? checked.proposed
        let card = try await record(rating, accountID: accountID, pairID: pairID, direction: direction, stored: inputs.card,
                                    settings: inputs.settings ?? .standard, seconds: seconds, now: now)
        return Answered(checked: checked, rating: rating, card: card)
    }

    // MARK: - Before rating

    /// When the card would next be due after each rating, as the scheduler would set it now:
    /// what the rating buttons show ("Good · 3 d"). The scheduler does not fuzz, so this is
    /// the due date a rating then stores.
    public func outcomes(accountID: Account.ID, pairID: PairID, direction: Direction, now: Date) async throws -> [(rating: Rating, due: Date)] {
        try await choices(accountID: accountID, pairID: pairID, direction: direction, now: now).outcomes
    }

    /// The outcomes, and the card as it stands (see `CardStamp`) for the rating form that offers
    /// them, from one read of the card.
    public func choices(accountID: Account.ID, pairID: PairID, direction: Direction,
                        now: Date) async throws -> (outcomes: [(rating: Rating, due: Date)], checked: CardStamp) {
        let stored = try await store.card(accountID: accountID, pairID: pairID, direction: direction)
        let card = stored ?? Card(due: now)
        let scheduler = scheduler(for: try await settings(accountID: accountID))
        return (Rating.allCases.map { rating in (rating, scheduler.review(card, rating: rating, at: now).card.due) }, CardStamp(stored))
    }

    // MARK: - Sessions

    /// The card a session asks next, with the session as it then stands (a returning card that
    /// can no longer be asked drops out of it).
    public struct Step: Sendable {
        public var session: RevisionSession
        /// Nil when the session is over.
        public var pair: Pair?
        /// Whether the pair is one rated Again coming back.
        public var isReturn: Bool
        /// How many cards the session will have asked: what "4 of 12" counts to.
        public var planned: Int
    }

    /// The next card of `session` in `direction`, among pairs tagged `tag` (all when nil).
    public func next(in session: RevisionSession, accountID: Account.ID, tag: String?, direction: Direction, now: Date) async throws -> Step {
        var session = session
        // A queue long enough to find the session's unasked pairs behind the ones it has asked:
        // at most a hundred rows, the same index ranges as any queue.
        let queue = session.hasRoom
            ? try await self.queue(accountID: accountID, tag: tag, direction: direction, now: now, limit: session.size + session.seen.count)
            : []
        let unseen = queue.filter { $0.pair.id.map { !session.seen.contains($0) } ?? false }.count
        while true {
            switch session.next(queue: queue) {
            case .finished:
                return Step(session: session, pair: nil, isReturn: false, planned: session.seen.count)
            case .fresh(let due):
                return Step(session: session, pair: due.pair, isReturn: false, planned: session.planned(unseenInQueue: unseen))
            case .again(let id):
                if let pair = try await store.pair(accountID: accountID, id: id), direction.isRevisable(pair) {
                    return Step(session: session, pair: pair, isReturn: true, planned: max(session.seen.count, session.planned(unseenInQueue: unseen)))
                }
                session.forget(id)
            }
        }
    }

    /// A session's end: each pair it asked with its card as now stored, in the order asked, and
    /// how many pairs are ready for another session (due or new, counted up to `waitingLimit`).
    public struct Summary: Sendable {
        public var session: RevisionSession
        public var cards: [(pair: Pair, card: Card?)]
        public var waiting: Int
        public static let waitingLimit = 100

        /// The earliest of the asked cards' next due dates.
        public var nextDue: Date? { cards.compactMap(\.card?.due).min() }
    }

    public func summary(of session: RevisionSession, accountID: Account.ID, tag: String?, direction: Direction, now: Date) async throws -> Summary {
        var cards: [(pair: Pair, card: Card?)] = []
        for id in session.seen {
            // A pair deleted since it was asked has nothing left to show.
            guard let pair = try await store.pair(accountID: accountID, id: id) else { continue }
            cards.append((pair, try await store.card(accountID: accountID, pairID: id, direction: direction)))
        }
        let waiting = try await queue(accountID: accountID, tag: tag, direction: direction, now: now, limit: Summary.waitingLimit).count
        return Summary(session: session, cards: cards, waiting: waiting)
    }

    // MARK: - One pair

    /// The pair's card in each direction, nil where it has never been revised that way.
    public func cards(accountID: Account.ID, pairID: PairID) async throws -> [(direction: Direction, card: Card?)] {
        var cards: [(direction: Direction, card: Card?)] = []
        for direction in Direction.allCases {
            cards.append((direction, try await store.card(accountID: accountID, pairID: pairID, direction: direction)))
        }
        return cards
    }

    /// A page of the pair's reviews in both directions, latest first; none for another's pair.
    public func history(accountID: Account.ID, pairID: PairID, limit: Int, offset: Int) async throws -> Page<ReviewLog> {
        try await store.reviews(accountID: accountID, pairID: pairID, limit: limit, offset: offset)
    }

    /// A rating as a person gives it, 1 to 4.
    public static func rating(_ choice: Int) throws(RevisionError) -> Rating {
        guard let rating = Rating(rawValue: choice) else { throw .rating(String(choice)) }
        return rating
    }

    /// A direction by its name; none given is English to Welsh.
    public static func direction(_ name: String?) throws(RevisionError) -> Direction {
        guard let name, !name.isEmpty else { return .englishToWelsh }
        guard let direction = Direction(rawValue: name) else { throw .direction(name) }
        return direction
    }
}

/// A revision asked for in terms that mean nothing.
public enum RevisionError: FolioError, Equatable {
    case rating(String)
    case direction(String)
    /// A session's state (see `RevisionSession.token`) that no session could have written.
    case session
    /// Undo with no rating to take back.
    case nothingToUndo
    /// Fitted weights that would not do better than the defaults.
    case noImprovement(reviews: Int)
    /// A rating for an answer whose card has been rated since it was checked; `standing`, the
    /// rating that was stored.
    case alreadyRated(standing: Rating?)

    public var kind: FolioErrorKind {
        switch self {
        case .nothingToUndo, .noImprovement, .alreadyRated: .conflict
        default: .invalidInput
        }
    }

    public var code: String {
        switch self {
        case .nothingToUndo: "nothing_to_undo"
        case .noImprovement: "no_improvement"
        case .alreadyRated: "already_rated"
        default: "invalid_parameter"
        }
    }
    public var message: String {
        switch self {
        case .nothingToUndo: "There is no rating to undo: nothing has been rated since reviews began to be kept for undoing."
        case .noImprovement(let reviews):
            reviews < Optimizer<String>.minimumReviews
                ? "Not enough reviews to tune the scheduler: \(reviews) of the \(Optimizer<String>.minimumReviews) it needs. Keep revising."
                : "Weights fitted to your \(reviews) reviews would not predict better than the defaults; the defaults stay."
        case .rating(let value): "Invalid rating \"\(value)\": expected 1 (Again), 2 (Hard), 3 (Good) or 4 (Easy)."
        case .direction(let value): "Invalid direction \"\(value)\": expected englishToWelsh or welshToEnglish."
        case .session: "This revision session's address is damaged. Start a new session from the Revision page."
        case .alreadyRated: "This answer has been rated already; the rating stands."
        }
    }
}
