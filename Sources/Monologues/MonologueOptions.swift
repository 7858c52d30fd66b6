/// The seed's Settings screen: filters applied to every list and search, and the text size
/// (a display setting only). Remembered per account, or per browser when logged out.
public struct MonologueOptions: Sendable, Hashable, Codable {
    public enum TextSize: String, Sendable, Hashable, Codable, CaseIterable {
        case small, medium, large, xlarge
    }

    public var gender: Gender?
    public var tone: Tone?
    public var length: Length?
    public var textSize: TextSize

    public init(gender: Gender? = nil, tone: Tone? = nil, length: Length? = nil, textSize: TextSize = .medium) {
        self.gender = gender
        self.tone = tone
        self.length = length
        self.textSize = textSize
    }

    /// The filter these options impose; `any` gender is no filter.
    public func filter(tags: [String] = []) -> MonologueFilter {
        MonologueFilter(gender: gender == .any ? nil : gender, tone: tone, length: length, tags: tags)
    }

    /// From stored or submitted strings; anything unknown falls back to "no filter", as an old
    /// cookie must never break a page.
    public init(gender: String?, tone: String?, length: String?, textSize: String?) {
        self.init(gender: gender.flatMap(Gender.init(rawValue:)), tone: tone.flatMap(Tone.init(rawValue:)),
                  length: length.flatMap(Length.init(rawValue:)),
                  textSize: textSize.flatMap(TextSize.init(rawValue:)) ?? .medium)
    }
}
