import FolioCore

/// What went wrong asking the monologue library for something.
public enum MonologueError: FolioError, Equatable {
    case unknownFilterValue(field: String, value: String, allowed: [String])
    case notFound(id: String)
    case invalidParameter(name: String, value: String, expected: String)
    /// A favourite's edit that cannot be saved, with every reason.
    case invalidEdit([FavouriteEdit.Problem])
    case emptyLibrary

    public var kind: FolioErrorKind {
        switch self {
        case .unknownFilterValue, .invalidParameter, .invalidEdit: .invalidInput
        case .notFound: .notFound
        case .emptyLibrary: .missingData
        }
    }

    public var code: String {
        switch self {
        case .unknownFilterValue: "unknown_filter_value"
        case .notFound: "monologue_not_found"
        case .invalidParameter, .invalidEdit: "invalid_parameter"
        case .emptyLibrary: "library_empty"
        }
    }

    public var message: String {
        switch self {
        case .unknownFilterValue(let field, let value, let allowed):
            "Unknown \(field) \"\(value)\". Use one of: \(allowed.joined(separator: ", "))."
        case .notFound(let id):
            "No monologue has the id \"\(id)\". Search for it first to find its id."
        case .invalidParameter(let name, let value, let expected):
            "Invalid \(name) \"\(value)\": expected \(expected)."
        case .invalidEdit(let problems):
            problems.map(\.message).joined(separator: " ")
        case .emptyLibrary:
            "The monologue library is empty. Run `folio import shakespeare` (or ./scripts/run.sh, which fetches the plays and imports them)."
        }
    }
}

/// The seed's Settings as a filter: gender, tone and length, plus any number of tags, all of
/// which must hold. `nil` means no filter.
public struct MonologueFilter: Sendable, Hashable {
    /// `.male` also returns `.any` roles, and so does `.female`; `.any` is no filter at all,
    /// as it was the seed's default setting.
    public var gender: Gender?
    public var tone: Tone?
    public var length: Length?
    public var tags: [String]

    public init(gender: Gender? = nil, tone: Tone? = nil, length: Length? = nil, tags: [String] = []) {
        self.gender = gender
        self.tone = tone
        self.length = length
        self.tags = tags
    }

    /// Reads filter values as a person types them (any case); empty strings mean no filter.
    public static func parse(gender: String?, tone: String?, length: String?, tags: [String] = []) throws(MonologueError) -> MonologueFilter {
        MonologueFilter(gender: try value(gender, field: "gender"),
                        tone: try value(tone, field: "tone"),
                        length: try value(length, field: "length"),
                        tags: tags.map { TextFolding.fold($0).trimmingSpaces }.filter { !$0.isEmpty })
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
