import FolioApp
import FolioCore
import FolioStore
import Foundation
import Hummingbird
import Vocabulary

/// The vocabulary trainer's pages: Translations (list, search, editor) and Revision (choose a
/// tag and a direction, answer, rate). Everything belongs to the logged-in account.
struct VocabularyPagesController: Sendable {
    let book: PairBook
    let revision: Revision
    let pages: PageRenderer

    init(store: any VocabularyStore, pages: PageRenderer, pairLimit: Int) {
        book = PairBook(store: store, pairLimit: pairLimit)
        revision = Revision(store: store)
        self.pages = pages
    }

    /// The controller's routes, mounted at `/vocab`.
    var routes: MountedRoutes<FolioRequestContext> {
        MountedRoutes(at: "/vocab")
            .on(page: .vocabulary, use: list)
            .on(page: .newPair, use: newForm)
            .on(page: .createPair, use: create)
            .on(page: .editPair, use: editForm)
            .on(page: .updatePair, use: update)
            .on(page: .deletePair, use: delete)
            .on(page: .revise, use: reviseStart)
            .on(page: .revisionSession, use: session)
            .on(page: .answer, use: answer)
            .on(page: .rate, use: rate)
    }

    func render(_ template: String, title: String, model: [any Encodable], context: FolioRequestContext,
                status: HTTPResponse.Status = .ok) throws -> Response {
        try pages.render(template, title: title, tab: .vocabulary, model: model, context: context, status: status)
    }

    // MARK: - Translations

    /// Fifty pairs a page, narrowed by `q` (English or Welsh, ignoring case and accents) and `tag`.
    @Sendable func list(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let parameters = WebForm(query: request)
        let query = String((parameters.get("q") ?? "").prefix(200))
        let tag = String((parameters.get("tag") ?? "").prefix(TagList.maximumLength))
        let number = VocabularyPaging.pageNumber(parameters)
        let page = try await book.page(accountID: account.id, filter: PairFilter(query: query, tag: tag),
                                                       limit: VocabularyPaging.pageSize, offset: VocabularyPaging.offset(ofPage: number))
        let list = VocabularyPages.PairList(page, query: query, tag: tag)
        let pager = VocabularyPaging.pager(page, number: number, route: .vocabulary, label: "Pages of pairs", parameters: [("q", query), ("tag", tag)])
        return try render("vocab/list", title: "Translations", model: [list, PagerPart(pager: pager)], context: context)
    }

    func editor(_ pair: Pair, isNew: Bool, errors: [String], context: FolioRequestContext,
                status: HTTPResponse.Status = .ok) throws -> Response {
        return try render("vocab/edit", title: isNew ? "New pair" : "Edit pair",
                          model: [VocabularyPages.Editor(pair, isNew: isNew, errors: errors)], context: context, status: status)
    }

    @Sendable func newForm(_ request: Request, context: FolioRequestContext) async throws -> Response {
        _ = try context.requireAccount()
        return try editor(Pair(), isNew: true, errors: [], context: context)
    }


    @Sendable func editForm(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        return try editor(try await book.pair(try context.pairID(), accountID: account.id), isNew: false, errors: [], context: context)
    }

    func submitted(_ form: WebForm, id: PairID?) -> Pair {
        Pair(id: id, english: form.string("english"), welsh: form.string("welsh"), note: form.string("note"),
             type: form.string("type"), tags: [form.string("tags")])
    }

    func save(_ pair: Pair, accountID: Account.ID, context: FolioRequestContext) async throws -> Response {
        do {
            if let id = pair.id {
                _ = try await book.replace(id, with: pair, accountID: accountID)
            } else {
                _ = try await book.add(pair, accountID: accountID)
            }
            return .redirect(to: SiteRoute.vocabulary.path(), type: .normal)
        } catch let error as VocabularyError {
            // A full account (409) is told so on the form, with what was typed kept.
            return try editor(pair, isNew: pair.id == nil, errors: [error.message], context: context,
                              status: error.kind == .conflict ? .conflict : .badRequest)
        }
    }

    @Sendable func create(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        return try await save(submitted(try await WebForm.read(request), id: nil), accountID: account.id, context: context)
    }

    @Sendable func update(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let id = try context.pairID()
        return try await save(submitted(try await WebForm.read(request), id: id), accountID: account.id, context: context)
    }

    @Sendable func delete(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        try await book.delete(try context.pairID(), accountID: account.id)
        return .redirect(to: SiteRoute.vocabulary.path(), type: .normal)
    }

    // MARK: - Revision

    @Sendable func reviseStart(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        // The picker offers the first thousand tags, alphabetical: more than a learner can scan.
        let tags = try await book.tags(accountID: account.id, limit: VocabularyPaging.maximumLimit, offset: 0)
        let all = try await book.count(accountID: account.id)
        return try render("vocab/revise-start", title: "Revision", model: [VocabularyPages.ReviseStart(allCount: all, tags: tags.items)],
                          context: context)
    }

    static func direction(_ raw: String?) throws -> Direction {
        try VocabularyAPIController.direction(raw)
    }

    @Sendable func session(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let query = WebForm(query: request)
        let direction = try Self.direction(query.get("direction"))
        let tag = query.get("tag").flatMap { $0.isEmpty ? nil : $0 }
        let queue = try await revision.queue(accountID: account.id, tag: tag, direction: direction, now: Date())
        guard let first = queue.first else {
            return try render("vocab/revise", title: "Revision", model: [VocabularyPages.Done()], context: context)
        }
        return try render("vocab/revise", title: "Revision",
                          model: [VocabularyPages.Prompt(first.pair, direction: direction, remaining: queue.count, tag: tag, now: Date())],
                          context: context)
    }

    @Sendable func answer(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let form = try await WebForm.read(request)
        let direction = try Self.direction(form.value("direction"))
        guard let id = PairID(form.string("pairId")) else { throw StoreError.notFound(what: "pair", id: String(form.string("pairId").prefix(20))) }
        let checked = try await revision.check(accountID: account.id, pairID: id, direction: direction, answer: form.string("answer"))
        let started = Double(form.string("startedAt")).map { Date(timeIntervalSince1970: $0) }
        let duration = ReviewLog.acceptedDuration(started.map { Date().timeIntervalSince($0) })
        return try render("vocab/result", title: "Revision",
                          model: [VocabularyPages.Result(checked, direction: direction, tag: form.string("tag"), seconds: duration)],
                          context: context)
    }

    @Sendable func rate(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let form = try await WebForm.read(request)
        let direction = try Self.direction(form.value("direction"))
        guard let choice = Int(form.string("rating")) else { throw RevisionError.rating(form.string("rating")) }
        let rating = try Revision.rating(choice)
        guard let id = PairID(form.string("pairId")) else { throw StoreError.notFound(what: "pair", id: String(form.string("pairId").prefix(20))) }
        try await revision.rate(accountID: account.id, pairID: id, direction: direction, rating: rating,
                                seconds: Double(form.string("duration")), now: Date())
        var components = URLComponents()
        components.path = SiteRoute.revisionSession.path()
        components.queryItems = [URLQueryItem(name: "direction", value: direction.rawValue), URLQueryItem(name: "tag", value: form.string("tag"))]
        return .redirect(to: components.string ?? SiteRoute.revise.path(), type: .normal)
    }
}
