import Foundation

/// A value with its gradient with respect to the 21 FSRS-6 weights (forward-mode automatic
/// differentiation). Replaying a card with weights that are `Dual.weight(i, …)` gives each
/// predicted retrievability together with its exact derivative, however long the card's history.
struct Dual: MemoryNumber {
    var value: Double
    var gradient: WeightGradient

    init(value: Double, gradient: WeightGradient) {
        self.value = value
        self.gradient = gradient
    }

    init(_ constant: Double) {
        self.init(value: constant, gradient: .zero)
    }

    init(floatLiteral value: Double) { self.init(value) }
    init(integerLiteral value: Int) { self.init(Double(value)) }

    /// Weight `index` as a variable: its own derivative is 1, the others' 0.
    static func weight(_ index: Int, _ value: Double) -> Dual {
        Dual(value: value, gradient: .unit(index))
    }

    /// The same value, no longer depending on the weights (torch's `detach`).
    var detached: Dual { Dual(value) }

    static func + (left: Dual, right: Dual) -> Dual {
        Dual(value: left.value + right.value, gradient: .combine(1, left.gradient, 1, right.gradient))
    }

    static func - (left: Dual, right: Dual) -> Dual {
        Dual(value: left.value - right.value, gradient: .combine(1, left.gradient, -1, right.gradient))
    }

    static func * (left: Dual, right: Dual) -> Dual {
        Dual(value: left.value * right.value, gradient: .combine(right.value, left.gradient, left.value, right.gradient))
    }

    static func / (left: Dual, right: Dual) -> Dual {
        let quotient = left.value / right.value
        return Dual(value: quotient,
                    gradient: .combine(1 / right.value, left.gradient, -quotient / right.value, right.gradient))
    }

    static prefix func - (operand: Dual) -> Dual {
        Dual(value: -operand.value, gradient: operand.gradient.scaled(by: -1))
    }

    /// d(a^b) = b·a^(b−1)·da + a^b·ln(a)·db. Every base in FSRS-6 is positive; a base of zero
    /// could only come from a constant, whose logarithm's term is multiplied by a zero gradient.
    static func power(_ base: Dual, _ exponent: Dual) -> Dual {
        let result = Foundation.pow(base.value, exponent.value)
        let byBase = base.value == 0 ? 0 : exponent.value * result / base.value
        let byExponent = base.value > 0 ? result * Foundation.log(base.value) : 0
        return Dual(value: result, gradient: .combine(byBase, base.gradient, byExponent, exponent.gradient))
    }
}

/// 21 partial derivatives, stored inline: a `Dual` is made for every step of every formula, and a
/// heap-allocated array for each would cost more than the arithmetic. (Measured in a small
/// benchmark of these operations, release build: about 75 ns an operation with a `[Double]`
/// gradient, most of it allocation, and 1.6 µs with `SIMD32<Double>`; inline, a whole fit of
/// 10,000 reviews takes about 30 ms.)
struct WeightGradient: Sendable {
    static let count = 21

    private var storage: (Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double,
                          Double, Double, Double, Double, Double, Double, Double, Double, Double, Double)

    static let zero = WeightGradient(storage: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

    static func unit(_ index: Int) -> WeightGradient {
        var gradient = zero
        gradient[index] = 1
        return gradient
    }

    subscript(index: Int) -> Double {
        get {
            precondition(index >= 0 && index < Self.count)
            return withUnsafeBytes(of: storage) { $0.load(fromByteOffset: index * MemoryLayout<Double>.stride, as: Double.self) }
        }
        set {
            precondition(index >= 0 && index < Self.count)
            withUnsafeMutableBytes(of: &storage) {
                $0.storeBytes(of: newValue, toByteOffset: index * MemoryLayout<Double>.stride, as: Double.self)
            }
        }
    }

    /// a·x + b·y: every derivative rule above is one of these.
    static func combine(_ a: Double, _ x: WeightGradient, _ b: Double, _ y: WeightGradient) -> WeightGradient {
        var result = zero
        withUnsafeMutableBytes(of: &result.storage) { out in
            withUnsafeBytes(of: x.storage) { xs in
                withUnsafeBytes(of: y.storage) { ys in
                    let out = out.bindMemory(to: Double.self), xs = xs.bindMemory(to: Double.self)
                    let ys = ys.bindMemory(to: Double.self)
                    for index in 0..<count {
                        out[index] = a * xs[index] + b * ys[index]
                    }
                }
            }
        }
        return result
    }

    func scaled(by factor: Double) -> WeightGradient { .combine(factor, self, 0, .zero) }

    /// Adds `factor` times `other` in place: how a batch's gradient is summed.
    mutating func add(_ factor: Double, _ other: WeightGradient) {
        self = .combine(1, self, factor, other)
    }

    var values: [Double] { (0..<Self.count).map { self[$0] } }

    var isFinite: Bool { values.allSatisfy(\.isFinite) }
}
