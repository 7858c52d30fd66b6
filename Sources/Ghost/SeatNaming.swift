/// How a round's sentences name a seat: by the player's name, or as "you" to the one player the
/// page speaks to (an online seat on its own phone, the one person at a table of computers). On a
/// phone passed round, nobody is "you": each sentence names whoever it is about.
public struct SeatNaming: Sendable {
    public let names: [String]
    public let you: Int?
    /// Said for a seat the names do not cover.
    let unknown: String

    public init(names: [String], you: Int? = nil, unknown: String = "Someone") {
        self.names = names
        self.you = you
        self.unknown = unknown
    }

    public func isYou(_ seat: Int?) -> Bool { seat != nil && seat == you }

    /// At the head of a sentence: "Ann", "You".
    public func subject(_ seat: Int?) -> String { isYou(seat) ? "You" : name(seat) }

    /// Within a sentence: "Ann", "you".
    public func object(_ seat: Int?) -> String { isYou(seat) ? "you" : name(seat) }

    /// "Ann’s", "your".
    public func possessive(_ seat: Int?) -> String { isYou(seat) ? "your" : "\(name(seat))’s" }

    /// The verb as the seat takes it: "takes" for Ann, "take" for you.
    public func verb(_ seat: Int?, _ third: String, _ second: String) -> String { isYou(seat) ? second : third }

    private func name(_ seat: Int?) -> String {
        seat.flatMap { names.indices.contains($0) ? names[$0] : nil } ?? unknown
    }
}
