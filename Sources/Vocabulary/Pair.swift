import FolioCore
import Foundation

/// A pair's number: its own type, so that no other number can be passed for a pair.
public typealias PairID = Identifier<Pair>

/// An English word or phrase and its Welsh counterpart, with a note, a type and tags. Either side
/// may be empty while the other is being looked up; only a pair with both sides can be revised.
public struct Pair: Codable, Sendable, Hashable, Identifiable {
    /// Nil until the pair is saved.
    public var id: PairID?
    public var english: String
    public var welsh: String
    public var note: String
    /// Free text, lowercase: "noun", "verb", "phrase"… `typeSuggestions` lists the usual ones.
    public var type: String
    /// Capitalised labels ("Food", "Big finish"), normalised by `TagList`.
    public var tags: [String]

    public static let maximumSideLength = 500
    public static let maximumNoteLength = 2_000
    public static let maximumTypeLength = 40
    public static let maximumTags = 20

    /// What the type field offers; any other short word is accepted too.
    public static let typeSuggestions = [
        "noun", "verb", "adjective", "adverb", "phrase", "preposition", "pronoun", "conjunction",
        "number", "interjection", "proper noun", "article",
    ]

    public init(id: PairID? = nil, english: String = "", welsh: String = "", note: String = "",
                type: String = "", tags: [String] = []) {
        self.id = id
        self.english = english
        self.welsh = welsh
        self.note = note
        self.type = type
        self.tags = tags
    }

    // API clients may send only the fields they fill in.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(PairID.self, forKey: .id)
        english = try container.decodeIfPresent(String.self, forKey: .english) ?? ""
        welsh = try container.decodeIfPresent(String.self, forKey: .welsh) ?? ""
        note = try container.decodeIfPresent(String.self, forKey: .note) ?? ""
        type = try container.decodeIfPresent(String.self, forKey: .type) ?? ""
        tags = try container.decodeIfPresent([String].self, forKey: .tags) ?? []
    }

    /// A field that can be too long.
    public enum Field: String, Sendable, Hashable {
        case english, welsh, note, type

        var name: String {
            switch self {
            case .english: "The English"
            case .welsh: "The Welsh"
            case .note: "The note"
            case .type: "The type"
            }
        }
    }

    /// One reason a pair cannot be saved.
    public enum Problem: Sendable, Hashable {
        case noSide
        case tooLong(Field, length: Int, limit: Int)
        case tooManyTags(count: Int, limit: Int)
        /// A control character such as NUL, which no word or note holds and SQLite's text
        /// functions would cut the text at.
        case controlCharacter(Field)

        public var message: String {
            switch self {
            case .noSide:
                return "Fill in the English, the Welsh or both."
            case .tooLong(let field, let length, let limit):
                let advice = switch field {
                case .english, .welsh: "Shorten it, or move the detail into the note."
                case .note: "Shorten it."
                case .type: "Use a short word such as noun, verb or phrase."
                }
                return "\(field.name) is \(length) characters long; the limit is \(limit). \(advice)"
            case .tooManyTags(let count, let limit):
                return "There are \(count) tags; the limit is \(limit). Remove \(count - limit)."
            case .controlCharacter(let field):
                return "\(field.name) holds a control character (such as NUL) that cannot be stored. Remove it and try again."
            }
        }
    }

    /// The pair as it is stored: sides on one line with single spaces, the note trimmed with plain
    /// line ends, the type lowercase, tags capitalised and deduplicated — matched to `existingTags`
    /// whatever their case, so a tag typed as "food" joins an existing "Food".
    /// Throws every problem at once, so a form can show them together.
    public func validated(existingTags: [String] = []) throws(VocabularyError) -> Pair {
        var pair = self
        pair.english = Self.singleLine(english)
        pair.welsh = Self.singleLine(welsh)
        pair.note = note.replacingOccurrences(of: "\r\n", with: "\n")
            .replacingOccurrences(of: "\r", with: "\n")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        pair.type = Self.singleLine(type).lowercased()
        // Joined and split again, so a tag holding commas becomes several, as it would when typed.
        pair.tags = TagList.parse(tags.joined(separator: ","), existing: existingTags, style: .capitalised)

        var problems: [Problem] = []
        if pair.english.isEmpty && pair.welsh.isEmpty { problems.append(.noSide) }
        for (field, value, limit) in [(Field.english, pair.english, Self.maximumSideLength),
                                      (.welsh, pair.welsh, Self.maximumSideLength),
                                      (.note, pair.note, Self.maximumNoteLength),
                                      (.type, pair.type, Self.maximumTypeLength)] where value.count > limit {
            problems.append(.tooLong(field, length: value.count, limit: limit))
        }
        for (field, value) in [(Field.english, pair.english), (.welsh, pair.welsh), (.note, pair.note), (.type, pair.type)]
        where value.unicodeScalars.contains(where: Self.isControl) {
            problems.append(.controlCharacter(field))
        }
        if pair.tags.count > Self.maximumTags {
            problems.append(.tooManyTags(count: pair.tags.count, limit: Self.maximumTags))
        }
        guard problems.isEmpty else { throw .invalidPair(problems) }
        return pair
    }

    /// True when the English or the Welsh contains the query, ignoring case and accents: "gwr"
    /// finds "gŵr", "Gwr" and "gŵraig". An empty query matches every pair.
    public static func matches(_ pair: Pair, query: String) -> Bool {
        let needle = Array(TextFolding.fold(singleLine(query)).utf8)
        if needle.isEmpty { return true }
        return TextFolding.contains(Array(TextFolding.fold(pair.english).utf8), needle)
            || TextFolding.contains(Array(TextFolding.fold(pair.welsh).utf8), needle)
    }

    /// Both sides folded as `matches` folds them, on one line each, so a store can find pairs with
    /// a plain substring test of `searchNeedle(query)` instead of folding every pair per search.
    /// A needle is one line, so it never matches across the line break between the sides.
    public var searchKey: String {
        TextFolding.fold(english) + "\n" + TextFolding.fold(welsh)
    }

    /// What `searchKey` must contain for the pair to match `query`; empty matches every pair.
    public static func searchNeedle(_ query: String) -> String {
        TextFolding.fold(singleLine(query))
    }

    /// What a search also looks for in the Welsh side: the query with a word taken back to a
    /// radical form it may be a mutation of ("gath" also finds "cath", "fy nhad" finds "fy tad"),
    /// at most `maximumNeedles - 1` of them. Only the Welsh side: "bat" is no mutation of "pat".
    public static func mutationNeedles(_ query: String) -> [String] {
        let needle = searchNeedle(query)
        var needles: [String] = []
        let words = needle.split(separator: " ").map(String.init)
        for (index, word) in words.enumerated() {
            for (_, radical) in WelshMutation.radicals(of: word) where needles.count < maximumNeedles - 1 {
                var changed = words
                changed[index] = TextFolding.fold(radical)
                let candidate = changed.joined(separator: " ")
                if candidate != needle, !needles.contains(candidate) { needles.append(candidate) }
            }
        }
        return needles
    }

    /// Each needle is one more substring test per pair: a query cannot multiply a search's work
    /// more than this.
    public static let maximumNeedles = 8

    /// The tag that tells revision to take any mutated form of the Welsh answer as right: for
    /// words learned in the forms sentences give them.
    public static let mutationsTag = "Mutations"

    public var acceptsMutations: Bool { tags.contains { $0.caseInsensitiveCompare(Self.mutationsTag) == .orderedSame } }

    /// A control character other than the tab and the line end a note may hold.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || scalar.value == 0x7F
    }

    /// Trimmed, with every run of spaces, tabs and line ends made one space.
    static func singleLine(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
