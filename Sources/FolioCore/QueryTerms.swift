/// A search string split the way the seed app split it: on spaces and commas, empty pieces
/// dropped, every term folded; and read for what actors type beyond the seed: `"quoted words"`
/// that must stand together as a phrase, and `venge*`, a word's start.
public struct QueryTerms: Sendable, Hashable {
    /// What one term of a query asks for.
    public enum Kind: Sendable, Hashable {
        /// A word (or a hyphenated run of words) as the seed matched it.
        case word
        /// `venge*`: any word starting with the text.
        case prefix
        /// `"to be or not"`: the words next to each other, in this order. `lastIsPrefix` when the
        /// phrase ends in `*` ("to be or no*").
        case phrase(lastIsPrefix: Bool)
    }

    public struct Term: Sendable, Hashable {
        public var kind: Kind
        /// Folded, without quotes or `*`; a phrase's words joined by single spaces.
        public var text: String

        public init(kind: Kind, text: String) {
            self.kind = kind
            self.text = text
        }
    }

    /// More terms than this are dropped: the search's work grows with the number of terms, and
    /// nobody types sixteen words to find a speech.
    public static let maximumTerms = 16

    /// The plain folded terms, a phrase as its words joined by spaces.
    public let terms: [String]
    public let parsed: [Term]
    /// True when the query held more than `maximumTerms` terms and the rest were dropped.
    public let wasTruncated: Bool
    /// True when the query ends inside an unclosed quote (a phrase still being typed).
    public let endsInOpenPhrase: Bool

    public init(_ query: String) {
        let folded = TextFolding.fold(query)
        // Most queries are plain words: split them as the seed did, without reading them a
        // character at a time (the search's budget is some microseconds).
        if !folded.utf8.contains(where: { $0 == 0x22 || $0 == 0x2A || $0 >= 0x80 }) {
            let words = folded.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\r" })
            wasTruncated = words.count > Self.maximumTerms
            terms = words.prefix(Self.maximumTerms).map(String.init)
            parsed = terms.map { Term(kind: .word, text: $0) }
            endsInOpenPhrase = false
            return
        }
        var parsed: [Term] = []
        var current = ""
        var inPhrase = false
        var phraseWords: [String] = []

        func isSeparator(_ c: Character) -> Bool { c == " " || c == "," || c == "\t" || c == "\n" || c == "\r" }
        func flushWord() {
            defer { current = "" }
            var text = current
            var prefix = false
            while text.hasSuffix("*") {
                text.removeLast()
                prefix = true
            }
            text.removeAll { $0 == "*" }
            guard !text.isEmpty else { return }
            if inPhrase {
                phraseWords.append(prefix ? text + "*" : text)
            } else {
                parsed.append(Term(kind: prefix ? .prefix : .word, text: text))
            }
        }
        func flushPhrase() {
            defer { phraseWords = [] }
            guard !phraseWords.isEmpty else { return }
            let lastIsPrefix = phraseWords.last!.hasSuffix("*")
            let words = phraseWords.map { $0.hasSuffix("*") ? String($0.dropLast()) : $0 }
            if words.count == 1 {
                parsed.append(Term(kind: lastIsPrefix ? .prefix : .word, text: words[0]))
            } else {
                parsed.append(Term(kind: .phrase(lastIsPrefix: lastIsPrefix), text: words.joined(separator: " ")))
            }
        }
        for c in folded {
            // Phones type curly quotes; they open and close a phrase like straight ones.
            if c == "\"" || c == "\u{201C}" || c == "\u{201D}" || c == "\u{201E}" {
                flushWord()
                if inPhrase { flushPhrase() }
                inPhrase.toggle()
            } else if isSeparator(c) {
                flushWord()
            } else {
                current.append(c)
            }
        }
        flushWord()
        endsInOpenPhrase = inPhrase && !phraseWords.isEmpty
        flushPhrase()
        wasTruncated = parsed.count > Self.maximumTerms
        self.parsed = Array(parsed.prefix(Self.maximumTerms))
        terms = self.parsed.map(\.text)
    }

    public var isEmpty: Bool { terms.isEmpty }
}
