import Foundation
import Monologues

/// A monologue as the API and the command line's `--json` give it: its fields, its playing age,
/// whether it is often heard, and both ends of a longer cut: `longerCut` on a piece split off a
/// speech, `longerCutOf` on the whole speech it was split from, each null elsewhere.
public struct MonologueEntry: Encodable, Sendable {
    public let monologue: Monologue
    public let playingAge: PlayingAge
    public let oftenHeard: Bool
    public let longerCutOf: String?

    public init(monologue: Monologue, playingAge: PlayingAge, oftenHeard: Bool, longerCutOf: String?) {
        self.monologue = monologue
        self.playingAge = playingAge
        self.oftenHeard = oftenHeard
        self.longerCutOf = longerCutOf
    }

    /// `monologue` with what `library` knows of it.
    public init(_ monologue: Monologue, in library: MonologueLibrary) {
        self.init(monologue: monologue, playingAge: library.playingAge(id: monologue.id), oftenHeard: library.isOftenHeard(id: monologue.id),
                  longerCutOf: library.piece(withLongerCut: monologue.id)?.id)
    }

    enum Keys: String, CodingKey { case playingAge, oftenHeard, longerCut, longerCutOf }

    public func encode(to encoder: any Encoder) throws {
        try monologue.encode(to: encoder)
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(playingAge, forKey: .playingAge)
        try container.encode(oftenHeard, forKey: .oftenHeard)
        // The monologue's own encoding leaves out a longer cut it has not got; here it is null.
        if monologue.longerCut == nil { try container.encodeNil(forKey: .longerCut) }
        try container.encode(longerCutOf, forKey: .longerCutOf)
    }
}
