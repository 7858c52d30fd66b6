import FolioApp
import FolioCore
import Foundation
import Hummingbird
import Monologues
import Vocabulary

/// Learning a favourite by heart in the browser, without JavaScript: a line's cue and its prompt,
/// a typed answer checked (nothing stored), then a rating stored and the next line. Only the
/// favourite's owner reaches any of it.
struct RehearsalPages: Sendable {
    let rehearsal: Rehearsal
    let library: LibraryCache
    let pages: PageRenderer

    var routes: MountedRoutes<FolioRequestContext> {
        MountedRoutes(at: "/monologues")
            .on(page: .rehearse, use: show)
            .on(page: .checkLine, use: check)
            .on(page: .rateLine, use: rate)
            .on(page: .restartRehearsal, use: restart)
            .on(page: .rehearseOffline, use: offline)
    }

    /// Rehearsal on this device: a page whose script rehearses the favourites the device took
    /// with it, with or without a connection, and sends the lines rated when it can. Kept by the
    /// service worker, which also answers a favourite's rehearse pages with it when there is no
    /// connection.
    @Sendable func offline(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        return try pages.render("monologues/rehearse-offline", title: "Rehearse on this device", tab: .monologues,
                                      model: [OfflineRehearsalPage(accountID: account.id)], context: context)
    }

    @Sendable func show(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let plan = try await rehearsal.plan(try context.parameters.require("id"), accountID: account.id,
                                            in: try await library.current(), now: Date())
        return try await render(RehearsalPage(plan, checked: nil, rehearsal: rehearsal, accountID: account.id), context: context)
    }

    /// A typed line compared with the text: the verdict and the line, then the ratings, the one the
    /// check proposes first. Nothing is stored until a rating is chosen, so the check is a GET:
    /// reloading it or going Back to it asks again, harmlessly.
    @Sendable func check(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let id = try context.parameters.require("id")
        let form = WebForm(query: request)
        let library = try await library.current()
        let now = Date()
        let checked = try await rehearsal.check(id, line: try Self.lineNumber(form), answer: form.string("answer"),
                                                accountID: account.id, in: library, now: now)
        let plan = try await rehearsal.plan(id, accountID: account.id, in: library, now: now)
        return try await render(RehearsalPage(plan, checked: checked, rehearsal: rehearsal, accountID: account.id), context: context)
    }

    /// Stores the rating and goes on to the next line; a rating sent again for a line whose card has
    /// moved on since it was checked is not stored twice.
    @Sendable func rate(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let id = try context.parameters.require("id")
        let form = try await WebForm.read(request)
        let rating = try Revision.rating(Int(form.string("rating")) ?? 0)
        do {
            _ = try await rehearsal.rate(id, line: try Self.lineNumber(form), rating: rating, accountID: account.id,
                                         in: try await library.current(), now: Date(), checked: CardStamp(formValue: form.string("checkedCard")))
        } catch RevisionError.alreadyRated {
            // Back to a line already rated, or a second tap: the first rating stands.
        }
        return .redirect(to: SiteRoute.rehearse.path(id), type: .normal)
    }

    @Sendable func restart(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let id = try context.parameters.require("id")
        try await rehearsal.restart(id, accountID: account.id, in: try await library.current())
        return .redirect(to: SiteRoute.rehearse.path(id), type: .normal)
    }

    static func lineNumber(_ form: WebForm) throws(MonologueError) -> Int {
        guard let number = Int(form.string("line")) else {
            throw .invalidParameter(name: "line", value: String(form.string("line").prefix(20)), expected: "a line number")
        }
        return number
    }

    func render(_ page: RehearsalPage, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let textSize = try await rehearsal.favourites.options(accountID: account.id)?.textSize.rawValue ?? "medium"
        return try pages.render("monologues/rehearse", title: "Rehearse \(page.title)", tab: .monologues, model: [page],
                                context: context, textSize: textSize)
    }
}

/// The shell that rehearses offline: the addresses its script reads and answers.
struct OfflineRehearsalPage: Encodable {
    let account: String
    let syncHref = APIRoute.syncRehearsal.path()
    let rehearsePattern = SiteRoute.rehearse.pattern
    let checkPattern = SiteRoute.checkLine.pattern
    let editPattern = SiteRoute.editFavourite.pattern
    let favouritesHref = SiteRoute.monologueFavourites.path()
    let offlineHref = SiteRoute.rehearseOffline.path()

    init(accountID: Account.ID) {
        account = OfflinePagesMiddleware.accountTag(accountID)
    }
}

/// The rehearsal page: where the speech stands, then the line to say (or the one just checked),
/// or when to come back.
struct RehearsalPage: Encodable {
    /// The line to say: its cue and the help it is given.
    struct Asking: Encodable {
        let line: Int
        let position: String
        let cue: String
        let hasCue: Bool
        let prompt: String
        let hasPrompt: Bool
        let helpLabel: String
        let isNew: Bool
        let text: String
        let ratings: [RatingChoice]
    }

    /// The line just checked.
    struct Checked: Encodable {
        let line: Int
        let position: String
        let cue: String
        let hasCue: Bool
        let verdict: String
        /// The house's verdict colours: right, almost, wrong.
        let kind: String
        let verdictLabel: String
        let typed: String
        let hasTyped: Bool
        let expected: String
        let slips: [String]
        let hasSlips: Bool
        let ratings: [RatingChoice]
        let proposedLabel: String
        /// The line's card as it stood when checked: a rating sent again from this page is not stored twice.
        let checkedCard: String
    }

    struct LineRow: Encodable {
        let number: Int
        let status: String
        let wordPerfect: Bool
    }

    let title: String
    let character: String
    let play: String
    let editHref: String
    let progressText: String
    let progressValue: Int
    let progressMax: Int
    let statusText: String
    let hasStatus: Bool
    let asking: Asking?
    let checked: Checked?
    let restText: String?
    let lines: [LineRow]
    let hasLines: Bool
    let checkAction: String
    let rateAction: String
    let restartAction: String
    /// The favourite as the device takes it to rehearse offline (`RehearsalPackJSON`), and where
    /// it sends what it rehearsed there.
    let offlinePack: String
    let syncAction: String
    let offlineHref: String
    let rehearseHref: String

    init(_ plan: Rehearsal.Plan, checked: Rehearsal.Checked?, rehearsal: Rehearsal, accountID: Account.ID) {
        let m = plan.item.monologue, now = plan.now, total = plan.lines.count
        title = m.speechName
        character = m.character
        play = m.play
        editHref = SiteRoute.editFavourite.path(m.id)
        progressText = plan.progress.summary.prefix(1).uppercased() + plan.progress.summary.dropFirst() + "."
        progressValue = plan.progress.wordPerfect
        progressMax = max(total, 1)
        let status = [plan.due > 0 ? "\(plan.due) due" : nil, plan.new > 0 ? "\(plan.new) new" : nil].compactMap { $0 }.joined(separator: ", ")
        statusText = status
        hasStatus = !status.isEmpty
        func ratings(_ line: Rehearsal.Line, proposed: Rating?) -> [RatingChoice] {
            RatingChoice.all(rehearsal.outcomes(line, now: now), now: now, proposed: proposed)
        }
        if let checked {
            let line = checked.line
            self.checked = Checked(line: line.number, position: "Line \(line.number) of \(total)", cue: line.drill.cue,
                                   hasCue: !line.drill.cue.isEmpty, verdict: checked.verdict.name, kind: Self.kind(checked.verdict),
                                   verdictLabel: checked.verdict.label, typed: checked.typed,
                                   hasTyped: !checked.typed.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
                                   expected: line.drill.text, slips: checked.verdict.slips, hasSlips: !checked.verdict.slips.isEmpty,
                                   ratings: ratings(line, proposed: checked.proposed), proposedLabel: checked.proposed.name,
                                   checkedCard: CardStamp(line.progress?.card).formValue)
            asking = nil
        } else if let line = plan.next {
            asking = Asking(line: line.number, position: "Line \(line.number) of \(total)", cue: line.drill.cue, hasCue: !line.drill.cue.isEmpty,
                            prompt: line.prompt.show(line.drill.text), hasPrompt: line.prompt != .none, helpLabel: line.prompt.label, isNew: line.isNew,
                            text: line.drill.text, ratings: ratings(line, proposed: nil))
            self.checked = nil
        } else {
            asking = nil
            self.checked = nil
        }
        if self.checked == nil, asking == nil {
            restText = total == 0 ? "This cut has no spoken lines to learn."
                : plan.nextDue.map { "Nothing to rehearse now. The next line comes back \(VocabularyPages.Interval(from: now, to: $0).inWords)." }
                ?? "Nothing to rehearse now."
        } else {
            restText = nil
        }
        lines = plan.lines.map { line in
            let status: String
            if let due = line.progress?.card.due {
                status = due <= now ? "due now" : "next \(VocabularyPages.Interval(from: now, to: due).inWords)"
            } else {
                status = "new"
            }
            return LineRow(number: line.number, status: status, wordPerfect: line.isWordPerfect)
        }
        hasLines = total > 0
        checkAction = SiteRoute.checkLine.path(m.id)
        rateAction = SiteRoute.rateLine.path(m.id)
        restartAction = SiteRoute.restartRehearsal.path(m.id)
        offlinePack = RehearsalPackJSON(plan, accountID: accountID, scheduler: rehearsal.scheduler).attribute
        syncAction = APIRoute.syncRehearsal.path()
        offlineHref = SiteRoute.rehearseOffline.path()
        rehearseHref = SiteRoute.rehearse.path(m.id)
    }

    static func kind(_ verdict: DrillCheck.Verdict) -> String {
        switch verdict {
        case .exact: "right"
        case .close: "almost"
        case .wrong: "wrong"
        }
    }
}
