import FolioCore
import Foundation
import Monologues

/// What a monologue search asks for: the words and the filters, read from the strings a face
/// receives. One reader with two modes: strict for the API and the command line (an unknown value
/// is an error that lists the allowed ones, so a script learns its mistake) and lenient for the
/// pages (an unknown value is ignored, since an old link or cookie must never break a page).
///
/// The filters' names are the same in every face: `gender`, `tone`, `length`, `tag`, `verse`
/// (verse or prose), `play` (a slug such as `romeo-and-juliet`, or the play's name), `age`
/// (young, adult, older or any) and `fresh` (1: leave out the often-heard pieces).
public struct MonologueQuery: Sendable, Hashable {
    public var text: String
    public var filter: MonologueFilter

    /// The longest text searched for: the search's work grows with the number of words.
    public static let longestText = 500

    public init(text: String, filter: MonologueFilter) {
        self.text = String(text.prefix(Self.longestText))
        self.filter = filter
    }

    /// The API's and the command line's reading. `tags` may repeat and may each hold several,
    /// comma-separated; every one must be a tag the library knows, or one of the account's own
    /// (`knownTags` holds both). A query of more terms than the search takes is refused.
    public static func strict(text: String?, gender: String?, tone: String?, length: String?, tags: [String],
                              form: String? = nil, play: String? = nil, age: String? = nil, fresh: String? = nil,
                              knownTags: Set<String>, plays: [String]? = nil) throws(MonologueError) -> MonologueQuery {
        let filter = try MonologueFilter.parse(gender: gender, tone: tone, length: length,
                                               tags: tags.flatMap { $0.split(separator: ",").map(String.init) },
                                               form: form, play: play, age: age, fresh: fresh, plays: plays)
        if let unknown = filter.tags.first(where: { !knownTags.contains($0) }) {
            throw .unknownFilterValue(field: "tag", value: unknown, allowed: knownTags.sorted())
        }
        // Cut to its longest as on the pages; but more terms than the search takes is refused,
        // so that a script does not get an answer to a question it did not ask.
        let text = String((text ?? "").prefix(Self.longestText))
        if QueryTerms(text).wasTruncated {
            throw .invalidParameter(name: "q", value: String(text.prefix(40)) + (text.count > 40 ? "…" : ""),
                                    expected: "at most \(QueryTerms.maximumTerms) words or quoted phrases")
        }
        return MonologueQuery(text: text, filter: filter)
    }

    /// The pages' reading: the remembered `options` first, narrowed by whatever the URL adds that
    /// is known ("any" gender or age clears it). Tags are taken as given: a page may search an
    /// actor's own tags, which the library does not know.
    public static func lenient(text: String?, gender: String?, tone: String?, length: String?, tags: [String],
                               form: String? = nil, play: String? = nil, age: String? = nil, fresh: String? = nil,
                               options: MonologueOptions, plays: [String]? = nil) -> MonologueQuery {
        var filter = options.filter(tags: tags.filter { !$0.isEmpty })
        if let gender = gender.flatMap(Gender.init(rawValue:)) { filter.gender = gender == .any ? nil : gender }
        if let tone = tone.flatMap(Tone.init(rawValue:)) { filter.tone = tone }
        if let length = length.flatMap(Length.init(rawValue:)) { filter.length = length }
        if let form = form.flatMap(Form.init(rawValue:)) { filter.form = form }
        if let age = age.flatMap(PlayingAge.init(rawValue:)) { filter.age = age == .any ? nil : age }
        if let fresh, let value = try? MonologueFilter.flag(fresh, field: "fresh") { filter.fresh = value }
        if let play {
            let slug = PlaySlug.of(play)
            if slug.isEmpty || slug == "any" {
                filter.play = nil
            } else if plays?.contains(slug) ?? true {
                filter.play = slug
            }
        }
        // A remembered play that left the library filters nothing rather than everything.
        if let current = filter.play, let plays, !plays.contains(current) { filter.play = nil }
        return MonologueQuery(text: text ?? "", filter: filter)
    }

    /// A whole-number parameter of a request (a limit, an offset, a count of pieces): absent or
    /// empty is `value`; anything else must be a whole number within `range`, or the error says
    /// what is expected.
    public static func wholeNumber(_ raw: String?, name: String, range: ClosedRange<Int>, default value: Int) throws(MonologueError) -> Int {
        guard let raw, !raw.isEmpty else { return value }
        guard let n = Int(raw), range.contains(n) else {
            throw .invalidParameter(name: name, value: raw, expected: "a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return n
    }
}
