@testable import FolioApp
import FolioCore
import FolioTestSupport
import Foundation
import Monologues
import Testing
import Vocabulary

// One rule, two runtimes: rehearsing without a connection, the browser chooses the next line and
// moves a rated line's card, help and word-perfect mark with public/rules/rehearsal.js (over
// fsrs.js). Here the server's own Rehearsal plans and rates random speeches through random
// histories — the line asked, a line rated out of turn, minutes or months apart — and Node
// replays every history with the browser's module. Any difference fails the test command.

private struct RehearsalCase: Encodable {
    struct Line: Encodable {
        var number: Int
        var key: String
        var cue: String
        var text: String
    }
    struct Card: Encodable {
        var state: Int
        var step: Int?
        var stability: Double?
        var difficulty: Double?
        var due: Int64
        var lastReview: Int64?

        /// Every key, null where the card has none, as fsrs.js holds a card.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(state, forKey: .state)
            try container.encode(step, forKey: .step)
            try container.encode(stability, forKey: .stability)
            try container.encode(difficulty, forKey: .difficulty)
            try container.encode(due, forKey: .due)
            try container.encode(lastReview, forKey: .lastReview)
        }
        enum CodingKeys: String, CodingKey { case state, step, stability, difficulty, due, lastReview }
    }
    struct Progress: Encodable {
        var key: String
        var card: Card
        var help: Int
        var wordPerfect: Bool
        var reviews: Int
        var misses: Int
    }
    /// Where the rehearsal stood before the step's rating.
    struct Plan: Encodable {
        var next: Int?
        var due: Int
        var new: Int
        var nextDue: Int64?
        var wordPerfect: Int
        var rehearsed: Int
        var lines: Int
    }
    struct Step: Encodable {
        var at: Int64
        var plan: Plan
        var line: Int
        var rating: Int
        var after: Progress
    }
    var lines: [Line]
    var steps: [Step]
}

private func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }

/// Lines a speech might hold, a few alike so that two lines share words (and so keys differ only by occurrence).
private let pool = [
    "Tomorrow, and tomorrow, and tomorrow,", "Creeps in this petty pace from day to day", "To the last syllable of recorded time;",
    "And all our yesterdays have lighted fools", "The way to dusty death. Out, out, brief candle!", "Tomorrow, and tomorrow, and tomorrow,",
    "[Enter a Messenger]", "Life's but a walking shadow, a poor player", "/", "That struts and frets his hour upon the stage",
    "And then is heard no more: it is a tale", "Told by an idiot, full of sound and fury,", "Signifying nothing.", "O!", "Café, naïve Zoë.",
]

private func rehearsalCases() -> [RehearsalCase] {
    var random = SeededRandom(seed: 28_2026_11_28)
    let rehearsal = Rehearsal(favourites: Favourites(store: UnusedFavouriteStore()))
    var cases: [RehearsalCase] = []
    for index in 0..<300 {
        let text = (0..<Int.random(in: 1...12, using: &random)).map { _ in pool.randomElement(using: &random)! }.joined(separator: "\n")
        let notes = index % 3 == 0 ? "Act I. Cue (Seyton): “The queen, my lord, is dead.”" : "Act I."
        let monologue = LibraryFixture.monologue("m-\(index)", notes: notes, text: text)
        let item = Favourites.Item(favourite: Favourite(monologueID: monologue.id), original: monologue)
        var stored: [RehearsedLine] = []
        var now = Date(timeIntervalSince1970: Double(Int64.random(in: 1_600_000_000_000...1_800_000_000_000, using: &random)) / 1000)
        let drill = Rehearsal.plan(item, stored: [], now: now).lines
        guard !drill.isEmpty else { continue }
        var steps: [RehearsalCase.Step] = []
        for _ in 0..<Int.random(in: 1...30, using: &random) {
            let plan = Rehearsal.plan(item, stored: stored, now: now)
            // Mostly the line the rehearsal asks; now and then another (a sync may rate any).
            let line = (Int.random(in: 0..<5, using: &random) > 0 ? plan.next : nil) ?? plan.lines.randomElement(using: &random)!
            let rating = Rating(rawValue: [1, 2, 3, 3, 3, 4].randomElement(using: &random)!)!
            let after = rehearsal.rated(line, rating, now: now)
            stored = stored.filter { $0.key != after.key } + [after]
            steps.append(.init(at: milliseconds(now),
                               plan: .init(next: plan.next?.number, due: plan.due, new: plan.new, nextDue: plan.nextDue.map(milliseconds),
                                           wordPerfect: plan.progress.wordPerfect, rehearsed: plan.progress.rehearsed, lines: plan.progress.lines),
                               line: line.number, rating: rating.rawValue,
                               after: .init(key: after.key,
                                            card: .init(state: after.card.state.rawValue, step: after.card.step, stability: after.card.stability,
                                                        difficulty: after.card.difficulty, due: milliseconds(after.card.due),
                                                        lastReview: after.card.lastReview.map(milliseconds)),
                                            help: after.help, wordPerfect: after.wordPerfect, reviews: after.reviews, misses: after.misses)))
            let gap: Double = switch Int.random(in: 0..<4, using: &random) {
            case 0: Double.random(in: 0...120, using: &random)
            case 1: Double.random(in: 0...1_800, using: &random)
            case 2: Double.random(in: 0...86_400, using: &random)
            default: Double.random(in: 0...(60 * 86_400), using: &random)
            }
            // Whole milliseconds, as a browser's clock gives them.
            now = Date(timeIntervalSince1970: Double(milliseconds(now.addingTimeInterval(gap))) / 1000)
        }
        cases.append(RehearsalCase(lines: drill.map { .init(number: $0.number, key: $0.drill.key, cue: $0.drill.cue, text: $0.drill.text) },
                                   steps: steps))
    }
    return cases
}

/// Planning and rating read no store; any call to one is a mistake in the test.
private struct UnusedFavouriteStore: FavouriteStore {
    struct Unused: Error {}
    func addFavourite(accountID: Account.ID, monologueID: String, now: Date) async throws { throw Unused() }
    func removeFavourite(accountID: Account.ID, monologueID: String) async throws { throw Unused() }
    func saveFavouriteEdits(accountID: Account.ID, _ favourite: Favourite, now: Date) async throws { throw Unused() }
    func saveFavouriteEdits(accountID: Account.ID, _ favourite: Favourite, madeAt: Date) async throws -> Bool { throw Unused() }
    func restoreFavourite(accountID: Account.ID, monologueID: String) async throws { throw Unused() }
    func favouritePage(accountID: Account.ID, limit: Int, offset: Int) async throws -> Page<Favourite> { throw Unused() }
    func favourite(accountID: Account.ID, monologueID: String) async throws -> Favourite? { throw Unused() }
    func favourites(accountID: Account.ID, among monologueIDs: [String]) async throws -> [Favourite] { throw Unused() }
    func personalTags(accountID: Account.ID) async throws -> [String: [String]] { throw Unused() }
    func personalGenders(accountID: Account.ID) async throws -> [String: Gender] { throw Unused() }
    func saveMonologueOptions(accountID: Account.ID, _ options: MonologueOptions) async throws { throw Unused() }
    func monologueOptions(accountID: Account.ID) async throws -> MonologueOptions? { throw Unused() }
    func rehearsedLines(accountID: Account.ID, monologueID: String) async throws -> [RehearsedLine] { throw Unused() }
    func rehearsedLines(accountID: Account.ID, among monologueIDs: [String]) async throws -> [String: [RehearsedLine]] { throw Unused() }
    func saveRehearsedLine(accountID: Account.ID, monologueID: String, _ line: RehearsedLine) async throws { throw Unused() }
    func saveRehearsedLine(accountID: Account.ID, operation: String, monologueID: String, _ line: RehearsedLine) async throws -> Bool {
        throw Unused()
    }
    func forgetRehearsedLines(accountID: Account.ID, monologueID: String, keys: [String]) async throws { throw Unused() }
}

@Suite struct BrowserRehearsalTests {
    @Test func theBrowserPlansAndRatesEveryRehearsalAsTheServerDoes() throws {
        let cases = rehearsalCases()
        let steps = cases.map(\.steps.count).reduce(0, +)
        #expect(cases.count >= 250 && steps >= 3_000, "\(cases.count) speeches, \(steps) ratings")
        // The histories reach every rung of help, word-perfect lines, lapses and a rest.
        let afters = cases.flatMap(\.steps).map(\.after)
        #expect(Set(afters.map(\.help)) == [0, 1, 2, 3])
        #expect(afters.contains(where: \.wordPerfect) && afters.contains { $0.misses > 1 })
        #expect(cases.flatMap(\.steps).contains { $0.plan.next == nil })
        let report = try BrowserRules.run("rehearsal", cases)
        #expect(report.count == cases.count)
        #expect(report.mismatches == 0, "the browser rehearsed \(report.mismatches) of \(report.count) speeches otherwise: \(report.sample)")
    }
}
