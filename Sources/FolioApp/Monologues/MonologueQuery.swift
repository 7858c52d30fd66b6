import FolioCore
import Foundation
import Monologues

/// What a monologue search asks for: the words and the filters, read from the strings a face
/// receives. One reader with two modes: strict for the API and the command line (an unknown value
/// is an error that lists the allowed ones, so a script learns its mistake) and lenient for the
/// pages (an unknown value is ignored, since an old link or cookie must never break a page).
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
    /// comma-separated; every one must be a tag the library knows.
    public static func strict(text: String?, gender: String?, tone: String?, length: String?, tags: [String],
                              knownTags: Set<String>) throws(MonologueError) -> MonologueQuery {
        let filter = try MonologueFilter.parse(gender: gender, tone: tone, length: length,
                                               tags: tags.flatMap { $0.split(separator: ",").map(String.init) })
        if let unknown = filter.tags.first(where: { !knownTags.contains($0) }) {
            throw .unknownFilterValue(field: "tag", value: unknown, allowed: knownTags.sorted())
        }
        return MonologueQuery(text: text ?? "", filter: filter)
    }

    /// The pages' reading: the remembered `options` first, narrowed by whatever the URL adds that
    /// is known ("any" gender clears it). Tags are taken as given: a page may search an actor's
    /// own tags, which the library does not know.
    public static func lenient(text: String?, gender: String?, tone: String?, length: String?, tags: [String],
                               options: MonologueOptions) -> MonologueQuery {
        var filter = options.filter(tags: tags.filter { !$0.isEmpty })
        if let gender = gender.flatMap(Gender.init(rawValue:)) { filter.gender = gender == .any ? nil : gender }
        if let tone = tone.flatMap(Tone.init(rawValue:)) { filter.tone = tone }
        if let length = length.flatMap(Length.init(rawValue:)) { filter.length = length }
        return MonologueQuery(text: text ?? "", filter: filter)
    }
}
