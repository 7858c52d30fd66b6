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

    init(_ library: MonologueLibrary) throws {
        let encoder = JSONEncoder.folio()
        var bytes: [UInt8] = []
        var offsets = [0]
        offsets.reserveCapacity(library.count + 1)
        for monologue in library.monologues {
            bytes.append(contentsOf: try encoder.encode(monologue))
            offsets.append(bytes.count)
        }
        self.bytes = bytes
        self.offsets = offsets
    }

    private func range(of number: Int) -> Range<Int> {
        offsets[number]..<offsets[number + 1]
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
