import FolioCore
import Foundation
import Hummingbird
import Logging

/// The one place where errors become HTTP responses: every module's `FolioError` maps to a status
/// by its kind, and every error body is `{"error": {"code": …, "message": …}}`. Anything
/// unexpected is logged and answered with a 500 that leaks nothing.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    let logger: Logger

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as any FolioError {
            return Self.response(status: Self.status(for: error.kind), code: error.code, message: error.message)
        } catch let error as HTTPError {
            let code = error.status == .notFound ? "not_found" : "http_\(error.status.code)"
            let message = error.body ?? (error.status == .notFound
                ? "Nothing at \(request.method) \(request.uri.path). See /api/v1/ for the routes."
                : error.status.reasonPhrase)
            var response = Self.response(status: error.status, code: code, message: message)
            response.headers.append(contentsOf: error.headers)
            return response
        } catch let error as any HTTPResponseError {
            return Self.response(status: error.status, code: "http_\(error.status.code)", message: error.status.reasonPhrase)
        } catch {
            logger.error("Unhandled error on \(request.method) \(request.uri.path): \(error)")
            return Self.response(status: .internalServerError, code: "internal_error",
                                 message: "Something went wrong on the server. It has been logged.")
        }
    }

    static func status(for kind: FolioErrorKind) -> HTTPResponse.Status {
        switch kind {
        case .invalidInput: .badRequest
        case .notFound: .notFound
        case .missingData: .serviceUnavailable
        case .unauthorized: .unauthorized
        case .conflict: .conflict
        }
    }

    static func response(status: HTTPResponse.Status, code: String, message: String) -> Response {
        let data = (try? JSONEncoder().encode(ErrorBody(error: .init(code: code, message: message)))) ?? Data("{}".utf8)
        return Response(status: status, headers: [.contentType: "application/json; charset=utf-8"],
                        body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

/// `{"error": {"code": …, "message": …}}`, the body of every error response.
struct ErrorBody: Codable, Sendable {
    struct Detail: Codable, Sendable {
        let code: String
        let message: String
    }

    let error: Detail
}
