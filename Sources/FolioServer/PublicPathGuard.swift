import Foundation
import Hummingbird

/// Keeps odd names away from the static files under `/public`: a NUL, a control character, a
/// backslash, a `.` or `..` segment or an encoded slash is "not found", before the file middleware
/// sees it (which would answer 400 for `..` and could read `app.css%00.png` as `app.css`).
/// Every name in `Resources/public` is plain, so nothing real is refused.
struct PublicPathGuard<Context: RequestContext>: RouterMiddleware {
    static var prefix: String { "/public/" }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let raw = request.uri.path
        if raw.hasPrefix(Self.prefix), !Self.isPlainName(raw) {
            throw HTTPError(.notFound)
        }
        return try await next(request, context)
    }

    /// True when `path` (as sent, percent-encoded) names a file by ordinary segments only.
    static func isPlainName(_ path: String) -> Bool {
        let lowered = path.lowercased()
        guard !lowered.contains("%2f"), !lowered.contains("%5c"), let decoded = path.removingPercentEncoding else { return false }
        if decoded.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || $0 == "\\" }) { return false }
        return !decoded.split(separator: "/", omittingEmptySubsequences: false).dropFirst().contains { $0 == "." || $0 == ".." }
    }
}
