import Characters
import FolioCore
import Foundation
import HTTPTypes
import Hummingbird

/// A SWAPI-compatible read API at `/swapi/`: people, planets and films with SWAPI's field names,
/// `?search=` and `?page=`, and links that point back at this server, so SWAPI clients work
/// when pointed at Folio.
struct SWAPIController: Sendable {
    let catalogue: CatalogueCache
    /// The operator's public address (`ServerConfiguration.publicURL`): links are never built from
    /// a request's Host or X-Forwarded-* headers, which any client can set to any site.
    let publicURL: String

    /// The controller's routes, mounted at `/swapi`.
    var routes: MountedRoutes<FolioRequestContext> {
        MountedRoutes(at: "/swapi")
            .on(api: .swapiRoot, use: root)
            .on(api: .swapiPeople, use: people)
            .on(api: .swapiPerson, use: person)
            .on(api: .swapiPlanets, use: planets)
            .on(api: .swapiPlanet, use: planet)
            .on(api: .swapiFilms, use: films)
            .on(api: .swapiFilm, use: film)
    }

    struct Root: Encodable { let people: String; let planets: String; let films: String }

    /// Links are absolute, under the server's public address.
    func swapi(_ request: Request) async throws -> SWAPI {
        SWAPI(catalogue: try await catalogue.current(), base: publicURL + APIRoute.swapiRoot.path())
    }

    func query(_ request: Request) -> (search: String?, page: String?) {
        let form = WebForm(query: request)
        return (form.value("search").map { String($0.prefix(100)) }, form.value("page"))
    }

    @Sendable func root(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let base = try await swapi(request).base
        return try json(Root(people: base + "people/", planets: base + "planets/", films: base + "films/"))
    }

    @Sendable func people(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let q = query(request)
        return try json(try await swapi(request).people(search: q.search, page: q.page))
    }

    @Sendable func person(_ request: Request, context: FolioRequestContext) async throws -> Response {
        try json(try await swapi(request).person(id: try context.parameters.require("id")))
    }

    @Sendable func planets(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let q = query(request)
        return try json(try await swapi(request).planets(search: q.search, page: q.page))
    }

    @Sendable func planet(_ request: Request, context: FolioRequestContext) async throws -> Response {
        try json(try await swapi(request).planet(id: try context.parameters.require("id")))
    }

    @Sendable func films(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let q = query(request)
        return try json(try await swapi(request).films(search: q.search, page: q.page))
    }

    @Sendable func film(_ request: Request, context: FolioRequestContext) async throws -> Response {
        try json(try await swapi(request).film(id: try context.parameters.require("id")))
    }

    /// SWAPI's JSON, with slashes in links left as they are.
    func json(_ value: some Encodable) throws -> Response {
        let encoder = JSONEncoder.folio()
        return Response(status: .ok, headers: [.contentType: "application/json"],
                        body: .init(byteBuffer: ByteBuffer(bytes: try encoder.encode(value))))
    }
}
