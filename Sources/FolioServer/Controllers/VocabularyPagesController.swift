import FolioApp
import FolioCore
import FolioStore
import Foundation
import Hummingbird
import Vocabulary

/// The vocabulary trainer's pages: Translations (list, a pair's page, editor, tags), Revision
/// (choose, answer, rate, a session's summary) and Import & export. Everything belongs to the
/// logged-in account, and every read and write goes through the use cases.
struct VocabularyPagesController: Sendable {
    let book: PairBook
    let revision: Revision
    let dictionaries: DictionaryImport
    let pages: PageRenderer
    let speech: SpeechCache
    let work: VocabularyWork

    /// Rows of a pair's review history a page shows.
    static let historyPageSize = 20
    /// Rows of the tags page.
    static let tagsPageSize = 100
    /// Tags the list's filter and the export offer; the tags page lists every one.
    static let filterTags = 200

    init(store: any VocabularyStore, pages: PageRenderer, pairLimit: Int, speech: SpeechCache, work: VocabularyWork = VocabularyWork(),
         dictionaryDirectory: String = FreeDictShelf.debianDirectory) {
        self.work = work
        book = PairBook(store: store, pairLimit: pairLimit)
        revision = Revision(store: store)
        dictionaries = DictionaryImport(book: book, shelf: FreeDictShelf(directory: dictionaryDirectory))
        self.pages = pages
        self.speech = speech
    }

    /// The play buttons for `sides` of `pair`, or the note that nothing can be heard.
    func listening(_ pair: Pair, sides: [Side]) -> VocabularyPages.Listening {
        VocabularyPages.Listening(pair, sides: sides, unavailable: speech.unavailable)
    }

    /// The controller's routes, mounted at `/vocab`.
    var routes: MountedRoutes<FolioRequestContext> {
        MountedRoutes(at: "/vocab")
            .on(page: .vocabulary, use: list)
            .on(page: .newPair, use: newForm)
            .on(page: .createPair, use: create)
            .on(page: .pair, use: show)
            .on(page: .editPair, use: editForm)
            .on(page: .updatePair, use: update)
            .on(page: .deletePair, use: delete)
            .on(page: .pairTags, use: tags)
            .on(page: .vocabularyImport, use: importPage)
            .on(page: .previewImport, use: preview)
            .on(page: .importTable, use: importTable)
            .on(page: .importDictionary, use: importDictionary)
            .on(page: .exportPairs, use: export)
            .on(page: .revise, use: reviseStart)
            .on(page: .reviseOffline, use: reviseOffline)
            .on(page: .pairsOffline, use: pairsOffline)
            .on(page: .revisionSession, use: session)
            .on(page: .answer, use: answer)
            .on(page: .rate, use: rate)
            .on(page: .studySettings, use: settingsForm)
            .on(page: .saveStudySettings, use: saveSettings)
            .on(page: .undoRating, use: undo)
            .on(page: .suspendPair, use: suspend)
            .on(page: .vocabularyStats, use: statistics)
            .on(page: .tuneScheduler, use: tune)
    }

    func render(_ template: String, title: String, model: [any Encodable], context: FolioRequestContext,
                status: HTTPResponse.Status = .ok, flash: String? = nil) throws -> Response {
        try pages.render(template, title: title, tab: .vocabulary, model: model, context: context, status: status,
                         flash: flash.map { Layout.Flash(kind: "info", message: $0) })
    }

    /// A parameter that is absent or empty, as nil.
    static func given(_ value: String?) -> String? {
        guard let value, !value.isEmpty else { return nil }
        return value
    }

    // MARK: - Translations

    /// Fifty pairs a page, narrowed by `q` (English or Welsh, ignoring case and accents) and `tag`.
    /// `added`, `deleted`, `imported` and `skipped` come back from a form and say what it did.
    @Sendable func list(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let parameters = WebForm(query: request)
        let query = String((parameters.get("q") ?? "").prefix(200))
        let tag = String((parameters.get("tag") ?? "").prefix(TagList.maximumLength))
        let number = VocabularyPaging.pageNumber(parameters)
        let page = try await book.page(accountID: account.id, filter: PairFilter(query: query, tag: tag),
                                       limit: VocabularyPaging.pageSize, offset: VocabularyPaging.offset(ofPage: number))
        let filtered = !query.isEmpty || !tag.isEmpty
        let all = filtered ? try await book.count(accountID: account.id) : page.total
        let tags = all == 0 ? Page(total: 0, items: [], limit: 0, offset: 0)
            : try await book.tags(accountID: account.id, limit: Self.filterTags, offset: 0)
        let list = VocabularyPages.PairList(page, query: query, tag: tag, accountPairs: all, tags: tags)
        let pager = VocabularyPaging.pager(page, number: number, route: .vocabulary, label: "Pages of pairs", parameters: [("q", query), ("tag", tag)])
        return try render("vocab/list", title: "Translations", model: [VocabularyPages.Nav(.translations), list, PagerPart(pager: pager),
                                                                   VocabularyPages.OfflinePairsLink(offlinePairs: .init(accountID: account.id))],
                          context: context, flash: try await notice(parameters, accountID: account.id))
    }

    /// What the form the learner came from did, in a sentence.
    func notice(_ parameters: WebForm, accountID: Account.ID) async throws -> String? {
        if let raw = parameters.get("added"), let id = PairID(raw),
           let pair = try? await book.pair(id, accountID: accountID) {
            return "Added “\(VocabularyPages.name(pair))”."
        }
        if parameters.get("deleted") != nil { return "The pair was deleted." }
        if let imported = parameters.get("imported").flatMap({ Int($0) }) {
            let skipped = parameters.get("skipped").flatMap { Int($0) } ?? 0
            return "Imported \(VocabularyPages.pairCount(imported))."
                + (skipped > 0 ? " \(VocabularyPages.plural(skipped, "row")) you already had \(skipped == 1 ? "was" : "were") skipped." : "")
        }
        if let imported = parameters.get("dictionary").flatMap({ Int($0) }) {
            return "The dictionary is imported: \(VocabularyPages.pairCount(imported)), all tagged \(parameters.get("tag") ?? "")."
        }
        return nil
    }

    @Sendable func show(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let id = try context.pairID()
        let parameters = WebForm(query: request)
        let pair = try await book.pair(id, accountID: account.id)
        let number = VocabularyPaging.pageNumber(parameters)
        let size = Self.historyPageSize
        let history = try await revision.history(accountID: account.id, pairID: id, limit: size, offset: (number - 1) * size)
        let cards = try await revision.cards(accountID: account.id, pairID: id)
        let suspended = try await revision.isSuspended(accountID: account.id, pairID: id)
        let pager = Pager(page: number, pageSize: size, shown: history.items.count, total: history.total, label: "Pages of reviews",
                          ids: Pager.IDs(nav: "history-pager")) { SiteRoute.pair.path(id, query: ["page": $0 == 1 ? nil : String($0)]) }
        return try render("vocab/show", title: VocabularyPages.name(pair),
                          model: [VocabularyPages.Nav(.translations), VocabularyPages.PairPage(pair, cards: cards, history: history, now: Date(),
                                                                                                   suspended: suspended),
                                  PagerPart(pager: pager), listening(pair, sides: Side.allCases)],
                          context: context, flash: parameters.get("saved") != nil ? "Changes saved." : nil)
    }

    func editor(_ pair: Pair, isNew: Bool, errors: [String], context: FolioRequestContext,
                status: HTTPResponse.Status = .ok, flash: String? = nil, focusEnglish: Bool = false) throws -> Response {
        try render("vocab/edit", title: isNew ? "New pair" : "Edit pair",
                   model: [VocabularyPages.Nav(.translations), VocabularyPages.Editor(pair, isNew: isNew, errors: errors, focusEnglish: focusEnglish)],
                   context: context, status: status, flash: flash)
    }

    /// A blank form; after "Save and add another", it says what was added and keeps its tags, as
    /// a learner typing a list usually gives the next pair the same ones.
    @Sendable func newForm(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let parameters = WebForm(query: request)
        let tags = String((parameters.get("tags") ?? "").prefix(Pair.maximumTags * (TagList.maximumLength + 2)))
        let flash = try await notice(parameters, accountID: account.id)
        return try editor(Pair(tags: tags.isEmpty ? [] : [tags]), isNew: true, errors: [], context: context, flash: flash,
                          focusEnglish: flash != nil)
    }

    @Sendable func editForm(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        return try editor(try await book.pair(try context.pairID(), accountID: account.id), isNew: false, errors: [], context: context)
    }

    /// The form's pair. The Welsh gets the typing aids the answers get ("w^" → "ŵ"), so the hint
    /// under the field holds without script; no Welsh word has a "^" of its own.
    func submitted(_ form: WebForm, id: PairID?) -> Pair {
        Pair(id: id, english: form.string("english"), welsh: AnswerCheck.typingAid(form.string("welsh")), note: form.string("note"),
             type: form.string("type"), tags: [form.string("tags")])
    }

    enum Saved {
        case saved(Pair)
        /// The form again, with what was typed and why it was refused.
        case refused(Response)
    }

    /// Saves the form's pair; a refusal shows the form again with what was typed and why.
    func save(_ pair: Pair, accountID: Account.ID, context: FolioRequestContext) async throws -> Saved {
        do {
            if let id = pair.id {
                return .saved(try await book.replace(id, with: pair, accountID: accountID))
            }
            return .saved(try await book.add(pair, accountID: accountID))
        } catch let error as VocabularyError {
            // A full account (409) is told so on the form, with what was typed kept.
            return .refused(try editor(pair, isNew: pair.id == nil, errors: [error.message], context: context,
                                       status: error.kind == .conflict ? .conflict : .badRequest))
        }
    }

    @Sendable func create(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let form = try await WebForm.read(request)
        switch try await save(submitted(form, id: nil), accountID: account.id, context: context) {
        case .refused(let page):
            return page
        case .saved(let saved):
            let id = String(saved.id ?? PairID(0))
            if form.value("then") == "another" {
                return .redirect(to: SiteRoute.newPair.path(query: ["added": id, "tags": saved.tags.joined(separator: ", ")]), type: .normal)
            }
            return .redirect(to: SiteRoute.vocabulary.path(query: ["added": id]), type: .normal)
        }
    }

    @Sendable func update(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let id = try context.pairID()
        switch try await save(submitted(try await WebForm.read(request), id: id), accountID: account.id, context: context) {
        case .refused(let page): return page
        case .saved: return .redirect(to: SiteRoute.pair.path(id, query: ["saved": "1"]), type: .normal)
        }
    }

    @Sendable func delete(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        try await book.delete(try context.pairID(), accountID: account.id)
        return .redirect(to: SiteRoute.vocabulary.path(query: ["deleted": "1"]), type: .normal)
    }

    @Sendable func tags(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let number = VocabularyPaging.pageNumber(WebForm(query: request))
        let size = Self.tagsPageSize
        let page = try await book.tags(accountID: account.id, limit: size, offset: (number - 1) * size)
        let pager = Pager(page: number, pageSize: size, shown: page.items.count, total: page.total, label: "Pages of tags",
                          ids: Pager.IDs(nav: "tags-pager")) { SiteRoute.pairTags.path(query: ["page": $0 == 1 ? nil : String($0)]) }
        return try render("vocab/tags", title: "Tags", model: [VocabularyPages.Nav(.translations), VocabularyPages.TagsPage(page), PagerPart(pager: pager)],
                          context: context)
    }

    // MARK: - Import and export

    /// The import page, with what a form left on it: a pasted table, its preview, its errors.
    func importPage(accountID: Account.ID, context: FolioRequestContext, text: String = "", format: PairTable.Format = .csv,
                    errors: [String] = [], preview: VocabularyPages.Preview? = nil, status: HTTPResponse.Status = .ok) async throws -> Response {
        var rows: [VocabularyPages.DictionaryRow] = []
        for dictionary in await dictionaries.shelf.installed() {
            // Reading a dictionary costs a tenth of a second; only one this account has started needs its size.
            let imported = try await book.count(accountID: accountID, tag: dictionary.defaultTag)
            let progress = imported == 0 ? nil : try await dictionaries.progress(of: dictionary.id, tag: dictionary.defaultTag, accountID: accountID)
            rows.append(VocabularyPages.DictionaryRow(dictionary, progress: progress))
        }
        let count = try await book.count(accountID: accountID)
        let tags = count == 0 ? [] : try await book.tags(accountID: accountID, limit: Self.filterTags, offset: 0).items
        let model = VocabularyPages.ImportPage(text: text, format: format, errors: errors, preview: preview, dictionaries: rows,
                                               pairCount: count, tags: tags)
        return try render("vocab/import", title: "Import & export", model: [VocabularyPages.Nav(.transfer), model], context: context, status: status)
    }

    @Sendable func importPage(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        return try await importPage(accountID: account.id, context: context)
    }

    /// A table as a request brings it: a pasted one in the form's `text` field, or a chosen file
    /// as the whole body (sent by vocab.js with the file's name in `name`).
    struct Submitted {
        var text: String
        var format: PairTable.Format
        var checksum: String
        /// The file's name, for a file; nil for a paste.
        var fileName: String?
    }

    func submittedTable(_ request: Request) async throws -> Submitted {
        let query = WebForm(query: request)
        if request.headers[.contentType]?.hasPrefix("application/x-www-form-urlencoded") == true {
            let form = try await WebForm.read(request)
            let name = form.value("format") ?? "csv"
            guard let format = PairTable.Format(rawValue: name) else { throw InputError.parameter("format", String(name.prefix(20)), "csv or tsv") }
            return Submitted(text: form.string("text"), format: format, checksum: form.string("checksum"), fileName: nil)
        }
        let name = String((query.get("name") ?? "").prefix(200))
        let fileName = name.isEmpty ? "the file" : name
        let format = try PairTable.format(forFileName: name.isEmpty ? "table.csv" : name)
        var request = request
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: TableImport.maximumFileBytes)
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            throw TableImportError.tooLarge(fileName: fileName, limit: TableImport.maximumFileBytes)
        }
        let text = try TableImport.text(of: Array(buffer: body), fileName: fileName)
        return Submitted(text: text, format: format, checksum: query.get("checksum") ?? "", fileName: fileName)
    }

    /// The preview alone (what vocab.js puts on the page for a chosen file), or the whole import
    /// page around it (a pasted table, without script).
    func previewResponse(_ submitted: Submitted, preview: TablePreview?, errors: [String], accountID: Account.ID,
                         request: Request, context: FolioRequestContext, status: HTTPResponse.Status) async throws -> Response {
        let part = preview.map { VocabularyPages.Preview($0, fileName: submitted.fileName) }
        if WebForm(query: request).get("fragment") == "1" {
            return try pages.html("vocab/import-preview", TemplateData([VocabularyPages.FragmentPart(preview: part, errors: errors)]), status: status)
        }
        return try await importPage(accountID: accountID, context: context, text: submitted.fileName == nil ? submitted.text : "",
                                    format: submitted.format, errors: errors, preview: part, status: status)
    }

    /// A table's bad form (not text, too large, an unknown file type) is told on the page, as a 4xx.
    func tableRefusal(_ error: any FolioError, accountID: Account.ID, request: Request, context: FolioRequestContext) async throws -> Response {
        let empty = Submitted(text: "", format: .csv, checksum: "", fileName: nil)
        return try await previewResponse(empty, preview: nil, errors: [error.message], accountID: accountID, request: request,
                                         context: context, status: ErrorMiddleware.status(for: error.kind))
    }

    @Sendable func preview(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let submitted: Submitted
        do {
            submitted = try await submittedTable(request)
        } catch let error as any FolioError {
            return try await tableRefusal(error, accountID: account.id, request: request, context: context)
        }
        guard !submitted.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            return try await tableRefusal(TableImportError.empty, accountID: account.id, request: request, context: context)
        }
        let preview = try await book.previewTable(submitted.text, format: submitted.format, accountID: account.id)
        return try await previewResponse(submitted, preview: preview, errors: [], accountID: account.id, request: request, context: context,
                                         status: preview.problemTotal > 0 ? .badRequest : preview.refusal != nil ? .conflict : .ok)
    }

    @Sendable func importTable(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let submitted: Submitted
        do {
            submitted = try await submittedTable(request)
        } catch let error as any FolioError {
            return try await tableRefusal(error, accountID: account.id, request: request, context: context)
        }
        do {
            let outcome = try await book.importPreviewed(submitted.text, format: submitted.format, checksum: submitted.checksum,
                                                         accountID: account.id)
            return .redirect(to: SiteRoute.vocabulary.path(query: ["imported": String(outcome.added), "skipped": String(outcome.skipped)]),
                             type: .normal)
        } catch let error as any FolioError {
            // Shown with the table's preview as it now stands: a changed text, a quota reached
            // meanwhile, a bad line.
            let preview = try await book.previewTable(submitted.text, format: submitted.format, accountID: account.id)
            let errors = error is VocabularyError ? [] : [error.message]
            return try await previewResponse(submitted, preview: preview, errors: errors, accountID: account.id, request: request,
                                             context: context, status: ErrorMiddleware.status(for: error.kind))
        }
    }

    /// One batch when vocab.js asks for JSON (it shows the progress and asks for the next); the
    /// whole dictionary, batch after batch, for a form posted without script.
    @Sendable func importDictionary(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let form = try await WebForm.read(request)
        let wantsJSON = request.headers[.accept]?.contains("application/json") == true
        do {
            let dictionary = try await dictionaries.shelf.dictionary(form.string("dictionary"))
            let tag = try DictionaryImport.tag(form.string("tag"), default: dictionary.defaultTag)
            guard let from = Int(form.value("from") ?? "0"), from >= 0 else {
                throw InputError.parameter("from", String(form.string("from").prefix(20)), "a whole number of pairs already imported")
            }
            if wantsJSON {
                let progress = try await dictionaries.importBatch(dictionary.id, tag: tag, from: from, accountID: account.id)
                return try Self.json(VocabularyPages.DictionaryProgress(progress))
            }
            let progress = try await dictionaries.importRest(dictionary.id, tag: tag, from: from, accountID: account.id)
            return .redirect(to: SiteRoute.vocabulary.path(query: ["tag": tag, "dictionary": String(progress.imported)]), type: .normal)
        } catch let error as any FolioError where wantsJSON {
            return ErrorMiddleware.json(status: ErrorMiddleware.status(for: error.kind), code: error.code, message: error.message)
        }
    }

    static func json(_ value: some Encodable) throws -> Response {
        Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
                 body: .init(byteBuffer: ByteBuffer(bytes: try JSONEncoder().encode(value))))
    }

    /// Every pair, or those with `tag`, as a CSV or TSV download.
    @Sendable func export(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let parameters = WebForm(query: request)
        let name = parameters.get("format") ?? "csv"
        guard let format = PairTable.Format(rawValue: name) else {
            throw InputError.parameter("format", String(name.prefix(20)), "csv or tsv")
        }
        let tag = Self.given(parameters.get("tag")).map { String($0.prefix(TagList.maximumLength)) }
        let text = try await work.exports.run(for: account) { try await book.export(accountID: account.id, format: format, tag: tag, runner: $0) }
        let day = Date().formatted(.iso8601.year().month().day())
        let label = tag.map { "-" + $0.lowercased().unicodeScalars.map { $0.isASCII && CharacterSet.alphanumerics.contains($0) ? String($0) : "-" }.joined() } ?? ""
        let file = "vocabulary\(label)-\(day).\(format.rawValue)"
        return Response(status: .ok, headers: [.contentType: format == .csv ? "text/csv; charset=utf-8" : "text/tab-separated-values; charset=utf-8",
                                               .contentDisposition: "attachment; filename=\"\(file)\"", .cacheControl: "no-store"],
                        body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    // MARK: - Revision

    @Sendable func reviseStart(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let parameters = WebForm(query: request)
        // The picker offers the first thousand tags, alphabetical: more than a learner can scan.
        let tags = try await book.tags(accountID: account.id, limit: VocabularyPaging.maximumLimit, offset: 0)
        let all = try await book.count(accountID: account.id)
        let direction = (try? Revision.direction(parameters.get("direction"))) ?? .englishToWelsh
        let overview = try await revision.overview(accountID: account.id, direction: direction, now: Date())
        let flash = parameters.get("undone") == "1" ? "Your last rating was taken back." : nil
        return try render("vocab/revise-start", title: "Revision",
                          model: [VocabularyPages.Nav(.revision),
                                  VocabularyPages.ReviseStart(allCount: all, tags: tags.items, tag: parameters.get("tag") ?? "", direction: direction,
                                                              overview: overview),
                                  VocabularyPages.OfflineRevision(accountID: account.id)],
                          context: context, flash: flash)
    }

    /// Revision on this device: a page whose script takes the day's cards with it and revises
    /// them with or without a connection, sending the ratings when it can. Kept by the service
    /// worker, which also answers the revision pages with it when there is no connection.
    @Sendable func reviseOffline(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        return try render("vocab/revise-offline", title: "Revision on this device",
                          model: [VocabularyPages.Nav(.revision), VocabularyPages.OfflineRevision(accountID: account.id)], context: context)
    }

    /// Translations on this device: a page whose script keeps every pair of the account on the
    /// device and adds, edits and deletes them with or without a connection, sending the changes
    /// when it can. Kept by the service worker, which answers the list and a pair's pages with it
    /// when there is no connection.
    @Sendable func pairsOffline(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        return try render("vocab/pairs-offline", title: "Translations on this device",
                          model: [VocabularyPages.Nav(.translations), VocabularyPages.OfflinePairs(accountID: account.id)], context: context)
    }

    // MARK: - Daily limits

    @Sendable func settingsForm(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let settings = try await revision.settings(accountID: account.id)
        let saved = WebForm(query: request).get("saved")
        return try render("vocab/settings", title: "Daily limits",
                          model: [VocabularyPages.Nav(.revision), VocabularyPages.SettingsForm(settings, errors: [])], context: context,
                          flash: saved == "1" ? "Saved." : saved == "tuned" ? "Your tuned scheduler is in use." : nil)
    }

    /// `action=fit` shows what weights fitted to the learner's reviews would do (nothing stored);
    /// `apply` puts them in use when they do better than the defaults; `reset` goes back to those.
    @Sendable func tune(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let form = try await WebForm.read(request)
        switch form.string("action") {
        case "apply":
            try await work.fits.run(for: account) { try await revision.applyTuning(accountID: account.id, runner: $0) }
            return .redirect(to: SiteRoute.studySettings.path(query: ["saved": "tuned"]), type: .normal)
        case "reset":
            try await revision.applyParameters(nil, accountID: account.id)
            return .redirect(to: SiteRoute.studySettings.path(query: ["saved": "1"]), type: .normal)
        case "fit":
            let tuning = try await work.fits.run(for: account) { try await revision.tune(accountID: account.id, runner: $0) }
            let settings = try await revision.settings(accountID: account.id)
            return try render("vocab/settings", title: "Daily limits",
                              model: [VocabularyPages.Nav(.revision), VocabularyPages.SettingsForm(settings, errors: [], tuning: tuning)],
                              context: context)
        default:
            throw InputError.parameter("action", String(form.string("action").prefix(20)), "fit, apply or reset")
        }
    }

    /// Saves the limits as typed; a bad field re-shows the form with every problem and what was typed.
    @Sendable func saveSettings(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let form = try await WebForm.read(request)
        func number(_ name: String) -> Int? { Int(form.string(name).trimmingCharacters(in: .whitespaces)) ?? (form.string(name).isEmpty ? nil : -1) }
        let retention = form.string("desiredRetention").trimmingCharacters(in: .whitespaces)
        do {
            try await revision.saveSettings(accountID: account.id, newCardsPerDay: number("newCardsPerDay"), reviewsPerDay: number("reviewsPerDay"),
                                            dayStartHour: number("dayStartHour"), timeZone: Self.given(form.string("timeZone")),
                                            desiredRetention: retention.isEmpty ? nil : (Double(retention) ?? -1),
                                            leechThreshold: number("leechThreshold"))
        } catch let error as StudySettingsError {
            var typed = try await revision.settings(accountID: account.id)
            typed.timeZone = String(form.string("timeZone").prefix(64))
            return try render("vocab/settings", title: "Daily limits",
                              model: [VocabularyPages.Nav(.revision),
                                      VocabularyPages.SettingsForm(typed, errors: [error.message], typed: form)],
                              context: context, status: .badRequest)
        }
        return .redirect(to: SiteRoute.studySettings.path(query: ["saved": "1"]), type: .normal)
    }

    /// A session's place: its direction, its tag, its size and its state, from a link or a form.
    func sessionState(_ form: WebForm) throws -> (direction: Direction, tag: String?, session: RevisionSession) {
        let direction = try Revision.direction(form.value("direction"))
        let tag = Self.given(form.value("tag")).map { String($0.prefix(TagList.maximumLength)) }
        let size = Int(form.value("size") ?? "") ?? RevisionSession.defaultSize
        return (direction, tag, try RevisionSession(token: form.value("session") ?? "", size: size))
    }

    /// The next card of the session, or its summary once it is over (or ended with `end=1`).
    @Sendable func session(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let form = WebForm(query: request)
        let (direction, tag, session) = try sessionState(form)
        let now = Date()
        if form.get("end") != "1" {
            let step = try await revision.next(in: session, accountID: account.id, tag: tag, direction: direction, now: now)
            if let pair = step.pair {
                // After Undo: said, and the card taken back is the one asked.
                let undone = form.get("undone").map { $0 == pair.id?.description
                    ? "Your last rating was taken back: here is that card again." : "Your last rating was taken back." }
                return try render("vocab/revise", title: "Revision",
                                  model: [VocabularyPages.Nav(.revision), VocabularyPages.Prompt(step, pair: pair, direction: direction, tag: tag, now: now),
                                          // Only the prompt: the other side is the answer.
                                          listening(pair, sides: [direction.promptSide])],
                                  context: context, flash: undone)
            }
            return try await summary(step.session, accountID: account.id, direction: direction, tag: tag, now: now, context: context)
        }
        return try await summary(session, accountID: account.id, direction: direction, tag: tag, now: now, context: context)
    }

    func summary(_ session: RevisionSession, accountID: Account.ID, direction: Direction, tag: String?, now: Date,
                 context: FolioRequestContext) async throws -> Response {
        let summary = try await revision.summary(of: session, accountID: accountID, tag: tag, direction: direction, now: now)
        return try render("vocab/summary", title: "Revision",
                          model: [VocabularyPages.Nav(.revision), VocabularyPages.Summary(summary, direction: direction, tag: tag, now: now)],
                          context: context)
    }

    /// A typed answer checked; nothing is stored until it is rated, so the check is a GET: reloading
    /// it or going Back to it checks again, harmlessly.
    @Sendable func answer(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let form = WebForm(query: request)
        let (direction, tag, session) = try sessionState(form)
        guard let id = PairID(form.string("pairId")) else { throw StoreError.notFound(what: "pair", id: String(form.string("pairId").prefix(20))) }
        let now = Date()
        let checked = try await revision.check(accountID: account.id, pairID: id, direction: direction, answer: form.string("answer"))
        let (outcomes, stamp) = try await revision.choices(accountID: account.id, pairID: id, direction: direction, now: now)
        let started = Double(form.string("startedAt")).map { Date(timeIntervalSince1970: $0) }
        let duration = ReviewLog.acceptedDuration(started.map { now.timeIntervalSince($0) })
        return try render("vocab/result", title: "Revision",
                          model: [VocabularyPages.Nav(.revision),
                                  VocabularyPages.Result(checked, outcomes: outcomes, direction: direction, tag: tag, session: session,
                                                         seconds: duration, now: now, stamp: stamp),
                                  listening(checked.pair, sides: [direction.promptSide, direction.answerSide])],
                          context: context)
    }

    @Sendable func rate(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let form = try await WebForm.read(request)
        let (direction, tag, session) = try sessionState(form)
        guard let choice = Int(form.string("rating")) else { throw RevisionError.rating(String(form.string("rating").prefix(20))) }
        let rating = try Revision.rating(choice)
        guard let id = PairID(form.string("pairId")) else { throw StoreError.notFound(what: "pair", id: String(form.string("pairId").prefix(20))) }
        var stored = rating
        do {
            try await revision.rate(accountID: account.id, pairID: id, direction: direction, rating: rating,
                                    seconds: Double(form.string("duration")), now: Date(),
                                    checked: CardStamp(formValue: form.string("checkedCard")))
        } catch RevisionError.alreadyRated(let standing) {
            // Back to an answer already rated, or a second tap: the first rating stands, and the
            // session goes on from where that rating took it.
            stored = standing ?? rating
        }
        var next = session
        next.record(id, verdict: Verdict(rawValue: form.string("verdict")), rating: stored)
        return .redirect(to: VocabularyPages.SessionFields(direction: direction, tag: tag, session: next).href, type: .normal)
    }

    /// Takes back the last rating. From a session, the pair is asked again; from elsewhere, the
    /// Revision page says what was undone.
    @Sendable func undo(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let form = try await WebForm.read(request)
        let undone = try await revision.undo(accountID: account.id)
        if form.value("session") != nil {
            let (direction, tag, sessionRead) = try sessionState(form)
            var session = sessionRead
            // A rating made elsewhere in the other direction is taken back without changing this session.
            if undone.direction == direction { session.takeBack(undone.pairID) }
            let href = VocabularyPages.SessionFields(direction: direction, tag: tag, session: session).href
            return .redirect(to: href + (href.contains("?") ? "&" : "?") + "undone=\(undone.pairID)", type: .normal)
        }
        return .redirect(to: SiteRoute.revise.path(query: ["undone": "1"]), type: .normal)
    }

    @Sendable func statistics(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let now = Date()
        async let statistics = revision.statistics(accountID: account.id, now: now)
        async let dueNow = revision.dueNow(accountID: account.id, now: now)
        return try render("vocab/stats", title: "Statistics",
                          model: [VocabularyPages.Nav(.revision), VocabularyPages.StatisticsPage(try await statistics, dueNow: try await dueNow)],
                          context: context)
    }

    /// Suspends a pair (`suspended=1`) or lets it back in (`suspended=0`).
    @Sendable func suspend(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let id = try context.pairID()
        let form = try await WebForm.read(request)
        try await revision.suspend(accountID: account.id, pairID: id, form.string("suspended") == "1")
        return .redirect(to: SiteRoute.pair.path(id), type: .normal)
    }
}

extension VocabularyPages {
    /// What vocab.js reads after each batch of a dictionary import.
    struct DictionaryProgress: Encodable {
        let imported: Int
        let total: Int
        let done: Bool
        let tag: String
        let href: String

        init(_ progress: DictionaryImport.Progress) {
            imported = progress.imported
            total = progress.total
            done = progress.isComplete
            tag = progress.tag
            href = SiteRoute.vocabulary.path(query: ["tag": progress.tag, "dictionary": String(progress.imported)])
        }
    }

    /// The preview fragment's model: the preview, or why there is none.
    struct FragmentPart: Encodable {
        let preview: Preview?
        let errors: [String]
    }
}
