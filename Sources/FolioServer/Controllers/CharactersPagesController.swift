import Characters
import FolioApp
import FolioCore
import FolioStore
import Foundation
import Hummingbird

/// The character browser's pages, in the original app's black and yellow: the list in sections
/// by first appearance (swipe a row right, or press its star, to keep it), favourites, and the
/// three steps into a character — portrait and name, details, then their web page.
struct CharactersPagesController: Sendable {
    let favourites: CharacterFavourites
    let catalogue: CatalogueCache
    let pages: PageRenderer
    let wikiBase: String

    /// The controller's routes, mounted at `/characters`.
    var routes: MountedRoutes<FolioRequestContext> {
        MountedRoutes(at: "/characters")
            .on(page: .characters, use: list)
            .on(page: .characterFavourites, use: favourites)
            .on(page: .character, use: character)
            .on(page: .characterDetails, use: details)
            .on(page: .characterWeb, use: web)
            .on(page: .characterPortrait, use: portrait)
            .on(page: .toggleCharacterFavourite, use: toggle)
    }

    func render(_ template: String, title: String, model: [Any], context: FolioRequestContext) throws -> Response {
        try pages.render(template, title: title, tab: .characters, model: model, context: context)
    }

    func favouriteIDs(_ context: FolioRequestContext) async throws -> Set<Int> {
        guard let account = context.account else { return [] }
        return try await favourites.keptIDs(accountID: account.id)
    }

    /// The one character's id if the account keeps it: a page about one character reads one row.
    func favouriteIDs(_ context: FolioRequestContext, among character: Character) async throws -> Set<Int> {
        guard let account = context.account else { return [] }
        return try await favourites.keeps(character, accountID: account.id) ? [character.id] : []
    }

    /// A list's row returns to itself (`back` + its anchor); a character's own pages pass their
    /// path whole.
    func row(_ c: Character, in catalogue: Catalogue, favourites: Set<Int>, context: FolioRequestContext,
             list back: String) -> CharacterRow {
        CharacterRow(c, in: catalogue, isFavourite: favourites.contains(c.id), canKeep: context.account != nil,
                     back: back + "#" + CharacterRow.anchor(c.id))
    }

    func row(_ c: Character, in catalogue: Catalogue, favourites: Set<Int>, context: FolioRequestContext, page: String) -> CharacterRow {
        CharacterRow(c, in: catalogue, isFavourite: favourites.contains(c.id), canKeep: context.account != nil, back: page)
    }

    /// The list in story order, fifty to a page (a SWAPI import can make it thousands long), each
    /// page still in sections.
    @Sendable func list(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let catalogue = try await catalogue.current()
        let favourites = try await favouriteIDs(context)
        let number = Pager.number(WebForm(query: request).get("page"))
        let page = catalogue.sections(offset: (number - 1) * Self.pageSize, limit: Self.pageSize)
        let shown = page.sections.reduce(0) { $0 + $1.characters.count }
        let back = Pager.link(.characters, page: number)
        let sections = page.sections.map { section, members in
            CharacterSection(id: section.rawValue, title: section.title,
                             rows: members.map { row($0, in: catalogue, favourites: favourites, context: context, list: back) })
        }
        // The bundled catalogue fits on one page, so it has no pager.
        let pager = Pager(page: number, pageSize: Self.pageSize, shown: shown, total: page.total, label: "Pages of characters") {
            Pager.link(.characters, page: $0)
        }
        let list = CharacterList(sections: sections, loggedIn: context.account != nil, navList: true)
        return try render("characters/list", title: "Characters", model: [list, PagerPart(pager: pager)], context: context)
    }

    static let pageSize = 50

    @Sendable func favourites(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let catalogue = try await catalogue.current()
        let number = Pager.number(WebForm(query: request).get("page"))
        let page = try await favourites.page(accountID: account.id, limit: Self.pageSize, offset: (number - 1) * Self.pageSize, in: catalogue)
        let back = Pager.link(.characterFavourites, page: number)
        let kept = Set(page.items.map(\.id))
        let rows = page.items.map { row($0, in: catalogue, favourites: kept, context: context, list: back) }
        let pager = Pager(page: number, pageSize: Self.pageSize, shown: rows.count, total: page.total, label: "Pages of favourites") {
            Pager.link(.characterFavourites, page: $0)
        }
        return try render("characters/favourites", title: "Favourite characters",
                          model: [FavouriteCharacters(rows: rows, empty: page.total == 0, countText: countText(page.total, "favourite"),
                                                      navFavourites: true), PagerPart(pager: pager)], context: context)
    }

    @Sendable func character(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let catalogue = try await catalogue.current()
        let c = try CharacterFavourites.character(try context.parameters.require("id"), in: catalogue)
        let row = row(c, in: catalogue, favourites: try await favouriteIDs(context, among: c), context: context, page: SiteRoute.character.path(c.id))
        return try render("characters/character", title: c.name, model: [CharacterPage(detailsHref: SiteRoute.characterDetails.path(c.id)), row],
                          context: context)
    }

    @Sendable func details(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let catalogue = try await catalogue.current()
        let c = try CharacterFavourites.character(try context.parameters.require("id"), in: catalogue)
        let row = row(c, in: catalogue, favourites: try await favouriteIDs(context, among: c), context: context,
                      page: SiteRoute.characterDetails.path(c.id))
        return try render("characters/details", title: c.name, model: [CharacterDetails(c, in: catalogue), row], context: context)
    }

    @Sendable func web(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let catalogue = try await catalogue.current()
        let c = try CharacterFavourites.character(try context.parameters.require("id"), in: catalogue)
        return try render("characters/web", title: c.name,
                          model: [CharacterWeb(c, url: CharacterLinks.page(c, base: wikiBase), in: catalogue)], context: context)
    }

    @Sendable func portrait(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let catalogue = try await catalogue.current()
        let c = try CharacterFavourites.character(try context.parameters.require("id"), in: catalogue)
        let small = WebForm(query: request).get("size") == "small"
        return Response(status: .ok, headers: [.contentType: "image/svg+xml", .cacheControl: "public, max-age=3600"],
                        body: .init(byteBuffer: ByteBuffer(string: Portrait.svg(for: c, small: small))))
    }

    /// Keeps or lets go of a character. The form says which (`keep`: true or false), so a page
    /// that is out of date, or a press sent twice, cannot turn the star the wrong way; without
    /// that field it toggles, as older pages' forms did. A form back to the page it was on (the
    /// row's anchor keeps the place); the page's script, asking for JSON, gets the new state.
    @Sendable func toggle(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let wantsJSON = request.headers[.accept]?.contains("application/json") == true
        guard let account = context.account else {
            // The script sends the reader to log in and back to the page they are on.
            if wantsJSON { return ErrorMiddleware.json(status: .unauthorized, code: AccountError.notLoggedIn.code, message: AccountError.notLoggedIn.message) }
            throw AccountError.notLoggedIn
        }
        let catalogue = try await catalogue.current()
        let c = try CharacterFavourites.character(try context.parameters.require("id"), in: catalogue)
        let form = try await WebForm.read(request)
        // A press made on a device without a connection, sent later with the time it was made:
        // a later change of the same character (another device, or online) stands instead.
        if let made = form.value("madeAt") {
            guard let madeAt = DeviceTime.date(field: made) else {
                throw CharactersError.invalidParameter(name: "madeAt", value: String(made.prefix(20)), expected: "milliseconds since 1970")
            }
            guard let keep = form.value("keep"), keep == "true" || keep == "false" else {
                throw CharactersError.invalidParameter(name: "keep", value: String((form.value("keep") ?? "").prefix(20)), expected: "true or false")
            }
            let starred = try await favourites.set(c, kept: keep == "true", madeAt: madeAt, accountID: account.id)
            let state = FavouriteState(id: c.id, isFavourite: starred.kept, applied: starred.applied,
                                       message: starred.applied
                                           ? (starred.kept ? "\(c.name) is now a favourite." : "\(c.name) is no longer a favourite.")
                                           : "A later change from another device stands: \(c.name) is \(starred.kept ? "a favourite" : "not a favourite").")
            if wantsJSON { return try Self.json(state) }
            return .redirect(to: Self.back(form), type: .normal)
        }
        let kept: Bool
        switch form.value("keep") {
        case "true":
            try await favourites.keep(c, accountID: account.id)
            kept = true
        case "false":
            // Already let go (a second press, another tab): the star is as asked.
            if try await favourites.keeps(c, accountID: account.id) {
                try await favourites.forget(String(c.id), accountID: account.id)
            }
            kept = false
        case nil:
            kept = try await favourites.toggle(c, accountID: account.id)
        case let other?:
            throw CharactersError.invalidParameter(name: "keep", value: String(other.prefix(20)), expected: "true or false")
        }
        if wantsJSON {
            return try Self.json(FavouriteState(id: c.id, isFavourite: kept, applied: true,
                                                message: kept ? "\(c.name) is now a favourite." : "\(c.name) is no longer a favourite."))
        }
        return .redirect(to: Self.back(form), type: .normal)
    }

    static func json(_ state: FavouriteState) throws -> Response {
        let data = try JSONEncoder.folio().encode(state)
        return Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
                        body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// The page the form came from, when it is one of this app's.
    static func back(_ form: WebForm) -> String {
        form.value("back").flatMap { $0.hasPrefix(SiteRoute.characters.path()) && !$0.hasPrefix("//") ? $0 : nil }
            ?? SiteRoute.characters.path()
    }
}
