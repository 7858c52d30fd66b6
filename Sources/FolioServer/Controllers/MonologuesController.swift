import FolioCore
import FolioStore
import Hummingbird
import Monologues

/// The monologue library's JSON API.
struct MonologuesController<Context: RequestContext> {
    let library: LibraryCache
    let repository: MonologueRepository

    static var maximumLimit: Int { 1000 }

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("monologues", use: search)
        group.get("monologues/stats", use: stats)
        group.get("monologues/changes", use: changes)
        group.get("monologues/:id", use: show)
        group.get("monologues/:id/related", use: related)
        group.get("tags", use: tags)
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
        let tags = parameters.getAll("tag").flatMap { $0.split(separator: ",").map(String.init) }
        let filter = try MonologueFilter.parse(gender: parameters.get("gender"), tone: parameters.get("tone"),
                                               length: parameters.get("length"), tags: tags)
        if let unknown = filter.tags.first(where: { !library.knownTags.contains($0) }) {
            throw MonologueError.unknownFilterValue(field: "tag", value: unknown, allowed: library.knownTags.sorted())
        }
        let limit = try Self.integer(parameters.get("limit"), name: "limit", range: 1...Self.maximumLimit, default: 50)
        let offset = try Self.integer(parameters.get("offset"), name: "offset", range: 0...Int(Int32.max), default: 0)
        let result = library.searchNumbers(parameters.get("q") ?? "", filter: filter, limit: limit, offset: offset)
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
    @Sendable func changes(_ request: Request, context: Context) async throws -> LibraryChanges {
        let since = try Self.integer(WebForm(query: request).get("since"), name: "since", range: 0...Int(Int32.max), default: 0)
        return try await repository.changes(since: since)
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
extension LibraryChanges: ResponseEncodable {}
