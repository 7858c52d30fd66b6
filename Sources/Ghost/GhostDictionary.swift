/// The dictionaries Folio plays with by name, and where Debian's packages install them
/// (`wbritish`, `wdutch`). Any other file of one word a line can be played with by path.
public enum GhostDictionary: String, Sendable, Codable, CaseIterable {
    case english, dutch

    public var label: String {
        switch self {
        case .english: "English"
        case .dutch: "Dutch"
        }
    }

    public var defaultPath: String {
        switch self {
        case .english: "/usr/share/dict/british-english"
        case .dutch: "/usr/share/dict/dutch"
        }
    }

    /// The Debian package that provides `defaultPath`.
    public var package: String {
        switch self {
        case .english: "wbritish"
        case .dutch: "wdutch"
        }
    }
}
