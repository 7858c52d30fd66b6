import FolioCore
import Foundation
import Monologues
import Vocabulary

/// One line of a favourite as far as the actor has learned it.
public struct RehearsedLine: Sendable, Hashable {
    /// `LineDrill.Line.key`: the line's words, so progress survives a changed comma.
    public var key: String
    /// Scheduled by the same FSRS-6 scheduler as the Vocabulary app's cards.
    public var card: Card
    /// The rung of `DrillPrompt.ladder` the line is prompted at next.
    public var help: Int
    /// Last said with no help at all and rated Good or Easy.
    public var wordPerfect: Bool
    public var reviews: Int
    /// How many times it was rated Again.
    public var misses: Int

    public init(key: String, card: Card, help: Int = 0, wordPerfect: Bool = false, reviews: Int = 0, misses: Int = 0) {
        self.key = key
        self.card = card
        self.help = help
        self.wordPerfect = wordPerfect
        self.reviews = reviews
        self.misses = misses
    }
}

/// Learning a favourite by heart, the same for the pages, the API and the terminal: the speech as
/// the actor cut it becomes a line drill (`LineDrill`), each line an FSRS card so the lines missed
/// come back sooner, with help that fades as a line is learned.
public struct Rehearsal: Sendable {
    public let favourites: Favourites
    public let scheduler: Scheduler

    /// A line still in its learning steps is asked up to this long before it is due when nothing
    /// else is, as Anki's "learn ahead" does: without it a rehearsal would stop a minute short of
    /// every line just missed.
    public static let learnAhead: TimeInterval = 20 * 60

    public init(favourites: Favourites, scheduler: Scheduler = Scheduler()) {
        self.favourites = favourites
        self.scheduler = scheduler
    }

    var store: any FavouriteStore { favourites.store }

    /// A line of the drill with what is known of it.
    public struct Line: Sendable {
        public var drill: LineDrill.Line
        /// Nil for a line never rehearsed.
        public var progress: RehearsedLine?

        public var number: Int { drill.number }
        public var isNew: Bool { progress == nil }
        public var isWordPerfect: Bool { progress?.wordPerfect ?? false }
        /// The help the line is asked with now.
        public var prompt: DrillPrompt { DrillPrompt.rung(progress?.help ?? 0) }
    }

    /// "word-perfect on 14 of 22 lines".
    public struct Progress: Sendable, Hashable, Codable {
        public var wordPerfect: Int
        public var lines: Int
        /// Lines rehearsed at least once.
        public var rehearsed: Int

        public init(wordPerfect: Int, lines: Int, rehearsed: Int) {
            self.wordPerfect = wordPerfect
            self.lines = lines
            self.rehearsed = rehearsed
        }

        public var summary: String { "word-perfect on \(wordPerfect) of \(lines) line\(lines == 1 ? "" : "s")" }
    }

    /// Where a favourite's rehearsal stands at `now`.
    public struct Plan: Sendable {
        public var item: Favourites.Item
        public var lines: [Line]
        public var now: Date
        public var progress: Progress
        /// The line to ask now: the most overdue, else the first never asked (in the speech's
        /// order), else one in its learning steps due within `learnAhead`. Nil: rest.
        public var next: Line?
        /// The earliest due date of any line: when to come back when `next` is nil.
        public var nextDue: Date?
        /// Lines due by `now`, and lines never asked.
        public var due: Int
        public var new: Int
    }

    /// The speech as its owner cut it, cued by the line the notes name (the actor's own notes
    /// first: they may have rewritten the cue).
    public static func drill(_ item: Favourites.Item) -> LineDrill {
        LineDrill(text: item.monologue.text,
                  cue: LineDrill.cue(fromNotes: item.monologue.notes) ?? LineDrill.cue(fromNotes: item.original.notes))
    }

    static func plan(_ item: Favourites.Item, stored: [RehearsedLine], now: Date) -> Plan {
        let byKey = Dictionary(stored.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let lines = drill(item).lines.map { Line(drill: $0, progress: byKey[$0.key]) }
        let due = lines.filter { ($0.progress?.card.due).map { $0 <= now } ?? false }
            .sorted { ($0.progress!.card.due, $0.number) < ($1.progress!.card.due, $1.number) }
        let learning = lines.filter { line in
            guard let progress = line.progress else { return false }
            return progress.card.state != .review && progress.card.due <= now.addingTimeInterval(learnAhead)
        }.min { ($0.progress!.card.due, $0.number) < ($1.progress!.card.due, $1.number) }
        let next = due.first ?? lines.first(where: \.isNew) ?? learning
        let progress = Progress(wordPerfect: lines.filter(\.isWordPerfect).count, lines: lines.count,
                                rehearsed: lines.filter { !$0.isNew }.count)
        return Plan(item: item, lines: lines, now: now, progress: progress, next: next,
                    nextDue: lines.compactMap(\.progress?.card.due).min(), due: due.count, new: lines.filter(\.isNew).count)
    }

    /// The account's favourite and its lines as rehearsed so far.
    public func plan(_ monologueID: String, accountID: Account.ID, in library: MonologueLibrary, now: Date) async throws -> Plan {
        let item = try await favourites.item(monologueID, accountID: accountID, in: library)
        return Self.plan(item, stored: try await store.rehearsedLines(accountID: accountID, monologueID: monologueID), now: now)
    }

    /// Progress of each of `items` (a page of favourites), by monologue id, in one read.
    public func progress(of items: [Favourites.Item], accountID: Account.ID, now: Date = Date()) async throws -> [String: Progress] {
        let stored = try await store.rehearsedLines(accountID: accountID, among: items.map(\.favourite.monologueID))
        var result: [String: Progress] = [:]
        for item in items {
            let lines = stored[item.favourite.monologueID] ?? []
            // Nothing rehearsed yet: only the number of lines, not each line's key, is needed.
            result[item.favourite.monologueID] = lines.isEmpty
                ? Progress(wordPerfect: 0, lines: LineDrill.lineCount(of: item.monologue.text), rehearsed: 0)
                : Self.plan(item, stored: lines, now: now).progress
        }
        return result
    }

    /// Line `number` of the plan, or a clear error naming the lines there are.
    public static func line(_ number: Int, of plan: Plan) throws(MonologueError) -> Line {
        guard plan.lines.indices.contains(number - 1) else {
            let expected = plan.lines.isEmpty ? "no line: this cut has no spoken lines" : "a line number from 1 to \(plan.lines.count)"
            throw .invalidParameter(name: "line", value: String(number), expected: expected)
        }
        return plan.lines[number - 1]
    }

    // MARK: - Answering

    /// A recalled line checked against the text, with the rating the check proposes.
    public struct Checked: Sendable {
        public var line: Line
        public var typed: String
        public var verdict: DrillCheck.Verdict
        public var proposed: Rating
    }

    /// Word for word is Good, a slip or two Hard, anything else Again: a line said only nearly
    /// right must come back sooner than one said right.
    public static func proposedRating(_ verdict: DrillCheck.Verdict) -> Rating {
        switch verdict {
        case .exact: .good
        case .close: .hard
        case .wrong: .again
        }
    }

    /// Checks `answer` against line `number`; nothing is stored.
    public func check(_ monologueID: String, line number: Int, answer: String, accountID: Account.ID,
                      in library: MonologueLibrary, now: Date) async throws -> Checked {
        try Self.check(answer, line: number, of: try await plan(monologueID, accountID: accountID, in: library, now: now))
    }

    static func check(_ answer: String, line number: Int, of plan: Plan) throws(MonologueError) -> Checked {
        let line = try Self.line(number, of: plan)
        let typed = String(answer.prefix(DrillCheck.longestAnswer))
        let verdict = DrillCheck.check(typed, against: line.drill.text)
        return Checked(line: line, typed: typed, verdict: verdict, proposed: Self.proposedRating(verdict))
    }

    /// A rating stored: the line as it now stands, and the rehearsal after it.
    public struct Rated: Sendable {
        public var line: Line
        public var rating: Rating
        public var plan: Plan
    }

    /// The line's next state after `rating`: the card as the scheduler moves it, and the help,
    /// which fades a rung with Good (two with Easy) and comes back a rung with Again.
    public func rated(_ line: Line, _ rating: Rating, now: Date) -> RehearsedLine {
        var after = line.progress ?? RehearsedLine(key: line.drill.key, card: Card(due: now))
        let unaided = after.help >= DrillPrompt.unaided
        after.card = scheduler.review(after.card, rating: rating, at: now).card
        after.reviews += 1
        switch rating {
        case .again:
            after.help = max(0, after.help - 1)
            after.misses += 1
            after.wordPerfect = false
        case .hard:
            after.wordPerfect = false
        case .good, .easy:
            after.help = min(DrillPrompt.unaided, after.help + (rating == .easy ? 2 : 1))
            after.wordPerfect = unaided
        }
        return after
    }

    /// When line `number` would next be asked after each rating: what the rating buttons show.
    public func outcomes(_ line: Line, now: Date) -> [(rating: Rating, due: Date)] {
        Rating.allCases.map { ($0, rated(line, $0, now: now).card.due) }
    }

    /// Rates line `number` and stores it. Progress kept under lines the actor has since cut or
    /// rewritten is let go here, where a write happens anyway.
    /// `checked`: the line's card as it stood when the line was checked; when it has moved on
    /// since (the line rated already), `RevisionError.alreadyRated` and nothing is stored.
    public func rate(_ monologueID: String, line number: Int, rating: Rating, accountID: Account.ID,
                     in library: MonologueLibrary, now: Date, checked: CardStamp? = nil) async throws -> Rated {
        let item = try await favourites.item(monologueID, accountID: accountID, in: library)
        let stored = try await store.rehearsedLines(accountID: accountID, monologueID: monologueID)
        let plan = Self.plan(item, stored: stored, now: now)
        if let checked, checked != CardStamp(try Self.line(number, of: plan).progress?.card) {
            throw RevisionError.alreadyRated(standing: nil)
        }
        return try await rate(plan, stored: stored, line: number, rating: rating, accountID: accountID)
    }

    /// Rates line `number` of `before` (made from `stored`, the rows as read) and stores it.
    func rate(_ before: Plan, stored: [RehearsedLine], line number: Int, rating: Rating, accountID: Account.ID) async throws -> Rated {
        let item = before.item, monologueID = item.favourite.monologueID, now = before.now
        let line = try Self.line(number, of: before)
        let after = rated(line, rating, now: now)
        try await store.saveRehearsedLine(accountID: accountID, monologueID: monologueID, after)
        let current = Set(before.lines.map(\.drill.key))
        let stale = stored.map(\.key).filter { !current.contains($0) }
        if !stale.isEmpty { try await store.forgetRehearsedLines(accountID: accountID, monologueID: monologueID, keys: stale) }
        let kept = stored.filter { current.contains($0.key) && $0.key != after.key } + [after]
        let plan = Self.plan(item, stored: kept, now: now)
        return Rated(line: plan.lines[number - 1], rating: rating, plan: plan)
    }

    /// Checks and rates in one step: the rating given, else the one the check proposes.
    public func answer(_ monologueID: String, line number: Int, answer: String, rating chosen: Rating?, accountID: Account.ID,
                       in library: MonologueLibrary, now: Date) async throws -> (checked: Checked, rated: Rated) {
        // One read of the favourite and its lines serves the check and the rating.
        let item = try await favourites.item(monologueID, accountID: accountID, in: library)
        let stored = try await store.rehearsedLines(accountID: accountID, monologueID: monologueID)
        let plan = Self.plan(item, stored: stored, now: now)
        let checked = try Self.check(answer, line: number, of: plan)
        let rated = try await rate(plan, stored: stored, line: number, rating: chosen ?? checked.proposed, accountID: accountID)
        return (checked, rated)
    }

    /// Starts the favourite's rehearsal again from nothing.
    public func restart(_ monologueID: String, accountID: Account.ID, in library: MonologueLibrary) async throws {
        _ = try await favourites.item(monologueID, accountID: accountID, in: library)
        let keys = try await store.rehearsedLines(accountID: accountID, monologueID: monologueID).map(\.key)
        if !keys.isEmpty { try await store.forgetRehearsedLines(accountID: accountID, monologueID: monologueID, keys: keys) }
    }
}
