import Foundation

/// A card's memory as FSRS-6 models it.
struct MemoryState<Number: MemoryNumber>: Sendable {
    /// Days until recall probability falls to 90%.
    var stability: Number
    /// 1 (easy) to 10 (hard).
    var difficulty: Number
}

/// FSRS-6's memory model: how stability and difficulty start, how each rating changes them, and
/// the forgetting curve. The scheduler computes it in `Double`; the optimiser in `Dual`, to have
/// the derivatives. Every formula is written as py-fsrs 6.3 writes it, operation for operation,
/// so that the scheduler's doubles match py-fsrs's to the last bit.
struct MemoryModel<Number: MemoryNumber>: Sendable {
    /// w0 … w20.
    let weights: [Number]

    /// The forgetting curve is a power law whose exponent is −w20; the factor makes
    /// retrievability exactly 0.9 when the elapsed time equals the stability. Both depend on the
    /// weights alone, so they are worked out once rather than at every review.
    let decay: Number
    let factor: Number

    init(weights: [Number]) {
        precondition(weights.count == SchedulerParameters.lowerBounds.count, "FSRS-6 has \(SchedulerParameters.lowerBounds.count) weights")
        self.weights = weights
        decay = -weights[20]
        factor = Number.power(0.9, 1 / decay) - 1
    }

    private subscript(index: Int) -> Number { weights[index] }

    /// The probability of recall `elapsedDays` whole days after the last review.
    func retrievability(elapsedDays: Int, stability: Number) -> Number {
        Number.power(1 + factor * Number(Double(elapsedDays)) / stability, decay)
    }

    /// The memory after a review. `previous` is nil for a card's first review; `elapsedDays`
    /// (whole days since the last review) is nil when the last review's date is unknown, which
    /// counts as retrievability 0. A review less than a day after the last barely tests long-term
    /// memory, so it moves stability by the short-term formula.
    func afterReview(_ previous: MemoryState<Number>?, elapsedDays: Int?, rating: Rating) -> MemoryState<Number> {
        guard let previous else {
            return MemoryState(stability: initialStability(rating),
                               difficulty: Number.clamped(initialDifficulty(rating), to: Self.difficultyRange))
        }
        let stability: Number
        if let elapsedDays, elapsedDays < 1 {
            stability = shortTermStability(previous.stability, rating: rating)
        } else {
            let recall = elapsedDays.map { retrievability(elapsedDays: max(0, $0), stability: previous.stability) } ?? 0
            stability = nextStability(difficulty: previous.difficulty, stability: previous.stability,
                                      retrievability: recall, rating: rating)
        }
        return MemoryState(stability: stability, difficulty: nextDifficulty(previous.difficulty, rating: rating))
    }

    static var difficultyRange: ClosedRange<Double> { 1.0...10.0 }

    func initialStability(_ rating: Rating) -> Number {
        clampStability(self[rating.rawValue - 1])
    }

    func initialDifficulty(_ rating: Rating) -> Number {
        self[4] - Number.powerOfE(self[5] * Number(Double(rating.rawValue - 1))) + 1
    }

    /// The factor shrinks as stability grows, and is never below 1 for a pass.
    func shortTermStability(_ stability: Number, rating: Rating) -> Number {
        var increase = Number.powerOfE(self[17] * (Number(Double(rating.rawValue)) - 3 + self[18]))
            * Number.power(stability, -self[19])
        if rating != .again {
            increase = Number.atLeast(1.0, increase)
        }
        return clampStability(stability * increase)
    }

    /// Linear damping slows change near 10, and a pull of weight w7 towards D0(Easy) keeps
    /// difficulty from drifting for good.
    func nextDifficulty(_ difficulty: Number, rating: Rating) -> Number {
        let target = initialDifficulty(.easy)
        let delta = -(self[6] * Number(Double(rating.rawValue - 3)))
        let damped = difficulty + (10.0 - difficulty) * delta / 9.0
        return Number.clamped(self[7] * target + (1 - self[7]) * damped, to: Self.difficultyRange)
    }

    func nextStability(difficulty: Number, stability: Number, retrievability: Number, rating: Rating) -> Number {
        let next = rating == .again
            ? forgetStability(difficulty: difficulty, stability: stability, retrievability: retrievability)
            : recallStability(difficulty: difficulty, stability: stability, retrievability: retrievability,
                              rating: rating)
        return clampStability(next)
    }

    /// A lapse never leaves stability above what a same-day Again would.
    func forgetStability(difficulty: Number, stability: Number, retrievability: Number) -> Number {
        let longTerm = self[11] * Number.power(difficulty, -self[12])
            * (Number.power(stability + 1, self[13]) - 1)
            * Number.powerOfE((1 - retrievability) * self[14])
        let shortTerm = stability / Number.powerOfE(self[17] * self[18])
        return Number.lesser(longTerm, shortTerm)
    }

    func recallStability(difficulty: Number, stability: Number, retrievability: Number, rating: Rating) -> Number {
        let hardPenalty: Number = rating == .hard ? self[15] : 1
        let easyBonus: Number = rating == .easy ? self[16] : 1
        return stability * (1 + Number.powerOfE(self[8]) * (11 - difficulty) * Number.power(stability, -self[9])
            * (Number.powerOfE((1 - retrievability) * self[10]) - 1) * hardPenalty * easyBonus)
    }

    func clampStability(_ stability: Number) -> Number {
        Number.atLeast(SchedulerParameters.stabilityMinimum, stability)
    }
}
