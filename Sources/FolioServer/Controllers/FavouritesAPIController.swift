import FolioCore
import FolioStore
import Hummingbird
import Monologues

/// The JSON side of favourites, on the same session cookie as the pages (state-changing calls
/// send the page's CSRF token in `X-CSRF-Token`).
struct FavouritesAPIController: Sendable {
    let database: AppDatabase
    let library: LibraryCache

    func addRoutes(to router: Router<FolioRequestContext>) {
        router.on(api: .favourites, use: list)
        router.on(api: .saveFavourite, use: add)
        router.on(api: .deleteFavourite, use: remove)
        router.on(api: .editFavourite, use: edit)
        router.on(api: .restoreFavourite, use: restore)
    }

    struct Item: ResponseEncodable {
        /// The monologue as this user sees it, edits applied.
        let monologue: Monologue
        let isEdited: Bool
    }

    /// One page of favourites, newest first, and how many there are in all.
    struct Items: ResponseEncodable {
        let total: Int
        let limit: Int
        let offset: Int
        let items: [Item]
    }

    /// Each item carries a whole monologue (an edited text may run to 50,000 characters), so a
    /// page is smaller than the library search's.
    static let defaultLimit = 50
    static let maximumLimit = 100

    /// The fields a client may change; absent fields keep their edit, `null`-free by design:
    /// restoring is its own call.
    struct Edit: Decodable {
        var text: String?
        var notes: String?
        var tags: [String]?
        var gender: Gender?
    }

    @Sendable func list(_ request: Request, context: FolioRequestContext) async throws -> Items {
        let account = try context.requireAccount()
        let (limit, offset) = try ListWindow(defaultLimit: Self.defaultLimit, maximumLimit: Self.maximumLimit).read(WebForm(query: request))
        let library = try await library.current()
        let page = try await database.favourites.page(accountID: account.id, limit: limit, offset: offset)
        return Items(total: page.total, limit: limit, offset: offset, items: page.items.compactMap { f in
            library.monologue(id: f.monologueID).map { Item(monologue: f.applied(to: $0), isEdited: f.isEdited) }
        })
    }

    @Sendable func add(_ request: Request, context: FolioRequestContext) async throws -> Item {
        let account = try context.requireAccount()
        let id = try context.parameters.require("id")
        try await database.addFavourite(accountID: account.id, monologueID: id)
        return try await item(account: account, id: id)
    }

    @Sendable func remove(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let id = try context.parameters.require("id")
        guard try await database.favourites.favourite(accountID: account.id, monologueID: id) != nil else {
            throw MonologueError.notFound(id: id)
        }
        try await database.removeFavourite(accountID: account.id, monologueID: id)
        return Response(status: .noContent)
    }

    @Sendable func edit(_ request: Request, context: FolioRequestContext) async throws -> Item {
        let account = try context.requireAccount()
        let id = try context.parameters.require("id")
        let edit: Edit
        do {
            edit = try await request.decode(as: Edit.self, context: context)
        } catch {
            throw MonologueError.invalidParameter(name: "body", value: "…", expected: "a JSON object with text, notes, tags (array of strings) or gender (male, female, any)")
        }
        let library = try await library.current()
        guard let favourite = try await database.favourites.favourite(accountID: account.id, monologueID: id),
              let original = library.monologue(id: id) else { throw MonologueError.notFound(id: id) }
        let edited = try FavouriteEdit(text: edit.text, notes: edit.notes, tags: edit.tags?.joined(separator: ","), gender: edit.gender)
            .applied(to: favourite, of: original, knownTags: Array(library.knownTags))
        try await database.saveFavouriteEdits(accountID: account.id, edited)
        return try await item(account: account, id: id)
    }

    @Sendable func restore(_ request: Request, context: FolioRequestContext) async throws -> Item {
        let account = try context.requireAccount()
        let id = try context.parameters.require("id")
        try await database.restoreFavourite(accountID: account.id, monologueID: id)
        return try await item(account: account, id: id)
    }

    private func item(account: Account, id: String) async throws -> Item {
        guard let favourite = try await database.favourites.favourite(accountID: account.id, monologueID: id),
              let original = try await library.current().monologue(id: id) else { throw MonologueError.notFound(id: id) }
        return Item(monologue: favourite.applied(to: original), isEdited: favourite.isEdited)
    }
}
