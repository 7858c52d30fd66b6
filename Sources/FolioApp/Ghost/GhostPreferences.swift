import Ghost

/// The dictionary, shortest word and rules an account last started a Ghost game with: the
/// setup forms offer them again, and a game started through the API without them uses them.
public struct GhostPreferences: Sendable, Hashable {
    public var dictionary: GhostDictionary
    public var minimumLength: Int
    public var rules: Rules

    public init(dictionary: GhostDictionary, minimumLength: Int, rules: Rules) {
        self.dictionary = dictionary
        self.minimumLength = minimumLength
        self.rules = rules
    }

    /// The choices of a game, to remember.
    public init(_ match: Match) {
        self.init(dictionary: match.dictionary, minimumLength: match.minimumLength, rules: match.rules)
    }

    /// What someone who has not started a game yet is offered: English, the default shortest
    /// word, forgiving Ghost.
    public static let standard = GhostPreferences(dictionary: .english, minimumLength: WordList.defaultMinimumLength, rules: .standard)

    /// Choices read back from a store, each checked again: one the server no longer offers
    /// (a minimum length since dropped, say) falls back to its default rather than failing the
    /// setup page.
    public init(dictionary: String, minimumLength: Int, challenges: String, variant: String) {
        let standard = Self.standard
        self.init(dictionary: GhostDictionary(rawValue: dictionary) ?? standard.dictionary,
                  minimumLength: WordList.allowedMinimumLengths.contains(minimumLength) ? minimumLength : standard.minimumLength,
                  rules: Rules(challenges: Rules.Challenges(rawValue: challenges) ?? standard.rules.challenges,
                               variant: Rules.Variant(rawValue: variant) ?? standard.rules.variant))
    }
}
