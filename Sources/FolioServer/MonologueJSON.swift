import FolioApp
import FolioCore
import Foundation
import Hummingbird
import Monologues

/// Every monologue of one library snapshot, encoded as JSON once.
///
/// The search endpoint answers with up to a thousand monologues, and encoding them with
/// `JSONEncoder` on every request cost more than the search itself: under `scripts/load.sh`,
/// answering from these bytes took a twenty-result search from about 2,900 to 7,000 requests a
/// second. The library does not change between revisions, so its JSON does not either. The
/// encodings sit back to back in one array, in the library's order, so an answer is a copy of a
/// few slices found by position: no lookup by id and no copy of the monologues themselves.
struct MonologueJSON: Sendable {
    private let bytes: [UInt8]
    /// Monologue number `i`'s JSON is `bytes[offsets[i]..<offsets[i + 1]]`.
    private let offsets: [Int]

    /// Where each encoding's `,"sortTitle":` begins: a search answer puts the item's snippet
    /// just before it, where the sorted keys want it, without decoding anything.
    private let snippetAt: [Int]

    /// Search answers given lately from this snapshot.
    let answers = SearchAnswers()

    init(_ library: MonologueLibrary) throws {
        let encoder = JSONEncoder.folio()
        var bytes: [UInt8] = []
        var offsets = [0]
        var snippetAt: [Int] = []
        offsets.reserveCapacity(library.count + 1)
        let marker = Array(#","sortTitle":"#.utf8)
        for monologue in library.monologues {
            let encoded = try encoder.encode(MonologueEntry(monologue, in: library))
            // A quote inside a string value is escaped, so the first match is the key itself.
            let at = Array(encoded).firstRange(of: marker)?.lowerBound ?? (encoded.count - 1)
            snippetAt.append(bytes.count + at)
            bytes.append(contentsOf: encoded)
            offsets.append(bytes.count)
        }
        self.bytes = bytes
        self.offsets = offsets
        self.snippetAt = snippetAt
    }

    private func range(of number: Int) -> Range<Int> {
        offsets[number]..<offsets[number + 1]
    }

    /// A snippet as the API gives it, `{"matches": [{"length", "start"}…], "text"}` (offsets in
    /// UTF-16 code units, a JavaScript string's indices), as `JSONEncoder.folio()` would write it
    /// (sorted keys, slashes as they are), written straight into the answer: encoding each
    /// snippet on its own took an encoder, a `Data` and a copy a result.
    static func writeSnippet(_ snippet: Snippet, to buffer: inout ByteBuffer) {
        buffer.writeString(#"{"matches":["#)
        for (k, match) in snippet.matches.enumerated() {
            buffer.writeString(k == 0 ? #"{"length":"# : #",{"length":"#)
            buffer.writeString(String(match.length))
            buffer.writeString(#","start":"#)
            buffer.writeString(String(match.start))
            buffer.writeInteger(UInt8(ascii: "}"))
        }
        buffer.writeString(#"],"text":""#)
        for part in snippet.parts { writeEscaped(part.text, to: &buffer, quoted: false) }
        buffer.writeString(#""}"#)
    }

    /// A JSON string's content as Foundation escapes it: quote, backslash and control characters.
    static func writeEscaped(_ text: String, to buffer: inout ByteBuffer, quoted: Bool = true) {
        if quoted { buffer.writeInteger(UInt8(ascii: "\"")) }
        var text = text
        text.withUTF8 { bytes in
            var from = 0
            for (i, b) in bytes.enumerated() where b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") {
                buffer.writeBytes(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[from..<i]))
                switch b {
                case UInt8(ascii: "\""): buffer.writeString(#"\""#)
                case UInt8(ascii: "\\"): buffer.writeString(#"\\"#)
                case 0x0A: buffer.writeString(#"\n"#)
                case 0x0D: buffer.writeString(#"\r"#)
                case 0x09: buffer.writeString(#"\t"#)
                case 0x08: buffer.writeString(#"\b"#)
                case 0x0C: buffer.writeString(#"\f"#)
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    buffer.writeString(#"\u00"#)
                    buffer.writeInteger(hex[Int(b >> 4)])
                    buffer.writeInteger(hex[Int(b & 15)])
                }
                from = i + 1
            }
            buffer.writeBytes(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[from...]))
        }
        if quoted { buffer.writeInteger(UInt8(ascii: "\"")) }
    }

    /// `{"items": […], "total": …}` with each item's snippet, when it has one, as `"snippet"`:
    /// the bytes of a search answer, to give and to keep.
    func searchBody(total: Int, items: [(number: Int, snippet: Snippet?)]) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(32 + items.reduce(0) { $0 + range(of: $1.number).count + 1 + ($1.snippet == nil ? 0 : 400) })
        buffer.writeString(#"{"items":["#)
        for (i, item) in items.enumerated() {
            if i > 0 { buffer.writeInteger(UInt8(ascii: ",")) }
            let whole = range(of: item.number)
            guard let snippet = item.snippet else {
                bytes.withUnsafeBytes { all in _ = buffer.writeBytes(UnsafeRawBufferPointer(rebasing: all[whole])) }
                continue
            }
            let split = snippetAt[item.number]
            bytes.withUnsafeBytes { all in _ = buffer.writeBytes(UnsafeRawBufferPointer(rebasing: all[whole.lowerBound..<split])) }
            buffer.writeString(#","snippet":"#)
            Self.writeSnippet(snippet, to: &buffer)
            bytes.withUnsafeBytes { all in _ = buffer.writeBytes(UnsafeRawBufferPointer(rebasing: all[split..<whole.upperBound])) }
        }
        buffer.writeString(#"],"total":\#(total)}"#)
        return buffer
    }

    /// One monologue by its number.
    func response(number: Int) -> Response {
        var buffer = ByteBuffer()
        bytes.withUnsafeBytes { all in
            _ = buffer.writeBytes(UnsafeRawBufferPointer(rebasing: all[range(of: number)]))
        }
        return Self.response(body: buffer)
    }

    static func response(body buffer: ByteBuffer) -> Response {
        Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: buffer))
    }
}
