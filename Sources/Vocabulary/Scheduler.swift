import FolioCore
import Foundation

/// The 21 weights of the FSRS-6 model, w0 … w20.
public struct SchedulerParameters: Sendable, Hashable, Codable {
    public let weights: [Double]

    /// py-fsrs 6.3's defaults.
    public static let standard = SchedulerParameters(unchecked: [
        0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796,
        1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
    ])

    /// py-fsrs's bounds. Outside them the formulas can divide by zero or make stability shrink on
    /// a correct answer, so weights from an optimiser or a file are checked.
    static let lowerBounds: [Double] = [
        stabilityMinimum, stabilityMinimum, stabilityMinimum, stabilityMinimum, 1.0, 0.001, 0.001, 0.001, 0.0, 0.0,
        0.001, 0.001, 0.001, 0.001, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.1,
    ]
    static let upperBounds: [Double] = [
        100.0, 100.0, 100.0, 100.0, 10.0, 4.0, 4.0, 0.75, 4.5, 0.8, 3.5, 5.0, 0.25, 0.9, 4.0, 1.0, 6.0, 2.0, 2.0,
        0.8, 0.8,
    ]

    static let stabilityMinimum = 0.001

    public init(_ weights: [Double]) throws(SchedulerError) {
        guard weights.count == Self.lowerBounds.count else {
            throw .wrongParameterCount(expected: Self.lowerBounds.count, got: weights.count)
        }
        for (index, weight) in weights.enumerated()
        where !(Self.lowerBounds[index]...Self.upperBounds[index]).contains(weight) {
            throw .parameterOutOfBounds(index: index, value: weight,
                                        lower: Self.lowerBounds[index], upper: Self.upperBounds[index])
        }
        self.weights = weights
    }

    private init(unchecked weights: [Double]) {
        self.weights = weights
    }

    /// Each weight moved to the nearest end of its range when outside it, as the optimiser does
    /// after every step.
    public init(clamping weights: [Double]) {
        precondition(weights.count == Self.lowerBounds.count, "FSRS-6 has \(Self.lowerBounds.count) weights")
        self.init(unchecked: weights.indices.map { min(max(weights[$0], Self.lowerBounds[$0]), Self.upperBounds[$0]) })
    }

    public init(from decoder: any Decoder) throws {
        try self.init(try decoder.singleValueContainer().decode([Double].self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(weights)
    }

    subscript(index: Int) -> Double { weights[index] }
}

/// Weights that cannot drive the scheduler.
public enum SchedulerError: FolioError, Equatable {
    case wrongParameterCount(expected: Int, got: Int)
    case parameterOutOfBounds(index: Int, value: Double, lower: Double, upper: Double)

    public var kind: FolioErrorKind { .invalidInput }

    public var code: String {
        switch self {
        case .wrongParameterCount: "fsrs_parameter_count"
        case .parameterOutOfBounds: "fsrs_parameter_out_of_bounds"
        }
    }

    public var message: String {
        switch self {
        case .wrongParameterCount(let expected, let got):
            "FSRS-6 needs \(expected) parameters, but \(got) were given."
        case .parameterOutOfBounds(let index, let value, let lower, let upper):
            "FSRS parameter w\(index) is \(value), outside its range \(lower)…\(upper). Use the default parameters or re-run the optimiser."
        }
    }
}

/// The FSRS-6 scheduler, computing as py-fsrs 6.3 computes so that the same history gives the
/// same card, to the day, in both.
public struct Scheduler: Sendable, Hashable {
    public var parameters: SchedulerParameters
    /// The probability of recall at which a Review card falls due.
    public var desiredRetention: Double
    /// Waits, in seconds, between the reviews of a new card before it graduates to Review.
    public var learningSteps: [TimeInterval]
    /// Waits, in seconds, between the reviews of a forgotten card before it returns to Review.
    public var relearningSteps: [TimeInterval]
    /// The longest interval, in days.
    public var maximumInterval: Int
    /// Spreads Review intervals by a few percent so cards learnt together do not stay due together.
    public var enableFuzzing: Bool
    /// Makes fuzz reproducible: the same seed, card and review time give the same interval.
    public var fuzzSeed: UInt64

    public static let defaultLearningSteps: [TimeInterval] = [60, 600]
    public static let defaultRelearningSteps: [TimeInterval] = [600]

    public init(parameters: SchedulerParameters = .standard, desiredRetention: Double = 0.9,
                learningSteps: [TimeInterval] = Scheduler.defaultLearningSteps,
                relearningSteps: [TimeInterval] = Scheduler.defaultRelearningSteps,
                maximumInterval: Int = 36_500, enableFuzzing: Bool = false, fuzzSeed: UInt64 = 0) {
        precondition(desiredRetention > 0 && desiredRetention < 1, "desired retention must lie strictly between 0 and 1")
        precondition(maximumInterval >= 1, "the maximum interval must be at least a day")
        self.parameters = parameters
        self.desiredRetention = desiredRetention
        self.learningSteps = learningSteps
        self.relearningSteps = relearningSteps
        self.maximumInterval = maximumInterval
        self.enableFuzzing = enableFuzzing
        self.fuzzSeed = fuzzSeed
    }

    // MARK: - Reviewing

    /// The card after a review at `date`, and the review's log. When fuzzing is on, the random
    /// draw comes from `fuzzSeed`, the card and the date, so replaying a history reproduces it.
    public func review(_ card: Card, rating: Rating, at date: Date, duration: TimeInterval? = nil)
        -> (card: Card, log: ReviewLog) {
        var generator = SeededRandom(seed: fuzzSeed, mixing: [
            date.timeIntervalSinceReferenceDate.bitPattern,
            card.lastReview?.timeIntervalSinceReferenceDate.bitPattern ?? 0,
            UInt64(rating.rawValue),
        ])
        return review(card, rating: rating, at: date, duration: duration, using: &generator)
    }

    /// As `review(_:rating:at:duration:)`, with fuzz drawn from `generator`.
    public func review<G: RandomNumberGenerator>(_ card: Card, rating: Rating, at date: Date,
                                                 duration: TimeInterval? = nil, using generator: inout G)
        -> (card: Card, log: ReviewLog) {
        var card = card
        // py-fsrs only meets a card without stability or difficulty in Learning; in another state
        // it is damaged, and starting it afresh (as the model does with no previous memory) is
        // the least surprising repair.
        let previous = card.stability.flatMap { stability in
            card.difficulty.map { MemoryState(stability: stability, difficulty: $0) }
        }
        let memory = model.afterReview(previous, elapsedDays: card.lastReview.map { Self.wholeDays(from: $0, to: date) },
                                       rating: rating)
        card.stability = memory.stability
        card.difficulty = memory.difficulty

        let wait: Wait
        switch card.state {
        case .learning:
            wait = advance(&card, through: learningSteps, rating: rating)
        case .relearning:
            wait = advance(&card, through: relearningSteps, rating: rating)
        case .review:
            if rating == .again, let first = relearningSteps.first {
                card.state = .relearning
                card.step = 0
                wait = .seconds(first)
            } else {
                // Without relearning steps a lapse stays in Review, on its shrunken stability.
                wait = .days(nextInterval(stability: card.stability!))
            }
        }

        switch wait {
        case .seconds(let seconds):
            card.due = date.addingTimeInterval(seconds)
        case .days(var days):
            if enableFuzzing && card.state == .review {
                days = fuzzedInterval(days, draw: Double.random(in: 0..<1, using: &generator))
            }
            card.due = date.addingTimeInterval(Double(days) * 86_400)
        }
        card.lastReview = date
        return (card, ReviewLog(rating: rating, date: date, duration: duration))
    }

    private enum Wait {
        case seconds(TimeInterval)
        case days(Int)
    }

    /// Moves a Learning or Relearning card along `steps` (py-fsrs treats both alike).
    private func advance(_ card: inout Card, through steps: [TimeInterval], rating: Rating) -> Wait {
        let step = card.step ?? 0
        // A card can be past the last step when it was scheduled with more steps than these.
        if steps.isEmpty || (step >= steps.count && rating != .again) {
            return graduate(&card)
        }
        switch rating {
        case .again:
            card.step = 0
            return .seconds(steps[0])
        case .hard:
            card.step = step
            if step == 0 && steps.count == 1 {
                return .seconds(Self.microseconds(steps[0] * 1.5))
            } else if step == 0 {
                return .seconds(Self.microseconds((steps[0] + steps[1]) / 2.0))
            }
            return .seconds(steps[step])
        case .good:
            if step + 1 == steps.count {
                return graduate(&card)
            }
            card.step = step + 1
            return .seconds(steps[step + 1])
        case .easy:
            return graduate(&card)
        }
    }

    private func graduate(_ card: inout Card) -> Wait {
        card.state = .review
        card.step = nil
        return .days(nextInterval(stability: card.stability!))
    }

    // MARK: - The model

    /// FSRS-6's formulas with these weights; the optimiser fits the same model in `Dual`.
    var model: MemoryModel<Double> { MemoryModel(weights: parameters.weights) }

    /// The probability that the card is recalled at `date`; 0 for a card never reviewed.
    public func retrievability(of card: Card, at date: Date) -> Double {
        guard let lastReview = card.lastReview, let stability = card.stability else { return 0 }
        return model.retrievability(elapsedDays: max(0, Self.wholeDays(from: lastReview, to: date)), stability: stability)
    }

    /// Whole days until the card's recall probability falls to the desired retention.
    func nextInterval(stability: Double) -> Int {
        let model = model
        let days = (stability / model.factor) * (Foundation.pow(desiredRetention, 1 / model.decay) - 1)
        // Python's round() rounds halves to even.
        let rounded = days.rounded(.toNearestOrEven)
        return Int(min(max(rounded, 1), Double(maximumInterval)))
    }

    // MARK: - Fuzz

    /// py-fsrs's fuzz: a draw in [0, 1) picks a day in a window that widens with the interval
    /// (±15% of the part between 2.5 and 7 days, ±10% to 20 days, ±5% beyond, plus a day).
    /// Like py-fsrs, the top of the window can round one day past its upper end.
    func fuzzedInterval(_ days: Int, draw: Double) -> Int {
        guard days >= 3 else { return days }
        var delta = 1.0
        for (start, end, factor) in [(2.5, 7.0, 0.15), (7.0, 20.0, 0.1), (20.0, Double.infinity, 0.05)] {
            delta += factor * max(min(Double(days), end) - start, 0.0)
        }
        var low = Int((Double(days) - delta).rounded(.toNearestOrEven))
        var high = Int((Double(days) + delta).rounded(.toNearestOrEven))
        low = max(2, low)
        high = min(high, maximumInterval)
        low = min(low, high)
        let fuzzed = (draw * Double(high - low + 1) + Double(low)).rounded(.toNearestOrEven)
        return min(Int(fuzzed), maximumInterval)
    }

    // MARK: - Arithmetic as py-fsrs does it

    /// `(end - start).days`: timedelta keeps whole microseconds and its `.days` rounds down,
    /// so 23 h 59 min is 0 days and −1 s is −1.
    static func wholeDays(from start: Date, to end: Date) -> Int {
        let microseconds = (end.timeIntervalSince(start) * 1_000_000).rounded(.toNearestOrEven)
        return Int((microseconds / 86_400_000_000).rounded(.down))
    }

    /// A timedelta multiplied or divided by a float is rounded to whole microseconds.
    private static func microseconds(_ seconds: TimeInterval) -> TimeInterval {
        (seconds * 1_000_000).rounded(.toNearestOrEven) / 1_000_000
    }
}
