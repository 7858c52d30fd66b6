import FolioApp
import FolioCore
import Foundation
import Hummingbird
import Monologues

/// What a word of the plays means: `GET /api/v1/monologues/define?word=kill'd`, for the reading
/// screen's tap-a-word panel and for scripts. Errors are the API's JSON: 400 for a bad word, 404
/// for one no dictionary knows, 503 while dict-gcide is not installed.
struct GlossaryController: Sendable {
    let shelf: GlossaryShelf

    var routes: MountedRoutes<FolioRequestContext> {
        MountedRoutes(at: "/api/v1/monologues")
            .on(api: .defineWord, use: define)
    }

    @Sendable func define(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let meaning = try await shelf.define(WebForm(query: request).get("word") ?? "")
        var response = try meaning.response(from: request, context: context)
        // A word means the same to everyone until dict-gcide is upgraded: a reader tapping it again,
        // or a shared cache, need not ask.
        response.headers[.cacheControl] = "public, max-age=86400"
        return response
    }
}

extension WordMeaning: ResponseEncodable {}
