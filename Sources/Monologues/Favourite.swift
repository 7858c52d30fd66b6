import FolioCore

/// A user's own version of a library monologue. Every edit is optional: nil means "as in the
/// library", so a favourite follows corrections to the library until the user changes that
/// field, and restoring it is forgetting the edits.
public struct Favourite: Sendable, Hashable, Codable {
    public var monologueID: String
    /// Lines cut or rewritten; a line holding only "/" marks a beat.
    public var text: String?
    public var notes: String?
    public var tags: [String]?
    public var gender: Gender?

    public init(monologueID: String, text: String? = nil, notes: String? = nil, tags: [String]? = nil, gender: Gender? = nil) {
        self.monologueID = monologueID
        self.text = text
        self.notes = notes
        self.tags = tags
        self.gender = gender
    }

    public var isEdited: Bool { text != nil || notes != nil || tags != nil || gender != nil }

    /// The monologue as this user sees it. Word count and timing follow an edited text.
    public func applied(to monologue: Monologue, wordsPerMinute: Double = ExtractionRules.standard.wordsPerMinute) -> Monologue {
        var m = text.map { monologue.withText($0, wordsPerMinute: wordsPerMinute) } ?? monologue
        if let notes { m.notes = notes }
        if let tags { m.tags = tags }
        if let gender { m.gender = gender }
        return m
    }

    /// Limits on what one favourite may hold, so a form cannot fill the database.
    public static let maximumTextLength = 50_000
    public static let maximumNotesLength = 5_000
    public static let maximumTags = 20
}

extension String {
    /// "\r\n" and "\r" as "\n": browsers send form text with CRLF line ends.
    func replacingLineEndings() -> String {
        var out = ""
        out.reserveCapacity(utf8.count)
        var previousWasCR = false
        for scalar in unicodeScalars {
            if scalar == "\r" {
                out.append("\n")
                previousWasCR = true
            } else {
                if !(scalar == "\n" && previousWasCR) { out.unicodeScalars.append(scalar) }
                previousWasCR = false
            }
        }
        return out
    }
}
