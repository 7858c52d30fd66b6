import FolioApp
import FolioCore
import FolioStore
import Foundation
import Hummingbird
import Monologues
import Vocabulary

/// The JSON side of favourites, on the same session cookie as the pages (state-changing calls
/// send the page's CSRF token in `X-CSRF-Token`).
struct FavouritesAPIController: Sendable {
    let favourites: Favourites
    let library: LibraryCache

    /// The controller's routes, mounted at `/api/v1/favourites`.
    var routes: MountedRoutes<FolioRequestContext> {
        MountedRoutes(at: "/api/v1/favourites")
            .on(api: .favourites, use: list)
            .on(api: .saveFavourite, use: add)
            .on(api: .deleteFavourite, use: remove)
            .on(api: .editFavourite, use: edit)
            .on(api: .restoreFavourite, use: restore)
            .on(api: .exportFavourite, use: export)
            .on(api: .rehearsal, use: rehearsal)
            .on(api: .rehearseLine, use: rehearse)
    }

    var rehearsal: Rehearsal { Rehearsal(favourites: favourites) }

    struct Item: ResponseEncodable {
        /// The monologue as this user sees it, edits applied.
        let monologue: Monologue
        let isEdited: Bool

        init(_ item: Favourites.Item) {
            monologue = item.monologue
            isEdited = item.isEdited
        }
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
        /// For an edit made on a device without a connection: when, in milliseconds since 1970
        /// by its clock. Saved only if the favourite has not been edited since (409 otherwise).
        var madeAt: Double?
    }

    /// One page of favourites, newest first, and how many there are in all.
    @Sendable func list(_ request: Request, context: FolioRequestContext) async throws -> Page<Item> {
        let account = try context.requireAccount()
        let (limit, offset) = try ListWindow(defaultLimit: Self.defaultLimit, maximumLimit: Self.maximumLimit).read(WebForm(query: request))
        return try await favourites.page(accountID: account.id, limit: limit, offset: offset, in: try await library.current()).map(Item.init)
    }

    @Sendable func add(_ request: Request, context: FolioRequestContext) async throws -> Item {
        let account = try context.requireAccount()
        let id = try context.parameters.require("id")
        try await favourites.add(id, accountID: account.id)
        return Item(try await favourites.item(id, accountID: account.id, in: try await library.current()))
    }

    @Sendable func remove(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        try await favourites.remove(try context.parameters.require("id"), accountID: account.id)
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
        let asked = FavouriteEdit(text: edit.text, notes: edit.notes, tags: edit.tags?.joined(separator: ","), gender: edit.gender)
        let madeAt = try edit.madeAt.map { milliseconds throws -> Date in
            guard let date = DeviceTime.date(milliseconds: milliseconds) else {
                throw MonologueError.invalidParameter(name: "madeAt", value: String(milliseconds), expected: "milliseconds since 1970")
            }
            return date
        }
        return Item(try await favourites.edit(id, asked, accountID: account.id, in: try await library.current(), madeAt: madeAt))
    }

    @Sendable func restore(_ request: Request, context: FolioRequestContext) async throws -> Item {
        let account = try context.requireAccount()
        return Item(try await favourites.restore(try context.parameters.require("id"), accountID: account.id, in: try await library.current()))
    }

    /// The favourite as the actor cut it, as Markdown or plain text, as the pages download it.
    @Sendable func export(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let format = try CutSheetPages.Format.read(WebForm(query: request).get("format"))
        let sheet = try await favourites.sheet(try context.parameters.require("id"), accountID: try context.requireAccount().id,
                                               in: try await library.current())
        return format.download(sheet)
    }

    /// Where the favourite's rehearsal stands: the line to ask now and every line's progress.
    @Sendable func rehearsal(_ request: Request, context: FolioRequestContext) async throws -> RehearsalJSON {
        let account = try context.requireAccount()
        return RehearsalJSON(try await rehearsal.plan(try context.parameters.require("id"), accountID: account.id,
                                                      in: try await library.current(), now: Date()))
    }

    struct LineAnswer: Decodable {
        let line: Int
        /// The line as the actor recalled it; absent when they said it aloud and rate themselves.
        let answer: String?
        /// 1–4: the actor's own rating, over the one the check proposes.
        let rating: Int?
    }

    /// Tries a line: checks a typed answer and stores the rating it proposes (or the one given),
    /// or stores the rating of a line said aloud.
    @Sendable func rehearse(_ request: Request, context: FolioRequestContext) async throws -> RehearsedJSON {
        let account = try context.requireAccount()
        let id = try context.parameters.require("id")
        let expected = "a JSON object with line (a number), and answer (the line as recalled) or rating (1–4), or both"
        let body: LineAnswer
        do {
            body = try await request.decode(as: LineAnswer.self, context: context)
        } catch {
            throw InputError.body(expected)
        }
        guard body.answer != nil || body.rating != nil else { throw InputError.body(expected) }
        let chosen = try body.rating.map { choice throws(RevisionError) in try Revision.rating(choice) }
        let library = try await library.current()
        let now = Date()
        if let answer = body.answer {
            let (checked, rated) = try await rehearsal.answer(id, line: body.line, answer: answer, rating: chosen, accountID: account.id,
                                                               in: library, now: now)
            return RehearsedJSON(verdict: checked.verdict.name, slips: checked.verdict.slips, expected: checked.line.drill.text,
                                 proposedRating: checked.proposed.rawValue, rating: rated.rating.rawValue,
                                 line: .init(rated.line), rehearsal: RehearsalJSON(rated.plan))
        }
        let rated = try await rehearsal.rate(id, line: body.line, rating: chosen!, accountID: account.id, in: library, now: now)
        return RehearsedJSON(verdict: nil, slips: [], expected: rated.line.drill.text, proposedRating: nil, rating: rated.rating.rawValue,
                             line: .init(rated.line), rehearsal: RehearsalJSON(rated.plan))
    }
}
