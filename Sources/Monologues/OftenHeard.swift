import FolioCore
import Foundation

/// Folio's own list of the most-performed audition speeches ("often heard"): the pieces that
/// appear in the common audition-book lists and on casting directors' "please don't" lists, as we
/// judge them (docs/overdone.md). Actors filter them out with "not overdone" and see a badge on
/// them. The list is ours, kept in `Resources/overdone.txt` by monologue id.
public enum OftenHeard {
    public struct Entry: Sendable, Hashable {
        public let id: String
        /// Words the speech holds, in order: the tests check them, so an id that comes to name
        /// another speech after a re-import is caught.
        public let words: String
        /// What the piece is known as: "Hamlet: \"To be, or not to be\"".
        public let label: String
    }

    public static let entries: [Entry] = MonologueResource.lines("overdone").map { number, line in
        let fields = line.split(separator: "|", maxSplits: 2).map { $0.trimmingCharacters(in: .whitespaces) }
        guard fields.count == 3, fields.allSatisfy({ !$0.isEmpty }) else {
            preconditionFailure("Resources/overdone.txt line \(number) is not \"id | words | label\": \(line)")
        }
        return Entry(id: fields[0], words: fields[1], label: fields[2])
    }

    public static let ids: Set<String> = Set(entries.map(\.id))

    public static func contains(_ id: String) -> Bool { ids.contains(id) }
}
