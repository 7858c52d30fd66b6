import Foundation

/// One dictionary entry, made short and plain for a reader in the middle of a speech: the
/// headword, its part of speech, and its first senses without etymology, pronunciation,
/// quotations or markup.
public struct GlossaryEntry: Sendable, Hashable, Codable {
    public var headword: String
    /// "noun", "transitive verb", or the dictionary's own words when it says more ("imp. of slay").
    public var partOfSpeech: String?
    public var senses: [String]

    public init(headword: String, partOfSpeech: String? = nil, senses: [String]) {
        self.headword = headword
        self.partOfSpeech = partOfSpeech
        self.senses = senses
    }

    public static let maximumSenses = 4
    public static let maximumSenseLength = 240
    /// Only the start of an entry is read: the longest (LAW, 13 kB of phrases) would otherwise
    /// cost a request 13 kB of parsing for senses nobody is shown.
    public static let maximumEntryBytes = 6_000

    /// An entry of Debian's GCIDE (`dict-gcide`), dictd text converted from Webster's 1913:
    ///
    ///     Bodkin \Bod"kin\ (b[o^]d"k[i^]n), n. [OE. boydekyn dagger; of
    ///        uncertain origin; cf. W. bidog hanger, short sword.]
    ///        1. A dagger. [Obs.]
    ///           [1913 Webster]
    ///
    ///                 When he himself might his quietus make
    ///                 With a bare bodkin.                   --Shak.
    ///           [1913 Webster]
    ///
    /// A head line (headword, `\pronunciation\`, `(respelling)`, part of speech, `[etymology]`
    /// that may run over several lines), then blocks separated by blank lines: senses indented
    /// three spaces and sometimes numbered, quotations indented further, `Note:`, `Syn.` and
    /// `{Phrase}` blocks, each ending in a `[source]` line. Nil when no headword can be read.
    public static func parse(_ text: Substring) -> GlossaryEntry? {
        // Counted in bytes: counting characters would walk the whole entry.
        var body = text
        if text.utf8.count > maximumEntryBytes {
            let cut = text.utf8.index(text.utf8.startIndex, offsetBy: maximumEntryBytes)
            body = text[..<cut]
            if let lastLine = body.lastIndex(of: "\n") { body = body[..<lastLine] }
        }
        // Split as bytes: splitting characters walks every grapheme of the entry.
        let lines = body.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { Substring($0) }
        guard let first = lines.first, let firstCharacter = first.first, !firstCharacter.isWhitespace else { return nil }

        // The head runs to the end of its first line, or on until its etymology's bracket closes.
        var headEnd = 1
        var depth = bracketDepth(first, from: 0)
        while depth > 0, headEnd < lines.count {
            depth = bracketDepth(lines[headEnd], from: depth)
            headEnd += 1
        }
        let head = lines[..<headEnd].map { $0.drop { $0 == " " } }.joined(separator: " ")
        let (headword, part) = readHead(head)
        guard !headword.isEmpty else { return nil }
        let partOfSpeech = part.map(Self.partOfSpeech)

        var senses: [String] = []
        var current: [Substring] = []
        var inBlock = false
        var skippingBlock = false
        func finish() {
            if !current.isEmpty, let sense = clean(current.joined(separator: " ")) { senses.append(sense) }
            current = []
        }
        for line in lines[headEnd...] {
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
            if trimmed.isEmpty {
                finish()
                inBlock = false
                skippingBlock = false
                continue
            }
            if isSourceMark(trimmed) { continue }
            let indent = line.utf8.count - trimmed.utf8.count
            if !inBlock {
                inBlock = true
                // Quotations sit deeper than senses; notes, synonyms and phrases are not senses.
                skippingBlock = indent >= 8 || trimmed.hasPrefix("{") || trimmed.hasPrefix("--")
                    || ["Note:", "Syn.", "Syn:", "Usage:"].contains { trimmed.hasPrefix($0) }
            }
            if skippingBlock { continue }
            if let rest = strippingNumber(trimmed) {
                finish()
                current.append(rest)
            } else {
                current.append(trimmed)
            }
            if senses.count >= maximumSenses { break }
        }
        finish()
        if let note = partOfSpeech?.note {
            let joined = note + (note.hasSuffix(".") ? " " : ", ") + (senses.first ?? "")
            senses = senses.isEmpty ? [note] : [clean(joined) ?? senses[0]] + senses.dropFirst()
        }
        return GlossaryEntry(headword: headword, partOfSpeech: partOfSpeech?.name, senses: Array(senses.prefix(maximumSenses)))
    }

    // MARK: - Head

    /// The headword and part of speech of "Kill \Kill\, v. t. [imp. & p. p. {Killed}…]".
    static func readHead(_ head: String) -> (String, String?) {
        var rest = Substring(head)
        let headword: Substring
        if let slash = rest.firstIndex(of: "\\") {
            headword = rest[..<slash]
            // Past every "\pro*nun"ci*a*tion\" of the head ("Color \Col"or\, Colour \Col"our\"),
            // but not into the etymology.
            let beforeEtymology = rest[..<(rest.firstIndex(of: "[") ?? rest.endIndex)]
            if let last = beforeEtymology.lastIndex(of: "\\"), last > slash {
                rest = rest[rest.index(after: last)...]
            }
        } else {
            headword = rest.prefix { $0 != "," && $0 != "(" && $0 != "[" && $0 != "." }
            rest = rest[headword.endIndex...]
        }
        let word = String(decodeCharacters(String(headword)).filter { $0 != "\"" && $0 != "*" && $0 != " " })
        // The respelling in parentheses, then the part of speech up to the etymology.
        rest = rest.drop { $0 == " " || $0 == "," }
        if rest.first == "(", let close = matchingClose(rest, open: "(", close: ")") {
            rest = rest[rest.index(after: close)...]
        }
        rest = rest.drop { $0 == " " || $0 == "," }
        var part = String(rest.prefix { $0 != "[" })
        part = clean(part, limit: 60) ?? ""
        while let last = part.last, last == "," || last == ";" || last == " " { part.removeLast() }
        return (word, part.isEmpty || part == "." ? nil : part)
    }

    /// "v. t." as "transitive verb"; "v., 3d pers. sing. pres. of Have" as "verb" and the rest,
    /// which belongs with the senses.
    static func partOfSpeech(_ part: String) -> (name: String, note: String?) {
        if let name = partsOfSpeech[part] { return (name, nil) }
        if let comma = part.firstIndex(of: ","), let name = partsOfSpeech[String(part[..<comma])] {
            let note = part[part.index(after: comma)...].trimmingCharacters(in: .whitespaces)
            return (name, note.isEmpty ? nil : note)
        }
        return (part, nil)
    }

    /// GCIDE's abbreviations, as a reader without the 1913 front matter needs them.
    static let partsOfSpeech: [String: String] = [
        "n.": "noun", "n. pl.": "plural noun", "n. sing.": "noun", "v. t.": "transitive verb", "v. i.": "intransitive verb",
        "v.": "verb", "v. t. & i.": "verb", "v. i. & t.": "verb", "a.": "adjective", "adj.": "adjective", "adv.": "adverb",
        "pron.": "pronoun", "prep.": "preposition", "conj.": "conjunction", "interj.": "interjection", "p. p.": "past participle",
        "imp.": "past tense", "p. a.": "participial adjective", "p. pr.": "present participle", "imp. & p. p.": "past tense and participle",
        "a. & n.": "adjective and noun", "n. & v.": "noun and verb", "adv. & a.": "adverb and adjective", "prep. & adv.": "preposition and adverb",
        "pl.": "plural", "superl.": "superlative", "compar.": "comparative", "obj.": "pronoun", "poss. pron.": "possessive pronoun",
        "pers. pron.": "personal pronoun", "definite article.": "article", "indefinite article.": "article",
    ]

    // MARK: - Senses

    /// "1. A dagger." → "A dagger."; nil for a line not starting with a number.
    static func strippingNumber(_ line: Substring) -> Substring? {
        let digits = line.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 2 else { return nil }
        let after = line[digits.endIndex...]
        guard after.hasPrefix(". ") || after == "." else { return nil }
        return after.dropFirst().drop { $0 == " " }
    }

    /// A line that starts by naming the source: "[1913 Webster]", "[WordNet 1.5 +PJC]". It ends
    /// the block, and so does anything after it on that line: in "[1913 Webster] Catechetic" the
    /// next entry's headword has run into this one (CATE's entry), and read as a sense it showed
    /// Ghost players a word that was not theirs.
    static func isSourceMark(_ trimmed: Substring) -> Bool {
        guard trimmed.hasPrefix("["), let close = trimmed.firstIndex(of: "]") else { return false }
        let mark = trimmed[..<close]
        return mark.contains("Webster") || mark.contains("PJC") || mark.contains("WordNet") || mark.contains("Century")
            || mark.contains("Suppl")
    }

    /// A sense made plain: markup gone, GCIDE's character codes made letters, the quotation and
    /// its "--Author" that often follow a definition dropped, one line, at most `limit` long.
    /// Standard-library string work only: Foundation's searches bridge every call through
    /// NSString on Linux, which cost a lookup more than all the rest together.
    static func clean(_ raw: String, limit: Int = maximumSenseLength) -> String? {
        var text = decodeCharacters(raw)
        for mark in ["[1913 Webster]", "[PJC]", "[Webster 1913 Suppl.]"] where text.utf8.contains(UInt8(ascii: "[")) {
            text = text.replacing(mark, with: "")
        }
        text = String(text.filter { $0 != "{" && $0 != "}" })
            .split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).joined(separator: " ")
        // A quotation or attribution after the definition: `... a book. "To kill thine honor." --Shak.`
        for cut in [" --", " \"", "--"] {
            if let range = text.firstRange(of: cut), text.utf8.distance(from: text.startIndex, to: range.lowerBound) >= 8 {
                text = String(text[..<range.lowerBound])
            }
        }
        // An etymology or spelling note the entry puts before the sense: "[Written also scoat.] To prop".
        if text.hasPrefix("["), let close = matchingClose(Substring(text), open: "[", close: "]") {
            text = String(text[text.index(after: close)...].drop { $0 == " " })
        }
        while let last = text.last, last == ";" || last == "," || last == ":" || last == " " { text.removeLast() }
        guard text.contains(where: \.isLetter) else { return nil }
        if text.count > limit {
            let cut = text.prefix(limit - 1)
            var atWord = cut.lastIndex(of: " ").map { cut[..<$0] } ?? cut
            while let last = atWord.last, last == "," || last == ";" || last == ":" || last == " " { atWord.removeLast() }
            text = atWord + "…"
        }
        return text
    }

    /// Bracket depth after `line`, for an etymology running over several lines. GCIDE's character
    /// codes ("[=e]") open and close on the same line, so they leave the depth as it was.
    private static func bracketDepth(_ line: Substring, from depth: Int) -> Int {
        var depth = depth
        for character in line {
            if character == "[" { depth += 1 } else if character == "]" { depth = max(0, depth - 1) }
        }
        return depth
    }

    private static func matchingClose(_ text: Substring, open: Character, close: Character) -> Substring.Index? {
        var depth = 0
        for index in text.indices {
            if text[index] == open { depth += 1 } else if text[index] == close {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }

    // MARK: - Characters

    /// GCIDE writes letters outside ASCII as codes in brackets: "[ae]" æ, "['e]" é, "[=a]" ā,
    /// "[a^]" ă. Codes it does not list here stay as they are: most bracketed words are labels
    /// a reader wants ("[Obs.]", "[Colloq.]").
    static func decodeCharacters(_ text: String) -> String {
        guard text.contains("[") else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var rest = Substring(text)
        var combined = false
        while let open = rest.firstIndex(of: "[") {
            out += rest[..<open]
            let after = rest[rest.index(after: open)...]
            // "[[dagger]]": the outer bracket is text, the inner one a code.
            guard let close = after.prefix(9).firstIndex(of: "]"), !after[..<close].contains("[") else {
                out.append("[")
                rest = after
                continue
            }
            let code = String(after[..<close])
            if let decoded = character(for: code) {
                out += decoded
                combined = combined || decoded.unicodeScalars.contains { $0.properties.generalCategory == .nonspacingMark }
            } else {
                out += "[" + code + "]"
            }
            rest = after[after.index(after: close)...]
        }
        out += rest
        // "[[dagger]]": the sign itself, in brackets of its own.
        if out.contains("[†]") || out.contains("[‡]") { out = out.replacing("[†]", with: "†").replacing("[‡]", with: "‡") }
        return combined ? out.precomposedStringWithCanonicalMapping : out
    }

    private static func character(for code: String) -> String? {
        if let named = namedCharacters[code] { return named }
        let scalars = Array(code.unicodeScalars)
        guard scalars.count == 2 || scalars.count == 3 else { return nil }
        // A mark before the letter ("'e", "=a", "\"o") or a breve after it ("a^").
        if let mark = markBefore[Character(scalars[0])], scalars.dropFirst().allSatisfy({ $0.properties.isAlphabetic }) {
            return String(String.UnicodeScalarView(scalars.dropFirst())) + mark
        }
        if scalars.count == 2, scalars[1] == "^", scalars[0].properties.isAlphabetic {
            return String(Character(scalars[0])) + "\u{0306}"
        }
        return nil
    }

    private static let markBefore: [Character: String] = [
        "'": "\u{0301}", "`": "\u{0300}", "^": "\u{0302}", "\"": "\u{0308}", "=": "\u{0304}", "~": "\u{0303}",
        ".": "\u{0323}", ",": "\u{0327}", "-": "\u{0304}",
    ]

    private static let namedCharacters: [String: String] = [
        "ae": "æ", "AE": "Æ", "oe": "œ", "OE": "Œ", "eth": "ð", "thorn": "þ", "deg": "°", "sect": "§", "root": "√",
        "yogh": "ȝ", "ng": "ŋ", "th": "th", "beta": "β", "alpha": "α", "dagger": "†", "dag": "‡", "frac12": "½",
        "frac14": "¼", "frac34": "¾", "imac": "ī", "aum": "ä", "asl": "a", "add": "ä", "udd": "ü", "oo": "oo", "=oo": "ōō",
        "oo^": "ŏŏ", "ae^": "æ", "=ae": "ǣ", "cre": "ĕ", "hand": "☞", "pound": "£", "cedil": "¸", "times": "×",
        "divide": "÷", "minus": "−", "prime": "′", "sharp": "♯", "flat": "♭",
    ]
}
