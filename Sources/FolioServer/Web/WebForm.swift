import Foundation
import Hummingbird

/// Fields encoded as `application/x-www-form-urlencoded`: a POST form's body, or the query string
/// a GET form writes, where "+" stands for a space.
struct WebForm: Sendable {
    private var fields: [String: [String]] = [:]

    init(body: ByteBuffer) {
        self.init(string: String(buffer: body))
    }

    /// Over the string's bytes: every search request reads its query this way, and splitting it
    /// into substrings cost as much as a fifth of the search itself.
    init(string: String) {
        var string = string
        var fields: [String: [String]] = [:]
        string.withUTF8 { bytes in
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "&") { end += 1 }
                if end > start {
                    var equals = start
                    while equals < end, bytes[equals] != UInt8(ascii: "=") { equals += 1 }
                    let name = Self.decode(UnsafeBufferPointer(rebasing: bytes[start..<equals]))
                    let value = equals < end ? Self.decode(UnsafeBufferPointer(rebasing: bytes[(equals + 1)..<end])) : ""
                    fields[name, default: []].append(value)
                }
                start = end + 1
            }
        }
        self.fields = fields
    }

    /// Reads a form body; anything over `limit` bytes is refused as too large.
    static func read(_ request: Request, limit: Int = CSRFMiddleware.maximumFormSize) async throws -> WebForm {
        var request = request
        let body = try await request.collectBody(upTo: limit)
        return WebForm(body: body)
    }

    /// Percent-decoded; a malformed escape (or one that is not UTF-8) is kept as typed, so it
    /// is searched for as text rather than silently dropped. By hand over the bytes: Foundation's
    /// `removingPercentEncoding` and `replacingOccurrences` were an eighth of a search request.
    private static func decode(_ typed: UnsafeBufferPointer<UInt8>) -> String {
        guard typed.contains(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "%") }) else {
            return String(decoding: typed, as: UTF8.self)
        }
        let spaced = typed.map { $0 == UInt8(ascii: "+") ? UInt8(ascii: " ") : $0 }
        var bytes = [UInt8]()
        bytes.reserveCapacity(spaced.count)
        var i = 0
        while i < spaced.count {
            if spaced[i] == UInt8(ascii: "%") {
                guard i + 2 < spaced.count, let high = hexValue(spaced[i + 1]), let low = hexValue(spaced[i + 2]) else {
                    return String(decoding: spaced, as: UTF8.self)
                }
                bytes.append(high << 4 | low)
                i += 3
            } else {
                bytes.append(spaced[i])
                i += 1
            }
        }
        return String(validating: bytes, as: UTF8.self) ?? String(decoding: spaced, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The query string of a request, read as a browser's GET form writes it ("+" is a space).
    init(query request: Request) {
        self.init(string: request.uri.query ?? "")
    }

    func value(_ name: String) -> String? { fields[name]?.first }

    /// Alias of `value` matching the query-parameter API the controllers also use.
    func get(_ name: String) -> String? { value(name) }

    func values(_ name: String) -> [String] { fields[name] ?? [] }

    func getAll(_ name: String) -> [String] { values(name) }

    /// A field that must be present, for the handler to refuse a tampered form clearly.
    func string(_ name: String) -> String { value(name) ?? "" }
}
