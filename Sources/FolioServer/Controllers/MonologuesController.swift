import FolioApp
import FolioCore
import FolioStore
import Foundation
import Hummingbird
import Monologues

/// The monologue library's JSON API.
///
/// Search and the tags are answered as the caller sees the library: a logged-in caller (the
/// pages' session cookie) finds their own tags and the genders they gave favourites, as on the
/// pages; anyone else gets the library alone.
struct MonologuesController<Context: RequestContext> {
    let library: LibraryCache
    let store: any LibraryStore
    let changeFeeds: LibraryChangesCache
    let finder: MonologueFinder
    let auditionSetCache: AuditionSetCache

    /// The store that keeps the library keeps the favourites too (every engine is both), which
    /// is where the caller's own tags and genders are read from.
    init(library: LibraryCache, store: any LibraryStore, auditionSets: AuditionSetCache) {
        self.library = library
        self.store = store
        auditionSetCache = auditionSets
        changeFeeds = LibraryChangesCache(store: store)
        finder = MonologueFinder(favourites: (store as? any FavouriteStore).map(Favourites.init(store:)))
    }

    /// The caller's account when the request carries a session (nil for an anonymous script).
    func account(_ context: Context) -> Account? {
        (context as? FolioRequestContext)?.account
    }

    /// A page of results is at most this long, as every list of the API is: a page of 1,000
    /// matching everything (`q=*`) was 1.4 MB and 60–85 ms of CPU, anonymous, and 8 readers of
    /// it held `/api/v1/ping` back 953 ms. A client that wants more pages through `offset`.
    static var maximumLimit: Int { 100 }

    /// The controller's routes, mounted at `/api/v1`.
    var routes: MountedRoutes<Context> {
        MountedRoutes(at: "/api/v1")
            .on(api: .searchMonologues, use: search)
            .on(api: .monologueStats, use: stats)
            .on(api: .monologueChanges, use: changes)
            .on(api: .monologue, use: show)
            .on(api: .relatedMonologues, use: related)
            .on(api: .monologueTags, use: tags)
            .on(api: .auditionSets, use: auditionSets)
    }

    struct RelatedResponse: ResponseEncodable {
        let items: [RelatedMonologue]
    }

    /// A tag with the number of monologues carrying it; `own` marks the caller's own tags (on
    /// their favourites), counted over their favourites.
    struct TagItem: Encodable {
        let name: String
        let count: Int
        let own: Bool
    }

    struct TagsResponse: ResponseEncodable {
        let items: [TagItem]
    }

    /// Snippets cost a little per item: past this many results a page has none (ask for a
    /// smaller `limit` to get them), so one request's work stays bounded.
    static var maximumSnippets: Int { 100 }

    @Sendable func search(_ request: Request, context: Context) async throws -> Response {
        let (library, json) = try await library.currentWithJSON()
        let accountID = account(context)?.id
        let personal = try await finder.personalView(accountID: accountID)
        // The same answer for everyone unless the account's own tags or genders are in play.
        let shared = personal.tags.isEmpty && personal.genders.isEmpty
        let queryString = request.uri.query ?? ""
        if shared, let kept = json.answers.answer(for: queryString) { return MonologueJSON.response(body: kept) }
        let parameters = WebForm(query: request)
        let query = try MonologueQuery.strict(text: parameters.get("q"), gender: parameters.get("gender"), tone: parameters.get("tone"),
                                              length: parameters.get("length"), tags: parameters.getAll("tag"),
                                              form: parameters.get("verse"), play: parameters.get("play"), age: parameters.get("age"),
                                              fresh: parameters.get("fresh"),
                                              knownTags: MonologueFinder.knownTags(library, personal: personal), plays: library.playSlugs)
        let limit = try MonologueQuery.wholeNumber(parameters.get("limit"), name: "limit", range: 1...Self.maximumLimit, default: 50)
        let offset = try MonologueQuery.wholeNumber(parameters.get("offset"), name: "offset", range: 0...Int(Int32.max), default: 0)
        let typing = try MonologueFilter.flag(parameters.get("typing"), field: "typing")
        // The API answers the library's monologues, so the snippet is cut from the library's text.
        let result = try await finder.find(query, in: library, limit: limit, offset: offset, accountID: nil, personal: personal,
                                           typing: typing, snippets: limit <= Self.maximumSnippets)
        let body = json.searchBody(total: result.total, items: result.items.map { ($0.number, $0.snippet) })
        if shared { json.answers.keep(body, for: queryString) }
        return MonologueJSON.response(body: body)
    }

    /// A monologue with the speeches before and after it in its play.
    struct Detail: ResponseEncodable {
        struct Neighbour: Encodable {
            let id: String
            let title: String
            let character: String
            let firstLine: String
        }

        let entry: MonologueEntry
        let previous: Neighbour?
        let next: Neighbour?

        enum Keys: String, CodingKey { case previous, next }

        func encode(to encoder: any Encoder) throws {
            try entry.encode(to: encoder)
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(previous, forKey: .previous)
            try container.encode(next, forKey: .next)
        }

        init(_ m: Monologue, in library: MonologueLibrary) {
            entry = MonologueEntry(m, in: library)
            let (before, after) = library.neighbours(of: m.id)
            func neighbour(_ n: Monologue?) -> Neighbour? {
                n.map { Neighbour(id: $0.id, title: $0.title, character: $0.character,
                                  firstLine: $0.firstLine) }
            }
            previous = neighbour(before)
            next = neighbour(after)
        }
    }

    @Sendable func show(_ request: Request, context: Context) async throws -> Detail {
        let id = try context.parameters.require("id")
        let library = try await library.current()
        guard let m = library.monologue(id: id) else { throw MonologueError.notFound(id: id) }
        return Detail(m, in: library)
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
        let since = try MonologueQuery.wholeNumber(WebForm(query: request).get("since"), name: "since", range: 0...Int(Int32.max), default: 0)
        let revision = try await changeFeeds.revision()
        let gzipped = Gzip.isAccepted(by: request.headers[values: .acceptEncoding])
        var headers: HTTPFields = [.cacheControl: "public, no-cache", .vary: "Accept-Encoding"]
        let current = [false, true].map { LibraryChangesCache.eTag(revision: revision, since: since, gzipped: $0) }
        if EntityTags.ifNoneMatch(request.headers[values: .ifNoneMatch]).contains(where: { $0 == "*" || current.contains($0) }) {
            headers[.eTag] = current[gzipped ? 1 : 0]
            return Response(status: .notModified, headers: headers)
        }
        let feed = try await changeFeeds.feed(since: since, revision: revision)
        headers[.eTag] = feed.eTag(gzipped: gzipped)
        headers[.contentType] = "application/json; charset=utf-8"
        if gzipped { headers[.contentEncoding] = "gzip" }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: gzipped ? feed.gzip : feed.json))
    }

    @Sendable func stats(_ request: Request, context: Context) async throws -> LibraryStats {
        try await library.current().stats
    }

    /// The library's tags, most used first; for a logged-in caller, then their own tags (those
    /// the library does not have), most used first, marked `own`.
    @Sendable func tags(_ request: Request, context: Context) async throws -> TagsResponse {
        let library = try await library.current()
        var items = library.tags.map { TagItem(name: $0.name, count: $0.count, own: false) }
        let personal = try await finder.personalView(accountID: account(context)?.id)
        var counts: [String: Int] = [:]
        for tags in personal.tags.values {
            for tag in Set(tags.map(TextFolding.fold)) where !library.knownTags.contains(tag) { counts[tag, default: 0] += 1 }
        }
        items += counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .map { TagItem(name: $0.key, count: $0.value, own: true) }
        return TagsResponse(items: items)
    }

    /// Ranked sets of contrasting pieces for an audition brief, with the reasons they contrast.
    struct AuditionSetsResponse: ResponseEncodable {
        struct Piece: Encodable {
            let id: String
            let title: String
            let character: String
            let play: String
            let seconds: Int
            let verse: Bool
            let tone: Tone
            let gender: Gender
            let firstLine: String
        }

        struct Item: Encodable {
            let seconds: Int
            let reasons: [String]
            let pieces: [Piece]
        }

        let items: [Item]

        init(_ sets: [AuditionSet]) {
            items = sets.map { set in
                Item(seconds: set.seconds, reasons: set.reasons, pieces: set.pieces.map { m in
                    Piece(id: m.id, title: m.title, character: m.character, play: m.play, seconds: m.seconds, verse: m.verse,
                          tone: m.tone, gender: m.gender,
                          firstLine: m.firstLine)
                })
            }
        }
    }

    @Sendable func auditionSets(_ request: Request, context: Context) async throws -> Response {
        let parameters = WebForm(query: request)
        let plan = try AuditionPlan.parse(pieces: parameters.get("pieces"), seconds: parameters.get("seconds"),
                                          verseAndProse: parameters.get("verseAndProse"), comic: parameters.get("comic"),
                                          gender: parameters.get("gender"), age: parameters.get("age"), tone: parameters.get("tone"),
                                          fresh: parameters.get("fresh"))
        let (library, revision) = try await library.currentWithRevision()
        let personal = try await finder.personalView(accountID: account(context)?.id)
        let made = try await auditionSetCache.made(plan, in: library, revision: revision, personal: personal)
        let json = try made.json { try JSONEncoder.folio().encode(AuditionSetsResponse($0)) }
        return Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(bytes: json)))
    }
}

extension Monologue: ResponseEncodable {}
extension LibraryStats: ResponseEncodable {}
