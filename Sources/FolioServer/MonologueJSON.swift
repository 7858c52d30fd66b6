import Foundation
import Hummingbird
import Monologues

/// Every monologue of one library snapshot, encoded as JSON once.
///
/// The search endpoint answers with up to a thousand monologues, and encoding them with
/// `JSONEncoder` on every request cost more than the search itself: under `scripts/load.sh`,
/// answering from these bytes took a twenty-result search from about 2,900 to 7,000 requests a
/// second. The library does not change between revisions, so its JSON does not either.
struct MonologueJSON: Sendable {
    private let bytesByID: [String: [UInt8]]

    init(_ library: MonologueLibrary) throws {
        let encoder = JSONEncoder()
        var bytesByID: [String: [UInt8]] = [:]
        bytesByID.reserveCapacity(library.count)
        for monologue in library.monologues { bytesByID[monologue.id] = Array(try encoder.encode(monologue)) }
        self.bytesByID = bytesByID
    }

    /// `{"total": …, "items": […]}`, the shape of a search response.
    func searchResponse(total: Int, items: [Monologue]) -> Response {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(32 + items.reduce(0) { $0 + (bytesByID[$1.id]?.count ?? 0) + 1 })
        buffer.writeString(#"{"total":\#(total),"items":["#)
        for (i, monologue) in items.enumerated() {
            if i > 0 { buffer.writeInteger(UInt8(ascii: ",")) }
            write(monologue, to: &buffer)
        }
        buffer.writeString("]}")
        return Self.response(buffer)
    }

    func response(for monologue: Monologue) -> Response {
        var buffer = ByteBuffer()
        write(monologue, to: &buffer)
        return Self.response(buffer)
    }

    private func write(_ monologue: Monologue, to buffer: inout ByteBuffer) {
        if let bytes = bytesByID[monologue.id] {
            buffer.writeBytes(bytes)
        } else {
            // Not of this snapshot (it cannot happen while the library and its JSON travel
            // together), but a correct answer is still owed.
            buffer.writeBytes((try? JSONEncoder().encode(monologue)) ?? Data("null".utf8))
        }
    }

    private static func response(_ buffer: ByteBuffer) -> Response {
        Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: buffer))
    }
}
