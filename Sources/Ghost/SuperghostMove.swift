/// A Superghost move: a letter of the game's alphabet ("a", or in Welsh "ll"), and the end of the
/// fragment it goes at. In JSON: `{"letter": "ll", "side": "end"}`.
public struct SuperghostMove: Sendable, Hashable, Codable, CustomStringConvertible {
    public let letter: String
    public let side: Side

    public init(letter: String, side: Side) {
        self.letter = letter
        self.side = side
    }

    /// The fragment after the move.
    public func applied(to fragment: String) -> String {
        side == .end ? fragment + letter : letter + fragment
    }

    /// "a at the end", "b at the start".
    public var description: String { "\(letter) at the \(side.rawValue)" }

    private enum CodingKeys: String, CodingKey { case letter, side }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let letter = try container.decode(String.self, forKey: .letter)
        guard Alphabet.all.contains(where: { $0.index(of: letter) != nil }) else {
            throw DecodingError.dataCorruptedError(forKey: .letter, in: container,
                                                   debugDescription: "A move's letter is one letter a–z or of the Welsh alphabet, not \"\(letter)\".")
        }
        self.init(letter: letter, side: try container.decode(Side.self, forKey: .side))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(letter, forKey: .letter)
        try container.encode(side, forKey: .side)
    }
}
