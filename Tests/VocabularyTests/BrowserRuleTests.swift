import FolioCore
import FolioTestSupport
import Foundation
import Testing
@testable import Vocabulary

// One rule, two runtimes: offline, the browser checks answers and schedules cards with
// public/rules/answer-check.js and fsrs.js. Here the Swift code generates the cases — its own
// answers to thousands of inputs — and Node runs the browser's modules on them
// (Tests/rules/run-cases.mjs). Any answer the browser gives otherwise fails the test command.

// MARK: - Answer checking

private struct AnswerCase: Encodable {
    var typed: String
    var expected: String
    var mutations: String
    var verdict: String
    var matched: String?
    var label: String
    var rating: Int
    var marked: String?
    var summary: String?
}

private func mode(_ mutations: AnswerCheck.Mutations) -> String {
    switch mutations {
    case .ignored: "ignored"
    case .almost: "almost"
    case .accepted: "accepted"
    }
}

/// The server's answer to `typed`, as revision checks it (FolioApp's `Revision.check`): cut to 500
/// characters, typing aids applied, checked.
private func answerCase(_ typed: String, _ expected: String, _ mutations: AnswerCheck.Mutations) -> AnswerCase {
    let result = AnswerCheck.check(AnswerCheck.typingAid(String(typed.prefix(500))), against: expected, mutations: mutations)
    return AnswerCase(typed: typed, expected: expected, mutations: mode(mutations), verdict: result.verdict.rawValue,
                      matched: result.matched, label: result.label, rating: AnswerCheck.proposedRating(for: result.verdict),
                      marked: result.difference?.marked, summary: result.difference?.summary)
}

/// Answers as learners store them: alternatives, optional words, slashes inside words, accents,
/// ligatures, apostrophes, final marks, unclosed groups, Welsh digraphs and capitals.
private let storedAnswers = [
    "gŵr", "car / automobile", "(to) run", "to his/her/their", "mynd (i)", "(n)or", "Bore da!", "i’w", "caffè",
    "ystafell wely", "Llanfair", "rhedeg / loncian", "(yr) ysgol", "(to be) unclosed (group", "a / b / c", "ci (dog)",
    "Æthelred", "straße", "œuvre", "naïve", "cath", "tad", "plentyn", "brawd", "mam", "llaw", "rhosyn", "enw",
    "ewythr", "Caerdydd", "tŷ bach", "fy nghath i", "dydd Sul", "pont", "gardd", "bara menyn", "chwaer", "Thomas",
    "(the) house / home", "which is/are", "ei (h)enw hi", "dŵr", "ŵy", "Ynys Môn", "coeden / pren", "what?",
    "(((deep)))", "/ leading", "trailing /", "a//b", "un-deux", "ça va", "Ángel", "e\u{301}té", "don't",
    "gwneud", "dysgu Cymraeg", "prynhawn da", "diolch (yn fawr)", "rhif ffôn", "ffenestr", "llyfrgell",
]

/// One slip in `word` drawn from `random`: a letter changed, dropped, added, or two swapped.
private func slip(_ word: String, _ random: inout SeededRandom) -> String {
    var letters = Array(word)
    guard !letters.isEmpty else { return "x" }
    let alphabet = Array("abcdefghilmnoprstuwyŵâ")
    let at = Int.random(in: 0..<letters.count, using: &random)
    switch Int.random(in: 0..<4, using: &random) {
    case 0: letters[at] = alphabet.randomElement(using: &random)!
    case 1: letters.remove(at: at)
    case 2: letters.insert(alphabet.randomElement(using: &random)!, at: at)
    default:
        if at + 1 < letters.count { letters.swapAt(at, at + 1) } else { letters.append("e") }
    }
    return String(letters)
}

private func answerCases() -> [AnswerCase] {
    var cases: [AnswerCase] = []
    let modes: [AnswerCheck.Mutations] = [.ignored, .almost, .accepted]

    // Every row of every mutation table, each way round, in lower case and with a capital, alone
    // and in a phrase.
    for mutation in WelshMutation.allCases {
        for row in mutation.table {
            for stem in ["ath", "wraig", "n"] {
                let radical = row.radical + stem
                guard let form = mutation.apply(to: radical) else { continue }
                for (expected, typed) in [(radical, form), (form, radical), ("fy " + radical, "fy " + form),
                                          (radical.capitalized, form.capitalized), (radical, form.uppercased())] {
                    for mutations in modes { cases.append(answerCase(typed, expected, mutations)) }
                }
            }
        }
    }

    // Stored answers, typed as learners type: exactly, in other cases and spacing, without their
    // accents, with the circumflex typed as "^", with one slip and with two, as another answer.
    var random = SeededRandom(seed: 20261128)
    for expected in storedAnswers {
        var typings = [expected, expected.uppercased(), "  " + expected + " . ", TextFolding.fold(expected),
                       expected.replacingOccurrences(of: "ŵ", with: "w^").replacingOccurrences(of: "ŷ", with: "y^"),
                       expected.replacingOccurrences(of: "'", with: "’"), "", "   ", String(repeating: expected + " ", count: 60)]
        for form in AnswerCheck.acceptedForms(of: expected) {
            typings.append(form)
            typings.append(TextFolding.fold(form))
            for _ in 0..<6 { typings.append(slip(form, &random)) }
            typings.append(slip(slip(form, &random), &random))
            for (mutation, mutated) in WelshMutation.forms(of: form) where mutation != .hBeforeVowel || form.count > 2 {
                typings.append(mutated)
            }
        }
        typings.append(storedAnswers.randomElement(using: &random)!)
        for typed in typings { cases.append(answerCase(typed, expected, modes.randomElement(using: &random)!)) }
    }

    // Random text from letters, accents, digraphs, brackets, slashes and marks, typed as itself
    // or slipped.
    let pieces = ["a", "b", "c", "d", "e", "g", "h", "l", "r", "w", "y", "ŵ", "â", "é", "/", "(", ")", " ", " ", "'", "’",
                  ".", "!", "?", "ll", "ch", "æ", "A", "C", "L", "Ŵ", "e\u{301}", "^", "w^", "\t"]
    for _ in 0..<1500 {
        let expected = (0..<Int.random(in: 0...14, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
        let typed: String
        switch Int.random(in: 0..<4, using: &random) {
        case 0: typed = expected
        case 1: typed = slip(TextFolding.fold(expected), &random)
        case 2: typed = AnswerCheck.acceptedForms(of: expected).randomElement(using: &random).map { slip($0, &random) } ?? "a"
        default: typed = (0..<Int.random(in: 0...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
        }
        cases.append(answerCase(typed, expected, modes.randomElement(using: &random)!))
    }
    return cases
}

@Suite struct BrowserAnswerCheckTests {
    @Test func theBrowserChecksEveryAnswerAsTheServerDoes() throws {
        let cases = answerCases()
        #expect(cases.count >= 2000)
        // The cases must reach every verdict and every kind of nearly.
        let labels = Set(cases.map(\.label))
        #expect(labels.contains("Right") && labels.contains("Not quite") && labels.contains("Almost — mind the accents"))
        #expect(labels.contains("Almost — a typo"))
        for mutation in WelshMutation.allCases {
            #expect(labels.contains { $0.hasPrefix("Almost — \(mutation.name)") }, "no case is a \(mutation.name)")
        }
        let report = try BrowserRules.run("answer-check", cases)
        #expect(report.count == cases.count)
        #expect(report.mismatches == 0, "the browser checked \(report.mismatches) of \(report.count) answers otherwise: \(report.sample)")
    }
}

// MARK: - Scheduling

private struct SchedulerCase: Encodable {
    struct Settings: Encodable {
        var weights: [Double]
        var desiredRetention: Double
        var learningSteps: [Double]
        var relearningSteps: [Double]
        var maximumInterval: Int
    }

    struct Stored: Encodable {
        var state: Int
        var step: Int?
        var stability: Double?
        var difficulty: Double?
        var due: Int64
        var lastReview: Int64?
        /// When the card, as it stood before this review, would be due after each rating.
        var outcomes: [Int64]
    }

    struct Review: Encodable {
        var at: Int64
        var rating: Int
        /// The card after this review, and when it would be due after each rating given at `at`.
        var card: Stored
    }

    var name: String
    var scheduler: Settings
    var start: Int64
    var reviews: [Review]
}

private func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }
private func date(_ milliseconds: Int64) -> Date { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }

private struct PyFSRSVectors: Decodable {
    struct Settings: Decodable {
        var parameters: [Double]
        var desired_retention: Double
        var learning_steps: [Double]
        var relearning_steps: [Double]
        var maximum_interval: Int
    }
    struct History: Decodable {
        struct Review: Decodable { var at: Date; var rating: Int }
        var scheduler: String
        var start: Date
        var reviews: [Review]
    }
    var schedulers: [String: Settings]
    var histories: [History]
}

/// The history replayed by the server's scheduler, with the card after each review.
private func schedulerCase(_ name: String, _ settings: SchedulerCase.Settings, start: Int64, reviews: [(at: Int64, rating: Int)]) -> SchedulerCase {
    let scheduler = Scheduler(parameters: SchedulerParameters(clamping: settings.weights), desiredRetention: settings.desiredRetention,
                              learningSteps: settings.learningSteps, relearningSteps: settings.relearningSteps,
                              maximumInterval: settings.maximumInterval)
    var card = Card(due: date(start))
    var replayed: [SchedulerCase.Review] = []
    for review in reviews {
        let at = date(review.at)
        let outcomes = Rating.allCases.map { milliseconds(scheduler.review(card, rating: $0, at: at).card.due) }
        card = scheduler.review(card, rating: Rating(rawValue: review.rating)!, at: at).card
        let stored = SchedulerCase.Stored(state: card.state.rawValue, step: card.step, stability: card.stability, difficulty: card.difficulty,
                                          due: milliseconds(card.due), lastReview: card.lastReview.map(milliseconds), outcomes: outcomes)
        replayed.append(.init(at: review.at, rating: review.rating, card: stored))
    }
    return SchedulerCase(name: name, scheduler: settings, start: start, reviews: replayed)
}

private func schedulerCases() throws -> [SchedulerCase] {
    var cases: [SchedulerCase] = []
    // The histories already held against py-fsrs.
    guard let url = Bundle.module.url(forResource: "fsrs-vectors", withExtension: "json", subdirectory: "Resources")
        ?? Bundle.module.url(forResource: "fsrs-vectors", withExtension: "json") else { throw BrowserRules.RunFailed(description: "fsrs-vectors.json is missing") }
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    let vectors = try decoder.decode(PyFSRSVectors.self, from: Data(contentsOf: url))
    for (index, history) in vectors.histories.enumerated() {
        let s = vectors.schedulers[history.scheduler]!
        let settings = SchedulerCase.Settings(weights: s.parameters, desiredRetention: s.desired_retention, learningSteps: s.learning_steps,
                                              relearningSteps: s.relearning_steps, maximumInterval: s.maximum_interval)
        cases.append(schedulerCase("py-fsrs \(index)", settings, start: milliseconds(history.start),
                                   reviews: history.reviews.map { (milliseconds($0.at), $0.rating) }))
    }

    // Learners' own weights (anywhere in FSRS-6's bounds), retentions and steps, with reviews at
    // any millisecond: the same minute, the same day, days and years apart.
    var random = SeededRandom(seed: 6_2026_11_28)
    let stepChoices: [[Double]] = [[], [60], [60, 600], [600], [60, 600, 3600], [30, 90.5]]
    for index in 0..<400 {
        let weights = SchedulerParameters.lowerBounds.indices.map { i in
            index % 4 == 0 ? SchedulerParameters.standard.weights[i]
                : Double.random(in: SchedulerParameters.lowerBounds[i]...SchedulerParameters.upperBounds[i], using: &random)
        }
        let settings = SchedulerCase.Settings(weights: weights, desiredRetention: Double.random(in: 0.70...0.97, using: &random),
                                              learningSteps: stepChoices.randomElement(using: &random)!,
                                              relearningSteps: stepChoices.randomElement(using: &random)!,
                                              maximumInterval: [36_500, 365, 30].randomElement(using: &random)!)
        var at = Int64.random(in: 1_600_000_000_000...1_800_000_000_000, using: &random)
        let start = at
        var reviews: [(at: Int64, rating: Int)] = []
        for _ in 0..<Int.random(in: 1...24, using: &random) {
            reviews.append((at, Int.random(in: 1...4, using: &random)))
            let gap: Int64 = switch Int.random(in: 0..<4, using: &random) {
            case 0: Int64.random(in: 0...600_000, using: &random)
            case 1: Int64.random(in: 0...86_400_000, using: &random)
            case 2: Int64.random(in: 86_400_000...(40 * 86_400_000), using: &random)
            default: Int64.random(in: 0...(900 * 86_400_000), using: &random)
            }
            at += gap
        }
        cases.append(schedulerCase("random \(index)", settings, start: start, reviews: reviews))
    }
    return cases
}

@Suite struct BrowserSchedulerTests {
    @Test func theBrowserSchedulesEveryHistoryAsTheServerDoes() throws {
        let cases = try schedulerCases()
        #expect(cases.count >= 600)
        let report = try BrowserRules.run("fsrs", cases)
        #expect(report.count == cases.count)
        #expect(report.mismatches == 0, "the browser scheduled \(report.mismatches) of \(report.count) histories otherwise: \(report.sample)")
    }
}
