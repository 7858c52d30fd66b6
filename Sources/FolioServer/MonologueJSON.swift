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

    /// A snippet as the API gives it: the text, and where each match stands in it (UTF-16 code
    /// units, a JavaScript string's indices).
    struct SnippetBody: Encodable {
        struct Match: Encodable { let start: Int; let length: Int }
        let text: String
        let matches: [Match]

        init(_ snippet: Snippet) {
            text = snippet.text
            matches = snippet.matches.map { Match(start: $0.start, length: $0.length) }
        }
    }

    /// `{"items": […], "total": …}` with each item's snippet, when it has one, as `"snippet"`.
    func searchResponse(total: Int, items: [(number: Int, snippet: Snippet?)]) throws -> Response {
        let encoder = JSONEncoder.folio()
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
            let body = try encoder.encode(SnippetBody(snippet))
            bytes.withUnsafeBytes { all in _ = buffer.writeBytes(UnsafeRawBufferPointer(rebasing: all[whole.lowerBound..<split])) }
            buffer.writeString(#","snippet":"#)
            buffer.writeBytes(body)
            bytes.withUnsafeBytes { all in _ = buffer.writeBytes(UnsafeRawBufferPointer(rebasing: all[split..<whole.upperBound])) }
        }
        buffer.writeString(#"],"total":\#(total)}"#)
        return Self.response(buffer)
    }

    /// `{"items": […], "total": …}` (keys in sorted order, as in every answer), the shape of a
    /// search response, for monologue numbers as `MonologueLibrary.searchNumbers` gives them.
    func searchResponse(total: Int, numbers: [Int]) -> Response {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(32 + numbers.reduce(0) { $0 + range(of: $1).count + 1 })
        buffer.writeString(#"{"items":["#)
        bytes.withUnsafeBytes { all in
            for (i, number) in numbers.enumerated() {
                if i > 0 { buffer.writeInteger(UInt8(ascii: ",")) }
                buffer.writeBytes(UnsafeRawBufferPointer(rebasing: all[range(of: number)]))
            }
        }
        buffer.writeString(#"],"total":\#(total)}"#)
        return Self.response(buffer)
    }

    /// One monologue by its number.
    func response(number: Int) -> Response {
        var buffer = ByteBuffer()
        bytes.withUnsafeBytes { all in
            _ = buffer.writeBytes(UnsafeRawBufferPointer(rebasing: all[range(of: number)]))
        }
        return Self.response(buffer)
    }

    private static func response(_ buffer: ByteBuffer) -> Response {
        Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: buffer))
    }
}
