import FolioCore
import Ghost

/// A stored game's id: 128 random bits as 32 lowercase hex digits, so a room's link is hard to
/// guess. Anything else names no game: it cannot be made into a `MatchID`, so it is refused
/// before it reaches a store.
public struct MatchID: RawRepresentable, Sendable, Hashable, Codable, LosslessStringConvertible {
    public let rawValue: String

    public init?(rawValue: String) {
        guard rawValue.utf8.count == 32, rawValue.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }) else {
            return nil
        }
        self.rawValue = rawValue
    }

    public init?(_ description: String) {
        self.init(rawValue: description)
    }

    /// The id a path names, or `GhostError.gameNotFound` naming (the start of) what came.
    public static func checked(_ text: String) throws(GhostError) -> MatchID {
        guard let id = MatchID(rawValue: text) else { throw .gameNotFound(String(text.prefix(40))) }
        return id
    }

    /// A new id, from the system's random source.
    public static func random() -> MatchID {
        MatchID(rawValue: RandomHex.make(words: 2))!
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let id = MatchID(rawValue: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a game id: \(text.prefix(40))")
        }
        self = id
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }
}
