import FolioCore

/// What went wrong asking the monologue library for something.
public enum MonologueError: FolioError, Equatable {
    case unknownFilterValue(field: String, value: String, allowed: [String])
    case notFound(id: String)
    /// A speech of the library that is not among the account's favourites: nothing of it to
    /// edit, rehearse or sync.
    case notAFavourite(id: String)
    case invalidParameter(name: String, value: String, expected: String)
    /// A favourite's edit that cannot be saved, with every reason.
    case invalidEdit([FavouriteEdit.Problem])
    case emptyLibrary
    /// An edit made on a device and sent later, when the favourite has been edited since (on
    /// another device, or online): the later edit stands.
    case editedSince

    public var kind: FolioErrorKind {
        switch self {
        case .unknownFilterValue, .invalidParameter, .invalidEdit: .invalidInput
        case .notFound, .notAFavourite: .notFound
        case .emptyLibrary: .missingData
        case .editedSince: .conflict
        }
    }

    public var code: String {
        switch self {
        case .unknownFilterValue: "unknown_filter_value"
        case .notFound: "monologue_not_found"
        case .notAFavourite: "not_a_favourite"
        case .invalidParameter, .invalidEdit: "invalid_parameter"
        case .emptyLibrary: "library_empty"
        case .editedSince: "edited_since"
        }
    }

    public var message: String {
        switch self {
        case .unknownFilterValue(let field, let value, let allowed):
            "Unknown \(field) \"\(value)\". Use one of: \(allowed.joined(separator: ", "))."
        case .notFound(let id):
            "No monologue has the id \"\(id)\". Search for it first to find its id."
        case .notAFavourite(let id):
            "The speech \"\(id)\" is not among your favourites. Open it and star it to keep it, then edit or rehearse it."
        case .invalidParameter(let name, let value, let expected):
            "Invalid \(name) \"\(value)\": expected \(expected)."
        case .invalidEdit(let problems):
            problems.map(\.message).joined(separator: " ")
        case .emptyLibrary:
            "The monologue library is empty. Run `folio import shakespeare` (or ./scripts/run.sh, which fetches the plays and imports them)."
        case .editedSince:
            "This favourite was changed on another device (or online) after the change sent from here: the later change stands."
        }
    }
}

/// Verse or prose, as an actor asks for a speech.
public enum Form: String, Codable, Sendable, CaseIterable, Hashable {
    case verse, prose
}

/// The seed's Settings as a filter: gender, tone and length, plus any number of tags, all of
/// which must hold; and what actors also ask for: verse or prose, one play, a playing age, and
/// "not overdone" (`fresh`: nothing on Folio's often-heard list). `nil` means no filter.
public struct MonologueFilter: Sendable, Hashable {
    /// `.male` also returns `.any` roles, and so does `.female`; `.any` is no filter at all,
    /// as it was the seed's default setting.
    public var gender: Gender?
    public var tone: Tone?
    public var length: Length?
    public var tags: [String]
    public var form: Form?
    /// A play's slug, as `PlaySlug` makes it: "romeo-and-juliet".
    public var play: String?
    /// `.young` also returns roles of `.any` playing age (unjudged ones), as gender does;
    /// `.any` is no filter.
    public var age: PlayingAge?
    /// Only pieces not on the often-heard list.
    public var fresh: Bool

    public init(gender: Gender? = nil, tone: Tone? = nil, length: Length? = nil, tags: [String] = [],
                form: Form? = nil, play: String? = nil, age: PlayingAge? = nil, fresh: Bool = false) {
        self.gender = gender
        self.tone = tone
        self.length = length
        self.tags = tags
        self.form = form
        self.play = play
        self.age = age
        self.fresh = fresh
    }

    /// Reads filter values as a person types them (any case); empty strings mean no filter.
    /// `plays` are the slugs a play filter may name (nil: not checked here).
    public static func parse(gender: String?, tone: String?, length: String?, tags: [String] = [],
                             form: String? = nil, play: String? = nil, age: String? = nil, fresh: String? = nil,
                             plays: [String]? = nil) throws(MonologueError) -> MonologueFilter {
        var filter = MonologueFilter(gender: try value(gender, field: "gender"),
                                     tone: try value(tone, field: "tone"),
                                     length: try value(length, field: "length"),
                                     tags: tags.map { TextFolding.fold($0).trimmingSpaces }.filter { !$0.isEmpty },
                                     form: try value(form, field: "verse"),
                                     age: try value(age, field: "age"),
                                     fresh: try flag(fresh, field: "fresh"))
        if filter.age == .any { filter.age = nil }
        if let play, !play.trimmingSpaces.isEmpty {
            let slug = PlaySlug.of(play)
            if let plays, !plays.contains(slug) {
                throw .unknownFilterValue(field: "play", value: play, allowed: plays)
            }
            filter.play = slug
        }
        return filter
    }

    /// "1", "true", "yes" or "on" (a ticked checkbox) are true; "0", "false", "no" or empty false.
    public static func flag(_ raw: String?, field: String) throws(MonologueError) -> Bool {
        guard let raw else { return false }
        switch TextFolding.fold(raw).trimmingSpaces {
        case "1", "true", "yes", "on": return true
        case "", "0", "false", "no", "off": return false
        default: throw .invalidParameter(name: field, value: raw, expected: "1 (or true) or 0 (or false)")
        }
    }

    private static func value<T: RawRepresentable & CaseIterable>(_ raw: String?, field: String) throws(MonologueError) -> T?
    where T.RawValue == String {
        guard let raw, !raw.trimmingSpaces.isEmpty else { return nil }
        let folded = TextFolding.fold(raw).trimmingSpaces
        guard let value = T(rawValue: folded) else {
            throw .unknownFilterValue(field: field, value: raw, allowed: T.allCases.map(\.rawValue))
        }
        return value
    }
}

/// A play's name as it stands in an address: "Henry IV, Part 1" is "henry-iv-part-1", the slug
/// the corpus files use. Names and slugs alike read to the same slug, so `play=` takes either.
public enum PlaySlug {
    public static func of(_ name: String) -> String {
        var slug = ""
        var pendingDash = false
        for byte in TextFolding.fold(name).trimmingSpaces.utf8 {
            if (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) {
                if pendingDash && !slug.isEmpty { slug.append("-") }
                pendingDash = false
                slug.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                pendingDash = true
            }
        }
        return slug
    }
}
