import FolioCore
import Foundation
@testable import Monologues
import NIOCore
import Testing
@testable import FolioServer

/// The search answers kept per library snapshot, and the snippet JSON written by hand.
@Suite struct SearchAnswersTests {
    func body(_ size: Int) -> ByteBuffer { ByteBuffer(bytes: [UInt8](repeating: 0x61, count: size)) }

    @Test func answersStayWithinTheirBudgetAndTheLeastRecentlyUsedGoFirst() {
        let answers = SearchAnswers(byteBudget: 3_000)
        answers.keep(body(900), for: "q=a")
        answers.keep(body(900), for: "q=b")
        answers.keep(body(900), for: "q=c")
        #expect(answers.answer(for: "q=a")?.readableBytes == 900)
        // A fourth makes room by dropping the one used longest ago: b, since a was just read.
        answers.keep(body(900), for: "q=d")
        #expect(answers.answer(for: "q=b") == nil)
        #expect(answers.answer(for: "q=a") != nil && answers.answer(for: "q=c") != nil && answers.answer(for: "q=d") != nil)
        #expect(answers.bytesInUse <= 3_000)
        // Keeping the same query again replaces its answer, and one too large is never kept.
        answers.keep(body(100), for: "q=d")
        #expect(answers.answer(for: "q=d")?.readableBytes == 100)
        answers.keep(body(SearchAnswers.largestKept), for: "q=huge")
        #expect(answers.answer(for: "q=huge") == nil)
        #expect(answers.bytesInUse <= 3_000)
    }

    struct SnippetBody: Encodable {
        struct Match: Encodable { let start: Int; let length: Int }
        let text: String
        let matches: [Match]
    }

    @Test func aSnippetIsWrittenAsTheEncoderWritesIt() throws {
        let texts = ["plain", "a \"quoted\" back\\slash / slash", "tab\there\nnew line\r\u{1}\u{1F}\u{8}\u{C}", "é — ’ 🎭 <b>&</b>", ""]
        for text in texts {
            let snippet = Snippet(parts: [.init(text: "… " + text, isMatch: false), .init(text: "blood", isMatch: true), .init(text: text, isMatch: false)])
            var buffer = ByteBuffer()
            MonologueJSON.writeSnippet(snippet, to: &buffer)
            let encoded = try JSONEncoder.folio().encode(SnippetBody(text: snippet.text, matches: snippet.matches.map { .init(start: $0.start, length: $0.length) }))
            #expect(String(buffer: buffer) == String(decoding: encoded, as: UTF8.self), "\(text)")
        }
    }
}
