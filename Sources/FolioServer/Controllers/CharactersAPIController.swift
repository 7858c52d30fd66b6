import Characters
import FolioApp
import FolioCore
import FolioStore
import Foundation
import Hummingbird

/// The character browser's JSON API: the list by section, one character, and favourites.
struct CharactersAPIController: Sendable {
    let favourites: CharacterFavourites
    let catalogue: CatalogueCache

    /// The controller's routes, mounted at `/api/v1/characters`.
    var routes: MountedRoutes<FolioRequestContext> {
        MountedRoutes(at: "/api/v1/characters")
            .on(api: .characters, use: list)
            .on(api: .characterFavourites, use: favourites)
            .on(api: .saveCharacterFavourite, use: keep)
            .on(api: .deleteCharacterFavourite, use: forget)
            .on(api: .character, use: show)
    }

    struct Item: Encodable, Sendable {
        let id: Int
        let name: String
        let homePlanet: String
        let birthYear: String
        let eyeColour: String
        let hairColour: String
        let skinColour: String
        let height: String
        let mass: String
        let gender: String
        let species: String
        let firstAppearance: String?
        let section: String
        let films: [String]
        let wiki: String
        let portrait: String

        init(_ c: Character, in catalogue: Catalogue) {
            id = c.id
            name = c.name
            homePlanet = catalogue.planet(c.homeworld)?.name ?? "unknown"
            birthYear = c.birthYear
            eyeColour = c.eyeColour
            hairColour = c.hairColour
            skinColour = c.skinColour
            height = c.height
            mass = c.mass
            gender = c.gender
            species = c.species
            firstAppearance = catalogue.appearance(c.firstAppearance)?.title
            section = catalogue.section(of: c).rawValue
            films = c.films.compactMap { catalogue.appearance($0)?.title }
            wiki = c.wiki
            portrait = SiteRoute.characterPortrait.path(c.id)
        }
    }

    /// One window of the list, grouped by section: `total` counts every character the filter
    /// keeps, `limit` and `offset` say which of them are here.
    struct Sections: ResponseEncodable {
        struct Group: Encodable { let section: String; let title: String; let items: [Item] }
        let total: Int
        let limit: Int
        let offset: Int
        let sections: [Group]
    }

    struct Items: ResponseEncodable { let items: [Item] }
    /// One page of favourites, most recently kept first, and how many there are in all.

    static let defaultLimit = 50
    static let maximumLimit = 100
    struct One: ResponseEncodable { let character: Item }

    @Sendable func list(_ request: Request, context: FolioRequestContext) async throws -> Sections {
        let catalogue = try await catalogue.current()
        let wanted = WebForm(query: request).value("section")
        if let wanted, !wanted.isEmpty, Section(rawValue: wanted) == nil {
            throw InputError.parameter("section", String(wanted.prefix(20)), Section.allCases.map(\.rawValue).joined(separator: ", "))
        }
        let (limit, offset) = try Self.window(WebForm(query: request))
        let page = catalogue.sections(in: wanted.flatMap { Section(rawValue: $0) }, offset: offset, limit: limit)
        return Sections(total: page.total, limit: limit, offset: offset, sections: page.sections.map {
            .init(section: $0.section.rawValue, title: $0.section.title, items: $0.characters.map { Item($0, in: catalogue) })
        })
    }

    /// `limit` (1–100, default 50) and `offset` (0 or more) of a list; anything else is a 400.
    static func window(_ parameters: WebForm) throws -> (limit: Int, offset: Int) {
        try ListWindow(defaultLimit: defaultLimit, maximumLimit: maximumLimit).read(parameters)
    }

    @Sendable func show(_ request: Request, context: FolioRequestContext) async throws -> One {
        let catalogue = try await catalogue.current()
        return One(character: Item(try CharacterFavourites.character(try context.parameters.require("id"), in: catalogue), in: catalogue))
    }

    @Sendable func favourites(_ request: Request, context: FolioRequestContext) async throws -> Page<Item> {
        let account = try context.requireAccount()
        let (limit, offset) = try Self.window(WebForm(query: request))
        let catalogue = try await catalogue.current()
        return try await favourites.page(accountID: account.id, limit: limit, offset: offset, in: catalogue).map { Item($0, in: catalogue) }
    }

    @Sendable func keep(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let c = try CharacterFavourites.character(try context.parameters.require("id"), in: try await catalogue.current())
        try await favourites.keep(c, accountID: account.id)
        return Response(status: .noContent)
    }

    @Sendable func forget(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        try await favourites.forget(try context.parameters.require("id"), accountID: account.id)
        return Response(status: .noContent)
    }
}
