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

    func addRoutes(to router: Router<FolioRequestContext>) {
        router.get("ghost", use: setup)
        router.post("ghost/games", use: startHotSeat)
        router.post("ghost/rooms", use: openRoom)
        router.get("ghost/games/:id", use: show)
        router.post("ghost/games/:id/move", use: move)
        router.post("ghost/games/:id/join", use: join)
        router.post("ghost/games/:id/again", use: again)
        router.get("ghost/scores", use: scores)
        router.get("ghost/help", use: help)
    }

    func render(_ template: String, title: String, data: [String: Any], context: FolioRequestContext,
                status: HTTPResponse.Status = .ok) throws -> Response {
        try pages.render(template, title: title, tab: "Ghost", data: data, context: context, status: status)
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
    static func pager(page: Int, size: Int, shown: Int, total: Int, href: (Int) -> String) -> [String: Any] {
        let first = (page - 1) * size
        var data: [String: Any] = ["pageText": shown == 0 ? "" : "\(first + 1)–\(first + shown) of \(total)"]
        if page > 1 { data["previousHref"] = href(page - 1) }
        if first + shown < total { data["nextHref"] = href(page + 1) }
        return data
    }

    func setupPage(context: FolioRequestContext, errors: [String], status: HTTPResponse.Status, page: Int = 1) async throws -> Response {
        let you = context.account?.username
        let rows: [[String: Any]] = (0..<Self.setupRows).map { i in
            [
                "index": i, "number": i + 1, "more": i >= 4,
                "name": i == 0 ? (you ?? "Player 1") : (i == 1 ? "Player 2" : ""),
                "person": i != 1 || you == nil, "hard": i == 1 && you != nil, "mine": i == 0 && you != nil,
            ]
        }
        var yourGames: [[String: Any]] = []
        var gamesPager: [String: Any] = [:]
        if let account = context.account {
            let games = try await referee.games(of: account, limit: Self.gamesPageSize, offset: (page - 1) * Self.gamesPageSize)
            gamesPager = Self.pager(page: page, size: Self.gamesPageSize, shown: games.items.count, total: games.total) {
                "/ghost?page=\($0)#your-games-heading"
            }
            yourGames = games.items.map { stored in
                [
                    "href": "/ghost/games/\(stored.id)", "players": stored.match.seats.map(\.name).joined(separator: ", "),
                    "state": stored.status == .finished ? "finished" : (stored.status == .waiting ? "waiting for players" : "in play"),
                    "mode": stored.mode == .online ? "online" : "hot-seat",
                ]
            }
        }
        return try render("ghost/setup", title: "Ghost", data: [
            "rows": rows, "loggedIn": you != nil, "errors": errors, "navPlay": true,
            "dictionaries": GhostDictionary.allCases.map { ["value": $0.rawValue, "label": $0.label, "selected": $0 == .english] },
            "lengths": WordList.allowedMinimumLengths.map { ["value": $0, "selected": $0 == WordList.defaultMinimumLength] },
            "yourGames": yourGames, "gamesPager": gamesPager,
        ], context: context, status: status)
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
                var name = form.string("name\(i)").trimmingSpaces
                if kind == .person && name.isEmpty { continue }
                if kind != .person {
                    computers += 1
                    if name.isEmpty { name = "\(kind.computer!.level.label) \(computers)" }
                }
                if form.value("mine") == String(i) { ownSeat = seats.count }
                seats.append(Match.Seat(name: name, kind: kind))
            }
            let match = try Match(dictionary: dictionary, minimumLength: length, seats: seats)
            let stored = try await referee.startHotSeat(match, ownSeat: ownSeat, account: context.account, address: context.clientAddress)
            return .redirect(to: "/ghost/games/\(stored.id)", type: .normal)
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
            return .redirect(to: "/ghost/games/\(stored.id)", type: .normal)
        } catch let error as any FolioError where Self.setupRefusals.contains(error.kind) {
            return try await setupPage(context: context, errors: [error.message], status: ErrorMiddleware.status(for: error.kind))
        }
    }

    // MARK: - The game

    @Sendable func show(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let stored = try await referee.match(try context.parameters.require("id"))
        if WebForm(query: request).value("fragment") == "1" {
            return try pages.html("ghost/board", try board(stored, context: context, error: nil))
        }
        return try gamePage(stored, context: context, error: nil, status: .ok)
    }

    func gamePage(_ stored: StoredMatch, context: FolioRequestContext, error: String?, status: HTTPResponse.Status) throws -> Response {
        var data = try board(stored, context: context, error: error)
        data["script"] = stored.mode == .online
        data["navPlay"] = true
        return try render("ghost/game", title: stored.mode == .online ? "Ghost room" : "Ghost", data: data, context: context, status: status)
    }

    /// The board's data: the view everyone shares, plus what only this page needs.
    func board(_ stored: StoredMatch, context: FolioRequestContext, error: String?) throws -> [String: Any] {
        let view = try referee.view(stored, viewer: context.account)
        let name = { (seat: Int?) in seat.map { view.players[$0].name } ?? "" }
        var data: [String: Any] = [
            "id": view.id, "turn": view.turn, "mode": view.mode, "status": view.status, "online": view.mode == "online",
            "dictionaryLabel": stored.match.dictionary.label, "minLength": view.minLength,
            "fragment": view.fragment, "players": view.players.map(Self.playerData), "moves": view.moves.map { ["name": $0.name, "letter": $0.letter] },
            "rounds": view.rounds.map { ["number": $0.number, "summary": $0.summary, "review": $0.review] },
            "canAct": view.canAct, "csrfToken": context.csrfToken, "action": "/ghost/games/\(view.id)/move",
            "waiting": view.status == "waiting", "playing": view.toAct != nil, "finished": view.winner != nil,
            "toActName": name(view.toAct), "winnerName": name(view.winner),
            "openSeatsText": "\(view.openSeats) more player\(view.openSeats == 1 ? "" : "s")",
            "canChallenge": !view.fragment.isEmpty && view.challenge == nil, "newRound": view.fragment.isEmpty,
            "link": "\(publicURL)/ghost/games/\(view.id)",
        ]
        if let error { data["error"] = error }
        if let challenge = view.challenge {
            data["challenge"] = ["challenger": name(challenge.challenger), "challenged": name(challenge.challenged)]
        }
        if let account = context.account, view.status == "waiting", !stored.seatAccounts.contains(account.id) {
            data["canJoin"] = true
        }
        if view.status == "waiting", context.account == nil { data["joinNeedsAccount"] = true }
        if view.winner != nil {
            data["canAgain"] = stored.mode == .hotSeat
                ? GhostReferee.mayAct(stored, seat: 0, account: context.account)
                : context.account.map { stored.seatAccounts.contains($0.id) } ?? false
        }
        return data
    }

    static func playerData(_ player: MatchView.Player) -> [String: Any] {
        [
            "seat": player.seat, "name": player.name, "letters": player.letters, "out": player.out, "toAct": player.toAct,
            "isYou": player.isYou, "seated": player.seated, "computer": player.kind != "person",
            "lettersLabel": player.letters.isEmpty ? "no letters" : player.letters.map(String.init).joined(separator: " "),
        ]
    }

    @Sendable func move(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let id = try context.parameters.require("id")
        let form = try await WebForm.read(request)
        let input = MoveInput(type: form.string("type"), letter: form.value("letter"), word: form.value("word"),
                              turn: form.value("turn").flatMap { Int($0) })
        do {
            _ = try await referee.act(id, try input.action(), turn: input.turn, account: context.account)
            return .redirect(to: "/ghost/games/\(id)", type: .normal)
        } catch let error as any FolioError where [.invalidInput, .conflict, .forbidden].contains(error.kind) {
            // The board again, with the reason, so the player can try another letter.
            return try gamePage(try await referee.match(id), context: context, error: error.message,
                                status: ErrorMiddleware.status(for: error.kind))
        }
    }

    @Sendable func join(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let id = try context.parameters.require("id")
        do {
            _ = try await referee.join(id, account: account)
            return .redirect(to: "/ghost/games/\(id)", type: .normal)
        } catch let error as GhostError where [.conflict, .rateLimited].contains(error.kind) {
            return try gamePage(try await referee.match(id), context: context, error: error.message,
                                status: ErrorMiddleware.status(for: error.kind))
        }
    }

    /// A new game with the same settings: the same seats at a hot-seat game; at an online table
    /// a new room for the same number of people, whom the link brings back.
    @Sendable func again(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let old = try await referee.match(try context.parameters.require("id"))
        let fresh: StoredMatch
        do {
            fresh = try await startAgain(old, context: context)
        } catch let error as GhostError where error.kind == .rateLimited {
            return try await setupPage(context: context, errors: [error.message], status: .tooManyRequests)
        }
        return .redirect(to: "/ghost/games/\(fresh.id)", type: .normal)
    }

    func startAgain(_ old: StoredMatch, context: FolioRequestContext) async throws -> StoredMatch {
        switch old.mode {
        case .hotSeat:
            guard GhostReferee.mayAct(old, seat: 0, account: context.account) else { throw GhostError.notYourSeat }
            var match = old.match
            match.actions = []
            // The next seat starts, so no one always has the first letter.
            match.firstPlayer = (old.match.firstPlayer + 1) % old.match.seats.count
            return try await referee.startHotSeat(match, ownSeat: old.seatAccounts.firstIndex { $0 != nil && $0 == context.account?.id },
                                                  account: context.account, address: context.clientAddress)
        case .online:
            let account = try context.requireAccount()
            guard old.seatAccounts.contains(account.id) else { throw GhostError.notYourSeat }
            let people = old.match.seats.filter { $0.kind == .person }.count
            let computers = old.match.seats.compactMap { $0.kind.computer?.level }
            return try await referee.openRoom(dictionary: old.match.dictionary, minimumLength: old.match.minimumLength,
                                              people: people, computers: computers, account: account)
        }
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
        var yours: [[String: Any]] = []
        if let account = context.account {
            yours = try await referee.scores(of: account).map(Self.scoreData)
        }
        return try render("ghost/scores", title: "Ghost high scores", data: [
            "dictionaries": GhostDictionary.allCases.map {
                ["href": "/ghost/scores?dictionary=\($0.rawValue)", "label": $0.label, "current": $0 == dictionary]
            },
            "dictionaryLabel": dictionary.label,
            "rows": rows.enumerated().map { rank, score in
                var row = Self.scoreData(score)
                row["rank"] = first + rank + 1
                row["isYou"] = score.username == context.account?.username
                return row
            },
            "empty": scores.total == 0, "yours": yours, "loggedIn": context.account != nil, "navScores": true,
            "pager": Self.pager(page: page, size: Self.scoresPageSize, shown: rows.count, total: scores.total) {
                "/ghost/scores?dictionary=\(dictionary.rawValue)&page=\($0)"
            },
        ], context: context)
    }

    static func scoreData(_ score: GhostScore) -> [String: Any] {
        [
            "username": score.username, "dictionary": GhostDictionary(rawValue: score.dictionary)?.label ?? score.dictionary,
            "games": score.games, "wins": score.wins, "losses": score.losses, "rounds": score.rounds, "roundsLost": score.roundsLost,
        ]
    }

    @Sendable func help(_ request: Request, context: FolioRequestContext) async throws -> Response {
        try render("ghost/help", title: "How to play Ghost", data: [
            "lengths": WordList.allowedMinimumLengths.map(String.init).joined(separator: ", "),
            "defaultLength": WordList.defaultMinimumLength, "navHelp": true,
        ], context: context)
    }
}
