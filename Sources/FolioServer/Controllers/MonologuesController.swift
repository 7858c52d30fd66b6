import FolioApp
import FolioCore
import FolioStore
import Foundation
import Hummingbird
import Monologues

/// The monologue library's JSON API.
struct MonologuesController<Context: RequestContext> {
    let library: LibraryCache
    let store: any LibraryStore
    let changeFeeds: LibraryChangesCache

    init(library: LibraryCache, store: any LibraryStore) {
        self.library = library
        self.store = store
        changeFeeds = LibraryChangesCache(store: store)
    }

    static var maximumLimit: Int { 1000 }

    /// The controller's routes, mounted at `/api/v1`.
    var routes: MountedRoutes<Context> {
        MountedRoutes(at: "/api/v1")
            .on(api: .searchMonologues, use: search)
            .on(api: .monologueStats, use: stats)
            .on(api: .monologueChanges, use: changes)
            .on(api: .monologue, use: show)
            .on(api: .relatedMonologues, use: related)
            .on(api: .monologueTags, use: tags)
    }

    struct RelatedResponse: ResponseEncodable {
        let items: [RelatedMonologue]
    }

    struct TagsResponse: ResponseEncodable {
        let items: [TagCount]
    }

    @Sendable func search(_ request: Request, context: Context) async throws -> Response {
        let parameters = WebForm(query: request)
        let (library, json) = try await library.currentWithJSON()
        let query = try MonologueQuery.strict(text: parameters.get("q"), gender: parameters.get("gender"), tone: parameters.get("tone"),
                                              length: parameters.get("length"), tags: parameters.getAll("tag"), knownTags: library.knownTags)
        let limit = try Self.integer(parameters.get("limit"), name: "limit", range: 1...Self.maximumLimit, default: 50)
        let offset = try Self.integer(parameters.get("offset"), name: "offset", range: 0...Int(Int32.max), default: 0)
        let result = library.searchNumbers(query.text, filter: query.filter, limit: limit, offset: offset)
        return json.searchResponse(total: result.total, numbers: result.numbers)
    }

    @Sendable func show(_ request: Request, context: Context) async throws -> Response {
        let id = try context.parameters.require("id")
        let (library, json) = try await library.currentWithJSON()
        guard let number = library.number(id: id) else { throw MonologueError.notFound(id: id) }
        return json.response(number: number)
    }

    @Sendable func related(_ request: Request, context: Context) async throws -> RelatedResponse {
        let id = try context.parameters.require("id")
        guard let items = try await library.current().related(to: id) else { throw MonologueError.notFound(id: id) }
        return RelatedResponse(items: items)
    }

    /// What changed in the library after revision `since`, for clients keeping a copy in step.
    /// Anyone may cache it, but must ask again each time: a client that holds the current
    /// revision's answer gets a 304 with no body, and a client that accepts gzip gets the feed
    /// compressed once per revision (3.3 MB of JSON for the whole library).
    @Sendable func changes(_ request: Request, context: Context) async throws -> Response {
        let since = try Self.integer(WebForm(query: request).get("since"), name: "since", range: 0...Int(Int32.max), default: 0)
        let revision = try await changeFeeds.revision()
        let gzipped = Gzip.isAccepted(by: request.headers[values: .acceptEncoding])
        var headers: HTTPFields = [.cacheControl: "public, no-cache", .vary: "Accept-Encoding"]
        let current = [false, true].map { LibraryChangesCache.eTag(revision: revision, since: since, gzipped: $0) }
        if Self.entityTags(request.headers[values: .ifNoneMatch]).contains(where: { $0 == "*" || current.contains($0) }) {
            headers[.eTag] = current[gzipped ? 1 : 0]
            return Response(status: .notModified, headers: headers)
        }
        let feed = try await changeFeeds.feed(since: since, revision: revision)
        headers[.eTag] = feed.eTag(gzipped: gzipped)
        headers[.contentType] = "application/json; charset=utf-8"
        if gzipped { headers[.contentEncoding] = "gzip" }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: gzipped ? feed.gzip : feed.json))
    }

    /// The entity tags of If-None-Match headers, compared weakly as RFC 9110 §13.1.2 asks: a
    /// `W/` prefix is ignored.
    static func entityTags(_ values: [String]) -> [String] {
        values.flatMap { $0.split(separator: ",") }.map { tag in
            let trimmed = tag.trimmingCharacters(in: .whitespaces)
            return trimmed.hasPrefix("W/") ? String(trimmed.dropFirst(2)) : trimmed
        }
    }

    @Sendable func stats(_ request: Request, context: Context) async throws -> LibraryStats {
        try await library.current().stats
    }

    @Sendable func tags(_ request: Request, context: Context) async throws -> TagsResponse {
        TagsResponse(items: try await library.current().tags)
    }

    static func integer(_ raw: String?, name: String, range: ClosedRange<Int>, default value: Int) throws(MonologueError) -> Int {
        guard let raw, !raw.isEmpty else { return value }
        guard let n = Int(raw), range.contains(n) else {
            throw .invalidParameter(name: name, value: raw, expected: "a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return n
    }
}

extension Monologue: ResponseEncodable {}
extension LibraryStats: ResponseEncodable {}
