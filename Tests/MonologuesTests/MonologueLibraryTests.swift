import FolioTestSupport
import Testing
@testable import Monologues

@Suite struct MonologueSearchTests {
    let library = MonologueLibrary([
        LibraryFixture.monologue("button", number: 1, text: "I shall undo this button on my doublet."),
        LibraryFixture.monologue("butt", number: 2, text: "Here is my journey's end, here is my butt."),
        LibraryFixture.monologue("revenged", play: "Othello", character: "Iago", text: "I will be revenged upon the Moor.",
                                 tags: ["villain", "planning"]),
        LibraryFixture.monologue("revenging", play: "Othello", number: 2, character: "Iago", text: "Revenging and plotting all the night.",
                                 tags: ["villain", "planning"]),
        LibraryFixture.monologue("elided", play: "Macbeth", character: "Macbeth", text: "He shall be reveng'd for this.",
                                 tags: ["ruler", "threatening"]),
        LibraryFixture.monologue("juliet", play: "Romeo and Juliet", character: "Juliet", gender: .female, seconds: 30,
                                 text: "Come, gentle night; give me my Romeo.", tags: ["lover", "wooing"]),
        LibraryFixture.monologue("witch", play: "Macbeth", number: 2, character: "First Witch", gender: .any, seconds: 200,
                                 text: "Fair is foul and foul is fair.", tags: ["supernatural", "threatening"]),
        LibraryFixture.monologue("tobe", play: "Hamlet", number: 3, text: "To be, or not to be: that is the question."),
        LibraryFixture.monologue("notobe", play: "All's Well", character: "Helena", gender: .female, genre: .problems,
                                 text: "Not to be loved, or to be, is all one.", tags: ["lover", "lamenting"]),
        LibraryFixture.monologue("tempest", play: "The Tempest", character: "Prospero", genre: .romances,
                                 text: "Our revels now are ended.", tags: ["ruler", "reflecting"]),
    ])

    func ids(_ query: String, _ filter: MonologueFilter = MonologueFilter()) -> [String] {
        library.search(query, filter: filter).items.map(\.id)
    }

    @Test func wholeWordsInTextSoButtIsNotButton() {
        #expect(ids("butt") == ["butt"])
        #expect(ids("button") == ["button"])
    }

    @Test func textWordsAllowTheSeedsEndings() {
        #expect(Set(ids("revenge")) == ["revenged", "elided"])
        #expect(ids("revenging") == ["revenging"])
        #expect(Set(ids("reveng")) == ["revenging", "revenged", "elided"])
    }

    @Test func everyTermMustMatchSomeField() {
        #expect(ids("Iago revenged") == ["revenged"])
        #expect(ids("Juliet revenge").isEmpty)
        #expect(ids("othello, planning") == ["revenged", "revenging"])
    }

    @Test func substringFieldsIgnoreCaseAndDiacritics() {
        #expect(ids("JULI") == ["juliet"])
        #expect(ids("wîtch") == ["witch"])
        #expect(ids("supernat") == ["witch"])
        #expect(Set(ids("tempes")) == ["tempest"])
    }

    @Test func rankingPutsCharacterAbovePlainText() {
        // "romeo" is Juliet's play (strong) and nowhere else; "night" is text in two.
        let results = ids("night")
        #expect(Set(results) == ["juliet", "revenging"])
        #expect(ids("iago")[0] == "revenged")
        // A play or character hit outranks a text hit, whatever the titles say.
        let mixed = MonologueLibrary([
            LibraryFixture.monologue("a", play: "As You Like It", character: "Rosalind", text: "Hamlet was a prince.", tags: ["lover", "x"]),
            LibraryFixture.monologue("z", play: "Hamlet", number: 9, text: "Words, words, words.", tags: ["noble", "y"]),
        ])
        #expect(mixed.search("hamlet").items.map(\.id) == ["z", "a"])
    }

    @Test func toneAndGenderSubstringsMatchButRankLikeText() {
        let mixed = MonologueLibrary([
            LibraryFixture.monologue("history", play: "Richard II", character: "Gaunt", genre: .histories, text: "This royal throne of kings."),
            LibraryFixture.monologue("comedy", play: "As You Like It", character: "Jaques", genre: .comedies, text: "All the world's a stage, to be sure."),
        ])
        // "to" is inside "history": it matches, as in the seed, but does not outrank a real word.
        #expect(mixed.search("to").items.map(\.id) == ["comedy", "history"])
    }

    @Test func aPhraseMatchComesFirst() {
        #expect(ids("to be or not to be").first == "tobe")
        #expect(Set(ids("to be or not to be")) == ["tobe", "notobe"])
    }

    @Test func genderFilterIncludesAnyRoles() {
        #expect(Set(ids("", MonologueFilter(gender: .female))) == ["juliet", "witch", "notobe"])
        #expect(!ids("", MonologueFilter(gender: .male)).contains("juliet"))
        #expect(ids("", MonologueFilter(gender: .male)).contains("witch"))
        #expect(ids("", MonologueFilter(gender: .any)).count == 10)
    }

    @Test func toneLengthAndTagFiltersCombine() {
        #expect(ids("", MonologueFilter(tone: .comedy)) == ["notobe", "tempest"])
        #expect(ids("", MonologueFilter(length: .short)) == ["juliet"])
        #expect(ids("", MonologueFilter(length: .long)) == ["witch"])
        #expect(Set(ids("", MonologueFilter(tags: ["villain", "planning"]))) == ["revenged", "revenging"])
        #expect(ids("moor", MonologueFilter(tags: ["villain"])) == ["revenged"])
        #expect(ids("", MonologueFilter(tags: ["no-such-tag"])).isEmpty)
    }

    @Test func pagingKeepsTheTotal() {
        let all = library.search("")
        #expect(all.total == 10)
        let page = library.search("", limit: 3, offset: 4)
        #expect(page.total == 10)
        #expect(page.items.map(\.id) == Array(all.items[4..<7]).map(\.id))
        #expect(library.search("", limit: 3, offset: 100).items.isEmpty)
    }

    @Test func emptyQueryListsInSortTitleOrder() {
        let titles = library.search("").items.map(\.sortTitle)
        #expect(titles == titles.sorted())
        #expect(titles.contains("Tempest, The 01"))
    }

    @Test func filterValuesAreValidated() throws {
        #expect(try MonologueFilter.parse(gender: "Female", tone: nil, length: "", tags: [" Villain "]) ==
                MonologueFilter(gender: .female, tags: ["villain"]))
        #expect(throws: MonologueError.unknownFilterValue(field: "tone", value: "farce", allowed: ["comedy", "tragedy", "history"])) {
            try MonologueFilter.parse(gender: nil, tone: "farce", length: nil)
        }
        let error = try #require(throws: MonologueError.self) { try MonologueFilter.parse(gender: "boy", tone: nil, length: nil) }
        #expect(error.message.contains("male, female, any"))
        #expect(error.kind == .invalidInput)
    }

    @Test func relatedGivesReasonsAndNeverItself() throws {
        let related = try #require(library.related(to: "revenged"))
        #expect(related.count == 5)
        #expect(!related.map(\.monologue.id).contains("revenged"))
        #expect(related[0].monologue.id == "revenging")
        #expect(related[0].reasons.contains("same character (Iago)"))
        #expect(related[0].reasons.contains { $0.hasPrefix("shared tags: villain, planning") })
        #expect(library.related(to: "nope") == nil)
    }

    @Test func statsAndTagsCount() {
        let stats = library.stats
        #expect(stats.count == 10)
        #expect(stats.plays == 6)
        #expect(stats.byGender == ["male": 7, "female": 2, "any": 1])
        #expect(stats.byLength["long"] == 1)
        let tags = library.tags
        #expect(tags.first == TagCount(name: "lamenting", count: 4))
        #expect(tags.first { $0.name == "villain" }?.count == 2)
    }
}
