import FolioCore

/// Why a grammar could not be read or expanded.
public enum PlotsError: FolioError, Equatable {
    case invalidJSON(String)
    case invalidShape(String)
    case unknownSymbol(String)
    case unknownModifier(String)
    case unbalancedHash(rule: String)
    case unbalancedBracket(rule: String)
    case invalidAction(String)
    case tooDeep(limit: Int)
    case tooCostly(ExpansionBudget)
    case cancelled
    case tooLarge(bytes: Int, limit: Int)
    case notAWheelGrammar(String)
    case unknownEntry(String)

    public var kind: FolioErrorKind {
        switch self {
        case .unknownEntry: .notFound
        // Only a caller that has gone away cancels, so the answer is for nobody; "try again" fits best.
        case .cancelled: .missingData
        default: .invalidInput
        }
    }

    public var code: String {
        switch self {
        case .invalidJSON: "invalid_json"
        case .invalidShape: "invalid_grammar"
        case .unknownSymbol: "unknown_symbol"
        case .unknownModifier: "unknown_modifier"
        case .unbalancedHash: "unbalanced_hash"
        case .unbalancedBracket: "unbalanced_bracket"
        case .invalidAction: "invalid_action"
        case .tooDeep: "too_deep"
        case .tooCostly: "grammar_too_costly"
        case .cancelled: "expansion_cancelled"
        case .tooLarge: "grammar_too_large"
        case .notAWheelGrammar: "not_a_wheel_grammar"
        case .unknownEntry: "unknown_plot"
        }
    }

    public var message: String {
        switch self {
        case .invalidJSON(let detail):
            "The grammar is not valid JSON (\(detail)). A grammar is a JSON object of symbol names to a rule or a list of rules: "
                + "each name and entry in double quotes, commas between them, every bracket closed."
        case .invalidShape(let detail):
            "The grammar's shape is wrong: \(detail). Each symbol names a string or a list of strings."
        case .unknownSymbol(let name):
            "The grammar has no symbol \"\(name)\". Define it, or fix the #\(name)# that refers to it."
        case .unknownModifier(let name):
            "There is no modifier .\(name). Use capitalize, capitalizeAll, s, a, ed, inQuotes or comma."
        case .unbalancedHash(let rule):
            "The rule \"\(rule.prefix(80))\" has an odd number of #: every #symbol# needs a closing #."
        case .unbalancedBracket(let rule):
            "The rule \"\(rule.prefix(80))\" opens a [ it does not close, or closes one it did not open."
        case .invalidAction(let action):
            "The action [\(action.prefix(60))] should be [name:rule] or [name:POP]."
        case .tooDeep(let limit):
            "The grammar nests more than \(limit) rules deep; a rule probably refers back to itself without an end."
        case .tooCostly(let budget):
            "Expanding this grammar takes more than \(Self.grouped(budget.steps)) steps or makes more than \(Self.grouped(budget.characters)) characters, the most one expansion may use; make rules branch less, or refer back to themselves less often."
        case .cancelled:
            "The expansion was stopped before it finished, because its caller went away. Try again."
        case .tooLarge(let bytes, let limit):
            "The grammar is \(bytes) bytes; the most a grammar may be is \(limit) bytes."
        case .notAWheelGrammar(let detail):
            "This grammar cannot drive the wheels: \(detail)."
        case .unknownEntry(let id):
            "There is no plot \"\(id)\". A plot is a seed (a number) or three entry ids such as s3-p12-m40."
        }
    }

    /// 100000 → "100,000", the same on every platform and locale.
    static func grouped(_ number: Int) -> String {
        var digits = String(number.magnitude)
        var index = digits.endIndex
        while digits.distance(from: digits.startIndex, to: index) > 3 {
            index = digits.index(index, offsetBy: -3)
            digits.insert(",", at: index)
        }
        return (number < 0 ? "-" : "") + digits
    }
}
