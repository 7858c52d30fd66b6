import Foundation

/// Binary cross-entropy, as torch's `BCELoss` computes it: each logarithm is held at −100 or
/// above, so one confident wrong prediction (retrievability that rounds to 1) costs a lot but not
/// infinity.
enum LogLoss {
    static func of(_ retrievability: Double, recalled: Bool) -> Double {
        recalled ? -max(log(retrievability), -100) : -max(log(1 - retrievability), -100)
    }

    /// dLoss/dRetrievability, with torch's guard against dividing by zero at 0 and 1.
    static func derivative(_ retrievability: Double, recalled: Bool) -> Double {
        (retrievability - (recalled ? 1 : 0)) / max((1 - retrievability) * retrievability, 1e-12)
    }
}
