import Foundation
import Hummingbird

/// An `application/x-www-form-urlencoded` body, as browsers send forms.
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

    private static func decode(_ s: Substring) -> String {
        String(s).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? ""
    }

    func value(_ name: String) -> String? { fields[name]?.first }

    func values(_ name: String) -> [String] { fields[name] ?? [] }

    /// A field that must be present, for the handler to refuse a tampered form clearly.
    func string(_ name: String) -> String { value(name) ?? "" }
}
