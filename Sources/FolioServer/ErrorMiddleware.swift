import FolioCore
import Foundation
import Hummingbird
import Logging

/// The one place where errors become responses. Every module's `FolioError` maps to a status by
/// its kind. The API answers `{"error": {"code": …, "message": …}}`; pages answer the error page,
/// or the log-in page when the visitor needs an account. Anything unexpected is logged and
/// answered with a 500 that leaks nothing.
struct ErrorMiddleware: RouterMiddleware {
    typealias Context = FolioRequestContext
    let logger: Logger
    let pages: PageRenderer?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as any FolioError {
            let status = Self.status(for: error.kind)
            if !Self.wantsJSON(request), error.kind == .unauthorized, request.method == .get || error.code == AccountError.notLoggedIn.code {
                let back = request.method == .get ? request.uri.description : "/monologues"
                return .redirect(to: "/account/login?next=\(back.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "/")", type: .normal)
            }
            var response = respond(request, context, status: status, code: error.code, message: error.message)
            if case AccountError.tooManyAttempts(let seconds) = error { response.headers[.retryAfter] = String(seconds) }
            return response
        } catch let error as HTTPError {
            let code = error.status == .notFound ? "not_found" : "http_\(error.status.code)"
            let message = error.body ?? (error.status == .notFound
                ? "Nothing at \(request.method) \(request.uri.path)."
                : error.status.reasonPhrase)
            var response = respond(request, context, status: error.status, code: code, message: message)
            response.headers.append(contentsOf: error.headers)
            return response
        } catch let error as any HTTPResponseError {
            return respond(request, context, status: error.status, code: "http_\(error.status.code)", message: error.status.reasonPhrase)
        } catch {
            logger.error("Unhandled error on \(request.method) \(request.uri.path): \(error)")
            return respond(request, context, status: .internalServerError, code: "internal_error",
                           message: "Something went wrong on the server. It has been logged.")
        }
    }

    static func wantsJSON(_ request: Request) -> Bool {
        request.uri.path.hasPrefix("/api/") || request.uri.path.hasPrefix("/swapi/")
    }

    func respond(_ request: Request, _ context: Context, status: HTTPResponse.Status, code: String, message: String) -> Response {
        if !Self.wantsJSON(request), let pages,
           let page = try? pages.render("error", title: status.reasonPhrase, tab: nil,
                                        model: [ErrorPage(status: status.code, heading: Self.heading(status), message: message)],
                                        context: context, status: status) {
            return page
        }
        return Self.json(status: status, code: code, message: message)
    }

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

/// What an error page says: the status, a heading in words, and what to do.
struct ErrorPage: Encodable {
    let status: Int
    let heading: String
    let message: String
}
