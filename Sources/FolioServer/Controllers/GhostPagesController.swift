import FolioCore
import FolioStore
import Foundation
import Ghost
import Hummingbird

/// Ghost's pages: the setup (hot-seat game or online room), the game itself, the high scores and
/// the rules. A game is played with plain forms, so it works without JavaScript; at an online
/// table `ghost.js` sends the same moves over the room's WebSocket and redraws the board live.
struct GhostPagesController: Sendable {
    let referee: GhostReferee
    let pages: PageRenderer
    /// Where people reach this server: a room's link is shared, so it is absolute, and built
    /// from the operator's setting, never from the request's Host or X-Forwarded-* headers.
    let publicURL: String

    /// Rows of the setup form: enough for the largest table.
    static let setupRows = Game.playerRange.upperBound
    static let gamesPageSize = 20
    static let scoresPageSize = 50
    /// Refusals a setup form shows beside the form rather than on an error page.
    static let setupRefusals: Set<FolioErrorKind> = [.invalidInput, .rateLimited]

    /// The controller's routes, mounted at `/ghost`.
    var routes: MountedRoutes<FolioRequestContext> {
        MountedRoutes(at: "/ghost")
            .on(page: .ghost, use: setup)
            .on(page: .startHotSeat, use: startHotSeat)
            .on(page: .openRoom, use: openRoom)
            .on(page: .ghostGame, use: show)
            .on(page: .ghostMove, use: move)
            .on(page: .joinGhostGame, use: join)
            .on(page: .playAgain, use: again)
            .on(page: .ghostScores, use: scores)
            .on(page: .ghostHelp, use: help)
    }

    func render(_ template: String, title: String, model: [any Encodable], context: FolioRequestContext,
                status: HTTPResponse.Status = .ok) throws -> Response {
        try pages.render(template, title: title, tab: .ghost, model: model, context: context, status: status)
    }

    // MARK: - Setup

    @Sendable func setup(_ request: Request, context: FolioRequestContext) async throws -> Response {
        try await setupPage(context: context, errors: [], status: .ok, page: Self.pageNumber(request))
    }

    /// The `page` of a paged list page: 1 unless the query names a later one.
    static func pageNumber(_ request: Request) -> Int {
        max(1, min(100_000, Int(WebForm(query: request).value("page") ?? "1") ?? 1))
    }

    /// "21–40 of 300" and the links either side, for a list shown `size` at a time.

    func setupPage(context: FolioRequestContext, errors: [String], status: HTTPResponse.Status, page: Int = 1) async throws -> Response {
        let you = context.account?.username
        var yourGames: [GhostPages.YourGame] = []
        var gamesPager: Pager?
        if let account = context.account {
            let games = try await referee.games(of: account, limit: Self.gamesPageSize, offset: (page - 1) * Self.gamesPageSize)
            gamesPager = Pager(page: page, pageSize: Self.gamesPageSize, shown: games.items.count, total: games.total,
                               label: "Pages of your games", ids: Pager.IDs(previous: "games-previous", next: "games-next")) {
                SiteRoute.ghost.path(query: ["page": String($0)]) + "#your-games-heading"
            }
            yourGames = games.items.map(GhostPages.YourGame.init)
        }
        return try render("ghost/setup", title: "Ghost",
                          model: [GhostPages.Setup(rows: Self.setupRows, you: you, errors: errors, yourGames: yourGames, pager: gamesPager)],
                          context: context, status: status)
    }

    /// The dictionary and minimum length of a setup form.
    static func rules(_ form: WebForm) throws -> (GhostDictionary, Int) {
        let name = form.string("dictionary")
        guard let dictionary = GhostDictionary(rawValue: name) else {
            throw InputError.parameter("dictionary", name, "english or dutch")
        }
        let raw = form.string("minLength")
        guard let length = Int(raw), WordList.allowedMinimumLengths.contains(length) else {
            throw GhostError.invalidMinimumLength(Int(raw) ?? 0)
        }
        return (dictionary, length)
    }

    @Sendable func startHotSeat(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let form = try await WebForm.read(request)
        do {
            let (dictionary, length) = try Self.rules(form)
            var seats: [Match.Seat] = []
            var ownSeat: Int?
            var computers = 0
            for i in 0..<Self.setupRows {
                let kind = Match.Seat.Kind(rawValue: form.string("kind\(i)")) ?? .person
                let name = form.string("name\(i)").trimmingSpaces
                if kind == .person && name.isEmpty { continue }
                if form.value("mine") == String(i) { ownSeat = seats.count }
                if let level = kind.computer?.level {
                    computers += 1
                    seats.append(.computer(level, name: name, number: computers))
                } else {
                    seats.append(Match.Seat(name: name, kind: kind))
                }
            }
            let match = try Match(dictionary: dictionary, minimumLength: length, seats: seats)
            let stored = try await referee.startHotSeat(match, ownSeat: ownSeat, account: context.account, address: context.clientAddress)
            return .redirect(to: SiteRoute.ghostGame.path(stored.id), type: .normal)
        } catch let error as any FolioError where Self.setupRefusals.contains(error.kind) {
            return try await setupPage(context: context, errors: [error.message], status: ErrorMiddleware.status(for: error.kind))
        }
    }

    @Sendable func openRoom(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let form = try await WebForm.read(request)
        do {
            let (dictionary, length) = try Self.rules(form)
            let people = Int(form.string("people")) ?? 0
            let computers = form.values("computer").compactMap(ComputerPlayer.Level.init(rawValue:))
            let stored = try await referee.openRoom(dictionary: dictionary, minimumLength: length, people: people,
                                                    computers: computers, account: account)
            return .redirect(to: SiteRoute.ghostGame.path(stored.id), type: .normal)
        } catch let error as any FolioError where Self.setupRefusals.contains(error.kind) {
            return try await setupPage(context: context, errors: [error.message], status: ErrorMiddleware.status(for: error.kind))
        }
    }

    // MARK: - The game

    @Sendable func show(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let stored = try await referee.match(try context.matchID())
        if WebForm(query: request).value("fragment") == "1" {
            return try pages.html("ghost/board", TemplateData([try board(stored, context: context, error: nil)]))
        }
        return try gamePage(stored, context: context, error: nil, status: .ok)
    }

    func gamePage(_ stored: StoredMatch, context: FolioRequestContext, error: String?, status: HTTPResponse.Status) throws -> Response {
        let board = try board(stored, context: context, error: error)
        return try render("ghost/game", title: stored.mode == .online ? "Ghost room" : "Ghost",
                          model: [GhostPages.GamePage(script: stored.mode == .online), board], context: context, status: status)
    }

    /// The board's data: the view everyone shares, plus what only this page needs.
    func board(_ stored: StoredMatch, context: FolioRequestContext, error: String?) throws -> GhostPages.Board {
        GhostPages.Board(try referee.view(stored, viewer: context.account), stored: stored, viewer: context.account, csrfToken: context.csrfToken,
                         error: error, publicURL: publicURL)
    }

    @Sendable func move(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let id = try context.matchID()
        let form = try await WebForm.read(request)
        let input = MoveInput(type: form.string("type"), letter: form.value("letter"), word: form.value("word"),
                              turn: form.value("turn").flatMap { Int($0) })
        do {
            _ = try await referee.act(id, try input.action(), turn: input.turn, account: context.account)
            return .redirect(to: SiteRoute.ghostGame.path(id), type: .normal)
        } catch let error as any FolioError where [.invalidInput, .conflict, .forbidden].contains(error.kind) {
            // The board again, with the reason, so the player can try another letter.
            return try gamePage(try await referee.match(id), context: context, error: error.message,
                                status: ErrorMiddleware.status(for: error.kind))
        }
    }

    @Sendable func join(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let id = try context.matchID()
        do {
            _ = try await referee.join(id, account: account)
            return .redirect(to: SiteRoute.ghostGame.path(id), type: .normal)
        } catch let error as GhostError where [.conflict, .rateLimited].contains(error.kind) {
            return try gamePage(try await referee.match(id), context: context, error: error.message,
                                status: ErrorMiddleware.status(for: error.kind))
        }
    }

    /// A new game with the same settings: the same seats at a hot-seat game; at an online table
    /// a new room for the same number of people, whom the link brings back.
    @Sendable func again(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let old = try await referee.match(try context.matchID())
        // A visitor asked to play a room again is asked to log in first.
        if old.mode == .online { _ = try context.requireAccount() }
        let fresh: StoredMatch
        do {
            fresh = try await referee.rematch(old, account: context.account, address: context.clientAddress)
        } catch let error as GhostError where error.kind == .rateLimited {
            return try await setupPage(context: context, errors: [error.message], status: .tooManyRequests)
        }
        return .redirect(to: SiteRoute.ghostGame.path(fresh.id), type: .normal)
    }

    // MARK: - Scores and rules

    @Sendable func scores(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let name = WebForm(query: request).value("dictionary") ?? GhostDictionary.english.rawValue
        guard let dictionary = GhostDictionary(rawValue: name) else {
            throw InputError.parameter("dictionary", String(name.prefix(20)), "english or dutch")
        }
        let page = Self.pageNumber(request)
        let first = (page - 1) * Self.scoresPageSize
        let scores = try await referee.highScores(dictionary: dictionary, limit: Self.scoresPageSize, offset: first)
        let rows = scores.items
        var yours: [GhostPages.ScoreRow] = []
        if let account = context.account {
            yours = try await referee.scores(of: account).map { GhostPages.ScoreRow($0) }
        }
        let pager = Pager(page: page, pageSize: Self.scoresPageSize, shown: rows.count, total: scores.total,
                          label: "Pages of high scores", ids: Pager.IDs(previous: "scores-previous", next: "scores-next")) {
            SiteRoute.ghostScores.path(query: ["dictionary": dictionary.rawValue, "page": String($0)])
        }
        return try render("ghost/scores", title: "Ghost high scores",
                          model: [GhostPages.Scores(dictionary: dictionary, rows: rows.enumerated().map { rank, score in
                                      GhostPages.ScoreRow(score, rank: first + rank + 1, isYou: score.username == context.account?.username)
                                  }, empty: scores.total == 0, yours: yours, loggedIn: context.account != nil, pager: pager)],
                          context: context)
    }

    @Sendable func help(_ request: Request, context: FolioRequestContext) async throws -> Response {
        try render("ghost/help", title: "How to play Ghost", model: [GhostPages.Help()], context: context)
    }
}
