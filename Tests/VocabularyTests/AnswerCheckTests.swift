import Testing
@testable import Vocabulary

struct AnswerCheckTests {
    private func verdict(_ typed: String, _ expected: String) -> Verdict {
        AnswerCheck.check(typed, against: expected).verdict
    }

    // MARK: Right

    @Test func exactAnswerIsRight() {
        let result = AnswerCheck.check("gŵr", against: "gŵr")
        #expect(result.verdict == .right)
        #expect(result.expected == "gŵr")
        #expect(result.matched == "gŵr")
        #expect(result.difference == nil)
    }

    @Test func caseAndSpacesDoNotMatter() {
        #expect(verdict("  Bore   DA ", "bore da") == .right)
        #expect(verdict("bore da", "Bore Da") == .right)
        #expect(verdict("GŴR", "gŵr") == .right)
    }

    @Test func aFinalFullStopOrMarkDoesNotMatter() {
        #expect(verdict("Bore da", "Bore da!") == .right)
        #expect(verdict("thank you.", "thank you") == .right)
    }

    @Test func curlyAndStraightApostrophesAreTheSame() {
        #expect(verdict("i’w", "i'w") == .right)
        #expect(verdict("i'w", "i’w") == .right)
    }

    @Test func composedAndDecomposedAccentsAreTheSame() {
        #expect(verdict("gw\u{0302}r", "g\u{0175}r") == .right)
    }

    // MARK: Alternatives

    @Test func eitherAlternativeIsRight() {
        #expect(verdict("car", "car / automobile") == .right)
        let result = AnswerCheck.check("Automobile ", against: "car / automobile")
        #expect(result.verdict == .right)
        #expect(result.matched == "automobile")
        #expect(result.expected == "car / automobile")
    }

    @Test func alternativesWithoutSpacesAroundTheSlash() {
        #expect(verdict("automobile", "car/automobile") == .right)
        #expect(verdict("car/automobile", "car/automobile") == .right)
    }

    @Test func aSlashInsideAPhraseOffersOnlyThatWord() {
        #expect(verdict("to her", "to his/her/their") == .right)
        #expect(verdict("to their", "to his/her/their") == .right)
        #expect(verdict("her", "to his/her/their") == .wrong)
        #expect(verdict("which are", "which is/are") == .right)
    }

    @Test func theWholeAnswerIsAlsoAccepted() {
        #expect(verdict("car / automobile", "car / automobile") == .right)
    }

    @Test func partOfAnAlternativeIsWrong() {
        #expect(verdict("auto", "car / automobile") == .wrong)
        #expect(verdict("car automobile", "car / automobile") == .wrong)
    }

    // MARK: Optional words

    @Test func optionalWordsMayBeLeftOut() {
        #expect(verdict("run", "(to) run") == .right)
        #expect(verdict("to run", "(to) run") == .right)
        #expect(verdict("(to) run", "(to) run") == .right)
        #expect(verdict("to", "(to) run") == .wrong)
    }

    @Test func optionalWordsAtTheEnd() {
        #expect(verdict("mynd", "mynd (i)") == .right)
        #expect(verdict("mynd i", "mynd (i)") == .right)
        #expect(AnswerCheck.check("mynd", against: "mynd (i)").matched == "mynd")
    }

    @Test func optionalLettersInsideAWord() {
        #expect(verdict("or", "(n)or") == .right)
        #expect(verdict("nor", "(n)or") == .right)
    }

    @Test func optionalWordsInsideAlternatives() {
        #expect(verdict("go", "(to) go / mynd (i)") == .right)
        #expect(verdict("mynd", "(to) go / mynd (i)") == .right)
        #expect(verdict("to go", "(to) go / (to) leave") == .right)
        #expect(verdict("leave", "(to) go / (to) leave") == .right)
    }

    @Test func severalOptionalGroups() {
        #expect(verdict("intermediate", "(the) intermediate (in education)") == .right)
        #expect(verdict("the intermediate in education", "(the) intermediate (in education)") == .right)
    }

    @Test func commasInParenthesesAreNotAlternatives() {
        #expect(verdict("breaks", "breaks (page, line, etc)") == .right)
        #expect(verdict("line", "breaks (page, line, etc)") == .wrong)
    }

    @Test func anUnclosedParenthesisRunsToTheEnd() {
        #expect(verdict("round", "round (of drinks, golf") == .right)
    }

    @Test func slashesInsideParenthesesAreAlternativesThere() {
        #expect(verdict("as", "as (mor/cyn ... â)") == .right)
    }

    // MARK: Almost

    @Test func missingCircumflexIsAlmostWithTheLetterShown() throws {
        let result = AnswerCheck.check("gwr", against: "gŵr")
        #expect(result.verdict == .almost)
        #expect(result.matched == "gŵr")
        let difference = try #require(result.difference)
        #expect(difference.letters == [.init(typed: "w", expected: "ŵ")])
        #expect(difference.marked == "g[ŵ]r")
        #expect(difference.parts == [.init(text: "g", differs: false), .init(text: "ŵ", differs: true),
                                     .init(text: "r", differs: false)])
        #expect(difference.summary == "ŵ, not w")
    }

    @Test func everyDifferingLetterIsListed() throws {
        let difference = try #require(AnswerCheck.check("ty bach y gwr", against: "tŷ bach y gŵr").difference)
        #expect(difference.letters == [.init(typed: "y", expected: "ŷ"), .init(typed: "w", expected: "ŵ")])
        #expect(difference.marked == "t[ŷ] bach y g[ŵ]r")
    }

    @Test func anAccentTooManyIsAlsoAlmost() throws {
        let result = AnswerCheck.check("gŵraig", against: "gwraig")
        #expect(result.verdict == .almost)
        #expect(result.difference?.letters == [.init(typed: "ŵ", expected: "w")])
    }

    @Test func otherWelshAndForeignAccentsAreAlmost() {
        for (typed, expected) in [("sinemau", "sinemâu"), ("copiau", "copïau"), ("cafe", "café"),
                                  ("ffenestr", "ffênestr"), ("mas", "màs")] {
            #expect(verdict(typed, expected) == .almost, "\(typed) for \(expected)")
        }
    }

    @Test func almostKeepsTheExpectedCase() throws {
        let difference = try #require(AnswerCheck.check("treth ar werth", against: "Trêth Ar Werth").difference)
        #expect(difference.marked == "Tr[ê]th Ar Werth")
        #expect(difference.letters == [.init(typed: "e", expected: "ê")])
    }

    @Test func almostWorksWithAlternativesAndOptionalWords() {
        #expect(verdict("ty", "cartref / tŷ") == .almost)
        #expect(AnswerCheck.check("mynd i'r ty", against: "mynd (i'r tŷ)").difference?.marked == "mynd i'r t[ŷ]")
    }

    @Test func rightBeatsAlmost() {
        #expect(verdict("gwr", "gŵr / gwr") == .right)
    }

    @Test func lettersTypedAsTwoAreMarkedAsOneStretch() throws {
        let result = AnswerCheck.check("aesthetic", against: "æsthetic")
        #expect(result.verdict == .almost)
        #expect(result.difference?.letters == [.init(typed: "ae", expected: "æ")])
        #expect(result.difference?.marked == "[æ]sthetic")
    }

    // MARK: Wrong

    @Test func aDifferentWordIsWrong() {
        let result = AnswerCheck.check("dyn", against: "gŵr")
        #expect(result.verdict == .wrong)
        #expect(result.expected == "gŵr")
        #expect(result.matched == nil)
        #expect(result.difference == nil)
    }

    @Test func aMisspellingBeyondAccentsIsWrong() {
        #expect(verdict("gwir", "gŵr") == .wrong)
        #expect(verdict("gŵrr", "gŵr") == .wrong)
    }

    @Test func anEmptyAnswerIsWrong() {
        #expect(verdict("", "gŵr") == .wrong)
        #expect(verdict("   ", "gŵr") == .wrong)
    }

    @Test func nothingIsRightAgainstAnEmptyAnswer() {
        #expect(verdict("", "") == .wrong)
        #expect(verdict("gŵr", " ") == .wrong)
    }

    @Test func hugeOptionalAnswersStayBounded() {
        let expected = (1...20).map { "(w\($0))" }.joined(separator: " ") + " end"
        #expect(AnswerCheck.acceptedForms(of: expected).count <= AnswerCheck.maximumForms + 2)
        #expect(verdict("end", expected) == .right)
    }

    // MARK: Typing aid

    @Test func caretAfterAVowelAddsACircumflex() {
        #expect(AnswerCheck.typingAid("gw^r") == "gŵr")
        #expect(AnswerCheck.typingAid("ty^") == "tŷ")
        #expect(AnswerCheck.typingAid("a^e^i^o^u^w^y^") == "âêîôûŵŷ")
        #expect(AnswerCheck.typingAid("A^E^I^O^U^W^Y^") == "ÂÊÎÔÛŴŶ")
    }

    @Test func otherCaretsAreLeftAlone() {
        #expect(AnswerCheck.typingAid("x^2") == "x^2")
        #expect(AnswerCheck.typingAid("^w") == "^w")
        #expect(AnswerCheck.typingAid("w^^") == "ŵ^")
        #expect(AnswerCheck.typingAid("") == "")
        #expect(AnswerCheck.typingAid("gŵr") == "gŵr")
    }

    @Test func typedWithTheAidTheAnswerIsRight() {
        #expect(verdict(AnswerCheck.typingAid("Gw^r"), "gŵr") == .right)
    }

    // MARK: Rating

    @Test func verdictsProposeFSRSRatings() {
        #expect(AnswerCheck.proposedRating(for: .wrong) == 1)
        #expect(AnswerCheck.proposedRating(for: .almost) == 2)
        #expect(AnswerCheck.proposedRating(for: .right) == 3)
        #expect(Rating(rawValue: AnswerCheck.proposedRating(for: .wrong)) == .again)
        #expect(Rating(rawValue: AnswerCheck.proposedRating(for: .almost)) == .hard)
        #expect(Rating(rawValue: AnswerCheck.proposedRating(for: .right)) == .good)
    }
}
