/// Tags as people type them: "grieving, Audition ,  big  finish" → ["grieving", "audition",
/// "big finish"]. Trimmed, inner spaces collapsed, duplicates dropped whatever their case, and a
/// tag that already exists in another case keeps the existing spelling, so no near-duplicates
/// ever arise.
public enum TagList {
    public enum Style: Sendable {
        /// "big finish": the monologue library's own tags are lowercase words.
        case lowercase
        /// "Big finish": vocabulary tags read as labels.
        case capitalised
    }

    /// The longest tag kept; anything longer is cut, as a tag is a label, not a note.
    public static let maximumLength = 40

    public static func parse(_ input: String, existing: [String] = [], style: Style) -> [String] {
        var known: [String: String] = [:]
        for tag in existing { known[TextFolding.fold(tag)] = tag }
        var seen = Set<String>()
        var result: [String] = []
        for piece in input.split(separator: ",") {
            let words = piece.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
            guard !words.isEmpty else { continue }
            var tag = String(words.joined(separator: " ").prefix(maximumLength))
            // Cut at the limit just after a space, a tag ended in one, and came back without it
            // when read again (the fuzzer's CSV round trip found it).
            while tag.last == " " { tag.removeLast() }
            let key = TextFolding.fold(tag)
            guard seen.insert(key).inserted else { continue }
            if let existing = known[key] {
                tag = existing
            } else {
                switch style {
                case .lowercase: tag = tag.lowercased()
                case .capitalised: tag = tag.prefix(1).uppercased() + tag.dropFirst()
                }
            }
            result.append(tag)
        }
        return result
    }
}
