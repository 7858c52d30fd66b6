import FolioApp
import FolioCore
import FolioStore
import Foundation
import Hummingbird
import Plots

/// The plot generator's pages: the three wheels (any plot by seed or by entry ids, a random one
/// at `/plots`), the plots an account keeps, and the Tracery grammars it loads (the pages call
/// them "wheel lists", a name a newcomer understands). The wheels work without JavaScript — Spin
/// is a link to a new random plot — and `plots.js` makes them turn.
/// Every expansion of a user's grammar goes through the shared `WorkGate`, within the
/// standard `ExpansionBudget`.
struct PlotsPagesController: Sendable {
    let store: any PlotStore
    let pages: PageRenderer
    let expansions: WorkGate
    let limits: ServerLimits

    /// The account's plots and grammars; the wheels load once, so this is cheap to make.
    func book() throws -> PlotBook {
        PlotBook(store: store, wheels: try Self.wheels(), grammarLimit: limits.savedGrammarsPerAccount)
    }

    /// The controller's routes, mounted at `/plots`.
    var routes: MountedRoutes<FolioRequestContext> {
        MountedRoutes(at: "/plots")
            .on(page: .plots, use: random)
            .on(page: .keptPlots, use: kept)
            .on(page: .keepPlot, use: keep)
            .on(page: .forgetPlot, use: forget)
            .on(page: .grammars, use: grammars)
            .on(page: .saveGrammar, use: saveGrammar)
            .on(page: .grammar, use: grammar)
            .on(page: .deleteGrammar, use: deleteGrammar)
            .on(page: .plot, use: show)
    }

    func render(_ template: String, title: String, model: any Encodable, context: FolioRequestContext,
                status: HTTPResponse.Status = .ok) throws -> Response {
        try pages.render(template, title: title, tab: .plots, model: [model], context: context, status: status)
    }

    static func wheels() throws -> Wheels { try Wheels.standard.get() }

    /// A plot named in a path: a seed (digits) or entry ids ("s3-p12-m40").
    static func plot(named name: String, in wheels: Wheels) throws -> Plot {
        if let seed = UInt64(name), name.count <= 20 { return wheels.plot(seed: seed) }
        return try wheels.plot(ids: name)
    }

    static func randomSeed() -> UInt64 { UInt64.random(in: 0...UInt64(UInt32.max)) }

    /// The most items one page of a list holds, and how many when the request does not say.
    static let maximumPageSize = 100
    static let pageSize = 50

    /// `limit` and `offset` from the query, each checked: a list is read a page at a time.
    static func window(_ query: WebForm) throws -> (limit: Int, offset: Int) {
        try ListWindow(defaultLimit: pageSize, maximumLimit: maximumPageSize).read(query)
    }

    /// The pager under a list: "51–100 of 130" with links to the pages either side.
    static func pager(_ route: SiteRoute, label: String, total: Int, count: Int, limit: Int, offset: Int) -> Pager? {
        Pager(offset: offset, pageSize: limit, shown: count, total: total, label: label) {
            route.path(query: ["offset": String($0), "limit": limit == pageSize ? nil : String(limit)])
        }
    }

    // MARK: - The wheels

    @Sendable func random(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let wheels = try Self.wheels()
        return try await machine(wheels.plot(seed: Self.randomSeed()), wheels: wheels, context: context)
    }

    @Sendable func show(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let wheels = try Self.wheels()
        return try await machine(try Self.plot(named: try context.parameters.require("plot"), in: wheels), wheels: wheels, context: context)
    }

    func machine(_ plot: Plot, wheels: Wheels, context: FolioRequestContext) async throws -> Response {
        var isKept = false
        if let account = context.account {
            isKept = try await book().isKept(ids: plot.ids, accountID: account.id)
        }
        return try render("plots/wheels", title: "Plots",
                          model: PlotPages.Machine(plot, wheels: wheels, isKept: isKept, loggedIn: context.account != nil), context: context)
    }

    // MARK: - Kept plots

    @Sendable func kept(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let (limit, offset) = try Self.window(WebForm(query: request))
        let page = try await book().kept(accountID: account.id, limit: limit, offset: offset)
        let items = page.items.map(PlotPages.KeptPlot.init)
        let pager = Self.pager(.keptPlots, label: "Kept plot pages", total: page.total, count: items.count, limit: limit, offset: offset)
        return try render("plots/kept", title: "Kept plots", model: PlotPages.Kept(items: items, total: page.total, pager: pager),
                          context: context)
    }

    @Sendable func keep(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let form = try await WebForm.read(request)
        // Keep pressed on a device without a connection, sent later with the time it was pressed
        // (public/plots.js): the page's script asks for JSON and says what became of it.
        if let made = form.value("madeAt") {
            guard let madeAt = DeviceTime.date(field: made) else {
                throw InputError.parameter("madeAt", String(made.prefix(20)), "milliseconds since 1970")
            }
            let kept = try await book().keep(ids: form.string("ids"), seed: UInt64(form.string("seed")),
                                             madeAt: madeAt, accountID: account.id)
            return try Self.json(KeepAnswer(ids: kept.plot.ids, kept: kept.kept, applied: kept.applied,
                                            message: kept.applied ? "Kept: \(kept.plot.text)"
                                                : "A later change from another device stands: “\(kept.plot.text)” is \(kept.kept ? "kept" : "not kept")."))
        }
        let (plot, seed) = try await book().keep(ids: form.string("ids"), seed: UInt64(form.string("seed")), accountID: account.id)
        return .redirect(to: SiteRoute.plot.path(seed.map(String.init) ?? plot.ids), type: .normal)
    }

    /// What became of a Keep pressed offline and sent later.
    struct KeepAnswer: Encodable {
        let ids: String
        let kept: Bool
        let applied: Bool
        let message: String
    }

    @Sendable func forget(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let ids = try context.parameters.require("ids")
        // Remove pressed without a connection and sent later (public/plots.js), as Keep is.
        let form = try await WebForm.read(request)
        if let made = form.value("madeAt") {
            guard let madeAt = DeviceTime.date(field: made) else {
                throw InputError.parameter("madeAt", String(made.prefix(20)), "milliseconds since 1970")
            }
            let plots = try book()
            let forgotten = try await plots.forget(ids: ids, madeAt: madeAt, accountID: account.id)
            // Named, since several presses may be answered one after another on one page.
            let name = (try? plots.wheels.plot(ids: ids)).map { "“\($0.text)”" } ?? "This plot"
            return try Self.json(KeepAnswer(ids: ids, kept: forgotten.kept, applied: forgotten.applied,
                                            message: forgotten.applied ? "Removed from your kept plots: \(name)."
                                                : "A later change from another device stands: \(name) is \(forgotten.kept ? "kept" : "not kept")."))
        }
        try await book().forget(ids: ids, accountID: account.id)
        return .redirect(to: SiteRoute.keptPlots.path(), type: .normal)
    }

    /// What a press sent from a device's script is answered with.
    static func json(_ answer: KeepAnswer) throws -> Response {
        let data = try JSONEncoder.folio().encode(answer)
        return Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
                        body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    // MARK: - Grammars

    func grammarList(context: FolioRequestContext, window: (limit: Int, offset: Int) = (pageSize, 0),
                     form: (name: String, json: String) = ("", ""), errors: [String] = [],
                     status: HTTPResponse.Status = .ok) async throws -> Response {
        let account = try context.requireAccount()
        let page = try await book().grammars(accountID: account.id, limit: window.limit, offset: window.offset)
        let items = page.items.map(PlotPages.GrammarItem.init)
        let pager = Self.pager(.grammars, label: "Wheel list pages", total: page.total, count: items.count,
                               limit: window.limit, offset: window.offset)
        return try render("plots/grammars", title: "Your wheel lists",
                          model: PlotPages.Grammars(items: items, empty: page.total == 0, errors: errors, name: form.name, json: form.json,
                                                    pager: pager),
                          context: context, status: status)
    }

    @Sendable func grammars(_ request: Request, context: FolioRequestContext) async throws -> Response {
        try await grammarList(context: context, window: try Self.window(WebForm(query: request)))
    }

    @Sendable func saveGrammar(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let form = try await WebForm.read(request, limit: Grammar.maximumBytes + 16 * 1024)
        let name = form.string("name").trimmingSpaces
        let json = form.string("json")
        do {
            let saved = try await book().saveGrammar(name: name, json: json, accountID: account.id,
                                                     runner: expansions.runner(closing: context.closing))
            return .redirect(to: SiteRoute.grammar.path(saved.id), type: .normal)
        } catch let error as PlotsError where error != .cancelled {
            return try await grammarList(context: context, form: (name, json), errors: [Self.plainWords(error)], status: .badRequest)
        } catch is GrammarNameError {
            return try await grammarList(context: context, form: (name, json),
                                         errors: ["Give the wheel list a name of 1 to \(PlotBook.maximumNameLength) characters."],
                                         status: .badRequest)
        } catch let error as GrammarQuotaError {
            return try await grammarList(context: context, form: (name, json), errors: [Self.plainWords(error)], status: .conflict)
        }
    }

    /// A refusal as the form's page words it: the page speaks of wheel lists, names and entries,
    /// where the API (for people who know Tracery) keeps its own terms, grammars, symbols and rules.
    static func plainWords(_ error: PlotsError) -> String {
        switch error {
        case .invalidJSON(let detail):
            "The lists are not written in the expected form (\(detail)). Check the quotes, commas and brackets against the example."
        case .invalidShape(let detail):
            "Something in the lists is not in the expected form: each name needs one entry in quotes, or a list of entries in square brackets. (In detail: \(detail).)"
        case .unknownSymbol(let name):
            "There is no list named “\(name)”. Add one, or fix the #\(name)# that picks from it."
        case .unknownModifier(let name):
            "Folio does not know “.\(name)”. After a list’s name you may write .a, .s, .ed, .capitalize, .capitalizeAll, .inQuotes or .comma."
        case .unbalancedHash(let rule):
            "The entry “\(rule.prefix(80))” has an odd number of #: every #name# needs a # at each end."
        case .unbalancedBracket(let rule):
            "The entry “\(rule.prefix(80))” opens a [ it does not close, or closes one it did not open."
        case .invalidAction(let action):
            "[\(action.prefix(60))] should be [name:#list#], to pick once and remember, or [name:POP], to forget."
        case .tooDeep(let limit):
            "The lists pick from each other more than \(limit) deep: a list probably picks from itself with no way to stop."
        case .tooCostly(let budget):
            "Making one sentence from these lists takes more than \(grouped(budget.steps)) steps or more than \(grouped(budget.characters)) characters, the most one sentence may use. Let entries pick from other lists less often, or from their own list less often."
        case .tooLarge(let bytes, let limit):
            "The lists are \(bytes) bytes long; the most is \(limit) bytes."
        case .cancelled, .notAWheelGrammar, .unknownEntry:
            error.message
        }
    }

    /// 100000 → "100,000", whatever the server's locale.
    static func grouped(_ number: Int) -> String { number.formatted(.number.locale(Locale(identifier: "en_GB"))) }

    static func plainWords(_ error: GrammarQuotaError) -> String {
        switch error {
        case .reached(let limit):
            "You keep \(limit) wheel list\(limit == 1 ? "" : "s"), the most an account may keep. Delete one, or save under the name of one you keep to replace it."
        }
    }

    @Sendable func grammar(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let saved = try await book().grammar(try context.parameters.require("id"), accountID: account.id)
        let query = WebForm(query: request)
        let seed = query.value("seed").flatMap { UInt64($0) } ?? Self.randomSeed()
        let expanded = try await expansions.run(closing: context.closing) { isCancelled in
            let grammar = try Grammar(json: saved.json)
            return try (0..<UInt64(5)).map { k in try grammar.expand(seed: seed &+ k, isCancelled: isCancelled) }
        }
        return try render("plots/grammar", title: saved.name, model: PlotPages.GrammarPage(saved, seed: seed, expanded: expanded),
                          context: context)
    }

    @Sendable func deleteGrammar(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        try await book().deleteGrammar(try context.parameters.require("id"), accountID: account.id)
        return .redirect(to: SiteRoute.grammars.path(), type: .normal)
    }
}
