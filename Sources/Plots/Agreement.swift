/// What a subject is, for its predicate to agree with: "he loses his memory", "she loses her
/// memory", "they lose their memory".
public enum Agreement: String, Sendable, Codable, CaseIterable {
    case male, female, plural

    /// The suffix of the grammar symbols that hold this agreement's forms: `predicateMale`…
    public var symbolSuffix: String {
        switch self {
        case .male: "Male"
        case .female: "Female"
        case .plural: "Plural"
        }
    }
}
