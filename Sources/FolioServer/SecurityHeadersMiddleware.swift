import Foundation
import HTTPTypes
import Hummingbird

/// The headers every answer carries (pages, API, errors, static files), added by the first
/// middleware of the router so that even an error thrown before `ErrorMiddleware` has them.
///
/// The Content-Security-Policy fits the pages as they are: scripts and styles only from
/// `/public` (no inline script, no `style` attribute, no inline handler anywhere), fetches and
/// the Ghost rooms' WebSocket back to this server, and frames only from the characters' wiki,
/// which the Characters app shows in an iframe. No one may frame Folio itself. The service worker
/// (`/sw.js`) and the web app manifest come from this server only: named in directives of their
/// own, so that no later loosening of `script-src` or `default-src` loosens them unnoticed.
///
/// Behind an https public URL every cookie is marked `Secure`, so a browser never sends a
/// session over plain http (a link or a downgrade to http:// would otherwise carry it).
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    let fields: HTTPFields
    /// Whether people reach the server over https, so its cookies travel only that way.
    let secureCookies: Bool

    /// - Parameters:
    ///   - publicURL: where people reach the server; its WebSocket origin is allowed by name, as
    ///     `connect-src 'self'` covers `ws:`/`wss:` only in browsers that follow CSP level 3.
    ///   - wikiBase: the characters' wiki (or its mirror), whose origin may be framed.
    init(publicURL: String, wikiBase: String) {
        var connect = ["'self'"]
        if let origin = Self.origin(of: publicURL) {
            connect.append(origin.replacingOccurrences(of: "http", with: "ws", options: .anchored))
        }
        let frames = Self.origin(of: wikiBase).map { [$0] } ?? []
        secureCookies = Self.origin(of: publicURL)?.hasPrefix("https://") ?? false
        let policy = [
            "default-src 'self'",
            "script-src 'self'",
            "style-src 'self'",
            "img-src 'self'",
            "connect-src \(connect.joined(separator: " "))",
            "worker-src 'self'",
            "manifest-src 'self'",
            "frame-src \(frames.isEmpty ? "'none'" : frames.joined(separator: " "))",
            "frame-ancestors 'none'",
            "form-action 'self'",
            "base-uri 'none'",
            "object-src 'none'",
        ].joined(separator: "; ")
        fields = [
            .contentSecurityPolicy: policy,
            .xFrameOptions: "DENY",
            .xContentTypeOptions: "nosniff",
            .referrerPolicy: "same-origin",
        ]
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)
        }
        response.headers.append(contentsOf: fields)
        if secureCookies { Self.secure(&response.headers) }
        // Nothing is stored by a cache unless its route says it may be (static files, the
        // library's change feed, pages kept for reading offline: see OfflinePagesMiddleware):
        // answers about an account must never outlive the session.
        if response.headers[.cacheControl] == nil {
            response.headers[.cacheControl] = "no-store"
        }
        return response
    }

    /// Marks every cookie set `Secure`.
    static func secure(_ headers: inout HTTPFields) {
        let cookies = headers[values: .setCookie]
        guard !cookies.isEmpty else { return }
        headers[values: .setCookie] = cookies.map { cookie in
            cookie.split(separator: ";").contains { $0.trimmingCharacters(in: .whitespaces).lowercased() == "secure" } ? cookie : cookie + "; Secure"
        }
    }

    /// `scheme://host[:port]` of an absolute http(s) URL, or nil.
    static func origin(of url: String) -> String? {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty else { return nil }
        return "\(scheme)://\(host)" + (components.port.map { ":\($0)" } ?? "")
    }
}

extension HTTPField.Name {
    static let xFrameOptions = Self("X-Frame-Options")!
    static let referrerPolicy = Self("Referrer-Policy")!
}
