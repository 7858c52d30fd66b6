import FolioApp
import FolioCore
import FolioStore
import Foundation
import Hummingbird
import Monologues

/// The Monologues app's pages: the list with search, options, tags, a monologue, favourites and
/// the favourite editor. Pages read as HTML forms; everything personal needs a log-in.
struct MonologuePagesController: Sendable {
    let favourites: Favourites
    let library: LibraryCache
    let pages: PageRenderer

    static let pageSize = 50
    /// Your tags on the tags page: at ~60 bytes a checkbox, 200 keep the page well under 150 KB.
    static let maximumPersonalTags = 200

    /// The controller's routes, mounted at `/monologues`.
    var routes: MountedRoutes<FolioRequestContext> {
        MountedRoutes(at: "/monologues")
            .on(page: .monologues, use: list)
            .on(page: .monologueOptions, use: optionsForm)
            .on(page: .saveMonologueOptions, use: saveOptions)
            .on(page: .monologueTags, use: tags)
            .on(page: .monologueFavourites, use: favourites)
            .on(page: .editFavourite, use: editForm)
            .on(page: .saveFavouriteEdits, use: saveEdits)
            .on(page: .restoreFavourite, use: restore)
            .on(page: .removeFavourite, use: remove)
            .on(page: .monologue, use: show)
            .on(page: .toggleFavourite, use: toggleFavourite)
            .on(page: .saveMonologueTextSize, use: saveTextSize)
    }

    // MARK: - Options and what the user keeps

    /// Options from the account, or from this browser's cookie when logged out.
    ///
    /// The cookie reads "gender-tone-length-size" and, since the finding filters, goes on
    /// "-verse-age-fresh-play" (the play's slug last, as it holds dashes itself). The account's
    /// stored options hold the first four; the finding filters are kept in the cookie for
    /// everyone until the store keeps them too.
    func options(_ request: Request, _ context: FolioRequestContext) async throws -> MonologueOptions {
        let parts = (request.cookies[Cookies.options]?.value ?? "").split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        var options = MonologueOptions()
        if parts.count >= 4 {
            options = MonologueOptions(gender: parts[0], tone: parts[1], length: parts[2], textSize: parts[3],
                                       form: parts.count > 4 ? parts[4] : nil, play: parts.count > 7 ? parts[7...].joined(separator: "-") : nil,
                                       age: parts.count > 5 ? parts[5] : nil, fresh: parts.count > 6 ? parts[6] : nil)
        }
        if let account = context.account, let stored = try await favourites.options(accountID: account.id) {
            return stored
        }
        return options
    }

    /// The options as the cookie keeps them; finding filters left unset are left off the end, so
    /// a browser that sets none keeps the four-part cookie it always had.
    static func cookieValue(_ options: MonologueOptions) -> String {
        var parts = [options.gender?.rawValue ?? "", options.tone?.rawValue ?? "", options.length?.rawValue ?? "", options.textSize.rawValue,
                     options.form?.rawValue ?? "", options.age?.rawValue ?? "", options.fresh ? "1" : "", options.play ?? ""]
        while parts.count > 4, parts.last == "" { parts.removeLast() }
        return parts.joined(separator: "-")
    }

    /// The user's favourites among `ids` (a page of results) by monologue id; empty when logged out.
    func favouritesByID(_ context: FolioRequestContext, among ids: [String]) async throws -> [String: Favourite] {
        guard let account = context.account else { return [:] }
        return try await favourites.favourites(among: ids, accountID: account.id)
    }

    /// The tags the user gave favourites, by monologue id (empty when logged out).
    func personalTags(_ context: FolioRequestContext) async throws -> [String: [String]] {
        guard let account = context.account else { return [:] }
        return try await favourites.personalTags(accountID: account.id)
    }

    // MARK: - List

    @Sendable func list(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let parameters = WebForm(query: request)
        let library = try await library.current()
        let options = try await options(request, context)
        // The URL may narrow the remembered options further (the tags page sends tag=…).
        let search = MonologueQuery.lenient(text: parameters.get("q"), gender: parameters.get("gender"), tone: parameters.get("tone"),
                                            length: parameters.get("length"), tags: parameters.getAll("tag"),
                                            form: parameters.get("verse"), play: parameters.get("play"), age: parameters.get("age"),
                                            fresh: parameters.get("fresh"), options: options, plays: library.playSlugs)
        let (query, filter) = (search.text, search.filter)
        let pageNumber = max(1, min(10_000, Int(parameters.get("page") ?? "1") ?? 1))
        // The results the page's script asks for as the actor types: the last word may be half
        // typed. So may it in the address the script writes as it goes (`typing`), so that a
        // reload or a shared link shows the list typing showed ("ham": 110 as typed, and 100 on a
        // reload of that address, which read it whole).
        let typing = parameters.get("fragment") == "1" || parameters.get("typing") == "1"
        let finder = MonologueFinder(favourites: favourites)
        let personal = try await finder.personalView(accountID: context.account?.id)
        let result = try await finder.find(search, in: library, limit: Self.pageSize, offset: (pageNumber - 1) * Self.pageSize,
                                           accountID: context.account?.id, personal: personal, typing: typing)
        // An empty page says what to change: its words, or the filters in force.
        let nothing = result.total == 0 ? finder.whyNothing(result, filter: filter, in: library, personal: personal) : nil
        let results = MonologuePages.Results(result, query: query, nothing: nothing, page: pageNumber, pageSize: Self.pageSize,
                                             uri: request.uri.description)
        if parameters.get("fragment") == "1" {
            return try pages.html("monologues/results", TemplateData([results]))
        }
        // Filters that came in the address ride along as hidden fields, so a search without
        // JavaScript keeps them.
        let fields = Self.filterNames.flatMap { name in
            parameters.getAll(name).filter { !$0.isEmpty }.map { MonologuePages.SearchForm.Field(name: name, value: $0) }
        }
        let form = MonologuePages.SearchForm(query: query, filterFields: fields, hasFilters: filter != MonologueFilter(),
                                             filterSummary: Self.summary(filter, plays: library.plays))
        return try pages.render("monologues/list", title: "Monologues", tab: .monologues, model: [form, results], context: context,
                                textSize: options.textSize.rawValue)
    }


    // MARK: - Options

    @Sendable func optionsForm(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let options = try await options(request, context)
        return try await renderOptions(options, saved: false, context: context)
    }

    @Sendable func saveOptions(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let form = try await WebForm.read(request)
        if form.value("clear") == "1" {
            // "Clear filters" above the results: every filter off, the reading size kept, and
            // back to the same words.
            let cleared = MonologueOptions(textSize: try await options(request, context).textSize)
            let query = form.string("q").trimmingCharacters(in: .whitespaces)
            var response = Response.redirect(to: SiteRoute.monologues.path(query: ["q": query.isEmpty ? nil : String(query.prefix(200))]),
                                             type: .normal)
            try await remember(cleared, request: request, context: context, in: &response)
            return response
        }
        var options = MonologueOptions(gender: form.value("gender"), tone: form.value("tone"), length: form.value("length"),
                                       textSize: form.value("textSize"), form: form.value("verse"), play: form.value("play"),
                                       age: form.value("age"), fresh: form.value("fresh"))
        // Only a play the library holds is remembered.
        if let play = options.play, !(try await library.current().playSlugs.contains(play)) { options.play = nil }
        var response = try await renderOptions(options, saved: true, context: context)
        try await remember(options, request: request, context: context, in: &response)
        return response
    }

    /// Keeps the options with the account, or in this browser's cookie when logged out. The
    /// account's store does not hold the finding filters (verse, play, age, fresh) yet, so for an
    /// account they ride in the cookie while any is set, and the cookie goes when none is.
    func remember(_ options: MonologueOptions, request: Request, context: FolioRequestContext, in response: inout Response) async throws {
        guard let account = context.account else {
            response.setCookie(Cookies.make(Cookies.options, Self.cookieValue(options), maxAge: 365 * 86_400))
            return
        }
        try await favourites.saveOptions(options, accountID: account.id)
        // Kept with the account now: a cookie from before logging in would only be stale.
        if request.cookies[Cookies.options] != nil {
            response.setCookie(Cookies.make(Cookies.options, "", maxAge: 0))
        }
    }

    /// The reading screen's own text-size buttons: only the size changes, and the reader is back
    /// on the speech (the page's script applies the size at once and sends this in the background).
    @Sendable func saveTextSize(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let id = try context.parameters.require("id")
        let form = try await WebForm.read(request)
        guard let size = MonologueOptions.TextSize(rawValue: form.string("textSize")) else {
            throw MonologueError.unknownFilterValue(field: "textSize", value: form.string("textSize"),
                                                    allowed: MonologueOptions.TextSize.allCases.map(\.rawValue))
        }
        var options = try await options(request, context)
        options.textSize = size
        var response = Response.redirect(to: SiteRoute.monologue.path(id), type: .normal)
        try await remember(options, request: request, context: context, in: &response)
        return response
    }

    func renderOptions(_ options: MonologueOptions, saved: Bool, context: FolioRequestContext) async throws -> Response {
        let plays = try await library.current().plays
        return try pages.render("monologues/options", title: "Options", tab: .monologues,
                                model: [MonologuePages.Options(options, saved: saved, plays: plays)],
                                context: context, textSize: options.textSize.rawValue)
    }

    // MARK: - Tags

    @Sendable func tags(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let library = try await library.current()
        let selected = Set(WebForm(query: request).getAll("tag"))
        var personalCounts: [String: Int] = [:]
        for tags in try await personalTags(context).values { for tag in tags where !library.knownTags.contains(tag) { personalCounts[tag, default: 0] += 1 } }
        // Every favourite may carry its own tags, so the page offers the most used of them (and
        // any already ticked); the rest stay reachable by searching for them.
        let shown = personalCounts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .enumerated().filter { $0.offset < Self.maximumPersonalTags || selected.contains($0.element.key) }.map(\.element)
        let model = MonologuePages.Tags(
            tags: library.tags.map { .init(name: $0.name, count: $0.count, selected: selected.contains($0.name)) },
            personalTags: shown.sorted { $0.key < $1.key }.map { .init(name: $0.key, count: $0.value, selected: selected.contains($0.key)) },
            hasMorePersonalTags: personalCounts.count > shown.count, morePersonalTags: personalCounts.count - shown.count)
        let options = try await options(request, context)
        return try pages.render("monologues/tags", title: "Tags", tab: .monologues, model: [model], context: context,
                                textSize: options.textSize.rawValue)
    }

    // MARK: - One monologue

    @Sendable func show(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let id = try context.parameters.require("id")
        let library = try await library.current()
        guard let original = library.monologue(id: id) else { throw MonologueError.notFound(id: id) }
        let favourite = try await context.account.asyncMap { try await favourites.favourite(id, accountID: $0.id) } ?? nil
        let m = favourite.map { $0.applied(to: original) } ?? original
        let related = library.related(to: id) ?? []
        let options = try await options(request, context)
        let (previous, next) = library.neighbours(of: id)
        let model = MonologuePages.Show(m, related: related, favourite: favourite, canFavourite: context.account != nil,
                                        backHref: Self.backHref(request), textSize: options.textSize,
                                        oftenHeard: library.isOftenHeard(id: id), playingAge: library.playingAge(id: id),
                                        previous: previous, next: next, longerCut: library.longerCut(of: id),
                                        longerCutOf: library.piece(withLongerCut: id), isOftenHeard: library.isOftenHeard(id:))
        return try pages.render("monologues/show", title: m.speechName, tab: .monologues, model: [model], context: context,
                                textSize: options.textSize.rawValue)
    }

    /// The page's button says what it does ("favourite" 1 adds, 0 removes), so a second tap, or
    /// the form sent again, leaves the speech as the first one did; without it, a toggle.
    @Sendable func toggleFavourite(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let id = try context.parameters.require("id")
        let account = try context.requireAccount()
        let form = try await WebForm.read(request)
        switch form.value("favourite") {
        case "1": try await favourites.set(id, favourite: true, accountID: account.id)
        case "0": try await favourites.set(id, favourite: false, accountID: account.id)
        default: try await favourites.toggle(id, accountID: account.id)
        }
        return .redirect(to: SiteRoute.monologue.path(id), type: .normal)
    }

    // MARK: - Favourites

    /// One page of the user's favourites, newest first, from one read of two statements.
    @Sendable func favourites(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let library = try await library.current()
        let number = Pager.number(WebForm(query: request).get("page"))
        let page = try await favourites.page(accountID: account.id, limit: Self.pageSize, offset: (number - 1) * Self.pageSize, in: library)
        let progress = try await Rehearsal(favourites: favourites).progress(of: page.items, accountID: account.id)
        let items = page.items.map { item in
            FavouriteItem(item, oftenHeard: library.isOftenHeard(id: item.original.id), progress: progress[item.favourite.monologueID])
        }
        let pager = Pager(page: number, pageSize: Self.pageSize, shown: items.count, total: page.total, label: "Pages of favourites") {
            Pager.link(.monologueFavourites, page: $0)
        }
        let options = try await options(request, context)
        return try pages.render("monologues/favourites", title: "Favourites", tab: .monologues,
                                model: [FavouritesPage(items: items, empty: page.total == 0, countText: countText(page.total, "favourite")),
                                        PagerPart(pager: pager)],
                                context: context, textSize: options.textSize.rawValue)
    }

    /// A row of the favourites page: the piece as the actor cut it (its first line and length).
    struct FavouriteItem: Encodable {
        let href: String
        let editHref: String
        let rehearseHref: String
        /// "Rehearsed 2 of 22 lines, word-perfect on 0" once rehearsing has begun: "word-perfect
        /// on 0 of 22" alone read as nothing done after two lines rehearsed with help.
        let rehearsalText: String?
        let title: String
        let character: String
        let play: String
        /// Led by who speaks and how the cut begins, as in the search results.
        let actScene: String
        let firstLine: String
        let lengthLabel: String
        let isEdited: Bool
        let oftenHeard: Bool

        init(_ item: Favourites.Item, oftenHeard: Bool, progress: Rehearsal.Progress?) {
            let m = item.monologue
            href = SiteRoute.monologue.path(m.id)
            editHref = SiteRoute.editFavourite.path(m.id)
            rehearseHref = SiteRoute.rehearse.path(m.id)
            rehearsalText = progress.flatMap { progress in
                progress.rehearsed > 0
                    ? "Rehearsed \(progress.rehearsed) of \(countText(progress.lines, "line")), word-perfect on \(progress.wordPerfect)" : nil
            }
            title = m.title
            character = m.character
            play = m.play
            actScene = m.actScene
            firstLine = m.firstLine
            lengthLabel = MonologuePagesController.lengthLabel(m)
            isEdited = item.isEdited
            self.oftenHeard = oftenHeard
        }
    }

    struct FavouritesPage: Encodable {
        let items: [FavouriteItem]
        let empty: Bool
        let countText: String
    }

    /// The favourite the path names, with its library original, and the library.
    func favourite(_ context: FolioRequestContext) async throws -> (Account, Favourites.Item, MonologueLibrary) {
        let id = try context.parameters.require("id")
        let account = try context.requireAccount()
        let library = try await library.current()
        return (account, try await favourites.item(id, accountID: account.id, in: library), library)
    }

    @Sendable func editForm(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let (_, item, _) = try await favourite(context)
        let query = WebForm(query: request)
        return try await renderEditor(item.monologue, original: item.original, isEdited: item.isEdited, errors: [],
                                      saved: query.get("saved") == "1", slot: SlotPlan.slot(query.get("slot")), request: request, context: context)
    }

    @Sendable func saveEdits(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let (account, item, library) = try await favourite(context)
        let original = item.original
        let form = try await WebForm.read(request)
        let text = form.string("text"), notes = form.string("notes"), tags = form.string("tags")
        guard let gender = Gender(rawValue: form.string("gender")) else {
            throw MonologueError.unknownFilterValue(field: "gender", value: form.string("gender"), allowed: Gender.allCases.map(\.rawValue))
        }
        let personal = try await personalTags(context).values.flatMap { $0 }
        do {
            _ = try await favourites.edit(original.id, FavouriteEdit(text: text, notes: notes, tags: tags, gender: gender),
                                          accountID: account.id, in: library, personalTags: personal)
        } catch let error as MonologueError {
            guard case .invalidEdit(let problems) = error else { throw error }
            // Shown beside the form, with what was typed kept.
            var shown = original
            shown.text = text
            shown.notes = notes
            return try await renderEditor(shown, original: original, isEdited: true, errors: problems.map(\.message), tagsText: tags,
                                          request: request, context: context, status: .badRequest)
        }
        // Back to the editor, which says "Saved": the actor usually goes on cutting.
        return .redirect(to: SiteRoute.editFavourite.path(original.id, query: ["saved": "1"]), type: .normal)
    }

    func renderEditor(_ m: Monologue, original: Monologue, isEdited: Bool, errors: [String], tagsText: String? = nil, saved: Bool = false,
                      slot: Int? = nil, request: Request, context: FolioRequestContext,
                      status: HTTPResponse.Status = .ok) async throws -> Response {
        let options = try await options(request, context)
        let slotPlan = SlotPlan(text: m.text, slot: slot, id: m.id, library: try await library.current())
        return try pages.render("monologues/edit", title: "Edit \(m.speechName)", tab: .monologues,
                                model: [MonologuePages.Editor(m, original: original, isEdited: isEdited, errors: errors, tagsText: tagsText,
                                                              saved: saved, accountID: context.account?.id), SlotPlan.Part(slotPlan: slotPlan)],
                                context: context, status: status, textSize: options.textSize.rawValue)
    }

    @Sendable func restore(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let (account, item, library) = try await favourite(context)
        let original = item.original
        let form = try await WebForm.read(request)
        guard form.value("confirm") == "yes" else {
            // Without JavaScript there was no confirm(): ask on a page of its own.
            return try pages.render("monologues/confirm-restore", title: "Restore \(original.title)?", tab: .monologues,
                                    model: [MonologuePages.ConfirmRestore(original)], context: context)
        }
        _ = try await favourites.restore(original.id, accountID: account.id, in: library)
        return .redirect(to: SiteRoute.monologue.path(original.id), type: .normal)
    }

    @Sendable func remove(_ request: Request, context: FolioRequestContext) async throws -> Response {
        // One read: `remove` itself finds the favourite, or answers that there is none.
        try await favourites.remove(try context.parameters.require("id"), accountID: try context.requireAccount().id)
        return .redirect(to: SiteRoute.monologueFavourites.path(), type: .normal)
    }

    // MARK: - Formatting

    static func lengthLabel(_ m: Monologue) -> String {
        let minutes = max(1, Int((Double(m.seconds) / 60).rounded()))
        return "\(m.length.rawValue) · \(minutes) min"
    }

    /// Where "back" from a monologue leads: the search the reader came from, as the browser's
    /// Referer tells it, else the list. Only the list's own fields are taken, and the link is
    /// rebuilt on our own path, so a forged Referer can never send the reader elsewhere.
    static func backHref(_ request: Request) -> String {
        let list = SiteRoute.monologues.path()
        guard let referer = request.headers[.referer], let url = URLComponents(string: referer), url.path == list else { return list }
        let fields = Set(["q", "page"] + filterNames)
        let kept = (url.queryItems ?? []).filter { fields.contains($0.name) && ($0.value ?? "").count <= 200 }.prefix(30)
        var components = URLComponents()
        components.path = list
        components.queryItems = kept.isEmpty ? nil : Array(kept)
        return components.string ?? list
    }

    /// The filters a list address may carry, kept by links back to it.
    static let filterNames = ["tag", "gender", "tone", "length", "verse", "play", "age", "fresh"]

    static func ageLabel(_ age: PlayingAge) -> String {
        switch age {
        case .young: "young (teens–20s)"
        case .adult: "adult (30s–40s)"
        case .older: "older (50+)"
        case .any: "any age"
        }
    }

    static func summary(_ filter: MonologueFilter, plays: [PlayName] = []) -> String {
        var parts: [String] = []
        if let gender = filter.gender { parts.append(gender.rawValue) }
        if let tone = filter.tone { parts.append(tone.rawValue) }
        if let length = filter.length { parts.append(length.rawValue) }
        if let form = filter.form { parts.append(form.rawValue) }
        if let play = filter.play { parts.append(plays.first { $0.slug == play }?.name ?? play) }
        if let age = filter.age { parts.append("playing age " + age.rawValue) }
        if filter.fresh { parts.append("not overdone") }
        if !filter.tags.isEmpty { parts.append("tags: " + filter.tags.joined(separator: ", ")) }
        return parts.joined(separator: " · ")
    }
}

extension Optional {
    func asyncMap<T>(_ transform: (Wrapped) async throws -> T) async rethrows -> T? {
        switch self {
        case .some(let value): try await transform(value)
        case .none: nil
        }
    }
}
