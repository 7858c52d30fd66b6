import FolioCore
import Foundation
import Testing
@testable import Vocabulary

struct PairTests {
    // MARK: Validation

    @Test func validationTrimsAndNormalisesEveryField() throws {
        let pair = try Pair(english: "  the   man ", welsh: "\tgŵr\n", note: "  Plural: gwŷr.\r\nMasculine.  ",
                            type: " Noun ", tags: ["family,  people ", "FAMILY"]).validated()
        #expect(pair.english == "the man")
        #expect(pair.welsh == "gŵr")
        #expect(pair.note == "Plural: gwŷr.\nMasculine.")
        #expect(pair.type == "noun")
        #expect(pair.tags == ["Family", "People"])
    }

    @Test func tagsJoinExistingOnesWhateverTheirCase() throws {
        let pair = try Pair(welsh: "bara", tags: ["food", "new one"]).validated(existingTags: ["FOOD", "Drink"])
        #expect(pair.tags == ["FOOD", "New one"])
    }

    @Test func validatingTwiceChangesNothing() throws {
        let once = try Pair(english: " a  b ", welsh: "c", note: " x\r\ny ", type: "Verb", tags: ["q, r"]).validated()
        #expect(try once.validated() == once)
    }

    @Test func oneSideIsEnough() throws {
        #expect(try Pair(english: "husband").validated().welsh == "")
        #expect(try Pair(welsh: "gŵr").validated().english == "")
    }

    @Test func aPairNeedsOneSide() {
        #expect(throws: VocabularyError.invalidPair([.noSide])) {
            try Pair(english: "  ", welsh: "\n\t", note: "only a note").validated()
        }
    }

    /// NUL and the like are refused, not stored cut short: a word, a note or a type never holds
    /// one, and SQLite's text functions would stop at a NUL.
    @Test func controlCharactersAreRefusedButANoteKeepsItsLinesAndTabs() throws {
        let pair = Pair(english: "a\u{0}b", welsh: "ok", note: "line\u{7}", type: "noun\u{1B}")
        let error = try #require(throws: VocabularyError.self) { try pair.validated() }
        #expect(error == .invalidPair([.controlCharacter(.english), .controlCharacter(.note), .controlCharacter(.type)]))
        #expect(error.message.contains("The English holds a control character (such as NUL)"))
        let fine = try Pair(english: "a\tb", welsh: "c\r\nd", note: "one\n\ttwo").validated()
        #expect(fine.english == "a b" && fine.welsh == "c d" && fine.note == "one\n\ttwo")
    }

    @Test func tooLongFieldsAreAllReportedTogether() throws {
        let pair = Pair(english: String(repeating: "a", count: 501), welsh: "ok",
                        note: String(repeating: "n", count: 2_001), tags: (1...21).map { "Tag \($0)" })
        let error = try #require(throws: VocabularyError.self) { try pair.validated() }
        #expect(error == .invalidPair([.tooLong(.english, length: 501, limit: 500),
                                       .tooLong(.note, length: 2_001, limit: 2_000),
                                       .tooManyTags(count: 21, limit: 20)]))
        #expect(error.message.contains("The English is 501 characters long; the limit is 500."))
        #expect(error.message.contains("There are 21 tags; the limit is 20. Remove 1."))
        #expect(error.kind == .invalidInput)
        #expect(error.code == "invalid_pair")
    }

    @Test func limitsAreInclusive() throws {
        let pair = Pair(english: String(repeating: "a", count: 500), welsh: String(repeating: "ŵ", count: 500),
                        note: String(repeating: "n", count: 2_000), tags: (1...20).map { "Tag \($0)" })
        #expect(throws: Never.self) { try pair.validated() }
    }

    @Test func emptyPairMessageSaysWhatToDo() {
        #expect(VocabularyError.invalidPair([.noSide]).message == "Fill in the English, the Welsh or both.")
    }

    // MARK: Search

    @Test func searchIgnoresAccents() {
        #expect(Pair.matches(Pair(english: "husband", welsh: "gŵr"), query: "gwr"))
    }

    @Test func searchIgnoresCaseBothWays() {
        #expect(Pair.matches(Pair(english: "husband", welsh: "Gŵr"), query: "GŴR"))
        #expect(Pair.matches(Pair(english: "husband", welsh: "gwr"), query: "gŵr"))
    }

    @Test func searchMatchesSubstringsOfEitherSide() {
        let pair = Pair(english: "wife", welsh: "gwraig")
        #expect(Pair.matches(pair, query: "wrai"))
        #expect(Pair.matches(pair, query: "IF"))
        #expect(!Pair.matches(pair, query: "husband"))
    }

    @Test func searchLooksOnlyAtEnglishAndWelsh() {
        let pair = Pair(english: "man", welsh: "dyn", note: "also gŵr", type: "noun", tags: ["People"])
        #expect(!Pair.matches(pair, query: "gwr"))
        #expect(!Pair.matches(pair, query: "people"))
    }

    @Test func anEmptyQueryMatchesEverything() {
        #expect(Pair.matches(Pair(welsh: "tŷ"), query: "  "))
    }

    @Test func searchFindsPhrasesWithSpacesCollapsed() {
        #expect(Pair.matches(Pair(english: "good morning", welsh: "bore da"), query: "bore   da"))
    }

    // MARK: Coding

    @Test func decodingFillsMissingFields() throws {
        let pair = try JSONDecoder().decode(Pair.self, from: Data(#"{"welsh": "gŵr"}"#.utf8))
        #expect(pair == Pair(welsh: "gŵr"))
        #expect(pair.id == nil)
    }

    @Test func encodingRoundTrips() throws {
        let pair = Pair(id: PairID(7), english: "house", welsh: "tŷ", note: "masculine", type: "noun", tags: ["Home"])
        #expect(try JSONDecoder().decode(Pair.self, from: JSONEncoder().encode(pair)) == pair)
    }

    // MARK: Direction

    @Test func directionsPromptAndAnswerOppositeSides() {
        let pair = Pair(english: "house", welsh: "tŷ")
        #expect(Direction.englishToWelsh.prompt(for: pair) == "house")
        #expect(Direction.englishToWelsh.answer(for: pair) == "tŷ")
        #expect(Direction.welshToEnglish.prompt(for: pair) == "tŷ")
        #expect(Direction.welshToEnglish.answer(for: pair) == "house")
        #expect(Direction.welshToEnglish.title == "Welsh → English")
    }

    @Test func onlyPairsWithBothSidesAreRevisable() {
        for direction in Direction.allCases {
            #expect(direction.isRevisable(Pair(english: "house", welsh: "tŷ")))
            #expect(!direction.isRevisable(Pair(english: "house")))
            #expect(!direction.isRevisable(Pair(english: "house", welsh: "  ")))
            #expect(!direction.isRevisable(Pair(welsh: "tŷ")))
        }
    }

    @Test func directionsAreStoredByName() throws {
        #expect(try JSONEncoder().encode([Direction.englishToWelsh]) == Data(#"["englishToWelsh"]"#.utf8))
        #expect(Direction(rawValue: "welshToEnglish") == .welshToEnglish)
    }
}
