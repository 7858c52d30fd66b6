import Foundation

/// The Adam optimiser with torch's defaults (β1 0.9, β2 0.999, ε 1e-8), whose learning rate
/// follows a cosine from `initialLearningRate` down towards 0 over `totalSteps` steps, as
/// py-fsrs drives torch's `Adam` with `CosineAnnealingLR`. Adam scales each weight's step by its
/// own gradient history, which matters here: FSRS-6's weights differ in range by four orders of
/// magnitude (w7 ≤ 0.75, w0 ≤ 100).
struct Adam: Sendable {
    let initialLearningRate: Double
    let totalSteps: Int
    private(set) var stepsTaken = 0
    private var firstMoment: [Double]
    private var secondMoment: [Double]
    private var updates = 0

    private static let beta1 = 0.9, beta2 = 0.999, epsilon = 1e-8

    init(count: Int, initialLearningRate: Double, totalSteps: Int) {
        self.initialLearningRate = initialLearningRate
        self.totalSteps = max(1, totalSteps)
        firstMoment = Array(repeating: 0, count: count)
        secondMoment = Array(repeating: 0, count: count)
    }

    /// The rate of the next step: torch's closed form of cosine annealing, η₀·(1 + cos(π·t/T))/2.
    var learningRate: Double {
        initialLearningRate * (1 + cos(Double.pi * Double(stepsTaken) / Double(totalSteps))) / 2
    }

    /// Moves `weights` against `gradient`. A gradient that is not finite (an overflow in some
    /// extreme card) would poison the moments for good, so that step's update is skipped; the
    /// schedule still advances, keeping the number of steps linear in the reviews.
    mutating func step(_ weights: inout [Double], gradient: [Double]) {
        defer { stepsTaken += 1 }
        guard gradient.allSatisfy(\.isFinite) else { return }
        let rate = learningRate
        updates += 1
        let correction1 = 1 - Foundation.pow(Self.beta1, Double(updates))
        let correction2 = 1 - Foundation.pow(Self.beta2, Double(updates))
        for index in weights.indices {
            firstMoment[index] = Self.beta1 * firstMoment[index] + (1 - Self.beta1) * gradient[index]
            secondMoment[index] = Self.beta2 * secondMoment[index] + (1 - Self.beta2) * gradient[index] * gradient[index]
            let denominator = (secondMoment[index].squareRoot() / correction2.squareRoot()) + Self.epsilon
            weights[index] -= (rate / correction1) * firstMoment[index] / denominator
        }
    }
}
