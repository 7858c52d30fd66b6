/// A record's number with the kind of record in its type: `Identifier<Account>` and
/// `Identifier<Pair>` are both numbers, but one cannot be passed where the other is meant. In
/// JSON and in the database an identifier is the plain number.
public struct Identifier<Owner>: RawRepresentable, Sendable, Hashable, Comparable, Codable, LosslessStringConvertible {
    public let rawValue: Int64

    public init(rawValue: Int64) {
        self.rawValue = rawValue
    }

    public init(_ rawValue: Int64) {
        self.rawValue = rawValue
    }

    /// The number as it came in a path or an argument; nil for anything that is not one.
    public init?(_ text: String) {
        guard let value = Int64(text) else { return nil }
        rawValue = value
    }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(Int64.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    public var description: String { String(rawValue) }
}
