/// A Superghost move: a letter, and the end of the fragment it goes at.
/// In JSON: `{"letter": "a", "side": "end"}`.
public struct SuperghostMove: Sendable, Hashable, Codable, CustomStringConvertible {
    public let letter: Character
    public let side: Side

    public init(letter: Character, side: Side) {
        self.letter = letter
        self.side = side
    }

    init(letterIndex: Int, side: Side) {
        self.init(letter: Character(UnicodeScalar(UInt8(97 + letterIndex))), side: side)
    }

    /// The fragment after the move.
    public func applied(to fragment: String) -> String {
        side == .end ? fragment + String(letter) : String(letter) + fragment
    }

    /// "a at the end", "b at the start".
    public var description: String { "\(letter) at the \(side.rawValue)" }

    private enum CodingKeys: String, CodingKey { case letter, side }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let letter = try container.decode(String.self, forKey: .letter)
        guard letter.count == 1, let only = letter.first, WordList.letterIndex(only) != nil else {
            throw DecodingError.dataCorruptedError(forKey: .letter, in: container,
                                                   debugDescription: "A move's letter is one letter a–z, not \"\(letter)\".")
        }
        self.init(letter: only, side: try container.decode(Side.self, forKey: .side))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(String(letter), forKey: .letter)
        try container.encode(side, forKey: .side)
    }
}
