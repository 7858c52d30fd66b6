import FolioCore
import Foundation
import Hummingbird
import Logging

/// What an error means to a client: a status, a stable code, a message that says what to do, and
/// any headers it needs (`Retry-After`). Both faces answer from it, each in its own form. Anything
/// unexpected is logged here and becomes a 500 that leaks nothing.
struct Failure {
    var status: HTTPResponse.Status
    var code: String
    var message: String
    var headers: HTTPFields = [:]
    /// Set for a Folio error: the page face sends an unauthorized visitor to log in instead.
    var folioError: (any FolioError)?

    init(_ error: any Error, request: Request, logger: Logger) {
        switch error {
        case let error as any FolioError:
            status = ErrorMiddleware.status(for: error.kind)
            code = error.code
            message = error.message
            folioError = error
            if case AccountError.tooManyAttempts(let seconds) = error { headers[.retryAfter] = String(seconds) }
            // Busy work passes in about a second (see WorkGate).
            if error.kind == .busy { headers[.retryAfter] = String(WorkGate.retryAfterSeconds) }
        case let error as HTTPError:
            status = error.status
            code = error.status == .notFound ? "not_found" : "http_\(error.status.code)"
            message = error.body ?? (error.status == .notFound
                ? "Nothing at \(request.method) \(request.uri.path)."
                : error.status.reasonPhrase)
            headers = error.headers
        case let error as any HTTPResponseError:
            status = error.status
            code = "http_\(error.status.code)"
            message = error.status.reasonPhrase
        default:
            logger.error("Unhandled error on \(request.method) \(request.uri.path): \(error)")
            status = .internalServerError
            code = "internal_error"
            message = "Something went wrong on the server. It has been logged."
        }
    }
}

/// The API router's errors, unknown paths included: `{"error": {"code": …, "message": …}}`.
struct APIErrorMiddleware: RouterMiddleware {
    typealias Context = FolioRequestContext
    let logger: Logger

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            let failure = Failure(error, request: request, logger: logger)
            var response = ErrorMiddleware.json(status: failure.status, code: failure.code, message: failure.message)
            response.headers.append(contentsOf: failure.headers)
            return response
        }
    }
}

/// The pages router's errors, unknown paths included: the error page, or the log-in page when the
/// visitor needs an account.
struct PageErrorMiddleware: RouterMiddleware {
    typealias Context = FolioRequestContext
    let logger: Logger
    let pages: PageRenderer

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            // Drawn for whoever was signed in when it went wrong.
            var context = context, error = error, cookies: [Cookie] = []
            if let inSession = error as? InSession {
                error = inSession.error
                context.account = inSession.account
                context.csrfToken = inSession.csrfToken
                cookies = inSession.cookies
            }
            let failure = Failure(error, request: request, logger: logger)
            if let error = failure.folioError, error.kind == .unauthorized,
               request.method == .get || error.code == AccountError.notLoggedIn.code {
                let back = request.method == .get ? request.uri.description : SiteRoute.monologues.path()
                return .redirect(to: SiteRoute.loginForm.path(query: ["next": back]), type: .normal)
            }
            let app = Self.app(of: request)
            let page = ErrorPage(status: failure.status.code, heading: ErrorMiddleware.heading(failure.status),
                                 message: Self.message(for: failure, error: error, app: app), app: app.map(ErrorPage.Way.init))
            var response = (try? pages.render("error", title: page.heading, tab: app, model: [page], context: context, status: failure.status))
                ?? ErrorMiddleware.json(status: failure.status, code: failure.code, message: failure.message)
            response.headers.append(contentsOf: failure.headers)
            for cookie in cookies { response.setCookie(cookie) }
            return response
        }
    }

    /// The app the visitor was in: the one whose address this is, else the one of the page the
    /// link was followed from (a mistyped link inside Plots leads back to Plots).
    static func app(of request: Request) -> Tab? {
        if let tab = Tab(path: request.uri.path) { return tab }
        guard let referer = request.headers[.referer], let url = URLComponents(string: referer),
              url.host == nil || url.host == request.head.authority?.split(separator: ":").first.map(String.init) else { return nil }
        return Tab(path: url.path)
    }

    /// What the page says. A route that does not exist gets plain words instead of the API's
    /// "Nothing at GET /path.", which means nothing to someone who followed a link.
    static func message(for failure: Failure, error: any Error, app: Tab?) -> String {
        guard failure.status == .notFound, let error = error as? HTTPError, error.body == nil else { return failure.message }
        return app.map { "There is no page at this address in \($0.inSentence). The link may be mistyped or out of date." }
            ?? "There is no page at this address. The link may be mistyped or out of date."
    }
}

/// How Folio's errors map to HTTP, shared by both faces.
enum ErrorMiddleware {
    static func heading(_ status: HTTPResponse.Status) -> String {
        switch status.code {
        case 404: "Nothing here"
        case 403: "Not allowed"
        case 429: "Slow down"
        case 400..<500: "That did not work"
        default: "Something went wrong"
        }
    }

    static func status(for kind: FolioErrorKind) -> HTTPResponse.Status {
        switch kind {
        case .invalidInput: .badRequest
        case .notFound: .notFound
        case .missingData: .serviceUnavailable
        case .unauthorized: .unauthorized
        case .conflict: .conflict
        case .forbidden: .forbidden
        case .rateLimited: .tooManyRequests
        case .busy: .serviceUnavailable
        }
    }

    static func json(status: HTTPResponse.Status, code: String, message: String) -> Response {
        let data = (try? JSONEncoder.folio().encode(ErrorBody(error: .init(code: code, message: message)))) ?? Data("{}".utf8)
        return Response(status: status, headers: [.contentType: "application/json; charset=utf-8"],
                        body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

/// `{"error": {"code": …, "message": …}}`, the body of every API error response.
struct ErrorBody: Codable, Sendable {
    struct Detail: Codable, Sendable {
        let code: String
        let message: String
    }

    let error: Detail
}

/// What an error page says: the status, a heading in words, what to do, and the way back to
/// the app the visitor was in (Folio's first page when there was none).
struct ErrorPage: Encodable {
    struct Way: Encodable {
        let name: String
        let href: String

        init(_ tab: Tab) {
            name = tab.inSentence
            href = tab.href
        }
    }

    let status: Int
    let heading: String
    let message: String
    let app: Way?
}
