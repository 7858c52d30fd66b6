import FolioCore
import Foundation

/// FreeDict dictionaries in dictd's format: an `.index` of `headword⇥offset⇥length` lines and a
/// `.dict` file of definitions (shipped compressed as `.dict.dz`, a gzip file that must be
/// decompressed before it is handed over).
///
/// A FreeDict definition, as converted from its TEI source, is a head line — the headword, its
/// pronunciation between slashes and its part of speech with grammar in angle brackets — followed
/// by one translation a line, sometimes numbered, sometimes with its own grammar:
///
///     gŵr /ɡˈuːr/ <n, s, m>
///     husband
///
///     husband /hˈʌsbənd/ <n>
///     gŵr <n, s, m>
public enum Dictd {
    /// One line of the index. `headword` is as the index spells it, which dictfmt may have
    /// simplified ("multiagency" for "multi-agency"); the definition keeps the real spelling.
    public struct IndexEntry: Sendable, Hashable {
        public var headword: String
        public var offset: Int
        public var length: Int
        /// The index line, for error messages.
        public var line: Int

        public init(headword: String, offset: Int, length: Int, line: Int = 0) {
            self.headword = headword
            self.offset = offset
            self.length = length
            self.line = line
        }
    }

    public struct DictEntry: Sendable, Hashable {
        public var headword: String
        public var definition: String

        public init(headword: String, definition: String) {
            self.headword = headword
            self.definition = definition
        }
    }

    // MARK: - Index

    public static func parseIndex(_ text: String) throws(VocabularyError) -> [IndexEntry] {
        var entries: [IndexEntry] = []
        let problems = DictdIndex.scan(text.utf8) { headword, offset, length, line in
            entries.append(IndexEntry(headword: String(Substring(headword)), offset: offset, length: length, line: line))
        }
        guard problems.isEmpty else {
            let (listed, total) = VocabularyError.collecting(problems.map { .init(line: $0.line, reason: $0.reason) })
            throw .malformedIndex(problems: listed, total: total)
        }
        return entries
    }

    /// dictd's base-64 numbers, as `DictdIndex` reads and writes them.
    static func decodeNumber(_ digits: Substring) -> Int? { DictdIndex.decodeNumber(digits.utf8) }

    static func encodeNumber(_ value: Int) -> String { DictdIndex.encodeNumber(value) }

    // MARK: - Definitions

    /// The definition of every index entry except the `00-database-*` ones that describe the
    /// dictionary, in index order.
    public static func entries(index: [IndexEntry], dictionary: Data) throws(VocabularyError) -> [DictEntry] {
        if dictionary.count >= 2, dictionary[dictionary.startIndex] == 0x1F, dictionary[dictionary.startIndex + 1] == 0x8B {
            throw .compressedDictionary
        }
        var entries: [DictEntry] = []
        entries.reserveCapacity(index.count)
        var problems: [VocabularyError.LineProblem] = []
        dictionary.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            for item in index where !isMetadata(item.headword) {
                guard item.offset >= 0, item.length >= 0, item.offset <= bytes.count - item.length else {
                    problems.append(.init(line: item.line, reason: "\"\(item.headword)\" is \(item.length) bytes from byte \(item.offset), "
                        + "past the end of the \(bytes.count)-byte dictionary"))
                    continue
                }
                let slice = UnsafeBufferPointer(rebasing: bytes[item.offset..<(item.offset + item.length)])
                guard let definition = String(validating: slice, as: UTF8.self) else {
                    problems.append(.init(line: item.line, reason: "the definition of \"\(item.headword)\" is not UTF-8 text"))
                    continue
                }
                entries.append(DictEntry(headword: item.headword, definition: definition))
            }
        }
        guard problems.isEmpty else {
            let (listed, total) = VocabularyError.collecting(problems)
            throw .malformedDictionary(problems: listed, total: total)
        }
        guard !entries.isEmpty else { throw .emptyDictionary }
        return entries
    }

    static func isMetadata(_ headword: String) -> Bool { DictdIndex.isMetadata(headword) }

    /// The side a FreeDict dictionary's headwords are on, from its name: "freedict-cym-eng" is
    /// `.welshToEnglish`. Nil when the name says neither.
    public static func direction(forDictionaryNamed name: String) -> Direction? {
        let name = name.lowercased()
        if name.contains("cym-eng") || name.contains("wel-eng") { return .welshToEnglish }
        if name.contains("eng-cym") || name.contains("eng-wel") { return .englishToWelsh }
        return nil
    }

    /// Reads an index and its decompressed dictionary into pairs in one step.
    public static func pairs(index: String, dictionary: Data, direction: Direction, tag: String) throws(VocabularyError) -> [Pair] {
        pairs(from: try entries(index: try parseIndex(index), dictionary: dictionary), direction: direction, tag: tag)
    }

    // MARK: - Pairs

    /// One pair per headword and part of speech: the headword on the side `direction` starts from,
    /// its translations on the other joined with " / " so that the answer check accepts any of them,
    /// the part of speech as the type, grammatical gender and number as the note, and `tag` as the
    /// only tag. Entries repeating a headword (FreeDict gives each sense its own) are merged.
    /// Entries with no translation are left out.
    public static func pairs(from entries: [DictEntry], direction: Direction, tag: String) -> [Pair] {
        let tags = TagList.parse(tag, style: .capitalised)
        var groups: [Group] = []
        var groupIndex: [String: Int] = [:]
        for entry in entries {
            guard let definition = parse(entry), !definition.senses.isEmpty else { continue }
            let type = typeName(definition.partOfSpeech)
            let key = definition.headword + "\u{0}" + type
            let index: Int
            if let existing = groupIndex[key] {
                index = existing
            } else {
                index = groups.count
                groupIndex[key] = index
                groups.append(Group(headword: definition.headword, type: type))
            }
            groups[index].add(definition)
        }
        return groups.map { group in
            let head = joined(splitTopLevel(group.headword), limit: Pair.maximumSideLength)
            let translations = joined(group.senses, limit: Pair.maximumSideLength)
            return Pair(english: direction == .englishToWelsh ? head : translations,
                        welsh: direction == .englishToWelsh ? translations : head,
                        note: group.note, type: group.type, tags: tags)
        }
    }

    /// The senses of one headword and part of speech, gathered from all its entries.
    private struct Group {
        var headword: String
        var type: String
        var senses: [String] = []
        /// Lowercased, not folded: Welsh words may differ by an accent alone ("tan", "tân").
        var seen: Set<String> = []
        /// Grammar notes with the senses they belong to.
        var grammar: [(label: String, note: String)] = []

        init(headword: String, type: String) {
            self.headword = headword
            self.type = type
        }

        mutating func add(_ definition: Definition) {
            var added: [String] = []
            for sense in definition.senses where seen.insert(sense.text.lowercased()).inserted {
                senses.append(sense.text)
                added.append(sense.text)
                if let note = sense.grammar { grammar.append((sense.text, note)) }
            }
            if let note = definition.grammar, !added.isEmpty {
                grammar.append((added.joined(separator: " / "), note))
            }
        }

        /// One note when every sense shares it ("feminine"), else each with its sense.
        var note: String {
            let distinct = Set(grammar.map(\.note))
            let text = distinct.count <= 1
                ? grammar.first?.note ?? ""
                : grammar.map { "\($0.label): \($0.note)" }.joined(separator: "; ")
            return String(text.prefix(Pair.maximumNoteLength)).trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    /// As many pieces as fit within `limit` characters once joined with " / ".
    private static func joined(_ pieces: [String], limit: Int) -> String {
        var result = ""
        for piece in pieces {
            let next = result.isEmpty ? piece : result + " / " + piece
            if next.count > limit { break }
            result = next
        }
        return result.isEmpty ? String((pieces.first ?? "").prefix(limit)) : result
    }

    // MARK: - Reading one definition

    struct Sense {
        var text: String
        var grammar: String?
    }

    struct Definition {
        var headword: String
        var partOfSpeech: String?
        /// Gender and number of the headword: "feminine plural".
        var grammar: String?
        var senses: [Sense]
    }

    /// Every character the layout depends on — brackets, slashes, commas, digits, spaces — is
    /// ASCII, and ASCII bytes never occur inside a multi-byte UTF-8 sequence, so a definition is
    /// read as bytes and only the pieces kept become strings.
    typealias Bytes = ArraySlice<UInt8>

    static func parse(_ entry: DictEntry) -> Definition? {
        let lines = Array(entry.definition.utf8)[...]
            .split(whereSeparator: { $0 == 0x0A || $0 == 0x0D })
            .map(trimmed)
            .filter { !$0.isEmpty }
        guard let headLine = lines.first else { return nil }

        let (headBytes, markers) = strippingMarkers(headLine)
        var head = text(strippingPronunciation(headBytes))
        var partOfSpeech = markers.first?.first
        var grammar = grammarNote(markers.first?.dropFirst() ?? [])
        if partOfSpeech == nil, let (word, code) = trailingPartOfSpeech(head, indexHeadword: entry.headword) {
            head = word
            partOfSpeech = code
        }
        if head.isEmpty { head = Pair.singleLine(entry.headword) }

        var senses: [Sense] = []
        for line in lines.dropFirst() where !isCommentary(line) {
            let (sense, lineMarkers) = strippingMarkers(strippingNumber(line))
            if sense.isEmpty {
                // A part of speech on a line of its own, as newer FreeDict conversions write it.
                if partOfSpeech == nil, let marker = lineMarkers.first {
                    partOfSpeech = marker.first
                    grammar = grammar ?? grammarNote(marker.dropFirst())
                }
                continue
            }
            let senseGrammar = grammarNote(lineMarkers.first?.dropFirst() ?? [])
            for piece in splitTopLevel(sense) {
                senses.append(Sense(text: piece, grammar: senseGrammar))
            }
        }
        return Definition(headword: head, partOfSpeech: partOfSpeech, grammar: grammar, senses: senses)
    }

    @inline(__always)
    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    private static func trimmed(_ bytes: Bytes) -> Bytes {
        var slice = bytes
        while let first = slice.first, isSpace(first) { slice.removeFirst() }
        while let last = slice.last, isSpace(last) { slice.removeLast() }
        return slice
    }

    /// The bytes as a string, trimmed, with each run of spaces made one.
    private static func text(_ bytes: Bytes) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var pendingSpace = false
        for byte in bytes {
            if isSpace(byte) {
                pendingSpace = !out.isEmpty
            } else {
                if pendingSpace { out.append(0x20); pendingSpace = false }
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The text without its `<…>` markers, and each marker's comma-separated codes, lowercased.
    static func strippingMarkers(_ bytes: Bytes) -> (Bytes, [[String]]) {
        guard bytes.contains(UInt8(ascii: "<")) else { return (trimmed(bytes), []) }
        var plain: [UInt8] = []
        var markers: [[String]] = []
        var i = bytes.startIndex
        while i < bytes.endIndex {
            if bytes[i] == UInt8(ascii: "<"), let close = bytes[i...].firstIndex(of: UInt8(ascii: ">")) {
                let codes = bytes[(i + 1)..<close].split(separator: UInt8(ascii: ","))
                    .map { text($0).lowercased() }
                    .filter { !$0.isEmpty }
                if !codes.isEmpty { markers.append(codes) }
                i = close + 1
            } else {
                plain.append(bytes[i])
                i += 1
            }
        }
        return (trimmed(plain[...]), markers)
    }

    /// Drops a final "/…/" or "[…]" pronunciation. The opening slash follows a space, so a
    /// headword such as "she/it" keeps its own slash.
    static func strippingPronunciation(_ bytes: Bytes) -> Bytes {
        let bytes = trimmed(bytes)
        guard bytes.count > 1, let last = bytes.last, last == UInt8(ascii: "/") || last == UInt8(ascii: "]") else { return bytes }
        let opening = last == UInt8(ascii: "/") ? UInt8(ascii: "/") : UInt8(ascii: "[")
        var i = bytes.endIndex - 2
        while i >= bytes.startIndex {
            if bytes[i] == opening, i == bytes.startIndex || isSpace(bytes[i - 1]) {
                return trimmed(bytes[..<i])
            }
            i -= 1
        }
        return bytes
    }

    /// A part of speech written as a word after the headword ("gŵr n"), recognised only when
    /// the rest is the headword the index names, so a phrase ending in a short word keeps it.
    static func trailingPartOfSpeech(_ head: String, indexHeadword: String) -> (String, String)? {
        guard let space = head.lastIndex(of: " ") else { return nil }
        var code = head[head.index(after: space)...].lowercased()
        if code.hasSuffix(".") { code.removeLast() }
        guard trailingCodes.contains(code) else { return nil }
        let word = String(head[..<space])
        let key = indexKey(indexHeadword)
        guard indexKey(word) == key, indexKey(head) != key else { return nil }
        return (word, code)
    }

    private static let trailingCodes: Set<String> = [
        "n", "v", "vt", "vi", "adj", "adv", "prep", "conj", "pron", "interj", "phr", "num", "art",
    ]

    /// A headword as dictfmt indexes it: lowercase letters, digits and single spaces.
    private static func indexKey(_ text: String) -> String {
        Pair.singleLine(String(text.lowercased().filter { $0.isLetter || $0.isNumber || $0.isWhitespace }))
    }

    /// "1. house" and "2) home" are senses like any other.
    static func strippingNumber(_ bytes: Bytes) -> Bytes {
        var i = bytes.startIndex
        while i < bytes.endIndex, (0x30...0x39).contains(bytes[i]) { i += 1 }
        guard i > bytes.startIndex, i < bytes.endIndex, bytes[i] == UInt8(ascii: ".") || bytes[i] == UInt8(ascii: ")") else { return bytes }
        i += 1
        guard i == bytes.endIndex || isSpace(bytes[i]) else { return bytes }
        return trimmed(bytes[i...])
    }

    /// Examples, cross-references and usage notes, which are not translations.
    static func isCommentary(_ bytes: Bytes) -> Bool {
        guard let first = bytes.first else { return false }
        if first == UInt8(ascii: "\"") { return true }
        // “ „ «
        if bytes.starts(with: [0xE2, 0x80, 0x9C]) || bytes.starts(with: [0xE2, 0x80, 0x9E]) || bytes.starts(with: [0xC2, 0xAB]) {
            return true
        }
        guard let colon = bytes.prefix(12).firstIndex(of: UInt8(ascii: ":")) else { return false }
        return commentaryLabels.contains(text(bytes[..<colon]).lowercased())
    }

    private static let commentaryLabels: Set<String> = [
        "see", "see also", "synonym", "synonyms", "syn", "antonym", "antonyms", "ant", "note", "notes",
        "usage", "example", "examples", "cf", "cf.",
    ]

    /// Splits "he, him, it" or "house; home" into senses, but not at a comma in parentheses:
    /// "breaks (page, line, etc)" is one.
    static func splitTopLevel(_ bytes: Bytes) -> [String] {
        var pieces: [String] = []
        var start = bytes.startIndex
        var depth = 0
        for i in bytes.indices {
            switch bytes[i] {
            case UInt8(ascii: "("), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"): depth = max(0, depth - 1)
            case UInt8(ascii: ","), UInt8(ascii: ";"):
                if depth == 0 {
                    pieces.append(text(bytes[start..<i]))
                    start = i + 1
                }
            default: break
            }
        }
        pieces.append(text(bytes[start...]))
        return pieces.filter { !$0.isEmpty }
    }

    static func splitTopLevel(_ string: String) -> [String] {
        splitTopLevel(Array(string.utf8)[...])
    }

    /// The type a part-of-speech code stands for, in FreeDict's TEI abbreviations and the Eurfa
    /// dictionary's letters (b adverb, r pronoun, h phrase, am comparative adjective…). Unknown
    /// words pass through; unknown one- or two-letter codes give no type rather than a cryptic one.
    static func typeName(_ code: String?) -> String {
        guard let code else { return "" }
        if let name = typeNames[code] { return name }
        return code.count > 2 ? code : ""
    }

    private static let typeNames: [String: String] = [
        "n": "noun", "noun": "noun", "nm": "noun", "nf": "noun",
        "v": "verb", "verb": "verb", "vt": "verb", "vi": "verb", "vr": "verb",
        "a": "adjective", "adj": "adjective", "adjective": "adjective", "am": "adjective", "ap": "adjective",
        "b": "adverb", "adv": "adverb", "adverb": "adverb",
        "p": "preposition", "prep": "preposition", "preposition": "preposition",
        "c": "conjunction", "conj": "conjunction", "conjunction": "conjunction",
        "r": "pronoun", "pron": "pronoun", "pronoun": "pronoun",
        "h": "phrase", "phr": "phrase", "phrase": "phrase",
        "pn": "proper noun", "np": "proper noun", "prop": "proper noun", "propn": "proper noun",
        "ac": "number", "ao": "number", "num": "number", "numeral": "number",
        "i": "question word", "int": "interjection", "intj": "interjection", "interj": "interjection",
        "e": "interjection", "interjection": "interjection",
        "t": "article", "art": "article", "article": "article", "det": "determiner",
    ]

    /// "feminine plural" from grammar codes such as ["s", "f"] or ["fem", "pl"].
    static func grammarNote<C: Collection<String>>(_ codes: C) -> String? {
        var gender: String?
        var number: String?
        for code in codes {
            switch code {
            case "m", "masc", "masculine": gender = "masculine"
            case "f", "fem", "feminine": gender = "feminine"
            case "mf", "fm", "m/f", "f/m": gender = "masculine or feminine"
            case "n", "neut", "neuter": gender = "neuter"
            case "p", "pl", "plural": number = "plural"
            default: break
            }
        }
        let note = [gender, number].compactMap { $0 }.joined(separator: " ")
        return note.isEmpty ? nil : note
    }
}
