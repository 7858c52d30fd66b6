import FolioCore

/// Why a catalogue or a SWAPI request was refused.
public enum CharactersError: FolioError, Equatable {
    /// The XML is malformed or breaks the catalogue's rules, at a line and column.
    case malformedCatalogue(line: Int, column: Int, reason: String)
    case invalidSWAPI(String)
    case notFound(kind: String, id: String)
    case invalidPage(String)
    /// A form or query field with a value it cannot take.
    case invalidParameter(name: String, value: String, expected: String)

    public var kind: FolioErrorKind {
        switch self {
        // SWAPI answers a page past the end as not found, and clients expect it.
        case .notFound, .invalidPage: .notFound
        default: .invalidInput
        }
    }

    public var code: String {
        switch self {
        case .malformedCatalogue: "malformed_catalogue"
        case .invalidSWAPI: "invalid_swapi_json"
        case .notFound: "not_found"
        case .invalidPage: "invalid_page"
        case .invalidParameter: "invalid_parameter"
        }
    }

    public var message: String {
        switch self {
        case .malformedCatalogue(let line, let column, let reason):
            "The character catalogue is not valid at line \(line), column \(column): \(reason)."
        case .invalidSWAPI(let detail):
            "This is not SWAPI-format JSON: \(detail). Give a SWAPI page ({\"results\": […]}), a list, or one object."
        case .notFound(let kind, let id):
            "There is no \(kind) \(id)."
        case .invalidPage(let page):
            "There is no page \(page). Pages are numbered from 1."
        case .invalidParameter(let name, let value, let expected):
            "\(name) cannot be \"\(value)\": it takes \(expected)."
        }
    }
}
