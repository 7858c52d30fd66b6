import FolioApp
import FolioDigest
import FolioCore
import FolioStore
import Foundation
import HTTPTypes
import Hummingbird

/// Cookie names and lifetimes, in one place.
enum Cookies {
    static let session = "folio_session"
    /// A copy of the CSRF token for API clients to read; the server never trusts it.
    static let csrf = "folio_csrf"
    /// A random id for a browser without a session, which its CSRF token is derived from.
    static let visitor = "folio_visitor"
    static let options = "folio_options"
    static let sessionLifetime: TimeInterval = 30 * 86_400

    /// HttpOnly and SameSite=Lax: script cannot read it and other sites' forms do not send it.
    static func make(_ name: String, _ value: String, maxAge: Int?) -> Cookie {
        Cookie(name: name, value: value, maxAge: maxAge, path: "/", httpOnly: true, sameSite: .lax)
    }

    /// A random token for sessions and CSRF: 32 bytes from the system's secure generator, as hex.
    static func randomToken() -> String {
        RandomHex.make(words: 4)
    }

    static func isWellFormedToken(_ value: String) -> Bool {
        value.utf8.count == 64 && value.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }
    }
}

/// CSRF tokens derived from the server's secret and the browser's session: HMAC-SHA256 of the
/// session token, or, before a log-in, of a random visitor id kept in its own cookie.
///
/// A token is checked against what the server derives, never merely against a cookie: a site on
/// a sibling subdomain can plant cookies for this host, and with "cookie equals field" it could
/// plant a token of its choosing and post it. It cannot plant a session without signing the
/// victim into an account of its own, and cannot derive a token without the secret. A new
/// session (log-in, password change) or a new visitor id (log-out) is a new token.
struct CSRFTokens: Sendable {
    let key: [UInt8]

    /// A key of its own, for a router built without a database's secret (tests of the routes alone).
    init(key: [UInt8] = CSRFTokens.randomKey()) {
        self.key = key
    }

    /// 256 random bits, from the system's secure generator.
    static func randomKey() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    /// The installation's key, shared by every server instance over the same database.
    static func load(from database: any AccountStore) async throws -> CSRFTokens {
        CSRFTokens(key: Array(try await database.serverSecret(named: "csrf")))
    }

    func token(session: String) -> String { derive("session\u{0}" + session) }

    func token(visitor: String) -> String { derive("visitor\u{0}" + visitor) }

    private func derive(_ message: String) -> String {
        Digest.hex(Digest.hmacSHA256(Array(message.utf8), key: key))
    }

    /// The cookies that start a session: the session's own, its CSRF token, and the end of the
    /// visitor id it replaces.
    func sessionCookies(token: String) -> [Cookie] {
        [Cookies.make(Cookies.session, token, maxAge: Int(Cookies.sessionLifetime)),
         Cookies.make(Cookies.csrf, self.token(session: token), maxAge: nil),
         Cookies.make(Cookies.visitor, "", maxAge: 0)]
    }

    /// The cookies that end one: a new visitor id, so the token used while logged in is dead too.
    func visitorCookies() -> [Cookie] {
        let visitor = Cookies.randomToken()
        return [Cookies.make(Cookies.session, "", maxAge: 0), Cookies.make(Cookies.visitor, visitor, maxAge: nil),
                Cookies.make(Cookies.csrf, token(visitor: visitor), maxAge: nil)]
    }
}

/// Finds the account behind the session cookie and derives the browser's CSRF token.
///
/// A visitor without a session who reads the JSON API gets no token: a browser reaches the API
/// from a page, which has already set one, and a script reading the library has no form to
/// post. Minting one there put a Set-Cookie on every anonymous API answer (which also keeps
/// shared caches from storing it) and was a twentieth of the cost of a search request.
struct SessionMiddleware: RouterMiddleware {
    typealias Context = FolioRequestContext
    let accounts: any AccountStore
    let csrf: CSRFTokens
    /// True for the pages, which give a new visitor an id for its CSRF token; false for the API.
    let mintsVisitorIDs: Bool
    /// True for the pages, whose error pages are drawn outside this middleware: an error is
    /// passed out as `InSession`, with who was signed in, so that a signed-in visitor's error
    /// page says so rather than offering to log in.
    var errorsCarrySession = false

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        if let token = request.cookies[Cookies.session]?.value, Cookies.isWellFormedToken(token),
           let account = try await accounts.account(sessionToken: token, now: Date()) {
            context.account = account
            context.sessionToken = token
        }
        var cookies: [Cookie] = []
        if let session = context.sessionToken {
            context.csrfToken = csrf.token(session: session)
        } else if let visitor = request.cookies[Cookies.visitor]?.value, Cookies.isWellFormedToken(visitor) {
            context.csrfToken = csrf.token(visitor: visitor)
        } else if mintsVisitorIDs {
            let visitor = Cookies.randomToken()
            cookies.append(Cookies.make(Cookies.visitor, visitor, maxAge: nil))
            context.csrfToken = csrf.token(visitor: visitor)
        }
        if !context.csrfToken.isEmpty, request.cookies[Cookies.csrf]?.value != context.csrfToken {
            cookies.append(Cookies.make(Cookies.csrf, context.csrfToken, maxAge: nil))
        }
        var response: Response
        do {
            response = try await next(request, context)
        } catch where errorsCarrySession && !(error is any HTTPResponseError) {
            // The router's own errors (an unknown path) pass as they are: the public files are
            // served on its 404, outside this middleware.
            throw InSession(error: error, account: context.account, csrfToken: context.csrfToken, cookies: cookies)
        }
        // A handler that starts or ends a session sets these itself, and its values win.
        let set = response.headers[values: .setCookie]
        for cookie in cookies where !set.contains(where: { $0.hasPrefix(cookie.name + "=") }) {
            response.setCookie(cookie)
        }
        return response
    }
}

/// Refuses any state-changing request that does not present the token derived from the browser's
/// session (or visitor id): the hidden `csrfToken` field of a form, or the `X-CSRF-Token` header
/// of the page's own API calls. Another site can make a browser send its cookies, but cannot read
/// the token, and a cookie it plants is not what the token is checked against.
struct CSRFMiddleware: RouterMiddleware {
    typealias Context = FolioRequestContext
    static let header = HTTPField.Name("X-CSRF-Token")!
    /// Forms are small; anything larger is not a form of ours.
    static let maximumFormSize = 256 * 1024

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        switch request.method {
        case .get, .head, .options:
            return try await next(request, context)
        default:
            break
        }
        let expected = context.csrfToken
        var request = request
        var presented = request.headers[Self.header]
        if presented == nil, request.headers[.contentType]?.hasPrefix("application/x-www-form-urlencoded") == true {
            let body = try await request.collectBody(upTo: Self.maximumFormSize)
            presented = WebForm(body: body).value("csrfToken")
        }
        guard !expected.isEmpty, let presented, Self.constantTimeEqual(presented, expected) else {
            // A log-out from a page of a session that has already ended (another tab logged out)
            // carries that session's token: there is nothing left to end, and nothing another site
            // could do with it, so it goes where a log-out goes rather than to a 403 page under
            // "You are logged out".
            if context.account == nil, request.uri.path == SiteRoute.logout.path() {
                return Response.redirect(to: SiteRoute.monologues.path(), type: .normal)
            }
            throw AccountError.csrfMismatch
        }
        return try await next(request, context)
    }

    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for i in x.indices { difference |= x[i] ^ y[i] }
        return difference == 0
    }
}

/// An error from a page's handler, with the session it was made in (see
/// `SessionMiddleware.errorsCarrySession`); `PageErrorMiddleware` unwraps it.
struct InSession: Error {
    let error: any Error
    let account: Account?
    let csrfToken: String
    /// What the session would have set on the page: a new visitor's id, so the error page's forms work.
    let cookies: [Cookie]
}
