import Testing
@testable import Ghost

/// A player's word list: checked and normalised like Debian's, with what was left out counted.
@Suite struct WordListUploadTests {
    @Test func wordsAreLoweredFoldedSortedAndKeptOnce() throws {
        let long = String(repeating: "ab", count: 17)
        let upload = try WordListUpload(name: "  Café words ", text: "Café\r\nnaïve\n\nzebra\ncafe\nhello world\nx-ray\n42\nZEBRA\n\(long)\n")
        #expect(upload.name == "Café words")
        #expect(upload.text == "cafe\nnaive\nzebra")
        #expect(upload.wordCount == 3 && upload.dropped == 4 && upload.repeated == 2)
        #expect(WordListUpload.infixBound(of: upload.text) == 10 + 15 + 15)
        // The kept text reads as a list like any other.
        let words = try WordList(text: upload.text, minimumLength: 4)
        #expect(words.isWord("naive") && words.wordCount == 3)
    }

    @Test func badListsAreRefusedWithWhatToDo() {
        #expect(throws: GhostError.invalidWordListName("")) { try WordListUpload(name: "  ", text: "word") }
        #expect(throws: GhostError.emptyWordList) { try WordListUpload(name: "x", text: "ab\n12\n") }
        let big = String(repeating: "a", count: WordListUpload.maximumBytes + 1)
        #expect(throws: GhostError.wordListTooLarge(bytes: WordListUpload.maximumBytes, words: WordListUpload.maximumWords)) {
            try WordListUpload(name: "x", text: big)
        }
        let many = (0..<(WordListUpload.maximumWords + 1)).map { _ in "ab" }.joined(separator: "\n")
        #expect(throws: GhostError.wordListTooLarge(bytes: WordListUpload.maximumBytes, words: WordListUpload.maximumWords)) {
            try WordListUpload(name: "x", text: many)
        }
    }
}
