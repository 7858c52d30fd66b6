import Foundation

/// The arithmetic FSRS-6's formulas are written in. `Double` schedules cards; `Dual` carries the
/// derivatives of every quantity with respect to the 21 weights, which is what the optimiser needs.
/// One copy of the formulas (`MemoryModel`) serves both, so the optimiser fits exactly the model
/// the scheduler runs.
protocol MemoryNumber: Sendable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    init(_ constant: Double)
    var value: Double { get }
    static func + (left: Self, right: Self) -> Self
    static func - (left: Self, right: Self) -> Self
    static func * (left: Self, right: Self) -> Self
    static func / (left: Self, right: Self) -> Self
    static prefix func - (operand: Self) -> Self
    /// `base ** exponent` with floats, as Python computes it: the C library's pow.
    static func power(_ base: Self, _ exponent: Self) -> Self
}

extension MemoryNumber {
    /// `math.e ** exponent`. Python calls pow here, not exp, and the two can differ in the last
    /// bit — enough to move an interval that lands on half a day.
    static func powerOfE(_ exponent: Self) -> Self { power(Self(2.718281828459045), exponent) }

    /// The lesser of the two, the first on a tie, as Python's `min(a, b)` and torch's autograd
    /// through it choose.
    static func lesser(_ first: Self, _ second: Self) -> Self { second.value < first.value ? second : first }

    /// At least `floor`. Below it the result is the constant, whose derivative is zero, as with
    /// torch's `clamp`.
    static func atLeast(_ floor: Double, _ number: Self) -> Self { number.value < floor ? Self(floor) : number }

    static func clamped(_ number: Self, to range: ClosedRange<Double>) -> Self {
        if number.value < range.lowerBound { return Self(range.lowerBound) }
        if number.value > range.upperBound { return Self(range.upperBound) }
        return number
    }
}

extension Double: MemoryNumber {
    var value: Double { self }
    static func power(_ base: Double, _ exponent: Double) -> Double { Foundation.pow(base, exponent) }
}
