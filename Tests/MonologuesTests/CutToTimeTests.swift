import Monologues
import Testing

@Suite struct CutToTimeTests {
    /// As the library weighs words: the commonest nothing, the rarer more. "dagger" (said twice)
    /// and "blood" are the key words when two are kept.
    static func weight(_ word: String) -> Double {
        ["dagger": 3, "blood": 3, "handle": 1, "hand": 0.5, "clutch": 1.5, "fatal": 1, "vision": 1.2, "sensible": 1,
         "feeling": 1, "business": 1][word] ?? 0
    }

    static func plan(_ target: Int, weight: (String) -> Double = weight) -> CutToTime.Plan {
        CutToTime.plan(text: speech, target: target, wordsPerMinute: 60, keyWordCount: 2, weight: weight)
    }

    // 10 words a line at 60 words a minute: each line is 10 s.
    static let speech = [
        "Is this a dagger which I see before me now?",     // 0 first: kept
        "The handle toward my hand and come let me go.",    // 1 a sentence with no key word
        "Come let me clutch the dagger while I still can.", // 2 key word
        "I have thee not and yet I see thee still,",        // 3 } one sentence, no key word
        "Art thou not fatal vision sensible to feeling?",   // 4 }
        "[Exit]",                                           // 5 a direction: not spoken
        "/",                                                // 6 a beat
        "There's no such thing: it is the bloody business", // 7 ends a clause at ':'? no: ends "business"
        "Which informs thus to mine eyes now blood and gold.", // 8 key word, and last: kept
    ].joined(separator: "\n")

    @Test func cutsWholeSentencesWithoutKeyWordsNeverTheFirstOrLastLine() {
        let plan = Self.plan(50)
        #expect(plan.keyWords == ["dagger", "blood"])
        #expect(plan.seconds == 67)
        // Lines 3–4 (one sentence) or line 1: the proposals never include 0, 2, 8 or a part of a sentence.
        let proposed = plan.proposals.flatMap(\.lines)
        #expect(!proposed.contains(0) && !proposed.contains(8) && !proposed.contains(2))
        #expect(plan.proposals.allSatisfy { $0.lines != [3] && $0.lines != [4] })
        // The direction after the sentence goes with it: never left with nothing to refer to.
        #expect(plan.proposals.map(\.lines).contains([3, 4, 5]))
        #expect(plan.proposals.map(\.lines) == plan.proposals.map(\.lines).sorted { $0[0] < $1[0] })
        #expect(plan.secondsAfter == plan.seconds - plan.proposals.reduce(0) { $0 + $1.seconds })
    }

    @Test func stopsOnceItFitsAndSaysWhenItCannot() {
        let fits = Self.plan(80)
        #expect(fits.proposals.isEmpty && fits.fits && fits.secondsAfter == 67)
        let near = Self.plan(65)
        #expect(near.proposals.count == 1 && near.fits)
        let impossible = Self.plan(10)
        #expect(!impossible.fits && !impossible.proposals.isEmpty)
        #expect(impossible.proposals.flatMap(\.lines).allSatisfy { ![0, 2, 8].contains($0) })
        // Whole sentences cannot make ten seconds: the stretch that fits and says most instead,
        // "Come let me clutch the dagger…" (a key word, and the most telling words).
        let stretch = impossible.excerpt
        #expect(stretch != nil)
        #expect(stretch?.first == 2 && stretch?.last == 2 && stretch?.seconds == 10)
        #expect(stretch?.cut == [0, 1, 3, 4, 5, 7, 8])
        #expect(fits.excerpt == nil && near.excerpt == nil)
    }

    /// Juliet's potion speech: "[Laying down her dagger]" stayed when the line before it went,
    /// and "Come, vial." went though the next sentence leans on it.
    @Test func aDirectionGoesWithItsLineAndAShortAddressStays() {
        let text = [
            "Farewell! God knows when we shall meet again.",
            "Come, vial.",
            "What if this mixture do not work at all?",
            "Shall I be married then tomorrow morning?",
            "No, no: this shall forbid it: lie thou there.",
            "[Laying down her dagger]",
            "Romeo, I come! this do I drink to thee.",
        ].joined(separator: "\n")
        let plan = CutToTime.plan(text: text, target: 10, wordsPerMinute: 60, keyWordCount: 1) { $0 == "romeo" ? 5 : 1 }
        let cut = plan.proposals.map(\.lines)
        #expect(!cut.flatMap { $0 }.contains(1), "\(cut)")
        #expect(cut.contains([4, 5]) && !cut.contains([4]), "\(cut)")
    }

    @Test func theSentenceThatSaysLeastGoesFirst() {
        // Line 1 says least per word (1.5 over 10 words, against 4.2 over 18) and goes first;
        // when its "handle" is telling, the sentence of lines 3–4 goes instead.
        let plain = Self.plan(65)
        #expect(plain.proposals.map(\.lines) == [[1]])
        let telling = Self.plan(65) { word in word == "handle" ? 3 : Self.weight(word) }
        #expect(telling.proposals.map(\.lines) == [[3, 4, 5]])
    }
}
