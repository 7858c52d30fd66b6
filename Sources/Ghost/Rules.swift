/// How a table plays: chosen when a game starts, stored with it, and replayed with its actions.
public struct Rules: Sendable, Hashable, Codable {
    /// What a letter that leaves no word does.
    public enum Challenges: String, Sendable, Hashable, Codable, CaseIterable {
        /// Such a letter is refused, and a completed word ends the round at once: nobody can
        /// bluff, and a challenge only asks "can you name a word?".
        case forgiving
        /// Any letter may be played; the next player may challenge it (or call a completed
        /// word), and whoever is wrong about the fragment loses the round.
        case classic

        public var label: String {
            switch self {
            case .forgiving: "Forgiving"
            case .classic: "Classic"
            }
        }
    }

    /// Where letters go.
    public enum Variant: String, Sendable, Hashable, Codable, CaseIterable {
        /// At the end of the fragment, which stays the start of a word.
        case ghost
        /// At either end, the fragment staying part of some word.
        case superghost

        public var label: String {
            switch self {
            case .ghost: "Ghost"
            case .superghost: "Superghost"
            }
        }
    }

    public var challenges: Challenges
    public var variant: Variant

    public init(challenges: Challenges = .forgiving, variant: Variant = .ghost) {
        self.challenges = challenges
        self.variant = variant
    }

    /// Today's rules and the default: forgiving Ghost.
    public static let standard = Rules()

    public var label: String {
        self == .standard ? variant.label : "\(variant.label), \(challenges == .classic ? "classic rules" : "forgiving rules")"
    }
}

/// The end of the fragment a letter is added to. In plain Ghost it is always the end.
public enum Side: String, Sendable, Hashable, Codable, CaseIterable {
    case start, end
}
