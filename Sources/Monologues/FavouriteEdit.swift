import FolioCore

/// What a user asks to change in a favourite, from the editor page or the API: each field nil
/// to leave it as it is. Checked once here, with every problem named, for both faces.
public struct FavouriteEdit: Sendable, Hashable {
    public var text: String?
    public var notes: String?
    /// Comma-separated, as typed (the API joins its array with commas).
    public var tags: String?
    public var gender: Gender?

    public init(text: String? = nil, notes: String? = nil, tags: String? = nil, gender: Gender? = nil) {
        self.text = text
        self.notes = notes
        self.tags = tags
        self.gender = gender
    }

    /// Why an edit cannot be saved, in words the editor shows beside the form.
    public enum Problem: Sendable, Hashable {
        case emptyText
        case textTooLong(length: Int, limit: Int)
        case notesTooLong(length: Int, limit: Int)
        case tooManyTags(count: Int, limit: Int)

        /// The field the problem is about, as the API and the form name it.
        public var field: String {
            switch self {
            case .emptyText, .textTooLong: "text"
            case .notesTooLong: "notes"
            case .tooManyTags: "tags"
            }
        }

        public var message: String {
            switch self {
            case .emptyText: "The text cannot be empty. To go back to the library's text, use Restore default."
            case .textTooLong(_, let limit): "The text is too long: keep it under \(limit) characters."
            case .notesTooLong(_, let limit): "The notes are too long: keep them under \(limit) characters."
            case .tooManyTags(_, let limit): "Keep it to \(limit) tags at most."
            }
        }
    }

    /// `favourite` with this edit applied to `original` (its library monologue): a field equal to
    /// the library's is stored as no edit, so saving an untouched form leaves a favourite
    /// unedited. Typed tags join `knownTags` whatever their case. Throws every problem at once.
    public func applied(to favourite: Favourite, of original: Monologue, knownTags: [String]) throws(MonologueError) -> Favourite {
        var edited = favourite
        var problems: [Problem] = []
        if let text {
            let clean = text.replacingLineEndings()
            if clean.count > Favourite.maximumTextLength {
                problems.append(.textTooLong(length: clean.count, limit: Favourite.maximumTextLength))
            } else if clean.allSatisfy(\.isWhitespace) {
                problems.append(.emptyText)
            }
            edited.text = clean == original.text ? nil : clean
        }
        if let notes {
            let clean = notes.replacingLineEndings()
            if clean.count > Favourite.maximumNotesLength {
                problems.append(.notesTooLong(length: clean.count, limit: Favourite.maximumNotesLength))
            }
            edited.notes = clean == original.notes ? nil : clean
        }
        if let tags {
            let parsed = TagList.parse(tags, existing: knownTags + original.tags, style: .lowercase)
            if parsed.count > Favourite.maximumTags { problems.append(.tooManyTags(count: parsed.count, limit: Favourite.maximumTags)) }
            edited.tags = parsed == original.tags ? nil : parsed
        }
        if let gender { edited.gender = gender == original.gender ? nil : gender }
        guard problems.isEmpty else { throw .invalidEdit(problems) }
        return edited
    }
}
