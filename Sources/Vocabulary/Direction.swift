/// Which side of a pair revision shows, and which the learner types. For a dictionary, the side
/// its headwords are on: FreeDict's cym-eng is `.welshToEnglish`.
public enum Direction: String, Codable, Sendable, CaseIterable {
    case englishToWelsh
    case welshToEnglish

    public var title: String {
        switch self {
        case .englishToWelsh: "English → Welsh"
        case .welshToEnglish: "Welsh → English"
        }
    }

    /// The language of the prompt.
    public var from: String { self == .englishToWelsh ? "English" : "Welsh" }
    /// The language of the answer.
    public var to: String { self == .englishToWelsh ? "Welsh" : "English" }

    /// The side shown: the one that may be heard before answering without giving the answer away.
    public var promptSide: Side { self == .englishToWelsh ? .english : .welsh }
    public var answerSide: Side { self == .englishToWelsh ? .welsh : .english }

    public func prompt(for pair: Pair) -> String {
        self == .englishToWelsh ? pair.english : pair.welsh
    }

    public func answer(for pair: Pair) -> String {
        self == .englishToWelsh ? pair.welsh : pair.english
    }

    /// A pair can be revised only with something to show and something to check against. Both
    /// directions need both sides, but asking the direction keeps callers from assuming so.
    public func isRevisable(_ pair: Pair) -> Bool {
        !Pair.singleLine(prompt(for: pair)).isEmpty && !Pair.singleLine(answer(for: pair)).isEmpty
    }
}
