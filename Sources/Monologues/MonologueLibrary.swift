import FolioCore
import Foundation
import Synchronization

/// One page of search results.
public struct SearchResult: Sendable, Hashable {
    /// How many monologues match, before paging.
    public var total: Int
    public var items: [Monologue]
    /// For each item, the text around the words matched (nil when only other fields matched);
    /// empty unless asked for, since only a page being shown needs them.
    public var snippets: [Snippet?] = []
}

/// What one account has made its own of the library, which its searches count as it sees it:
/// the tags it gave favourites and the gender it gave a role ("a male speech the actor made
/// female is found with gender=female, by that actor only").
public struct PersonalView: Sendable, Hashable {
    /// Monologue id → the account's own tags on it.
    public var tags: [String: [String]]
    /// Monologue id → the gender the account gave it.
    public var genders: [String: Gender]

    public init(tags: [String: [String]] = [:], genders: [String: Gender] = [:]) {
        self.tags = tags
        self.genders = genders
    }

    public static let none = PersonalView()
}

/// A play of the library: its name and the slug `play=` takes.
public struct PlayName: Sendable, Hashable, Codable {
    public var slug: String
    public var name: String
}

/// A monologue like another one, and why.
public struct RelatedMonologue: Sendable, Hashable, Codable {
    public var monologue: Monologue
    public var score: Double
    /// Readable reasons, strongest first: "same character", "shared tags: grieving, noble".
    public var reasons: [String]
}

public struct TagCount: Sendable, Hashable, Codable {
    public var name: String
    public var count: Int
}

public struct LibraryStats: Sendable, Hashable, Codable {
    /// The monologues search shows; the counts by kind are of these too.
    public var count: Int
    /// Longer cuts kept beside the pieces split from them: found by words only they hold, never
    /// beside their piece.
    public var longerCuts: Int
    public var plays: Int
    public var byGender: [String: Int]
    public var byTone: [String: Int]
    public var byLength: [String: Int]
}

/// The whole monologue library held in memory, indexed for the seed's search.
///
/// Matching follows the seed app: a query is split on spaces and commas and every term must match
/// some field. Title, play, character, gender, tone and tags match as substrings; text and notes
/// match whole words with the endings s, es, d, ed, ing and in'. The seed tested every term
/// against every field of every monologue; here each field is an index:
/// - substring fields have few distinct values (38 plays, some hundreds of characters, a few
///   dozen tags), so a term scans those values once and unions their bitsets;
/// - text and notes are an inverted index from word to bitset, so a term is seven hash lookups;
/// - monologues are numbered in sortTitle order, so walking a result bitset yields them already
///   in the tie-break order, and ranking is a bucket pass rather than a sort.
/// Ranking: a term found in character, play or title counts 100, in tags 10, in text, notes,
/// gender or tone 1; a query whose words stand together in the text as a phrase adds 1,000.
/// Within a tier, speeches where the query's words come more often and earlier in the text rank
/// first, and most of all those whose first line holds them ("dagger" puts "Is this a dagger
/// which I see before me" first), then sortTitle.
///
/// A monologue that is another's longer cut (the whole interrupted speech a piece was split
/// from) never comes beside its piece: a search that finds both shows the piece only, and
/// related speeches and the play's order leave longer cuts out. A search for words only the
/// longer cut holds (its lead-in: "wherefore art thou Romeo") still finds it.
public struct MonologueLibrary: Sendable {
    /// Every monologue, in sortTitle order: an index into this array is a monologue's number.
    public let monologues: [Monologue]
    private let numberByID: [String: Int]

    /// Substring-matched values (folded bytes), and for each, by the same position, the
    /// monologues having that value and the weight.
    private let fieldValueIndex: SubstringIndex
    private let fieldValues: [(members: BitSet, weight: Int)]
    /// Per word as a query may hold it, where its forms with the seed's endings are (`endings`:
    /// the word itself first, when the library has it) among `formPlaces`, which are places in
    /// `sortedWords` and `entries`. One lookup finds every form of a query's word with what it
    /// matches and its id: seven lookups, one a form, in two dictionaries (members, ids) were a
    /// fifth of a search.
    private let forms: [String: FormRange]
    private let formPlaces: [Int32]
    /// Per word of `sortedWords`: its id in the text, and the speeches holding it.
    private let entries: [WordEntry]
    private let tokens: [[UInt32]]
    /// Per word id, packed (monologue << 16 | position) occurrences, grouped by monologue.
    private let occurrences: [[UInt32]]
    /// Every word of text and notes, sorted: the words a typed prefix may be the start of.
    private let sortedWords: [String]
    /// Per monologue, how many words its first spoken line holds (positions below it are in it).
    private let firstLineWords: [UInt16]
    /// Per word id: the word, and its rarity weight for likeness (0 for words that say nothing).
    private let words: [String]
    /// Per monologue, where its snippets come from (`SnippetSource`).
    private let snippetSources: [SnippetSource]
    /// Per monologue whose snippets come from word ids in a spoken text other than its text (it
    /// has stage directions' lines), that spoken text: made on each request, it cost more than
    /// the snippet itself.
    private let spokenTexts: [Int: String]
    /// Per monologue cut from word ids, the byte offset of every `SnippetMatcher.checkpointStride`th
    /// word of its text (monologue k's are `checkpointOffsets[checkpointStarts[k]..<checkpointStarts[k + 1]]`):
    /// a snippet late in a long speech reads its words from the checkpoint before it, not from the
    /// speech's first byte. 31 KB for the whole library.
    private let checkpointOffsets: [Int32]
    private let checkpointStarts: [Int32]
    private let idf: [Double]
    /// Per monologue: the length of its tf-idf vector.
    private let norms: [Double]

    private let genderMembers: [Gender: BitSet]
    private let toneMembers: [Tone: BitSet]
    private let lengthMembers: [Length: BitSet]
    private let tagMembers: [String: BitSet]
    private let formMembers: [Form: BitSet]
    private let playMembers: [String: BitSet]
    private let ageMembers: [PlayingAge: BitSet]
    private let oftenHeardMembers: BitSet
    /// No monologue: what a filter on a value no monologue has keeps.
    private let noMembers: BitSet
    /// Every monologue: what a search starts from before its filters.
    private let everyMonologue: BitSet
    /// The sets and lists searches work in, kept between them (`SearchScratch`).
    private let searchScratch: SearchScratchPool
    /// Every monologue but the longer cuts: what related speeches and the play's order walk.
    private let listed: BitSet
    /// Each longer cut with its piece, by number: a search that finds both drops the first.
    private let longerCutPairs: [(cut: Int, piece: Int)]
    /// Per monologue, the number of the piece it is the longer cut of (-1: none).
    private let pieceOfLongerCut: [Int32]
    /// Per monologue, its playing age (from the curated table).
    private let ages: [PlayingAge]
    /// Per monologue, the numbers of the monologues before and after it in its play (-1: none).
    private let neighbours: [(previous: Int32, next: Int32)]
    /// Every play, in name order.
    public let plays: [PlayName]

    /// Summaries of an unchanging library, worked out once rather than on every request.
    public let stats: LibraryStats
    /// Every tag with the number of monologues carrying it, most used first.
    public let tags: [TagCount]
    /// The tags a filter may name.
    public let knownTags: Set<String>

    static let endings = ["", "s", "es", "d", "ed", "ing", "in'"]

    /// Words too common to say two speeches are alike, modern and Elizabethan. In the full
    /// library the rarity weight already silences them; in a small one it cannot.
    static let stopwords: Set<String> = [
        "a", "an", "and", "are", "as", "at", "be", "but", "by", "do", "doth", "for", "from", "had", "hast", "hath",
        "have", "he", "her", "him", "his", "i", "if", "in", "is", "it", "me", "my", "no", "nor", "not", "o", "of",
        "on", "or", "our", "shall", "she", "so", "that", "the", "thee", "their", "them", "then", "there", "they",
        "this", "thou", "thy", "to", "us", "was", "we", "were", "what", "when", "which", "who", "will", "with",
        "would", "ye", "you", "your",
    ]

    public init(_ monologues: [Monologue]) {
        let sorted = monologues.sorted { ($0.sortTitle, $0.id) < ($1.sortTitle, $1.id) }
        self.monologues = sorted
        let n = sorted.count
        var numberByID: [String: Int] = [:]
        for (i, m) in sorted.enumerated() { numberByID[m.id] = i }
        self.numberByID = numberByID

        func index<K: Hashable>(_ key: (Monologue) -> K) -> [K: BitSet] {
            var result: [K: BitSet] = [:]
            for (i, m) in sorted.enumerated() { result[key(m), default: BitSet(capacity: n)].insert(i) }
            return result
        }
        genderMembers = index(\.gender)
        toneMembers = index(\.tone)
        lengthMembers = index(\.length)
        formMembers = index { $0.verse ? Form.verse : Form.prose }
        playMembers = index { PlaySlug.of($0.play) }
        let ages = sorted.map(PlayingAge.of)
        self.ages = ages
        var ageMembers: [PlayingAge: BitSet] = [:]
        for (i, age) in ages.enumerated() { ageMembers[age, default: BitSet(capacity: n)].insert(i) }
        self.ageMembers = ageMembers
        noMembers = BitSet(capacity: n)
        everyMonologue = BitSet.full(capacity: n)
        searchScratch = SearchScratchPool(capacity: n)
        var oftenHeard = BitSet(capacity: n)
        for id in OftenHeard.ids { if let i = numberByID[id] { oftenHeard.insert(i) } }
        oftenHeardMembers = oftenHeard
        let cuts = Self.longerCutIDs(of: sorted)
        var pieceOfLongerCut = [Int32](repeating: -1, count: n)
        var listed = BitSet.full(capacity: n)
        for (i, m) in sorted.enumerated() {
            guard let cut = m.longerCut, cuts.contains(cut), let j = numberByID[cut], j != i else { continue }
            pieceOfLongerCut[j] = Int32(i)
            listed.remove(j)
        }
        self.pieceOfLongerCut = pieceOfLongerCut
        longerCutPairs = pieceOfLongerCut.enumerated().compactMap { cut, piece in piece >= 0 ? (cut, Int(piece)) : nil }
        self.listed = listed
        let listedMonologues = listed.members.map { sorted[$0] }
        plays = Dictionary(sorted.map { (PlaySlug.of($0.play), $0.play) }, uniquingKeysWith: { first, _ in first })
            .map { PlayName(slug: $0.key, name: $0.value) }.sorted { $0.name < $1.name }
        // Play order is the number in the title ("Hamlet 07"); sortTitle order already keeps a
        // play's monologues together, but not always in that order past 99.
        var neighbours = [(previous: Int32, next: Int32)](repeating: (-1, -1), count: n)
        var byPlay: [String: [Int]] = [:]
        listed.forEach { i in byPlay[sorted[i].play, default: []].append(i) }
        for numbers in byPlay.values {
            let ordered = numbers.sorted { a, b in
                let x = Int(sorted[a].title.split(separator: " ").last ?? "") ?? a
                let y = Int(sorted[b].title.split(separator: " ").last ?? "") ?? b
                return x != y ? x < y : a < b
            }
            for (k, i) in ordered.enumerated() {
                neighbours[i] = (k > 0 ? Int32(ordered[k - 1]) : -1, k + 1 < ordered.count ? Int32(ordered[k + 1]) : -1)
            }
        }
        // A longer cut stands where its piece does.
        for (j, piece) in pieceOfLongerCut.enumerated() where piece >= 0 { neighbours[j] = neighbours[Int(piece)] }
        self.neighbours = neighbours
        var tagMembers: [String: BitSet] = [:]
        for (i, m) in sorted.enumerated() {
            for tag in m.tags { tagMembers[TextFolding.fold(tag), default: BitSet(capacity: n)].insert(i) }
        }
        self.tagMembers = tagMembers
        tags = Self.tagCounts(of: listedMonologues)
        knownTags = Set(tags.map { TextFolding.fold($0.name) })
        stats = Self.stats(of: listedMonologues, longerCuts: n - listedMonologues.count)

        // Titles are "<play> NN" and a term holds no space, so a title matches a term exactly
        // when its play does or its number does: index plays and numbers, not 2,000 titles.
        let titleNumbers = index { String($0.title.split(separator: " ").last ?? "") }
        var values: [(value: [UInt8], members: BitSet, weight: Int)] = []
        for (play, members) in index(\.play) { values.append((Array(TextFolding.fold(play).utf8), members, 100)) }
        for (number, members) in titleNumbers { values.append((Array(number.utf8), members, 100)) }
        // The one who speaks weighs most: "juliet" is in every title of her play, and Romeo's
        // speeches say her name more often than her own do, but she is the one looked for.
        for (character, members) in index(\.character) {
            values.append((Array(TextFolding.fold(character).utf8), members, 300))
        }
        // Gender and tone match as substrings, as in the seed, but rank no higher than a word of
        // the text: "to" is in "history", which says nothing about a speech.
        for (gender, members) in genderMembers { values.append((Array(gender.rawValue.utf8), members, 1)) }
        for (tone, members) in toneMembers { values.append((Array(tone.rawValue.utf8), members, 1)) }
        for (tag, members) in tagMembers { values.append((Array(tag.utf8), members, 10)) }
        fieldValueIndex = SubstringIndex(values.map(\.value))
        fieldValues = values.map { ($0.members, $0.weight) }

        // Each distinct word gets an id the first time it is met; which speeches hold it is kept
        // as a list per id (a speech is appended once: its number is the list's last), so a
        // word costs one lookup of its bytes per occurrence, no string and no set per speech.
        // Building it through a `Set<String>` per speech and a `String` per word took about half
        // of the 620 ms the whole index took to build.
        var interner = WordInterner()
        var tokens: [[UInt32]] = []
        var occurrences: [[UInt32]] = []
        var holders: [[Int32]] = []
        tokens.reserveCapacity(n)
        // Words found only in the notes, which are searched but are not part of the text.
        var noteWordMembers: [String: [Int32]] = [:]
        // Made once: the index, the first lines and the snippets' sources all read it.
        let spoken = sorted.map(\.spokenText)
        for (i, m) in sorted.enumerated() {
            var ids: [UInt32] = []
            WordTokenizer.forEachWordBytes(in: TextFolding.fold(spoken[i])) { word in
                let (id, isNew) = interner.intern(word)
                if isNew {
                    occurrences.append([])
                    holders.append([])
                }
                if ids.count < 65_536 { occurrences[id].append(UInt32(i) << 16 | UInt32(ids.count)) }
                if holders[id].last != Int32(i) { holders[id].append(Int32(i)) }
                ids.append(UInt32(id))
            }
            if !m.notes.isEmpty {
                WordTokenizer.forEachWordBytes(in: TextFolding.fold(m.notes)) { word in
                    if let id = interner.id(of: word) {
                        if holders[id].last != Int32(i) { holders[id].append(Int32(i)) }
                    } else {
                        let key = String(decoding: word, as: UTF8.self)
                        if noteWordMembers[key]?.last != Int32(i) { noteWordMembers[key, default: []].append(Int32(i)) }
                    }
                }
            }
            tokens.append(ids)
        }
        let words = interner.words
        var wordIDs: [String: UInt32] = [:]
        wordIDs.reserveCapacity(words.count)
        for (id, word) in words.enumerated() { wordIDs[word] = UInt32(id) }
        // The speeches holding each word, notes included, ascending.
        var memberLists: [String: [Int32]] = [:]
        memberLists.reserveCapacity(words.count + noteWordMembers.count)
        for (id, word) in words.enumerated() { memberLists[word] = holders[id] }
        holders = []
        var merged: Set<String> = []
        for (word, members) in noteWordMembers {
            memberLists[word, default: []].append(contentsOf: members)
            merged.insert(word)
        }
        // Shakespeare's "reveng'd" is a "revenged" for search purposes.
        for (word, members) in memberLists.filter({ $0.key.hasSuffix("'d") }) {
            let form = String(word.dropLast(2)) + "ed"
            memberLists[form, default: []].append(contentsOf: members)
            merged.insert(form)
        }
        for word in merged { memberLists[word] = Array(Set(memberLists[word]!)).sorted() }
        let sortedWords = memberLists.keys.sorted()
        entries = sortedWords.map { word in
            WordEntry(id: wordIDs[word] ?? WordEntry.notInText, members: WordMembers(memberLists[word]!, of: n))
        }
        // Each stem's forms (a word is the stem of itself, with the ending ""), in two passes over
        // the words in order, so that a word comes before its longer forms: one counts each
        // stem's forms, the other places them. A list per stem, joined after, left 1.7 MiB of
        // freed lists resident.
        func forEachStem(_ body: (_ stem: String, _ place: Int, _ exact: Bool) -> Void) {
            for (place, word) in sortedWords.enumerated() {
                let bytes = word.utf8
                for ending in Self.endings where bytes.count > ending.utf8.count
                    && bytes.reversed().starts(with: ending.utf8.reversed()) {
                    // Endings are ASCII, so cutting their bytes off leaves whole characters.
                    body(String(decoding: bytes.dropLast(ending.utf8.count), as: UTF8.self), place, ending.isEmpty)
                }
            }
        }
        var forms: [String: FormRange] = [:]
        forEachStem { stem, _, _ in forms[stem, default: FormRange(start: 0)].addForm(exact: false) }
        var next = 0
        var index = forms.values.startIndex
        while index != forms.values.endIndex {
            let count = forms.values[index].count
            forms.values[index] = FormRange(start: next)
            next += count
            forms.values.formIndex(after: &index)
        }
        var formPlaces = [Int32](repeating: 0, count: next)
        forEachStem { stem, place, exact in
            let range = forms[stem]!
            formPlaces[range.start + range.count] = Int32(place)
            forms[stem]!.addForm(exact: exact)
        }
        self.forms = forms
        self.formPlaces = formPlaces
        self.sortedWords = sortedWords
        firstLineWords = spoken.map { text in UInt16(clamping: Self.firstLineWordCount(text)) }
        self.tokens = tokens
        self.occurrences = occurrences

        self.words = words
        var spokenTexts: [Int: String] = [:]
        var checkpointOffsets: [Int32] = []
        var checkpointStarts: [Int32] = [0]
        checkpointStarts.reserveCapacity(n + 1)
        snippetSources = sorted.indices.map { i in
            var text = spoken[i]
            // Cut from ids when the words read from the raw text are the indexed words one for
            // one: always so for ASCII; a word with other bytes (a dash, a curly quote) is folded
            // on its own and compared. Speeches with a dash were read from the text at 60 µs a
            // snippet, against 2 µs from ids.
            let bounds = text.withUTF8 { bytes -> [(start: Int32, end: Int32)]? in
                let bounds = SnippetMatcher.bounds(bytes)
                guard bounds.count == tokens[i].count else { return nil }
                for (k, bound) in bounds.enumerated() {
                    let word = UnsafeBufferPointer(rebasing: bytes[Int(bound.start)..<Int(bound.end)])
                    guard word.contains(where: { $0 >= 0x80 }) else { continue }
                    var folded: [String] = []
                    WordTokenizer.forEachWord(in: TextFolding.fold(String(decoding: word, as: UTF8.self))) { folded.append($0) }
                    if folded.joined(separator: " ") != words[Int(tokens[i][k])] { return nil }
                }
                return bounds
            }
            defer { checkpointStarts.append(Int32(checkpointOffsets.count)) }
            guard let bounds else { return .text }
            for k in stride(from: 0, to: bounds.count, by: SnippetMatcher.checkpointStride) { checkpointOffsets.append(bounds[k].start) }
            if text.utf8.count == sorted[i].text.utf8.count { return .idsInText }
            spokenTexts[i] = text
            return .idsInSpokenText
        }
        self.spokenTexts = spokenTexts
        self.checkpointOffsets = checkpointOffsets
        self.checkpointStarts = checkpointStarts
        // Rarity counts the listed speeches only: a longer cut repeats its piece's words, which
        // would make a word of one speech look shared.
        let documentCount = listedMonologues.count
        let tenth = max(2, documentCount / 10)
        let idf = occurrences.map { list -> Double in
            var documents = 0, last = -1
            for packed in list where Int(packed >> 16) != last {
                last = Int(packed >> 16)
                if listed.contains(last) { documents += 1 }
            }
            return documents > 1 && documents <= tenth ? log(Double(documentCount) / Double(documents)) : 0
        }.enumerated().map { id, weight in Self.stopwords.contains(words[id]) ? 0 : weight }
        self.idf = idf
        // Counts per word in one array, cleared after each speech, rather than a dictionary a speech.
        var counts = [Double](repeating: 0, count: words.count)
        var counted: [Int] = []
        norms = tokens.map { ids in
            for id in ids.lazy.map(Int.init) where idf[id] > 0 {
                if counts[id] == 0 { counted.append(id) }
                counts[id] += 1
            }
            var sum = 0.0
            for id in counted {
                let w = counts[id] * idf[id]
                sum += w * w
                counts[id] = 0
            }
            counted.removeAll(keepingCapacity: true)
            return sum.squareRoot()
        }
    }

    public var count: Int { monologues.count }

    /// Words in the first line of `text` that has any, counted as in the folded text: what a
    /// match in the opening line is weighed by. Reads lines until one has words, not the whole text.
    static func firstLineWordCount(_ text: String) -> Int {
        var rest = Substring(text)
        while !rest.isEmpty {
            let end = rest.utf8.firstIndex(of: 0x0A) ?? rest.endIndex
            let line = rest[..<end]
            if WordTokenizer.wordCount(line) > 0 { return WordTokenizer.wordCount(Substring(TextFolding.fold(String(line)))) }
            rest = end == rest.endIndex ? "" : rest[rest.utf8.index(after: end)...]
        }
        return 0
    }

    /// How telling a word (already folded) is across the library: 0 for a word in one speech
    /// only or in more than a tenth of them, more the rarer it is between. What "related" weighs
    /// speeches by, and what tells a speech's key words from its common ones.
    public func rarity(of word: String) -> Double {
        textID(of: word).map { idf[Int($0)] } ?? 0
    }

    /// The ids of the text's words that `forms(of:)` spells `word` as, found with one lookup for
    /// the seed's endings (and one for a "'d" reading) rather than one a form: a quoted phrase of
    /// six words looked up 48 forms.
    private func formIDs(of word: String) -> [UInt32] {
        var ids: [UInt32] = []
        appendFormIDs(of: word, to: &ids)
        return ids
    }

    /// `formIDs`, appended to a list being made.
    private func appendFormIDs(of word: String, to ids: inout [UInt32]) {
        for place in placesOfForms(of: word) {
            if let id = entries[Int(place)].textID { ids.append(id) }
        }
        if word.hasSuffix("ed"), let id = textID(of: String(word.dropLast(2)) + "'d") { ids.append(id) }
    }

    /// Where `word`'s forms with the seed's endings are in `sortedWords` and `entries`.
    private func placesOfForms(of word: String) -> ArraySlice<Int32> {
        guard let range = forms[word] else { return [] }
        return formPlaces[range.start ..< range.start + range.count]
    }

    /// The ids of a word being typed: every word of the text it starts, at most 200 (the
    /// commonest forms being the short ones that come first).
    private func typedIDs(of word: String) -> [UInt32] {
        wordsStarting(with: word).prefix(200).compactMap { entries[$0].textID }
    }

    /// The id of a word of the text; nil for a word found only in notes, or nowhere.
    @inline(__always)
    private func textID(of word: String) -> UInt32? {
        guard let range = forms[word], range.exact else { return nil }
        return entries[Int(formPlaces[range.start])].textID
    }

    public func monologue(id: String) -> Monologue? {
        number(id: id).map { monologues[$0] }
    }

    /// The position of monologue `id` in `monologues`.
    public func number(id: String) -> Int? {
        numberByID[id]
    }

    // MARK: - Facts kept beside the monologues

    /// The playing age of monologue `id`'s role (`any` when unknown or not judged).
    public func playingAge(id: String) -> PlayingAge {
        number(id: id).map { ages[$0] } ?? .any
    }

    /// True when monologue `id` is on Folio's often-heard list.
    public func isOftenHeard(id: String) -> Bool {
        number(id: id).map { oftenHeardMembers.contains($0) } ?? false
    }

    /// The ids of `monologues` that are another's longer cut. What the library leaves out of
    /// every list; a piece naming a longer cut that is not there hides nothing.
    public static func longerCutIDs(of monologues: [Monologue]) -> Set<String> {
        let ids = Set(monologues.map(\.id))
        return Set(monologues.compactMap { m in m.longerCut.flatMap { $0 != m.id && ids.contains($0) ? $0 : nil } })
    }

    /// True when monologue `id` is the longer cut of a piece of the library.
    public func isLongerCut(id: String) -> Bool {
        number(id: id).map { pieceOfLongerCut[$0] >= 0 } ?? false
    }

    /// The piece split from monologue `id`, when `id` is its longer cut.
    public func piece(withLongerCut id: String) -> Monologue? {
        guard let i = number(id: id), pieceOfLongerCut[i] >= 0 else { return nil }
        return monologues[Int(pieceOfLongerCut[i])]
    }

    /// The longer cut of piece `id`, when the library holds it.
    public func longerCut(of id: String) -> Monologue? {
        guard let cut = monologue(id: id)?.longerCut, isLongerCut(id: cut) else { return nil }
        return monologue(id: cut)
    }

    /// The monologues before and after `id` in its play, in play order; a longer cut's are its
    /// piece's, as it is never one of them.
    public func neighbours(of id: String) -> (previous: Monologue?, next: Monologue?) {
        guard let i = number(id: id) else { return (nil, nil) }
        let (p, n) = neighbours[i]
        return (p >= 0 ? monologues[Int(p)] : nil, n >= 0 ? monologues[Int(n)] : nil)
    }

    /// The slugs a play filter may name.
    public var playSlugs: [String] { plays.map(\.slug) }

    // MARK: - Search

    /// Search words that name a tone as actors say it: "tragic" finds the tragedies. The tone's
    /// own words (comedy, tragedy, history) already match it as substrings, as in the seed.
    static let toneWords: [String: Tone] = [
        "comedic": .comedy, "comic": .comedy, "comical": .comedy, "comedies": .comedy, "funny": .comedy,
        "tragic": .tragedy, "tragical": .tragedy, "tragedies": .tragedy,
        "historic": .history, "historical": .history, "histories": .history,
    ]

    /// Each tone word's first byte and length, (first << 8 | length): a term that has none of
    /// these is no tone word, and is not hashed to be looked up (each lookup of a search's terms
    /// in `toneWords` was 2–3% of its time).
    private static let toneWordShapes: [UInt16] = toneWords.keys.map { UInt16($0.utf8.first!) << 8 | UInt16($0.utf8.count) }

    /// The tone a search word names as actors say it ("tragic"), if any.
    private static func tone(named word: String) -> Tone? {
        let shape = UInt16(word.utf8.first ?? 0) << 8 | UInt16(truncatingIfNeeded: word.utf8.count)
        guard toneWordShapes.contains(shape) else { return nil }
        return toneWords[word]
    }

    /// A query read once against this library: the search's terms, and (worked out only when a
    /// snippet is asked for, as it costs more than the search itself) what a snippet marks.
    public struct PreparedQuery: Sendable {
        public let terms: QueryTerms
        /// The last word is still being typed, so it is a word's start.
        public let typing: Bool

        /// The word read as a start because it is being typed (two letters or more), if any: what
        /// a count says it counted ("words that start with “ham”").
        public var wordBeingTyped: String? { typing ? MonologueLibrary.lastWord(of: terms.terms) : nil }

        /// What the query's snippets mark, word by word: each word of a plain or prefix term
        /// (`isPrefix`: it also marks the words it starts), and each phrase's words in order (the
        /// last a start when the phrase is being typed or ends in `*`). The one reading of the
        /// terms behind both the marking by strings (`matcher`) and by ids (`snippetWords`).
        func forEachMarked(word: (_ word: String, _ isPrefix: Bool) -> Void, phrase: ([(word: String, isPrefix: Bool)]) -> Void) {
            for (index, term) in terms.parsed.enumerated() {
                let isLast = index == terms.parsed.count - 1
                var words: [String] = []
                WordTokenizer.forEachWord(in: term.text) { words.append($0) }
                switch term.kind {
                case .word, .prefix:
                    let prefix = term.kind == .prefix || (typing && isLast)
                    for (k, w) in words.enumerated() { word(w, prefix && k == words.count - 1 && w.count >= 2) }
                case .phrase(let lastIsPrefix):
                    let prefix = lastIsPrefix || (typing && isLast && terms.endsInOpenPhrase)
                    phrase(words.enumerated().map { k, w in (w, prefix && k == words.count - 1 && w.count >= 2) })
                }
            }
        }

        /// The marking by strings, for texts the library has not indexed (an actor's own cut).
        var matcher: SnippetMatcher {
            var matcher = SnippetMatcher()
            forEachMarked(word: { word, isPrefix in
                if isPrefix { matcher.prefixes.append(word) }
                matcher.words.formUnion(MonologueLibrary.forms(of: word))
            }, phrase: { positions in
                matcher.phrases.append(positions.map { (Set(MonologueLibrary.forms(of: $0.word)), $0.isPrefix ? $0.word : nil) })
            })
            return matcher
        }
    }

    /// Reads `query` as `search` does. `lastWordIsPrefix`: the query is being typed, so its last
    /// word, unless a space or comma ends the query, also matches the words it is the start of.
    public func prepare(_ query: String, lastWordIsPrefix: Bool = false) -> PreparedQuery {
        let terms = QueryTerms(query)
        let typing = lastWordIsPrefix && !(query.last.map { $0.isWhitespace || $0 == "," || $0 == "\"" || $0 == "\u{201D}" } ?? true)
        return PreparedQuery(terms: terms, typing: typing)
    }

    /// A word as the text may spell it: with the seed's endings, and "'d" for "ed".
    static func forms(of word: String) -> [String] {
        var forms = endings.map { word + $0 }
        if word.hasSuffix("ed") { forms.append(String(word.dropLast(2)) + "'d") }
        return forms
    }

    /// The text of `text` around what `query` matches in it, marked; nil when it holds none of it.
    /// Reads the text word by word: for a text the library does not hold (an actor's own cut).
    public func snippet(of text: String, for query: PreparedQuery) -> Snippet? {
        query.matcher.snippet(of: text)
    }

    /// The snippet of each of a page's monologues (numbers in `monologues`), reading the query
    /// once. `ownTexts[k]`, when given, is the text shown instead of the library's (an actor's cut).
    ///
    /// The library's own texts are cut from the word ids the index keeps: the query's words are
    /// looked up once as a bitset over the vocabulary, each speech's words are tested by id, and
    /// only the raw bytes' word boundaries are read, with no string made but the snippet's parts.
    /// Reading every word as a string cost 28–117 µs a speech, more than the search itself.
    public func snippets(of numbers: [Int], ownTexts: [String?] = [], for query: PreparedQuery) -> [Snippet?] {
        // Each made once, when a speech first needs it: the marking by ids for the library's own
        // texts, by strings for the others.
        var marking: SnippetWords?
        var matcher: SnippetMatcher?
        func byStrings(_ text: String) -> Snippet? {
            if matcher == nil { matcher = query.matcher }
            return matcher!.snippet(of: text)
        }
        return numbers.enumerated().map { k, number in
            if k < ownTexts.count, let own = ownTexts[k] { return byStrings(own) }
            guard snippetSources[number] != .text else { return byStrings(monologues[number].spokenText) }
            if marking == nil { marking = snippetWords(query) }
            guard !marking!.isEmpty else { return nil }
            return snippet(number, marking: marking!)
        }
    }

    /// Where a monologue's snippets are cut from.
    enum SnippetSource {
        /// From word ids: the words a snippet reads from its raw spoken text (`SnippetMatcher.bounds`)
        /// are its indexed words one for one (their count agrees, and each word with bytes above
        /// 0x7F folds to its indexed word), and it has no stage directions' lines, so its text is
        /// its spoken text.
        case idsInText
        /// From word ids, in the spoken text made by leaving the stage directions out.
        case idsInSpokenText
        /// By reading its words from the text as strings.
        case text
    }

    /// What a query's snippets mark, as word ids: the same words `SnippetMatcher.matchesWord`
    /// and its phrases accept, found once per query rather than tested once per word read.
    struct SnippetWords {
        var words: WordIDSet
        var phrases: [[WordIDSet]]
        /// Nothing to mark: the query has no words (a search by filters alone).
        var isEmpty: Bool
        /// The ids in `words`, and those of each phrase's first place, when there are few: then a
        /// speech's matches are found from where the index keeps those words (`occurrences`),
        /// not by reading every word of the speech. Nil when a prefix stands for many words.
        var wordList: [UInt32]?
        var phraseStarts: [[UInt32]]?
        /// More ids than this and reading the speech's words costs less than looking each up.
        static let listLimit = 24
    }

    /// The ids a query's snippets mark, from the forms table: one lookup a word for its forms
    /// with the seed's endings, and one or two for the "'d" spellings those forms are read from
    /// ("lov'd" for "loved"). Made from the forms as strings, with a set of strings a phrase's
    /// word, this cost 17–19 µs for "to be or not to be", more than the search itself.
    func snippetWords(_ query: PreparedQuery) -> SnippetWords {
        // A word marks when it is a form or one of the forms' "'d" spellings ("reveng'd").
        // Ids may repeat in a list until it is made a `WordIDSet` (a prefix's words hold its forms).
        func markedIDs(of word: String, into list: inout [UInt32]) {
            appendFormIDs(of: word, to: &list)
            // The forms "-ed" (every word) and "-d" (a word in "e") are spelt "'d" too.
            if let id = textID(of: word + "'d") { list.append(id) }
            if word.hasSuffix("e"), let id = textID(of: String(word.dropLast()) + "'d") { list.append(id) }
        }
        // A word starting with `prefix`, or with it read as "-ed" ("reveng'd" reads "revenged",
        // which "reveng", "revenge" and "revenged" start).
        func startedIDs(of prefix: String, readingD: Bool, into list: inout [UInt32]) {
            list += idsStarting(with: prefix)
            guard readingD else { return }
            if prefix.hasSuffix("e"), let id = textID(of: String(prefix.dropLast()) + "'d") { list.append(id) }
            if prefix.hasSuffix("ed"), let id = textID(of: String(prefix.dropLast(2)) + "'d") { list.append(id) }
        }
        var wordList: [UInt32] = []
        var phrases: [[WordIDSet]] = []
        // A phrase's words that come again in it ("to be or not to be") are looked up once:
        // looking up that phrase's six words was half of its snippet's 5.4 µs.
        var looked: [(word: String, isPrefix: Bool, ids: WordIDSet)] = []
        var isEmpty = true
        query.forEachMarked(word: { word, isPrefix in
            isEmpty = false
            markedIDs(of: word, into: &wordList)
            if isPrefix { startedIDs(of: word, readingD: true, into: &wordList) }
        }, phrase: { positions in
            isEmpty = false
            phrases.append(positions.map { position in
                if let known = looked.first(where: { $0.word == position.word && $0.isPrefix == position.isPrefix }) { return known.ids }
                var list: [UInt32] = []
                // A phrase's word matches as a form, a form's "'d" spelling, or (not read) a prefix.
                markedIDs(of: position.word, into: &list)
                if position.isPrefix { startedIDs(of: position.word, readingD: false, into: &list) }
                let ids = WordIDSet(list)
                looked.append((position.word, position.isPrefix, ids))
                return ids
            })
        })
        let words = WordIDSet(wordList)
        let phraseStarts = phrases.map { $0.first?.ids ?? [] }
        let few = words.ids.count <= SnippetWords.listLimit && phraseStarts.allSatisfy { $0.count <= SnippetWords.listLimit }
        return SnippetWords(words: words, phrases: phrases, isEmpty: isEmpty,
                            wordList: few ? words.ids : nil, phraseStarts: few ? phraseStarts : nil)
    }

    /// The ids of the text's words that start with `prefix`, in the words' order.
    private func idsStarting(with prefix: String) -> [UInt32] {
        wordsStarting(with: prefix).compactMap { entries[$0].textID }
    }

    /// The snippet of the library's own text of monologue `number`, marked from its word ids.
    private func snippet(_ number: Int, marking: SnippetWords) -> Snippet? {
        let ids = tokens[number]
        var marks = SnippetMatcher.Marks(count: ids.count)
        var any = false
        // Every place of a speech where one of `words` stands, from the index's occurrences
        // (sorted by speech, then place): a binary search to the speech's run of each word.
        func places(of words: [UInt32], _ body: (Int) -> Void) {
            for id in words {
                Self.forEachOccurrence(in: occurrences[Int(id)], of: number) { packed in body(Int(packed & 0xFFFF)) }
            }
        }
        // The index keeps places only within a speech's first 65,536 words.
        let fromOccurrences = ids.count < 65_536 ? marking.wordList.flatMap { list in marking.phraseStarts.map { (list, $0) } } : nil
        if let (wordList, _) = fromOccurrences {
            places(of: wordList) { i in
                marks.matched[i] = true
                any = true
            }
        } else {
            for (i, id) in ids.enumerated() where marking.words.contains(id) {
                marks.matched[i] = true
                any = true
            }
        }
        for (p, phrase) in marking.phrases.enumerated() where phrase.count <= ids.count {
            func check(_ start: Int) {
                guard start + phrase.count <= ids.count, (0..<phrase.count).allSatisfy({ phrase[$0].contains(ids[start + $0]) }) else { return }
                marks.markPhrase(at: start, length: phrase.count)
                any = true
            }
            if let (_, starts) = fromOccurrences {
                places(of: starts[p], check)
            } else {
                for start in 0...(ids.count - phrase.count) where phrase[0].contains(ids[start]) { check(start) }
            }
        }
        guard any else { return nil }
        var text = spokenTexts[number] ?? monologues[number].text
        let checkpoints = checkpointOffsets[Int(checkpointStarts[number])..<Int(checkpointStarts[number + 1])]
        return text.withUTF8 { bytes in SnippetMatcher.cut(bytes, marks: marks, checkpoints: checkpoints) }
    }

    /// Monologues matching every term of `query` and the filter, best first.
    ///
    /// `personal` is one user's view: their own tags on their favourites match and filter like
    /// the library's tags, and the gender they gave a favourite is its gender in the filter, for
    /// that user and nobody else. `lastWordIsPrefix`: the query is being typed, so its last word,
    /// unless a space or comma ends the query, also matches the words it is the start of ("is
    /// this a dag" finds "dagger"); whole words still rank first. `snippets`: also cut a snippet
    /// of each monologue returned.
    public func search(_ query: String, filter: MonologueFilter = MonologueFilter(), limit: Int? = nil, offset: Int = 0,
                       personalTags: [String: [String]] = [:], personal: PersonalView = .none, lastWordIsPrefix: Bool = false,
                       snippets: Bool = false) -> SearchResult {
        let prepared = prepare(query, lastWordIsPrefix: lastWordIsPrefix)
        var view = personal
        for (id, tags) in personalTags { view.tags[id] = tags }
        let page = searchNumbers(prepared, filter: filter, limit: limit, offset: offset, personal: view)
        let items = page.numbers.map { monologues[$0] }
        return SearchResult(total: page.total, items: items,
                            snippets: snippets ? self.snippets(of: page.numbers, for: prepared) : [])
    }

    /// `search` as positions in `monologues`: what a caller that keeps something per monologue
    /// (the server's encoded JSON) needs, without copying the monologues themselves.
    public func searchNumbers(_ query: String, filter: MonologueFilter = MonologueFilter(), limit: Int? = nil,
                              offset: Int = 0, personalTags: [String: [String]] = [:], personal: PersonalView = .none,
                              lastWordIsPrefix: Bool = false) -> (total: Int, numbers: [Int]) {
        var view = personal
        for (id, tags) in personalTags { view.tags[id] = tags }
        return searchNumbers(prepare(query, lastWordIsPrefix: lastWordIsPrefix), filter: filter, limit: limit, offset: offset,
                             personal: view)
    }

    public func searchNumbers(_ prepared: PreparedQuery, filter: MonologueFilter = MonologueFilter(), limit: Int? = nil,
                              offset: Int = 0, personal view: PersonalView = .none) -> (total: Int, numbers: [Int]) {
        // Not through a closure: one capturing the library copied it, retaining its forty-odd
        // arrays and dictionaries, 6% of a search.
        var scratch = searchScratch.take()
        defer { searchScratch.keep(&scratch) }
        return searchNumbers(prepared, filter: filter, limit: limit, offset: offset, personal: view, in: &scratch)
    }

    private func searchNumbers(_ prepared: PreparedQuery, filter: MonologueFilter, limit: Int?, offset: Int,
                               personal view: PersonalView, in scratch: inout SearchScratch) -> (total: Int, numbers: [Int]) {
        let parsed = prepared.terms.parsed
        let typing = prepared.typing
        let personal = view.tags.isEmpty ? [] : view.tags.compactMap { id, tags in numberByID[id].map { ($0, tags.map(TextFolding.fold)) } }
        filterMembers(filter, personal: personal, genders: view.genders, into: &scratch.result)
        // Each term's matches go into `scratch.terms[0 ..< matched]`, in the order the terms are matched.
        var matched = 0
        // Phrases are checked word by word in the text, so they go last, among the speeches the
        // plain words have left; the score does not depend on the order.
        terms: for phrases in 0 ..< 2 {
            for index in parsed.indices where Self.isPhrase(parsed[index]) == (phrases == 1) {
                let term = parsed[index]
                guard !scratch.result.isEmpty else { break terms }
                let isLast = index == parsed.count - 1
                if scratch.terms.count == matched { scratch.terms.append(TermScratch(capacity: monologues.count)) }
                scratch.terms[matched].start(index)
                // Every speech the term matches in any field, gathered in one set cleared for each term.
                scratch.any.removeAll()
                fieldMatch(term.text, into: &scratch.any, term: &scratch.terms[matched])
                switch term.kind {
                case .word, .prefix:
                    let prefix = term.kind == .prefix || (typing && isLast)
                    textMatch(term.text, into: &scratch.any, term: &scratch.terms[matched], prefix: prefix)
                    if prefix { scratch.any.formUnion(prefixMatch(term.text)) }
                    if let tone = Self.tone(named: term.text), let members = toneMembers[tone] { scratch.any.formUnion(members) }
                case .phrase(let lastIsPrefix):
                    let prefix = lastIsPrefix || (typing && isLast && prepared.terms.endsInOpenPhrase)
                    // A quoted name ("lady macbeth") still finds the character; in the text, the
                    // words must stand together.
                    phraseMatch(term.text, lastIsPrefix: prefix, within: scratch.result, into: &scratch.any)
                    textWordIDs(term.text, prefix: prefix, into: &scratch.terms[matched])
                }
                let text = term.text
                for (number, tags) in personal where tags.contains(where: { $0.contains(text) }) {
                    scratch.terms[matched].tag(number)
                    scratch.any.insert(number)
                }
                scratch.result.formIntersection(scratch.any)
                matched += 1
            }
        }
        // The same speech never twice: a longer cut goes when its piece was found too (239 pairs
        // in the full library, a bit test each).
        for (cut, piece) in longerCutPairs where scratch.result.contains(cut) && scratch.result.contains(piece) {
            scratch.result.remove(cut)
        }
        let total = scratch.result.count
        guard total > 0 else { return (0, []) }

        let start = max(0, offset)
        let wanted = limit.map { max(0, $0) } ?? total
        var numbers: [Int] = []
        numbers.reserveCapacity(min(wanted, total))
        scratch.found.removeAll(keepingCapacity: true)
        scratch.result.appendMembers(to: &scratch.found)
        guard matched > 0 else {
            // No words: every speech scores alike, so the page is the bitset's walk, in sortTitle order.
            numbers.append(contentsOf: scratch.found.dropFirst(start).prefix(wanted))
            return (total, numbers)
        }
        var hasPhrase = false
        if prepared.terms.terms.count >= 2 {
            // The words of every term, in the query's order, as `textMatch` and `textWordIDs`
            // found them: reading the terms' words again, and looking each up again, was a sixth
            // of a search.
            scratch.phraseIDs.removeAll(keepingCapacity: true)
            for index in parsed.indices {
                for t in 0 ..< matched where scratch.terms[t].index == index { scratch.phraseIDs += scratch.terms[t].exact }
            }
            hasPhrase = phraseMembers(scratch.phraseIDs, typed: typing ? Self.lastWord(of: prepared.terms.terms) : nil,
                                      within: scratch.result, into: &scratch.phrase)
        }
        // Walking the bitset gives sortTitle order; tiers by score keep it within a score. A query
        // has a handful of distinct scores, so they are found by a look along a short list rather
        // than hashed once per speech found.
        scratch.scores.removeAll(keepingCapacity: true)
        scratch.tiers.removeAll(keepingCapacity: true)
        for i in scratch.found {
            var score = 0
            for t in 0 ..< matched { score += scratch.terms[t].weight(of: i) }
            if hasPhrase && scratch.phrase.contains(i) { score += 1000 }
            scratch.scores.append(score)
            if let b = scratch.tiers.firstIndex(where: { $0.score == score }) {
                scratch.tiers[b].count += 1
            } else {
                scratch.tiers.append((score, 1))
            }
        }
        scratch.tiers.sort { $0.score > $1.score }
        var skipped = 0
        outer: for (score, count) in scratch.tiers {
            if skipped + count <= start {
                skipped += count
                continue
            }
            // Only the tiers a page shows are gathered, and put in order within themselves.
            scratch.tier.removeAll(keepingCapacity: true)
            for (k, i) in scratch.found.enumerated() where scratch.scores[k] == score { scratch.tier.append(i) }
            if count > 1 { byRelevance(&scratch.tier, terms: scratch.terms[..<matched], slot: &scratch.slot, ranked: &scratch.ranked) }
            for i in scratch.tier[max(0, start - skipped)...] {
                if numbers.count >= wanted { break outer }
                numbers.append(i)
            }
            skipped = start
        }
        return (total, numbers)
    }

    private static func isPhrase(_ term: QueryTerms.Term) -> Bool {
        if case .phrase = term.kind { true } else { false }
    }

    /// The last word of `terms` when it has two letters or more: the word being typed, which
    /// stands for every word it starts.
    static func lastWord(of terms: [String]) -> String? {
        var last: String?
        for term in terms { WordTokenizer.forEachWord(in: term) { last = $0 } }
        return last.flatMap { $0.count >= 2 ? $0 : nil }
    }

    private func filterMembers(_ filter: MonologueFilter, personal: [(Int, [String])] = [], genders: [String: Gender] = [:],
                               into result: inout BitSet) {
        result.replaceMembers(with: everyMonologue)
        let empty = noMembers
        if let gender = filter.gender, gender != .any {
            var allowed = genderMembers[gender] ?? empty
            allowed.formUnion(genderMembers[.any] ?? empty)
            // The gender an actor gave a favourite is its gender for them.
            for (id, given) in genders {
                guard let i = numberByID[id] else { continue }
                if given == gender || given == .any { allowed.insert(i) } else { allowed.remove(i) }
            }
            result.formIntersection(allowed)
        }
        if let tone = filter.tone { result.formIntersection(toneMembers[tone] ?? empty) }
        if let length = filter.length { result.formIntersection(lengthMembers[length] ?? empty) }
        if let form = filter.form { result.formIntersection(formMembers[form] ?? empty) }
        if let play = filter.play { result.formIntersection(playMembers[play] ?? empty) }
        if let age = filter.age, age != .any {
            var allowed = ageMembers[age] ?? empty
            allowed.formUnion(ageMembers[.any] ?? empty)
            result.formIntersection(allowed)
        }
        if filter.fresh { result.subtract(oftenHeardMembers) }
        for tag in filter.tags.map(TextFolding.fold) {
            var tagged = tagMembers[tag] ?? empty
            for (number, tags) in personal where tags.contains(tag) { tagged.insert(number) }
            result.formIntersection(tagged)
        }
    }

    /// The substring fields a folded term (or quoted phrase) is found in, all added to `any`, and
    /// those of weight to the term's: the character (speaker); play and title (strong); tags
    /// (tagged). Gender and tone count as text.
    private func fieldMatch(_ text: String, into any: inout BitSet, term: inout TermScratch) {
        fieldValueIndex.forEachValue(containing: text) { k in
            let field = fieldValues[k]
            any.formUnion(field.members)
            switch field.weight {
            case 300...: term.addSpeaker(field.members)
            case 100..<300: term.addStrong(field.members)
            case 10..<100: term.addTagged(field.members)
            default: break
            }
        }
    }

    /// Monologues among `candidates` whose spoken text holds the phrase's words side by side and
    /// in order, each with the seed's endings, the last any word it starts when `lastIsPrefix`.
    private func phraseMatch(_ phrase: String, lastIsPrefix: Bool, within candidates: BitSet, into result: inout BitSet) {
        var words: [String] = []
        WordTokenizer.forEachWord(in: phrase) { words.append($0) }
        guard !words.isEmpty else { return }
        var positions: [WordIDSet] = []
        for (k, word) in words.enumerated() {
            var ids = formIDs(of: word)
            if lastIsPrefix && k == words.count - 1 && word.count >= 2 {
                ids += idsStarting(with: word)
            }
            guard !ids.isEmpty else { return }
            positions.append(WordIDSet(ids))
        }
        // Anchor on the position with the fewest occurrences; check the others at their offsets.
        let weights = positions.map { $0.ids.reduce(0) { $0 + occurrences[Int($1)].count } }
        let anchor = weights.indices.min { weights[$0] < weights[$1] }!
        func check(_ packed: UInt32) {
            let m = Int(packed >> 16), position = Int(packed & 0xFFFF)
            guard !result.contains(m) else { return }
            let start = position - anchor
            let text = tokens[m]
            guard start >= 0, start + positions.count <= text.count else { return }
            for k in positions.indices where k != anchor && !positions[k].contains(text[start + k]) { return }
            result.insert(m)
        }
        let few = candidates.count * 16 < weights[anchor]
        for id in positions[anchor].ids {
            let list = occurrences[Int(id)]
            if few {
                // Few speeches left and a common word: occurrences are sorted by speech, so find
                // each speech's run rather than walk them all.
                candidates.forEach { m in
                    Self.forEachOccurrence(in: list, of: m) { packed in check(packed) }
                }
            } else {
                for packed in list where candidates.contains(Int(packed >> 16)) { check(packed) }
            }
        }
    }

    /// Whole-word matches in text and notes, with the seed's endings. A term that is itself
    /// several words ("to-night") needs each of them.
    private func textMatch(_ term: String) -> BitSet {
        var result = BitSet(capacity: monologues.count)
        var words = TermScratch(capacity: 0)
        textMatch(term, into: &result, term: &words, prefix: false)
        return result
    }

    /// Adds `textMatch`'s speeches to `set`, and gives the term the ids of the text's words it
    /// stands for (what ranks within a tier) and of its words as they are (what finds them side
    /// by side). Each word is looked up once for all three.
    private func textMatch(_ text: String, into set: inout BitSet, term: inout TermScratch, prefix: Bool) {
        if WordTokenizer.isOneWord(text) {
            // Nearly every term: itself, its forms going straight into `set`.
            term.exact.append(addForms(of: text, typed: prefix && text.utf8.count >= 2, to: &set, ids: &term.ids))
            return
        }
        var words: [String] = []
        WordTokenizer.forEachWord(in: text) { words.append($0) }
        if words.count == 1 {
            term.exact.append(addForms(of: words[0], typed: prefix && words[0].count >= 2, to: &set, ids: &term.ids))
            return
        }
        var all: BitSet?
        for (index, word) in words.enumerated() {
            var forms = BitSet(capacity: monologues.count)
            term.exact.append(addForms(of: word, typed: prefix && index == words.count - 1 && word.count >= 2, to: &forms, ids: &term.ids))
            if all == nil { all = forms } else { all!.formIntersection(forms) }
        }
        if let all { set.formUnion(all) }
    }

    /// The speeches holding a word with the seed's endings, added to `set`, and the ids of those
    /// forms, or, for a word being typed, of every word it starts (at most 200, the commonest
    /// forms being the short ones that come first). Gives the word's own id in the text
    /// (`WordEntry.notInText` when the text has no such word), found by the same lookup.
    private func addForms(of word: String, typed: Bool, to set: inout BitSet, ids: inout [UInt32]) -> UInt32 {
        let range = forms[word]
        if let range {
            for place in formPlaces[range.start ..< range.start + range.count] {
                let entry = entries[Int(place)]
                entry.members.add(to: &set)
                if !typed, let id = entry.textID { ids.append(id) }
            }
        }
        if typed { ids += typedIDs(of: word) }
        return exactID(range)
    }

    /// The id in the text of the word whose forms are `range`, when the word itself is one of
    /// them (the first); `WordEntry.notInText` otherwise.
    @inline(__always)
    private func exactID(_ range: FormRange?) -> UInt32 {
        guard let range, range.exact else { return WordEntry.notInText }
        return entries[Int(formPlaces[range.start])].id
    }

    /// The ids `textMatch` gives, without the speeches: for a quoted phrase, whose speeches come
    /// from `phraseMatch`.
    private func textWordIDs(_ text: String, prefix: Bool, into term: inout TermScratch) {
        var words: [String] = []
        WordTokenizer.forEachWord(in: text) { words.append($0) }
        for (index, word) in words.enumerated() {
            let range = forms[word]
            term.exact.append(exactID(range))
            if prefix && index == words.count - 1 && word.count >= 2 {
                term.ids += typedIDs(of: word)
            } else if let range {
                for place in formPlaces[range.start ..< range.start + range.count] {
                    if let id = entries[Int(place)].textID { term.ids.append(id) }
                }
            }
        }
    }

    /// Text matches of a word being typed: every word of text and notes it is the start of (at
    /// least two letters, so "a" is not every word beginning with a).
    private func prefixMatch(_ term: String) -> BitSet {
        var result = BitSet(capacity: monologues.count)
        var words: [String] = []
        WordTokenizer.forEachWord(in: term) { words.append($0) }
        guard let last = words.last, last.count >= 2 else { return result }
        // Earlier words of a hyphenated term ("to-mor") must be there whole.
        var earlier = words.count > 1 ? textMatch(words.dropLast().joined(separator: " ")) : nil
        for k in wordsStarting(with: last) {
            entries[k].members.add(to: &result)
        }
        if earlier != nil {
            earlier!.formIntersection(result)
            return earlier!
        }
        return result
    }

    /// The words of text and notes that start with `prefix`, in order: a range of `sortedWords`
    /// (and `entries`).
    private func wordsStarting(with prefix: String) -> Range<Int> {
        var low = 0, high = sortedWords.count
        while low < high {
            let middle = (low + high) / 2
            if sortedWords[middle] < prefix { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < sortedWords.count, sortedWords[end].hasPrefix(prefix) { end += 1 }
        return low..<end
    }

    /// Puts one tier's members in order: those whose text holds the query's words more often and
    /// earlier first; a word in the first line counts most. Ties keep sortTitle order.
    ///
    /// A word's occurrences are sorted by speech, and so are the members: for a word far more
    /// common than the tier is large, each member's run is found by galloping on from the last
    /// one, and otherwise the occurrences are walked once. Written over raw buffers: with arrays
    /// and a closure that counted, exclusivity checks and retains were a third of a search.
    /// `slot` (a search's scratch, -1 for every speech on entry and on return) gives each member's
    /// place in `members` by number, filled only when some word is walked whole; `ranked` is scratch.
    private func byRelevance(_ members: inout [Int], terms: ArraySlice<TermScratch>, slot: inout [Int32],
                             ranked: inout [(relevance: Double, member: Int)]) {
        let n = members.count
        var slotted = false
        // Scratch on the stack: three arrays a tier cost as much in allocation as the counting.
        withUnsafeTemporaryAllocation(of: Double.self, capacity: n) { relevance in
            withUnsafeTemporaryAllocation(of: UInt16.self, capacity: 2 * n) { scratch in
                relevance.initialize(repeating: 0)
                let count = UnsafeMutableBufferPointer(rebasing: scratch[0 ..< n])
                let first = UnsafeMutableBufferPointer(rebasing: scratch[n ..< 2 * n])
                for term in terms where !term.ids.isEmpty {
                    count.initialize(repeating: 0)
                    first.initialize(repeating: .max)
                    for id in term.ids {
                        occurrences[Int(id)].withUnsafeBufferPointer { list in
                            if n * 16 < list.count {
                                var low = 0
                                for k in 0 ..< n {
                                    let m = members[k], key = UInt32(m) << 16
                                    // Every occurrence before `low` is of an earlier speech.
                                    var high = low, step = 1
                                    while high < list.count, list[high] < key {
                                        low = high + 1
                                        high = low + step
                                        step <<= 1
                                    }
                                    high = min(high, list.count)
                                    while low < high {
                                        let middle = (low + high) >> 1
                                        if list[middle] < key { low = middle + 1 } else { high = middle }
                                    }
                                    while low < list.count, Int(list[low] >> 16) == m {
                                        if count[k] < .max { count[k] += 1 }
                                        first[k] = min(first[k], UInt16(list[low] & 0xFFFF))
                                        low += 1
                                    }
                                }
                            } else {
                                if !slotted {
                                    for (k, m) in members.enumerated() { slot[m] = Int32(k) }
                                    slotted = true
                                }
                                slot.withUnsafeBufferPointer { slot in
                                    for packed in list {
                                        let k = Int(slot[Int(packed >> 16)])
                                        guard k >= 0 else { continue }
                                        if count[k] < .max { count[k] += 1 }
                                        first[k] = min(first[k], UInt16(packed & 0xFFFF))
                                    }
                                }
                            }
                        }
                    }
                    for k in 0 ..< n where count[k] > 0 {
                        relevance[k] += log2(1 + Double(count[k])) + 1 / (1 + Double(first[k]) / 20)
                            + (first[k] < firstLineWords[members[k]] ? 3 : 0)
                    }
                }
                ranked.removeAll(keepingCapacity: true)
                for k in 0 ..< n { ranked.append((relevance[k], members[k])) }
            }
        }
        if slotted { for m in members { slot[m] = -1 } }
        // Members are ascending, so the lower number is the earlier in sortTitle order.
        ranked.sort { a, b in a.relevance != b.relevance ? a.relevance > b.relevance : a.member < b.member }
        for k in 0 ..< n { members[k] = ranked[k].member }
    }

    /// Monologues among `candidates` whose text holds the query's words side by side, in order,
    /// put in `result`; false when the query's words cannot stand so (fewer than two, or one the
    /// text never has). `words`: each word's own id in the text, in the query's order
    /// (`WordEntry.notInText` for a word it lacks); `typed`: the last word, when it is being typed
    /// and so may be any word it starts ("is this a dag" is already the phrase).
    private func phraseMembers(_ words: [UInt32], typed: String?, within candidates: BitSet, into result: inout BitSet) -> Bool {
        guard words.count >= 2 else { return false }
        let ids = typed == nil ? words[...] : words.dropLast()
        guard !ids.contains(WordEntry.notInText) else { return false }
        var lastIDs: Set<UInt32>?
        if let typed {
            lastIDs = Set(typedIDs(of: typed))
            if lastIDs!.isEmpty { return false }
        }
        let length = ids.count + (lastIDs == nil ? 0 : 1)
        guard !ids.isEmpty, length >= 2 else { return false }
        // Anchor on the rarest whole word; check the others at their offsets.
        let anchor = ids.indices.min { occurrences[Int(ids[$0])].count < occurrences[Int(ids[$1])].count }!
        result.removeAll()
        let list = occurrences[Int(ids[anchor])]
        func check(_ packed: UInt32) {
            let m = Int(packed >> 16), position = Int(packed & 0xFFFF)
            guard !result.contains(m) else { return }
            let start = position - anchor
            let text = tokens[m]
            guard start >= 0, start + length <= text.count else { return }
            for j in ids.indices where text[start + j] != ids[j] { return }
            if let lastIDs, !lastIDs.contains(text[start + ids.count]) { return }
            result.insert(m)
        }
        let found = candidates.count
        if found * 16 < list.count {
            // Few speeches found and a common word: find each one's run of occurrences.
            candidates.forEach { m in
                Self.forEachOccurrence(in: list, of: m) { packed in check(packed) }
            }
        } else {
            for packed in list where candidates.contains(Int(packed >> 16)) { check(packed) }
        }
        return true
    }

    // MARK: - Related

    /// The monologues most like `id`, with reasons, no more than two of them by the same
    /// character and three from the same play; never a longer cut, nor, for a longer cut, its
    /// own piece (the page links it already). Nil when there is no such monologue.
    public func related(to id: String, count: Int = 5) -> [RelatedMonologue]? {
        guard let number = numberByID[id] else { return nil }
        let similarity = textSimilarity(to: number)
        let me = monologues[number]
        let myTags = Set(me.tags)
        let ownPiece = Int(pieceOfLongerCut[number])
        var scored: [RelatedMonologue] = []
        for (i, other) in monologues.enumerated() where i != number && i != ownPiece && listed.contains(i) {
            var score = 0.0
            var reasons: [String] = []
            if other.play == me.play && other.character == me.character {
                score += 4
                reasons.append("same character (\(me.character))")
            } else if other.play == me.play {
                score += 1.5
                reasons.append("same play")
            }
            let shared = other.tags.filter { myTags.contains($0) }
            if !shared.isEmpty {
                score += 1.5 * Double(shared.count)
                reasons.append("shared tags: \(shared.joined(separator: ", "))")
            }
            if let (value, words) = similarity[i], value > 0 {
                score += 12 * value
                if value >= 0.08 { reasons.append("similar words: \(words.joined(separator: ", "))") }
            }
            // An actor reading a woman's speech wants others she could play: a female role gets
            // female and either-gender roles first, a male role male and either.
            if me.gender != .any {
                if other.gender == me.gender || other.gender == .any {
                    score += 5
                    if other.character != me.character || other.play != me.play {
                        reasons.append(other.gender == .any ? "any gender" : "also a \(me.gender.rawValue) role")
                    }
                }
            }
            if other.tone == me.tone {
                score += 0.5
                if other.play != me.play { reasons.append("also a \(me.tone.rawValue)") }
            }
            if other.length == me.length {
                score += 0.5
                reasons.append("also \(me.length.rawValue)")
            }
            scored.append(RelatedMonologue(monologue: other, score: score, reasons: reasons))
        }
        // Monologues are in sortTitle order already, so a stable sort by score keeps it for ties.
        let best = scored.enumerated().sorted { a, b in
            a.element.score != b.element.score ? a.element.score > b.element.score : a.offset < b.offset
        }
        // An actor asking for something like this speech wants a choice, not five more of the
        // same role: at most two from the same character and three from the same play.
        var picked: [RelatedMonologue] = []
        var sameCharacter = 0, samePlay = 0
        for entry in best where picked.count < count {
            var r = entry.element
            let isSamePlay = r.monologue.play == me.play
            let isSameCharacter = isSamePlay && r.monologue.character == me.character
            if isSameCharacter && sameCharacter >= 2 { continue }
            if isSamePlay && samePlay >= 3 { continue }
            if isSameCharacter { sameCharacter += 1 }
            if isSamePlay { samePlay += 1 }
            r.score = (r.score * 1000).rounded() / 1000
            picked.append(r)
        }
        return picked
    }

    /// Cosine similarity of word counts weighted by rarity (tf-idf) against every other
    /// monologue, with the three shared words that weigh most. Words found in one monologue only
    /// or in more than a tenth of the library say little about likeness and are left out.
    private func textSimilarity(to number: Int) -> [Int: (Double, [String])] {
        var mine: [UInt32: Double] = [:]
        for id in tokens[number] where idf[Int(id)] > 0 { mine[id, default: 0] += 1 }
        guard norms[number] > 0 else { return [:] }
        var dots: [Int: Double] = [:]
        var contributions: [Int: [(UInt32, Double)]] = [:]
        for (id, tf) in mine {
            let weight = tf * idf[Int(id)] * idf[Int(id)]
            // Occurrences are grouped by monologue, so each run is one monologue's count.
            var runMonologue = -1, runCount = 0.0
            func flush() {
                guard runMonologue >= 0, runMonologue != number else { return }
                let contribution = weight * runCount
                dots[runMonologue, default: 0] += contribution
                contributions[runMonologue, default: []].append((id, contribution))
            }
            for packed in occurrences[Int(id)] {
                let m = Int(packed >> 16)
                if m != runMonologue {
                    flush()
                    runMonologue = m
                    runCount = 0
                }
                runCount += 1
            }
            flush()
        }
        var result: [Int: (Double, [String])] = [:]
        for (m, dot) in dots where norms[m] > 0 {
            let top = (contributions[m] ?? []).sorted { $0.1 > $1.1 }.prefix(3).map { words[Int($0.0)] }
            result[m] = (dot / (norms[number] * norms[m]), top)
        }
        return result
    }

    // MARK: - Summaries

    static func stats(of monologues: [Monologue], longerCuts: Int) -> LibraryStats {
        func counts<T: RawRepresentable>(_ key: (Monologue) -> T) -> [String: Int] where T.RawValue == String {
            var result: [String: Int] = [:]
            for m in monologues { result[key(m).rawValue, default: 0] += 1 }
            return result
        }
        return LibraryStats(count: monologues.count, longerCuts: longerCuts, plays: Set(monologues.map(\.play)).count,
                            byGender: counts(\.gender), byTone: counts(\.tone), byLength: counts(\.length))
    }

    static func tagCounts(of monologues: [Monologue]) -> [TagCount] {
        var counts: [String: Int] = [:]
        for m in monologues { for tag in m.tags { counts[tag, default: 0] += 1 } }
        return counts.map { TagCount(name: $0.key, count: $0.value) }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.name < $1.name }
    }
}

/// Where the forms of one word are in `MonologueLibrary.formPlaces`, and whether the word
/// itself is the first of them, in 32 bits: the dictionary holds one for each of 27,829 words
/// and stems, in room for 49,152.
struct FormRange: Sendable {
    private var packed: UInt32

    /// No forms yet, the first to be placed at `start` (below 2^28).
    init(start: Int) {
        precondition(start < 1 << 28, "more forms than a form range can place")
        packed = UInt32(start) << 4
    }

    var start: Int { Int(packed >> 4) }
    /// At most one form per ending, so below 8.
    var count: Int { Int(packed >> 1 & 7) }
    var exact: Bool { packed & 1 != 0 }

    /// One more form, after those before it; `exact`: the word itself, placed first.
    mutating func addForm(exact: Bool) {
        precondition(count < 7, "a word has one form per ending")
        packed += 2
        if exact { packed |= 1 }
    }
}

extension MonologueLibrary {
    /// Calls `body` with each occurrence in monologue `m` of a word whose occurrences are
    /// `list` (packed, sorted by monologue), found by binary search: for a common word and few
    /// speeches, far less than walking the whole list.
    @inline(__always)
    static func forEachOccurrence(in list: [UInt32], of m: Int, _ body: (UInt32) -> Void) {
        var low = 0, high = list.count
        let key = UInt32(m) << 16
        while low < high {
            let middle = (low + high) >> 1
            if list[middle] < key { low = middle + 1 } else { high = middle }
        }
        while low < list.count, Int(list[low] >> 16) == m {
            body(list[low])
            low += 1
        }
    }
}

/// What the index keeps of one word of text and notes.
struct WordEntry: Sendable {
    /// `textID` of a word found only in notes, or only as the "ed" reading of a "'d".
    static let notInText = UInt32.max
    let id: UInt32
    let members: WordMembers

    var textID: UInt32? { id == Self.notInText ? nil : id }
}

/// The speeches holding one word. Most words are in a few speeches and keep their numbers, 4
/// bytes each; a word in more than one speech in 32 keeps a bit per speech instead. A bit set
/// for every word took 10 of the 17 MiB the index held (2,607 speeches, 30,000 words).
enum WordMembers: Sendable {
    case few([Int32])
    case many(BitSet)

    init(_ members: [Int32], of count: Int) {
        if members.count * 32 < count {
            self = .few(members)
        } else {
            var set = BitSet(capacity: count)
            for i in members { set.insert(Int(i)) }
            self = .many(set)
        }
    }

    func add(to set: inout BitSet) {
        switch self {
        case .few(let members): set.insert(contentsOf: members)
        case .many(let members): set.formUnion(members)
        }
    }
}

/// What one search works in, sized for its library and kept for the next search rather than made
/// anew: the result, the set a term's matches gather in, each term's matches, the speeches found
/// and their scores and tiers. Made for every search, these arrays and sets were about a quarter of
/// the slowest guard query's time (perf, "Hamlet revenge blood"): a 10 KB array a tier ranked,
/// glibc's `malloc_consolidate` and a generic metadata lookup for every new array among them.
struct SearchScratch: Sendable {
    var result: BitSet
    var any: BitSet
    /// The speeches where the query's words stand together.
    var phrase: BitSet
    /// Per term, in the order the terms are matched; only the first terms of the query are in use.
    var terms: [TermScratch] = []
    /// The query's words' own ids, in its order.
    var phraseIDs: [UInt32] = []
    /// The speeches found, ascending, with the score of each.
    var found: [Int] = []
    var scores: [Int] = []
    /// Each distinct score, with how many speeches have it.
    var tiers: [(score: Int, count: Int)] = []
    /// One tier's members, as it is ranked.
    var tier: [Int] = []
    var ranked: [(relevance: Double, member: Int)] = []
    /// Per speech, -1 (`byRelevance` fills and clears it).
    var slot: [Int32]

    init(capacity: Int) {
        result = BitSet(capacity: capacity)
        any = BitSet(capacity: capacity)
        phrase = BitSet(capacity: capacity)
        slot = [Int32](repeating: -1, count: capacity)
    }
}

/// What one term of a search matched, in a search's scratch.
struct TermScratch: Sendable {
    /// Where the term stands in the query.
    var index = 0
    /// The speeches where the term is the speaking character, those where it is a play or title,
    /// and those where it is in a tag, which the score weighs; each in use only when its flag
    /// says so (most terms are none of them, and their sets are left as they were).
    private var speaker: BitSet
    private var hasSpeaker = false
    private var strong: BitSet
    private var hasStrong = false
    private var tagged: BitSet
    private var hasTagged = false
    /// The ids of the text's words the term stands for: what ranks within a tier.
    var ids: [UInt32] = []
    /// Each of the term's words' own id in the text (`WordEntry.notInText` when the text lacks
    /// it), in order: what finds the query's words side by side.
    var exact: [UInt32] = []

    init(capacity: Int) {
        speaker = BitSet(capacity: capacity)
        strong = BitSet(capacity: capacity)
        tagged = BitSet(capacity: capacity)
    }

    /// Ready for the term at `index` of a query.
    mutating func start(_ index: Int) {
        self.index = index
        hasSpeaker = false
        hasStrong = false
        hasTagged = false
        ids.removeAll(keepingCapacity: true)
        exact.removeAll(keepingCapacity: true)
    }

    mutating func addSpeaker(_ members: BitSet) {
        if hasSpeaker { speaker.formUnion(members) } else { speaker.replaceMembers(with: members) }
        hasSpeaker = true
    }

    mutating func addStrong(_ members: BitSet) {
        if hasStrong { strong.formUnion(members) } else { strong.replaceMembers(with: members) }
        hasStrong = true
    }

    mutating func addTagged(_ members: BitSet) {
        if hasTagged { tagged.formUnion(members) } else { tagged.replaceMembers(with: members) }
        hasTagged = true
    }

    /// Speech `number` has the term in a tag of the searcher's own.
    mutating func tag(_ number: Int) {
        if !hasTagged { tagged.removeAll() }
        hasTagged = true
        tagged.insert(number)
    }

    /// What the term adds to speech `i`'s score: 300 as its speaker, 100 as its play or title,
    /// 10 in a tag, 1 otherwise.
    @inline(__always)
    func weight(of i: Int) -> Int {
        hasSpeaker && speaker.contains(i) ? 300
            : hasStrong && strong.contains(i) ? 100 : (hasTagged && tagged.contains(i) ? 10 : 1)
    }
}

/// The scratch of the searches done, kept for the next ones. A library serves concurrent
/// requests, so each search takes a scratch of its own, and gives it back when done: two
/// uncontended lock round trips a search, against the dozen allocations they spare.
final class SearchScratchPool: Sendable {
    private let kept = Mutex<[SearchScratch]>([])
    private let capacity: Int
    /// Scratch kept at most: more searches at once than this make their own.
    static let keptLimit = 16

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// A scratch of the library's size for one search, to be given back by `keep` when it is done.
    func take() -> SearchScratch {
        kept.withLock { $0.popLast() } ?? SearchScratch(capacity: capacity)
    }

    /// Keeps `scratch` for a later search; it is moved out, not copied (a copy retains every one
    /// of its arrays).
    func keep(_ scratch: inout SearchScratch) {
        var moved: SearchScratch? = SearchScratch(capacity: 0)
        swap(&moved!, &scratch)
        kept.withLock { if $0.count < Self.keptLimit { $0.append(moved.take()!) } }
    }
}

/// The word ids a place in a phrase accepts: a word's forms (a handful) or the words a prefix
/// starts (up to hundreds). Asked once per occurrence of the phrase's rarest word, so a sorted
/// array read by a short scan or a binary search, not a hashed set: the quoted phrases spent
/// most of their time hashing.
struct WordIDSet {
    let ids: [UInt32]

    /// Sorted, each id once: sorted in place and the repeats stepped over, with no set hashed
    /// (a query's snippets make one per phrase word).
    init(_ ids: [UInt32]) {
        var ids = ids
        ids.sort()
        var kept = 0
        for i in ids.indices where kept == 0 || ids[kept - 1] != ids[i] {
            ids[kept] = ids[i]
            kept += 1
        }
        ids.removeLast(ids.count - kept)
        self.ids = ids
    }

    @inline(__always)
    func contains(_ id: UInt32) -> Bool {
        if ids.count <= 8 {
            for candidate in ids where candidate == id { return true }
            return false
        }
        var low = 0, high = ids.count
        while low < high {
            let middle = (low + high) / 2
            if ids[middle] < id { low = middle + 1 } else { high = middle }
        }
        return low < ids.count && ids[low] == id
    }
}
