import Characters
import FolioCore
import FolioStore
import Foundation
import Hummingbird

/// The character browser's pages, in the original app's black and yellow: the list in sections
/// by first appearance (swipe a row right, or press its star, to keep it), favourites, and the
/// three steps into a character — portrait and name, details, then their web page.
struct CharactersPagesController: Sendable {
    let database: AppDatabase
    let catalogue: CatalogueCache
    let pages: PageRenderer
    let wikiBase: String

    func addRoutes(to router: Router<FolioRequestContext>) {
        router.get("characters", use: list)
        router.get("characters/favourites", use: favourites)
        router.get("characters/:id", use: character)
        router.get("characters/:id/details", use: details)
        router.get("characters/:id/web", use: web)
        router.get("characters/:id/portrait.svg", use: portrait)
        router.post("characters/:id/favourite", use: toggle)
    }

    func render(_ template: String, title: String, data: [String: Any], context: FolioRequestContext,
                status: HTTPResponse.Status = .ok) throws -> Response {
        try pages.render(template, title: title, tab: "Characters", data: data, context: context, status: status)
    }

    static func find(_ raw: String, in catalogue: Catalogue) throws(CharactersError) -> Character {
        guard let id = Int(raw), let character = catalogue.character(id) else {
            throw .notFound(kind: "character", id: String(raw.prefix(20)))
        }
        return character
    }

    func favouriteIDs(_ context: FolioRequestContext) async throws -> Set<Int> {
        guard let account = context.account else { return [] }
        return Set(try await database.characters.favourites(accountID: account.id))
    }

    /// The one character's id if the account keeps it: a page about one character reads one row.
    func favouriteIDs(_ context: FolioRequestContext, among character: Character) async throws -> Set<Int> {
        guard let account = context.account else { return [] }
        return try await database.characters.isFavourite(accountID: account.id, characterID: character.id) ? [character.id] : []
    }

    func row(_ c: Character, in catalogue: Catalogue, favourites: Set<Int>, context: FolioRequestContext,
             back: String = "/characters") -> [String: Any] {
        [
            "id": c.id, "name": c.name, "planet": catalogue.planet(c.homeworld)?.name ?? "unknown", "href": "/characters/\(c.id)",
            "portrait": "/characters/\(c.id)/portrait.svg", "isFavourite": favourites.contains(c.id),
            "toggleAction": "/characters/\(c.id)/favourite", "canKeep": context.account != nil,
            "appearance": catalogue.appearance(c.firstAppearance)?.title ?? "", "back": back,
        ]
    }

    /// The list in story order, fifty to a page (a SWAPI import can make it thousands long), each
    /// page still in sections.
    @Sendable func list(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let catalogue = try await catalogue.current()
        let favourites = try await favouriteIDs(context)
        let number = PageLinks.number(WebForm(query: request).get("page"))
        let page = catalogue.sections(offset: (number - 1) * Self.pageSize, limit: Self.pageSize)
        let shown = page.sections.reduce(0) { $0 + $1.characters.count }
        let links = PageLinks(total: page.total, page: number, pageSize: Self.pageSize, shown: shown, path: "/characters")
        let sections: [[String: Any]] = page.sections.map { section, members in
            ["id": section.rawValue, "title": section.title,
             "rows": members.map { row($0, in: catalogue, favourites: favourites, context: context, back: links.href(number)) }]
        }
        var data: [String: Any] = ["sections": sections, "loggedIn": context.account != nil, "navList": true]
        // The pager only when there is more than one page: the bundled catalogue fits on one.
        if page.total > Self.pageSize || number > 1 { data.merge(links.data) { _, new in new } }
        return try render("characters/list", title: "Characters", data: data, context: context)
    }

    static let pageSize = 50

    @Sendable func favourites(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let catalogue = try await catalogue.current()
        let number = PageLinks.number(WebForm(query: request).get("page"))
        let page = try await database.characters.favourites(accountID: account.id, limit: Self.pageSize,
                                                            offset: (number - 1) * Self.pageSize)
        let back = PageLinks(total: page.total, page: number, pageSize: Self.pageSize, shown: 0, path: "/characters/favourites").href(number)
        let rows = page.ids.compactMap { catalogue.character($0) }.map {
            row($0, in: catalogue, favourites: Set(page.ids), context: context, back: back)
        }
        var data: [String: Any] = ["rows": rows, "empty": page.total == 0, "navFavourites": true]
        data.merge(PageLinks(total: page.total, page: number, pageSize: Self.pageSize, shown: page.ids.count,
                                    path: "/characters/favourites").data) { _, new in new }
        return try render("characters/favourites", title: "Favourite characters", data: data, context: context)
    }

    @Sendable func character(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let catalogue = try await catalogue.current()
        let c = try Self.find(try context.parameters.require("id"), in: catalogue)
        var data = row(c, in: catalogue, favourites: try await favouriteIDs(context, among: c), context: context, back: "/characters/\(c.id)")
        data["detailsHref"] = "/characters/\(c.id)/details"
        return try render("characters/character", title: c.name, data: data, context: context)
    }

    @Sendable func details(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let catalogue = try await catalogue.current()
        let c = try Self.find(try context.parameters.require("id"), in: catalogue)
        var data = row(c, in: catalogue, favourites: try await favouriteIDs(context, among: c), context: context)
        data["facts"] = [
            ["label": "Name", "value": c.name, "id": "fact-name"],
            ["label": "Home planet", "value": catalogue.planet(c.homeworld)?.name ?? "unknown", "id": "fact-planet"],
            ["label": "Birth year", "value": c.birthYear, "id": "fact-birth-year"],
            ["label": "Eye colour", "value": c.eyeColour, "id": "fact-eye-colour"],
            ["label": "Species", "value": c.species, "id": "fact-species"],
            ["label": "Height", "value": c.height == "unknown" ? "unknown" : "\(c.height) cm", "id": "fact-height"],
            ["label": "First appearance", "value": catalogue.appearance(c.firstAppearance)?.title ?? "unknown", "id": "fact-first"],
        ]
        data["webHref"] = "/characters/\(c.id)/web"
        return try render("characters/details", title: c.name, data: data, context: context)
    }

    @Sendable func web(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let catalogue = try await catalogue.current()
        let c = try Self.find(try context.parameters.require("id"), in: catalogue)
        return try render("characters/web", title: c.name, data: [
            "name": c.name, "url": CharacterLinks.page(c, base: wikiBase), "back": "/characters/\(c.id)/details",
        ], context: context)
    }

    @Sendable func portrait(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let catalogue = try await catalogue.current()
        let c = try Self.find(try context.parameters.require("id"), in: catalogue)
        return Response(status: .ok, headers: [.contentType: "image/svg+xml", .cacheControl: "public, max-age=3600"],
                        body: .init(byteBuffer: ByteBuffer(string: Portrait.svg(for: c))))
    }

    /// Keeps or lets go of a character; back to the page the form was on.
    @Sendable func toggle(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let catalogue = try await catalogue.current()
        let c = try Self.find(try context.parameters.require("id"), in: catalogue)
        let form = try await WebForm.read(request)
        if try await database.characters.isFavourite(accountID: account.id, characterID: c.id) {
            try await database.forgetCharacter(accountID: account.id, characterID: c.id)
        } else {
            try await database.keepCharacter(accountID: account.id, characterID: c.id)
        }
        let back = form.value("back").flatMap { $0.hasPrefix("/characters") && !$0.hasPrefix("//") ? $0 : nil } ?? "/characters"
        return .redirect(to: back, type: .normal)
    }
}
