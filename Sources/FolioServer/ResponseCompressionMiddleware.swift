import CompressNIO
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Gzips large JSON answers for clients that accept it.
///
/// Only JSON of a known length from `minimumSize` up is compressed: a small answer (a short
/// search, an error) gains a few hundred bytes at most, and skipping it keeps the search hot path
/// as cheap as before. Answers that manage their own representation (an ETag, a Content-Encoding
/// already set, like the library's change feed, which caches its gzip) are left alone.
struct ResponseCompressionMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Below this a gzip header and a round trip through zlib cost more than they save.
    static var minimumSize: Int { 1024 }
    /// Above this an answer is sent as it is rather than held whole in memory twice.
    static var maximumSize: Int { 8 << 20 }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        guard request.method != .head, Self.isCompressible(response) else { return response }
        response.headers.append(HTTPField(name: .vary, value: "Accept-Encoding"))
        guard Gzip.isAccepted(by: request.headers[values: .acceptEncoding]) else { return response }
        let collector = BodyCollector(capacity: response.body.contentLength ?? 0)
        try await response.body.write(collector)
        response.body = ResponseBody(byteBuffer: try Gzip.compress(collector.buffer, level: .fastestCompression))
        response.headers[.contentEncoding] = "gzip"
        return response
    }

    /// Checked on every API answer, so cheapest test first and no string copied: the server's
    /// own JSON answers all name their type in lower case.
    static func isCompressible(_ response: Response) -> Bool {
        guard let length = response.body.contentLength, length >= minimumSize, length <= maximumSize,
              response.status == .ok, response.headers[.contentType]?.hasPrefix("application/json") == true else { return false }
        return response.headers[.contentEncoding] == nil && response.headers[.eTag] == nil
    }
}

/// A response body read back into one buffer.
private final class BodyCollector: ResponseBodyWriter {
    var buffer: ByteBuffer

    init(capacity: Int) {
        buffer = ByteBuffer()
        buffer.reserveCapacity(capacity)
    }

    func write(_ buffer: ByteBuffer) async throws {
        self.buffer.writeImmutableBuffer(buffer)
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}

/// gzip as HTTP's `Content-Encoding` means it.
enum Gzip {
    static func compress(_ buffer: ByteBuffer, level: ZlibConfiguration.CompressionLevel) throws -> ByteBuffer {
        var input = buffer
        return try input.compress(with: .gzip(configuration: .init(compressionLevel: level)))
    }

    /// Whether an Accept-Encoding header (its values) allows gzip: named with a weight above
    /// zero, or `*` above zero without gzip refused by name.
    static func isAccepted(by values: [String]) -> Bool {
        var star = false
        for value in values {
            for item in value.split(separator: ",") {
                let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
                guard let coding = parts.first else { continue }
                let weight = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
                switch coding {
                case "gzip", "x-gzip": return weight > 0
                case "*": star = weight > 0
                default: break
                }
            }
        }
        return star
    }
}
