import FolioCore
import Testing
import Vocabulary

/// What a side of a pair says aloud, and in which voice.
@Suite struct UtteranceTests {
    @Test func eachSideHasItsVoiceAndIsSaidOnOneLine() throws {
        let pair = Pair(english: "  good\tmorning ", welsh: "Bore\nda")
        let welsh = try Utterance(pair: pair, side: .welsh)
        #expect(welsh.text == "Bore da" && welsh.voice == "cy")
        let english = try Utterance(pair: pair, side: .english)
        #expect(english.text == "good morning" && english.voice == "en-gb")
        #expect(Direction.englishToWelsh.promptSide == .english && Direction.englishToWelsh.answerSide == .welsh)
        #expect(Direction.welshToEnglish.promptSide == .welsh && Direction.welshToEnglish.answerSide == .english)
    }

    @Test func anEmptyOrOverlongSideOrAnUnknownOneIsRefused() throws {
        #expect(throws: SpeechError.nothingToSay(.welsh)) { try Utterance(pair: Pair(english: "dog", welsh: "  "), side: .welsh) }
        #expect(SpeechError.nothingToSay(.welsh).kind == .notFound)
        let long = String(repeating: "a", count: Utterance.maximumLength + 1)
        #expect(throws: SpeechError.tooLong(.english, length: 501, limit: 500)) { try Utterance(pair: Pair(english: long), side: .english) }
        #expect(throws: SpeechError.unknownSide("klingon")) { try Side.named("klingon") }
        #expect(throws: SpeechError.unknownSide("")) { try Side.named(nil) }
        #expect(SpeechError.unknownSide("klingon").message.contains("welsh or english"))
        #expect(SpeechError.unknownSide("").kind == .invalidInput)
        #expect(try Side.named("english") == .english)
    }
}
