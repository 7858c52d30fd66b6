import Foundation
import Hummingbird

/// The OpenAPI 3.1 description of every JSON route (`Resources/openapi.json`), served at
/// `/api/v1/openapi.json`. A test holds it to the router, and schemathesis holds the server to it.
enum OpenAPIDocument {
    static let data: Data? = Bundle.module.url(forResource: "openapi", withExtension: "json").flatMap { try? Data(contentsOf: $0) }

    static func response() throws -> Response {
        guard let data else { throw ServerError.missingResource("openapi.json") }
        return Response(status: .ok, headers: [.contentType: "application/json", .cacheControl: "public, max-age=300"],
                        body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
