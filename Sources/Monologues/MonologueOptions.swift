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
    public var form: Form?
    /// A play's slug.
    public var play: String?
    public var age: PlayingAge?
    /// Leave out the often-heard pieces.
    public var fresh: Bool

    public init(gender: Gender? = nil, tone: Tone? = nil, length: Length? = nil, textSize: TextSize = .medium,
                form: Form? = nil, play: String? = nil, age: PlayingAge? = nil, fresh: Bool = false) {
        self.gender = gender
        self.tone = tone
        self.length = length
        self.textSize = textSize
        self.form = form
        self.play = play
        self.age = age == .any ? nil : age
        self.fresh = fresh
    }

    /// The filter these options impose; `any` gender is no filter.
    public func filter(tags: [String] = []) -> MonologueFilter {
        MonologueFilter(gender: gender == .any ? nil : gender, tone: tone, length: length, tags: tags,
                        form: form, play: play, age: age, fresh: fresh)
    }

    /// From stored or submitted strings; anything unknown falls back to "no filter", as an old
    /// cookie must never break a page.
    public init(gender: String?, tone: String?, length: String?, textSize: String?,
                form: String? = nil, play: String? = nil, age: String? = nil, fresh: String? = nil) {
        let slug = play.map(PlaySlug.of) ?? ""
        self.init(gender: gender.flatMap(Gender.init(rawValue:)), tone: tone.flatMap(Tone.init(rawValue:)),
                  length: length.flatMap(Length.init(rawValue:)),
                  textSize: textSize.flatMap(TextSize.init(rawValue:)) ?? .medium,
                  form: form.flatMap(Form.init(rawValue:)), play: slug.isEmpty ? nil : slug,
                  age: age.flatMap(PlayingAge.init(rawValue:)),
                  fresh: (try? MonologueFilter.flag(fresh, field: "fresh")) ?? false)
    }
}
