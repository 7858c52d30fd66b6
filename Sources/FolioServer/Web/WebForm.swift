import Foundation
import Hummingbird

/// Fields encoded as `application/x-www-form-urlencoded`: a POST form's body, or the query string
/// a GET form writes, where "+" stands for a space.
struct WebForm: Sendable {
    private var fields: [String: [String]] = [:]

    init(body: ByteBuffer) {
        self.init(string: String(buffer: body))
    }

    init(string: String) {
        for pair in string.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = Self.decode(parts[0])
            let value = parts.count > 1 ? Self.decode(parts[1]) : ""
            fields[name, default: []].append(value)
        }
    }

    /// Reads a form body; anything over `limit` bytes is refused as too large.
    static func read(_ request: Request, limit: Int = CSRFMiddleware.maximumFormSize) async throws -> WebForm {
        var request = request
        let body = try await request.collectBody(upTo: limit)
        return WebForm(body: body)
    }

    /// Percent-decoded; a malformed escape (or one that is not UTF-8) is kept as typed, so it
    /// is searched for as text rather than silently dropped.
    private static func decode(_ s: Substring) -> String {
        let spaced = String(s).replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
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
