import FolioCore
import FolioStore
import Foundation
import HTTPTypes
import Hummingbird

/// Cookie names and lifetimes, in one place.
enum Cookies {
    static let session = "folio_session"
    static let csrf = "folio_csrf"
    static let options = "folio_options"
    static let sessionLifetime: TimeInterval = 30 * 86_400

    /// HttpOnly and SameSite=Lax: script cannot read it and other sites' forms do not send it.
    static func make(_ name: String, _ value: String, maxAge: Int?) -> Cookie {
        Cookie(name: name, value: value, maxAge: maxAge, path: "/", httpOnly: true, sameSite: .lax)
    }

    /// A random token for sessions and CSRF: 32 bytes from the system's secure generator, as hex.
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        // Hex by hand: every visitor without a cookie gets a token, and `String(format:)` made
        // that a noticeable share of a request.
        let digits = Array("0123456789abcdef".utf8)
        var hex = [UInt8]()
        hex.reserveCapacity(64)
        for _ in 0..<4 {
            var word: UInt64 = generator.next()
            for _ in 0..<16 {
                hex.append(digits[Int(word >> 60)])
                word <<= 4
            }
        }
        return String(decoding: hex, as: UTF8.self)
    }

    static func isWellFormedToken(_ value: String) -> Bool {
        value.utf8.count == 64 && value.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }
    }
}

/// Finds the account behind the session cookie and makes sure the browser holds a CSRF token.
///
/// A visitor without a session who reads the JSON API gets no token: a browser reaches the API
/// from a page, which has already set one, and a script reading the library has no form to
/// post. Minting one there put a Set-Cookie on every anonymous API answer (which also keeps
/// shared caches from storing it) and was a twentieth of the cost of a search request.
struct SessionMiddleware: RouterMiddleware {
    typealias Context = FolioRequestContext
    let accounts: AccountRepository

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        if let token = request.cookies[Cookies.session]?.value, Cookies.isWellFormedToken(token),
           let account = try await accounts.account(sessionToken: token) {
            context.account = account
            context.sessionToken = token
        }
        var newCSRF: String?
        if let token = request.cookies[Cookies.csrf]?.value, Cookies.isWellFormedToken(token) {
            context.csrfToken = token
        } else if context.account != nil || !request.uri.path.hasPrefix("/api/") {
            newCSRF = Cookies.randomToken()
            context.csrfToken = newCSRF!
        }
        var response = try await next(request, context)
        if let newCSRF { response.setCookie(Cookies.make(Cookies.csrf, newCSRF, maxAge: nil)) }
        return response
    }
}

/// Refuses any state-changing request whose CSRF token does not match the browser's cookie:
/// the hidden `csrfToken` field of a form, or the `X-CSRF-Token` header of the page's own API
/// calls. Another site can make a browser send its cookies, but cannot read them to copy the token.
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
        let expected = request.cookies[Cookies.csrf]?.value ?? ""
        var request = request
        var presented = request.headers[Self.header]
        if presented == nil, request.headers[.contentType]?.hasPrefix("application/x-www-form-urlencoded") == true {
            let body = try await request.collectBody(upTo: Self.maximumFormSize)
            presented = WebForm(body: body).value("csrfToken")
        }
        guard !expected.isEmpty, let presented, Self.constantTimeEqual(presented, expected) else {
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
