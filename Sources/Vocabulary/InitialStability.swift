import Foundation

/// The first fit of w0–w3, the stability after a card's first rating, before gradient descent
/// refines all 21 weights: fsrs-rs's pre-training. Gradient descent alone, at py-fsrs's learning
/// rate, moves a weight by at most about 0.04 a step, and these lie anywhere between 0.001 and
/// 100; they are also the weights a short history says most about, since every card has a first
/// review. (Measured on the tests' simulated learners with ~2,000 reviews: starting from the
/// true w0–w3 closed about half of the held-out log-loss gap between the defaults and the true
/// weights, where starting from the defaults closed none.)
///
/// For each first rating, the card's first review a day or more later (its first long-term
/// review) tests that stability alone; the stability that best predicts those reviews, under
/// the default forgetting curve, is found by ternary search.
enum InitialStability {
    /// Each first rating's fitted stability, and how many cards it was fitted to. Nil when no
    /// card has a long-term review yet.
    static func fitted(to cards: [ReplayedCard]) -> (stabilities: [Double], counts: [Int])? {
        // Outcomes grouped by first rating, then by days to the first long-term review.
        var outcomes = Array(repeating: [Int: (recalled: Int, count: Int)](), count: 4)
        var recalled = 0, reviewed = 0
        for card in cards {
            for step in card.steps where step.isPredicted {
                recalled += step.recalled ? 1 : 0
                reviewed += 1
            }
            guard let first = card.steps.first, let test = card.steps.first(where: \.isPredicted),
                  let days = test.elapsedDays else { continue }
            outcomes[first.rating.rawValue - 1][days, default: (0, 0)].recalled += test.recalled ? 1 : 0
            outcomes[first.rating.rawValue - 1][days, default: (0, 0)].count += 1
        }
        guard reviewed > 0 else { return nil }
        let averageRecall = Double(recalled) / Double(reviewed)
        let defaults = SchedulerParameters.standard.weights
        var stabilities: [Double?] = Array(repeating: nil, count: 4)
        for rating in 0..<4 where !outcomes[rating].isEmpty {
            // Each gap's recall rate is pulled towards the learner's average by one review's
            // worth (Laplace smoothing), so that a gap seen once does not claim 0% or 100%.
            // In order of days: summed in a dictionary's order, the loss would differ in its
            // last bits from run to run, and so might the search's result.
            let groups = outcomes[rating].sorted { $0.key < $1.key }.map { days, outcome in
                (days: Double(days), count: Double(outcome.count),
                 recall: (Double(outcome.recalled) + averageRecall) / Double(outcome.count + 1))
            }
            stabilities[rating] = bestStability(for: groups, default: defaults[rating])
        }
        let counts = outcomes.map { $0.values.reduce(0) { $0 + $1.count } }
        guard stabilities.contains(where: { $0 != nil }) else { return nil }
        return (completed(stabilities, counts: counts), counts)
    }

    /// The stability minimising the groups' count-weighted log loss, plus a pull towards the
    /// default of |s − default| / 16 (fsrs-rs's), so that a handful of cards cannot send it to
    /// an end of its range. The loss is unimodal in s, so ternary search finds the minimum.
    private static func bestStability(for groups: [(days: Double, count: Double, recall: Double)],
                                      default standard: Double) -> Double {
        let decay = -SchedulerParameters.standard.weights[20]
        let factor = pow(0.9, 1 / decay) - 1
        func loss(_ stability: Double) -> Double {
            groups.reduce(abs(stability - standard) / 16) { total, group in
                let predicted = pow(1 + factor * group.days / stability, decay)
                return total - group.count * (group.recall * log(predicted) + (1 - group.recall) * log(1 - predicted))
            }
        }
        var low = SchedulerParameters.lowerBounds[0], high = SchedulerParameters.upperBounds[0]
        for _ in 0..<200 where high - low > 1e-9 {
            let third = (high - low) / 3
            if loss(low + third) < loss(high - third) { high -= third } else { low += third }
        }
        return (low + high) / 2
    }

    /// Makes stability grow with the rating, and fills in ratings no card began with, as
    /// fsrs-rs does. Where two ratings are out of order, the one fitted to fewer cards takes the
    /// other's value. A missing rating comes from its neighbours by the log-linear relations
    /// fsrs-rs found across many learners: ln s₂ = 0.41·ln s₁ + 0.59·ln s₃ and
    /// ln s₃ = 0.46·ln s₂ + 0.54·ln s₄; with only one rating known, the defaults are scaled to it.
    static func completed(_ fitted: [Double?], counts: [Int]) -> [Double] {
        var stabilities = fitted
        for (small, big) in [(0, 1), (1, 2), (2, 3), (0, 2), (1, 3), (0, 3)] {
            if let low = stabilities[small], let high = stabilities[big], low > high {
                if counts[small] > counts[big] { stabilities[big] = low } else { stabilities[small] = high }
            }
        }
        let defaults = Array(SchedulerParameters.standard.weights[0..<4])
        let known = stabilities.indices.filter { stabilities[$0] != nil }
        var logs = stabilities.map { $0.map(log) }
        switch known.count {
        case 0:
            return defaults
        case 1:
            let scale = stabilities[known[0]]! / defaults[known[0]]
            return clamped(defaults.map { $0 * scale })
        default:
            fill(&logs)
            return clamped(logs.map { exp($0!) })
        }
    }

    private static let relationA = [0.41, -1, 0.59, 0]  // 0.41·ln s₁ − ln s₂ + 0.59·ln s₃ = 0
    private static let relationB = [0, 0.46, -1, 0.54]  // 0.46·ln s₂ − ln s₃ + 0.54·ln s₄ = 0

    /// Solves the relations for the one or two missing logarithms. One missing among s₁, s₂
    /// comes from the first relation, among s₃, s₄ from the second; two missing solve both.
    private static func fill(_ logs: inout [Double?]) {
        let missing = logs.indices.filter { logs[$0] == nil }
        func knownPart(_ relation: [Double]) -> Double {
            logs.indices.reduce(0) { total, index in total + (logs[index].map { relation[index] * $0 } ?? 0) }
        }
        if missing.count == 1 {
            let index = missing[0]
            let relation = index < 2 ? relationA : relationB
            logs[index] = -knownPart(relation) / relation[index]
        } else if missing.count == 2 {
            let (u, v) = (missing[0], missing[1])
            let (a, b) = (relationA, relationB)
            let (ra, rb) = (-knownPart(a), -knownPart(b))
            let determinant = a[u] * b[v] - a[v] * b[u]
            logs[u] = (ra * b[v] - a[v] * rb) / determinant
            logs[v] = (a[u] * rb - ra * b[u]) / determinant
        }
    }

    private static func clamped(_ stabilities: [Double]) -> [Double] {
        stabilities.indices.map {
            min(max(stabilities[$0], SchedulerParameters.lowerBounds[$0]), SchedulerParameters.upperBounds[$0])
        }
    }
}
