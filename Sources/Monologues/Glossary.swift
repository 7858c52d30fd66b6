import FolioCore
import Foundation

/// The meanings of the words of the plays, from GCIDE (Webster's 1913, the Collaborative
/// International Dictionary of English) as Debian's `dict-gcide` ships it in dictd's format.
/// Built from the index and the inflated dictionary, both handed in as bytes: reading the files
/// is the app layer's business. Only single-word headwords are indexed — a tapped word is one
/// word — keyed by their folded spelling, so "Dagger" and "dagger" are one key.
public struct Glossary: Sendable {
    /// Where one entry's text lies in the dictionary.
    struct Location: Sendable, Hashable {
        var offset: UInt32
        var length: UInt32
    }

    /// Each key's entries are `locations[span.start..<span.start + span.count]`: one flat array
    /// rather than an array per key keeps 150,000 keys to a few megabytes.
    private let spans: [String: Span]
    private let locations: [Location]
    private let dictionary: Data

    struct Span: Sendable {
        var start: UInt32
        var count: UInt32
    }

    /// The most entries shown for a word: GCIDE gives "kill" four (a kiln, a stream, to slay,
    /// the act); the longest come first.
    public static let maximumEntries = 3

    /// Builds the index. Lines that are not index lines, or point outside the dictionary, are
    /// left out: one bad line of 200,000 should cost that word, not every word.
    public init<Index: BidirectionalCollection<UInt8>>(index: Index, dictionary: Data) throws(GlossaryError) {
        var grouped: [String: [Location]] = [:]
        let size = dictionary.count
        let problems = DictdIndex.scan(index) { headword, offset, length, _ in
            // "00-database-info" and the like describe the dictionary.
            guard !headword.contains(0x20), !headword.isEmpty, !headword.starts(with: [0x30, 0x30]),
                  offset >= 0, length > 0, offset <= size - length, offset <= Int(UInt32.max), length <= Int(UInt32.max) else { return }
            let key = TextFolding.fold(String(decoding: headword, as: UTF8.self))
            grouped[key, default: []].append(Location(offset: UInt32(offset), length: UInt32(length)))
        }
        guard !grouped.isEmpty else {
            throw .unreadableDictionary(problems.isEmpty ? "its index lists no words" : "its index has \(problems.count) unreadable lines")
        }
        var spans: [String: Span] = [:]
        spans.reserveCapacity(grouped.count)
        var locations: [Location] = []
        locations.reserveCapacity(grouped.values.reduce(0) { $0 + $1.count })
        for (key, found) in grouped {
            var seen = Set<UInt32>()
            let start = locations.count
            for location in found where seen.insert(location.offset).inserted { locations.append(location) }
            spans[key] = Span(start: UInt32(start), count: UInt32(locations.count - start))
        }
        self.spans = spans
        self.locations = locations
        self.dictionary = dictionary
    }

    /// Headwords indexed.
    public var count: Int { spans.count }

    /// What `typed` means: our gloss if it is one of the old pronouns and contractions, and the
    /// dictionary's entries under the first of its candidate headwords the dictionary has.
    /// Bounded: at most a few dozen hash lookups and `maximumEntries` entries of at most
    /// `GlossaryEntry.maximumEntryBytes` parsed.
    public func define(_ typed: String) throws(GlossaryError) -> WordMeaning {
        guard let word = GlossaryForms.clean(typed) else { throw .invalidWord(String(typed.prefix(GlossaryForms.maximumWordLength))) }
        let gloss = GlossaryForms.elisions[word]
        let verbForm = GlossaryForms.isVerbForm(word)
        for candidate in GlossaryForms.candidates(for: word) {
            let entries = self.entries(for: candidate, preferVerbs: verbForm && candidate != word)
            if let first = entries.first {
                // Said as the dictionary heads it: "kill'd" is found under KILL even where the
                // index lists "killed" and points into KILL's entry.
                return WordMeaning(word: word, headword: TextFolding.fold(first.headword), gloss: gloss?.gloss, entries: entries)
            }
        }
        if let gloss { return WordMeaning(word: word, headword: word, gloss: gloss.gloss, entries: []) }
        throw .notFound(word)
    }

    /// The entries under one folded headword, best first: a verb's for a verb form ("loveth" is
    /// LOVE the verb, not the noun); then those whose own head is the word (the index also points
    /// "dagger" into OBELISK, where it is mentioned), which push out the mentions; then the
    /// longest, as the main sense of a word has the longest entry ("kill": to slay, before a kiln).
    func entries(for key: String, preferVerbs: Bool = false) -> [GlossaryEntry] {
        guard let span = spans[key] else { return [] }
        let found = locations[Int(span.start)..<Int(span.start + span.count)]
        let candidates = found.map { location in (location: location, own: isOwnEntry(location, key: key)) }
            .sorted { a, b in a.own != b.own ? a.own : a.location.length > b.location.length }
            .prefix(Self.maximumEntries * 3)
        var parsed: [(entry: GlossaryEntry, own: Bool, verb: Bool)] = []
        for candidate in candidates {
            // Enough: mentions elsewhere are dropped once the word's own entries are in, and
            // only a verb form needs to look further for its verb.
            if parsed.count >= Self.maximumEntries, !candidate.own || !preferVerbs || parsed.contains(where: \.verb) { break }
            guard let entry = GlossaryEntry.parse(text(at: candidate.location)), !entry.senses.isEmpty || entry.partOfSpeech != nil else { continue }
            parsed.append((entry, candidate.own, preferVerbs && entry.partOfSpeech?.contains("verb") == true))
        }
        let hasOwn = parsed.contains { $0.own }
        // A stable sort keeps the order above among equals.
        let ranked = parsed.enumerated().sorted { a, b in
            a.element.verb != b.element.verb ? a.element.verb : a.offset < b.offset
        }.map(\.element)
        return Array(ranked.filter { $0.own || $0.verb || !hasOwn }.prefix(Self.maximumEntries).map(\.entry))
    }

    private func isOwnEntry(_ location: Location, key: String) -> Bool {
        let start = Int(location.offset)
        let head = dictionary[(dictionary.startIndex + start)..<(dictionary.startIndex + start + min(Int(location.length), 64))]
        let word = head.prefix { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\\") && $0 != UInt8(ascii: ",") && $0 != 0x0A }
        return TextFolding.fold(String(decoding: word, as: UTF8.self)) == key
    }

    private func text(at location: Location) -> Substring {
        let start = dictionary.startIndex + Int(location.offset)
        let bytes = dictionary[start..<(start + min(Int(location.length), GlossaryEntry.maximumEntryBytes + 1))]
        return Substring(String(decoding: bytes, as: UTF8.self))
    }
}

/// A word's meaning as every face shows it.
public struct WordMeaning: Sendable, Hashable, Codable {
    /// The word asked about, cleaned and folded: "kill'd".
    public var word: String
    /// The headword the meaning was found under: "kill". The same as `word` when the dictionary
    /// lists the word as it stands.
    public var headword: String
    /// Our own short gloss for the old pronouns, auxiliaries and contractions: "it is".
    public var gloss: String?
    public var entries: [GlossaryEntry]

    public init(word: String, headword: String, gloss: String? = nil, entries: [GlossaryEntry]) {
        self.word = word
        self.headword = headword
        self.gloss = gloss
        self.entries = entries
    }
}

/// Why a word has no meaning to show.
public enum GlossaryError: FolioError, Equatable {
    /// Empty, too long, or not a word.
    case invalidWord(String)
    /// Neither the dictionary nor our glosses know it.
    case notFound(String)
    /// Debian's dict-gcide is not installed.
    case dictionaryMissing
    /// The files are there but cannot be read as a dictd dictionary.
    case unreadableDictionary(String)

    public var kind: FolioErrorKind {
        switch self {
        case .invalidWord: .invalidInput
        case .notFound: .notFound
        case .dictionaryMissing, .unreadableDictionary: .missingData
        }
    }

    public var code: String {
        switch self {
        case .invalidWord: "invalid_word"
        case .notFound: "word_not_found"
        case .dictionaryMissing: "dictionary_not_installed"
        case .unreadableDictionary: "dictionary_unreadable"
        }
    }

    public var message: String {
        switch self {
        case .invalidWord(let typed):
            typed.trimmingCharacters(in: .whitespaces).isEmpty
                ? "Give a word to look up."
                : "“\(typed)” is not a word to look up: give one word of letters (apostrophes and hyphens allowed), "
                    + "at most \(GlossaryForms.maximumWordLength) letters."
        case .notFound(let word): "No meaning found for “\(word)” in the dictionary (GCIDE, Webster's 1913)."
        case .dictionaryMissing: "Word meanings need Debian's dict-gcide; run scripts/setup.sh."
        case .unreadableDictionary(let reason):
            "The GCIDE dictionary cannot be read (\(reason)). Word meanings need Debian's dict-gcide; run scripts/setup.sh."
        }
    }
}
