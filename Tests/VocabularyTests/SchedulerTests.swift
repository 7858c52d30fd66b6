import Foundation
import Testing
@testable import Vocabulary

// MARK: - Reference data from py-fsrs (scripts/fsrs-vectors.py)

private struct Vectors: Decodable {
    struct SchedulerSettings: Decodable {
        var parameters: [Double]
        var desired_retention: Double
        var learning_steps: [Double]
        var relearning_steps: [Double]
        var maximum_interval: Int
        var enable_fuzzing: Bool
    }

    struct History: Decodable {
        var scheduler: String
        var start: Date
        var reviews: [Review]
    }

    struct Review: Decodable {
        var at: Date
        var rating: Int
        var state: Int
        var step: Int?
        var stability: Double
        var difficulty: Double
        var due: Date
    }

    struct Simulation: Decodable {
        var scheduler: String
        var spec: String
        var reviews: [SimulatedReview]
    }

    struct Fuzz: Decodable {
        var days: Int
        var draw: Double
        var fuzzed: Int
    }

    var fsrs: String
    var schedulers: [String: SchedulerSettings]
    var histories: [History]
    var simulations: [Simulation]
    var fuzz: [Fuzz]

    static let shared: Vectors = {
        guard let url = Bundle.module.url(forResource: "fsrs-vectors", withExtension: "json", subdirectory: "Resources")
            ?? Bundle.module.url(forResource: "fsrs-vectors", withExtension: "json")
        else { fatalError("fsrs-vectors.json is missing from the test bundle; run scripts/fsrs-vectors.py") }
        do {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            return try decoder.decode(Vectors.self, from: Data(contentsOf: url))
        } catch {
            fatalError("fsrs-vectors.json cannot be read: \(error)")
        }
    }()

    func scheduler(_ name: String) -> Scheduler {
        let settings = schedulers[name]!
        return Scheduler(parameters: try! SchedulerParameters(settings.parameters),
                         desiredRetention: settings.desired_retention,
                         learningSteps: settings.learning_steps, relearningSteps: settings.relearning_steps,
                         maximumInterval: settings.maximum_interval, enableFuzzing: settings.enable_fuzzing)
    }
}

private let tolerance = 1e-4

@Suite struct SchedulerReferenceTests {
    @Test func dataComesFromThePinnedPyFSRS() {
        let vectors = Vectors.shared
        #expect(vectors.fsrs.hasPrefix("6.3."))
        #expect(Set(vectors.histories.map(\.scheduler)) == ["default", "noLearningSteps"])
        #expect(vectors.histories.count >= 200)
    }

    @Test func defaultsAreNoLearningStepsVariantsOfPyFSRSDefaults() {
        let vectors = Vectors.shared
        #expect(vectors.scheduler("default") == Scheduler())
        #expect(vectors.scheduler("noLearningSteps") == Scheduler(learningSteps: [], relearningSteps: []))
    }

    @Test func replaysEveryHistoryAsPyFSRSDoes() {
        let vectors = Vectors.shared
        var failures: [String] = []
        var reviews = 0
        for (number, history) in vectors.histories.enumerated() {
            let scheduler = vectors.scheduler(history.scheduler)
            var card = Card(due: history.start)
            for (index, expected) in history.reviews.enumerated() {
                card = scheduler.review(card, rating: Rating(rawValue: expected.rating)!, at: expected.at).card
                reviews += 1
                let stability = card.stability ?? .nan
                let difficulty = card.difficulty ?? .nan
                let where_ = "history \(number) (\(history.scheduler)) review \(index)"
                if !(abs(stability - expected.stability) <= tolerance) {
                    failures.append("\(where_): stability \(stability), py-fsrs \(expected.stability)")
                }
                if !(abs(difficulty - expected.difficulty) <= tolerance) {
                    failures.append("\(where_): difficulty \(difficulty), py-fsrs \(expected.difficulty)")
                }
                if card.state.rawValue != expected.state || card.step != expected.step {
                    failures.append("\(where_): \(card.state) step \(card.step.map(String.init) ?? "nil"), py-fsrs state \(expected.state) step \(expected.step.map(String.init) ?? "nil")")
                }
                if card.due.timeIntervalSince1970.rounded() != expected.due.timeIntervalSince1970 {
                    failures.append("\(where_): due \(card.due), py-fsrs \(expected.due)")
                }
                // Carry py-fsrs's card forward, so one early slip does not hide everything after it.
                card = Card(state: CardState(rawValue: expected.state)!, step: expected.step,
                            stability: expected.stability, difficulty: expected.difficulty,
                            due: expected.due, lastReview: expected.at)
            }
        }
        #expect(reviews > 3000)
        #expect(failures.isEmpty, "\(failures.count) differences from py-fsrs, first: \(failures.prefix(10).joined(separator: "\n"))")
    }

    @Test func replaysWholeHistoriesWithoutCorrection() {
        // The test above resets to py-fsrs's card after each review; this lets errors accumulate.
        let vectors = Vectors.shared
        for history in vectors.histories {
            let scheduler = vectors.scheduler(history.scheduler)
            var card = Card(due: history.start)
            for expected in history.reviews {
                card = scheduler.review(card, rating: Rating(rawValue: expected.rating)!, at: expected.at).card
            }
            let last = history.reviews.last!
            #expect(abs(card.stability! - last.stability) <= tolerance * max(1, last.stability))
            #expect(abs(card.difficulty! - last.difficulty) <= tolerance)
            #expect(card.state.rawValue == last.state)
            #expect(card.due.timeIntervalSince1970.rounded() == last.due.timeIntervalSince1970)
        }
    }

    @Test func simulationsMatchPyFSRS() {
        let vectors = Vectors.shared
        for simulation in vectors.simulations {
            let steps = try! ReviewSimulation.parse(simulation.spec)
            let got = ReviewSimulation.run(steps, scheduler: vectors.scheduler(simulation.scheduler))
            #expect(got.count == simulation.reviews.count)
            for (mine, theirs) in zip(got, simulation.reviews) {
                #expect(mine.day == theirs.day && mine.rating == theirs.rating)
                #expect(mine.state == theirs.state && mine.intervalDays == theirs.intervalDays,
                        "\(simulation.spec) day \(mine.day)")
                #expect(abs(mine.stability - theirs.stability) <= tolerance)
                #expect(abs(mine.difficulty - theirs.difficulty) <= tolerance)
            }
        }
    }

    @Test func fuzzWindowMatchesPyFSRS() {
        let scheduler = Scheduler(enableFuzzing: true)
        for vector in Vectors.shared.fuzz {
            #expect(scheduler.fuzzedInterval(vector.days, draw: vector.draw) == vector.fuzzed,
                    "\(vector.days) days, draw \(vector.draw)")
        }
    }
}

// MARK: - Behaviour, readably

private let noon = Date(timeIntervalSince1970: 1_718_107_200)  // 2024-06-11 12:00 UTC
private let minute: TimeInterval = 60
private let day: TimeInterval = 86_400

@Suite struct SchedulerBehaviourTests {
    let scheduler = Scheduler()

    @Test func defaultsAreFSRS6s() {
        #expect(scheduler.parameters.weights.count == 21)
        #expect(scheduler.parameters.weights.first == 0.212 && scheduler.parameters.weights.last == 0.1542)
        #expect(scheduler.desiredRetention == 0.9)
        #expect(scheduler.learningSteps == [1 * minute, 10 * minute])
        #expect(scheduler.relearningSteps == [10 * minute])
        #expect(scheduler.maximumInterval == 36_500)
        #expect(!scheduler.enableFuzzing)
    }

    @Test func newCardRatedGoodMovesToTheSecondLearningStep() {
        let (card, log) = scheduler.review(Card(due: noon), rating: .good, at: noon)
        #expect(card.state == .learning && card.step == 1)
        #expect(card.due == noon + 10 * minute)
        #expect(card.stability == 2.3065)
        #expect(abs(card.difficulty! - 2.118103970459016) < 1e-12)
        #expect(card.lastReview == noon)
        #expect(log == ReviewLog(rating: .good, date: noon))
    }

    @Test func newCardRatedAgainOrHardStaysAtTheFirstStep() {
        let again = scheduler.review(Card(due: noon), rating: .again, at: noon).card
        #expect(again.state == .learning && again.step == 0 && again.due == noon + minute)
        #expect(again.stability == 0.212 && again.difficulty == 6.4133)
        // Hard on the first step waits halfway between the first two steps.
        let hard = scheduler.review(Card(due: noon), rating: .hard, at: noon).card
        #expect(hard.state == .learning && hard.step == 0 && hard.due == noon + 5.5 * minute)
    }

    @Test func easyOnANewCardGoesStraightToReview() {
        let card = scheduler.review(Card(due: noon), rating: .easy, at: noon).card
        #expect(card.state == .review && card.step == nil)
        #expect(card.stability == 8.2956)
        #expect(card.difficulty == 1)  // below 1 before clamping
        #expect(card.due == noon + 8 * day)
    }

    @Test func goodOnTheLastLearningStepGraduates() {
        var card = scheduler.review(Card(due: noon), rating: .good, at: noon).card
        card = scheduler.review(card, rating: .good, at: card.due).card
        #expect(card.state == .review && card.step == nil)
        // A same-day Good cannot lower stability, and FSRS-6's short-term factor for 2.3 is below 1,
        // so stability stays 2.3065: two days.
        #expect(card.stability == 2.3065)
        #expect(card.due == noon + 10 * minute + 2 * day)
    }

    @Test func againOnAReviewCardStartsRelearning() {
        var card = scheduler.review(Card(due: noon), rating: .easy, at: noon).card
        let reviewed = card.due
        card = scheduler.review(card, rating: .again, at: reviewed).card
        #expect(card.state == .relearning && card.step == 0)
        #expect(card.due == reviewed + 10 * minute)
        #expect(abs(card.stability! - 1.3886324609821161) < 1e-9)
        #expect(abs(card.difficulty! - 7.0269895692968385) < 1e-9)
        card = scheduler.review(card, rating: .good, at: card.due).card
        #expect(card.state == .review && card.step == nil)
        #expect(card.due == reviewed + 10 * minute + day)
    }

    @Test func withoutStepsEveryRatingSchedulesWholeDays() {
        let stepless = Scheduler(learningSteps: [], relearningSteps: [])
        for rating in Rating.allCases {
            let card = stepless.review(Card(due: noon), rating: rating, at: noon).card
            #expect(card.state == .review && card.step == nil, "\(rating)")
            #expect(card.due >= noon + day, "\(rating)")
        }
        // A lapse stays in Review, due in whole days.
        var card = stepless.review(Card(due: noon), rating: .good, at: noon).card
        card = stepless.review(card, rating: .again, at: card.due).card
        #expect(card.state == .review && card.due >= card.lastReview! + day)
    }

    @Test func intervalsNeverPassTheMaximum() {
        let capped = Scheduler(maximumInterval: 30)
        var card = capped.review(Card(due: noon), rating: .easy, at: noon).card
        for _ in 0..<6 {
            card = capped.review(card, rating: .easy, at: card.due).card
            #expect(card.due.timeIntervalSince(card.lastReview!) <= 30 * day)
        }
        #expect(card.stability! > 30)
    }

    @Test func difficultyStaysBetweenOneAndTen() {
        var card = Card(due: noon)
        var date = noon
        for _ in 0..<30 {
            card = scheduler.review(card, rating: .again, at: date).card
            date = date + 2 * day
        }
        // The pull towards D0(Easy) balances the damped climb just short of the ceiling.
        #expect(card.difficulty! > 9.9 && card.difficulty! < 10)
        // Damping scales every change by (10 − D), so near the ceiling even Easy barely helps.
        let hardest = card.difficulty!
        card = scheduler.review(card, rating: .easy, at: date).card
        #expect(card.difficulty! < hardest && card.difficulty! > hardest - 0.1)

        var easy = scheduler.review(Card(due: noon), rating: .easy, at: noon).card
        easy = scheduler.review(easy, rating: .easy, at: easy.due).card
        #expect(easy.difficulty == 1)
    }

    @Test func retrievabilityIsNinetyPercentAfterOneStability() {
        let card = Card(state: .review, stability: 10, difficulty: 5, due: noon + 10 * day, lastReview: noon)
        #expect(abs(scheduler.retrievability(of: card, at: noon + 10 * day) - 0.9) < 1e-12)
        #expect(scheduler.retrievability(of: card, at: noon + 23 * 3600) == 1)  // whole days only
        #expect(scheduler.retrievability(of: Card(due: noon), at: noon) == 0)
    }

    @Test func wholeDaysRoundDownAsTimedeltaDoes() {
        #expect(Scheduler.wholeDays(from: noon, to: noon + day - 1) == 0)
        #expect(Scheduler.wholeDays(from: noon, to: noon + day) == 1)
        #expect(Scheduler.wholeDays(from: noon, to: noon - 1) == -1)
    }

    @Test func fuzzIsReproducibleAndStaysNearTheInterval() {
        let fuzzy = Scheduler(enableFuzzing: true, fuzzSeed: 42)
        let plain = Scheduler()
        var card = plain.review(Card(due: noon), rating: .easy, at: noon).card
        card.stability = 100
        let at = card.due
        let fixed = plain.review(card, rating: .good, at: at).card
        let first = fuzzy.review(card, rating: .good, at: at).card
        #expect(fuzzy.review(card, rating: .good, at: at).card == first)
        let days = Scheduler.wholeDays(from: at, to: fixed.due)
        let fuzzedDays = Scheduler.wholeDays(from: at, to: first.due)
        #expect(abs(fuzzedDays - days) <= Int(Double(days) * 0.06) + 2)
        #expect(first.stability == fixed.stability && first.difficulty == fixed.difficulty)

        var spread = Set<Int>()
        for seed in UInt64(0)..<50 {
            let seeded = Scheduler(enableFuzzing: true, fuzzSeed: seed)
            spread.insert(Scheduler.wholeDays(from: at, to: seeded.review(card, rating: .good, at: at).card.due))
        }
        #expect(spread.count > 5)
    }

    @Test func learningStepsAreNotFuzzed() {
        let fuzzy = Scheduler(enableFuzzing: true, fuzzSeed: 7)
        let card = fuzzy.review(Card(due: noon), rating: .good, at: noon).card
        #expect(card.due == noon + 10 * minute)
    }

    @Test func reviewLogKeepsTheDuration() {
        let log = scheduler.review(Card(due: noon), rating: .hard, at: noon, duration: 4.5).log
        #expect(log.rating == .hard && log.date == noon && log.duration == 4.5)
    }

    @Test func parametersOutsidePyFSRSBoundsAreRejected() {
        #expect(throws: SchedulerError.wrongParameterCount(expected: 21, got: 19)) {
            try SchedulerParameters(Array(SchedulerParameters.standard.weights.prefix(19)))
        }
        var weights = SchedulerParameters.standard.weights
        weights[20] = 0.9
        #expect(throws: SchedulerError.parameterOutOfBounds(index: 20, value: 0.9, lower: 0.1, upper: 0.8)) {
            try SchedulerParameters(weights)
        }
        #expect((try? SchedulerParameters(SchedulerParameters.standard.weights)) == .standard)
    }

    @Test func cardsRoundTripThroughJSON() throws {
        let card = scheduler.review(Card(due: noon), rating: .good, at: noon).card
        let decoded = try JSONDecoder().decode(Card.self, from: JSONEncoder().encode(card))
        #expect(decoded == card)
        #expect(CardState.relearning.name == "Relearning")
    }
}

// MARK: - Simulation

@Suite struct ReviewSimulationTests {
    @Test func parsesGapsAndRatings() throws {
        let steps = try ReviewSimulation.parse("  0:3 1:3\t3:1\n10:4 ")
        #expect(steps.map(\.days) == [0, 1, 3, 10])
        #expect(steps.map(\.rating) == [.good, .good, .again, .easy])
    }

    @Test func rejectsMalformedSpecs() {
        #expect(throws: ReviewSimulationError.empty) { try ReviewSimulation.parse("  ") }
        #expect(throws: ReviewSimulationError.malformedStep("3")) { try ReviewSimulation.parse("0:3 3") }
        #expect(throws: ReviewSimulationError.malformedStep("1:good")) { try ReviewSimulation.parse("0:3 1:good") }
        #expect(throws: ReviewSimulationError.malformedStep("1:3:2")) { try ReviewSimulation.parse("0:3 1:3:2") }
        #expect(throws: ReviewSimulationError.malformedStep(":3")) { try ReviewSimulation.parse("0:3 :3") }
        #expect(throws: ReviewSimulationError.malformedStep("1.5:3")) { try ReviewSimulation.parse("0:3 1.5:3") }
        #expect(throws: ReviewSimulationError.firstGapNotZero("2:3")) { try ReviewSimulation.parse("2:3 1:3") }
        #expect(throws: ReviewSimulationError.negativeGap("-1:3")) { try ReviewSimulation.parse("0:3 -1:3") }
        #expect(throws: ReviewSimulationError.ratingOutOfRange("1:5")) { try ReviewSimulation.parse("0:3 1:5") }
        #expect(throws: ReviewSimulationError.ratingOutOfRange("0:0")) { try ReviewSimulation.parse("0:0") }
        #expect(throws: ReviewSimulationError.gapTooLong("9999999999:3")) {
            try ReviewSimulation.parse("0:3 9999999999:3")
        }
    }

    @Test func errorsAreInvalidInputWithStableCodes() {
        let error = ReviewSimulationError.ratingOutOfRange("1:5")
        #expect(error.kind == .invalidInput)
        #expect(error.code == "simulation_rating_out_of_range")
        #expect(error.message.contains("1:5"))
    }

    /// Values printed by py-fsrs 6.3.2 for a new card reviewed Good on days 0, 1 and 4.
    @Test func goodOnDaysZeroOneAndFourMatchesPyFSRS() throws {
        let run = ReviewSimulation.run(try ReviewSimulation.parse("0:3 1:3 3:3"), scheduler: Scheduler())
        #expect(run.map(\.day) == [0, 1, 4])
        #expect(run.map(\.state) == ["Learning", "Review", "Review"])
        #expect(run.map(\.intervalDays) == [0, 7, 20])
        for (got, expected) in zip(run.map(\.stability), [2.3065, 7.31530074407728, 19.833473465759585]) {
            #expect(abs(got - expected) <= 1e-9)
        }
        for (got, expected) in zip(run.map(\.difficulty), [2.118103970459016, 2.111214235785395, 2.1043313908464483]) {
            #expect(abs(got - expected) <= 1e-9)
        }
    }

    @Test func withoutLearningStepsTheFirstGoodIsAReview() throws {
        let run = ReviewSimulation.run(try ReviewSimulation.parse("0:3 1:3 3:3"),
                                       scheduler: Scheduler(learningSteps: [], relearningSteps: []))
        #expect(run.map(\.state) == ["Review", "Review", "Review"])
        #expect(run[0].intervalDays == 2)
    }

    @Test func encodesTheFieldsTheCommandLinePrints() throws {
        let run = ReviewSimulation.run([(0, .good)], scheduler: Scheduler())
        let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(run[0])) as! [String: Any]
        #expect(Set(object.keys) == ["day", "rating", "stability", "difficulty", "state", "intervalDays"])
        #expect(object["rating"] as? Int == 3 && object["state"] as? String == "Learning")
    }
}

@Suite struct ReviewDurationTests {
    @Test func onlyADayOrLessIsKept() {
        #expect(ReviewLog.acceptedDuration(4.5) == 4.5)
        #expect(ReviewLog.acceptedDuration(0) == 0)
        #expect(ReviewLog.acceptedDuration(86_400) == 86_400)
        for bad in [-1, 86_401, .nan, .infinity] as [Double] { #expect(ReviewLog.acceptedDuration(bad) == nil) }
        #expect(ReviewLog.acceptedDuration(nil) == nil)
    }
}
