import FolioApp
import FolioCore
import FolioStore
import Foundation
import Ghost
import Hummingbird

/// Ghost's pages: the setup (people on one device, the computer, or an online room), the game
/// itself, the high scores and the rules. A game is played with plain forms (the on-screen
/// keyboard's keys are a form's buttons), so it works without JavaScript; `ghost.js` adds the real
/// keyboard and the link's Copy and Share, and at an online table sends the same moves over the
/// room's WebSocket and redraws the board live. A move that ends a round answers with that round's
/// end (`?over=N`), shown until the player moves on to the next.
struct GhostPagesController: Sendable {
    let referee: GhostReferee
    let pages: PageRenderer
    /// Where people reach this server: a room's link is shared, so it is absolute, and built
    /// from the operator's setting, never from the request's Host or X-Forwarded-* headers.
    let publicURL: String
    /// Where the meaning of a round's word is looked up: the process's one shelf.
    var glossary: GlossaryShelf = .shared

    /// Rows of the setup form: enough for the largest table.
    static let setupRows = Game.playerRange.upperBound
    /// The newest few, above the forms: a returning player's first wish is to carry on a game,
    /// and a page of twenty put the forms a phone's length down.
    static let gamesPageSize = 5
    static let scoresPageSize = 50
    /// Refusals a setup form shows beside the form rather than on an error page.
    static let setupRefusals: Set<FolioErrorKind> = [.invalidInput, .rateLimited, .notFound, .conflict]

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
            .on(page: .ghostOffline, use: offline)
            .on(page: .ghostLobby, use: lobby)
            .on(page: .uploadWordList, use: uploadWordList)
            .on(page: .deleteWordList, use: deleteWordList)
            .on(page: .ghostDaily, use: daily)
            .on(page: .answerGhostDaily, use: answerDaily)
    }

    func render(_ template: String, title: String, model: [any Encodable], context: FolioRequestContext,
                status: HTTPResponse.Status = .ok) throws -> Response {
        try pages.render(template, title: title, tab: .ghost, model: model, context: context, status: status)
    }

    // MARK: - Setup

    @Sendable func setup(_ request: Request, context: FolioRequestContext) async throws -> Response {
        try await setupPage(context: context, errors: [], status: .ok, page: Self.pageNumber(request), kept: KeptList(WebForm(query: request)))
    }

    /// A list just kept, as the upload's redirect names it (so a reload never sends the list
    /// again): its id, and the counts the upload left out.
    struct KeptList {
        let id: Int64
        let dropped: Int
        let repeated: Int

        init?(_ query: WebForm) {
            guard let id = query.value("kept").flatMap(Int64.init) else { return nil }
            self.id = id
            dropped = query.value("left").flatMap(Int.init).map { max(0, $0) } ?? 0
            repeated = query.value("repeated").flatMap(Int.init).map { max(0, $0) } ?? 0
        }

        /// What the page says of it, read from the account's own lists: another account's id says nothing.
        func notice(among lists: [StoredWordList]) -> String? {
            guard let list = lists.first(where: { $0.id == id }) else { return nil }
            var said = "Kept “\(list.name)”: \(countText(list.wordCount, "word"))."
            if dropped > 0 { said += " Left out \(countText(dropped, "line")) that \(dropped == 1 ? "was" : "were") not a word of letters a–z." }
            if repeated > 0 { said += " \(countText(repeated, "word")) came more than once." }
            return said
        }
    }

    /// The `page` of a paged list page: 1 unless the query names a later one.
    static func pageNumber(_ request: Request) -> Int {
        max(1, min(100_000, Int(WebForm(query: request).value("page") ?? "1") ?? 1))
    }

    /// The setup page, with the player's own games a page at a time and any refusal beside the forms.
    func setupPage(context: FolioRequestContext, errors: [String], status: HTTPResponse.Status, page: Int = 1,
                   kept: KeptList? = nil, refusedList: GhostPages.RefusedList? = nil) async throws -> Response {
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
        let preferences = try await referee.preferences(of: context.account)
        var wordLists: [StoredWordList] = []
        if let account = context.account { wordLists = try await referee.wordLists(of: account) }
        return try render("ghost/setup", title: "Ghost",
                          model: [GhostPages.Setup(rows: Self.setupRows, you: you, errors: errors, yourGames: yourGames, pager: gamesPager,
                                                   preferences: preferences, wordLists: wordLists, notice: kept?.notice(among: wordLists),
                                                   refusedList: refusedList)],
                          context: context, status: status)
    }

    /// The dictionary, minimum length and rules of a setup form.
    static func rules(_ form: WebForm) throws -> (GhostDictionary, Int, Rules, Int64?) {
        let (dictionary, wordList) = try DictionaryInput.read(form.value("dictionary"))
        let raw = form.string("minLength")
        guard let length = Int(raw), WordList.allowedMinimumLengths.contains(length) else {
            throw GhostError.invalidMinimumLength(Int(raw) ?? 0)
        }
        return (dictionary, length, try RulesInput.rules(challenges: form.value("challenges"), variant: form.value("variant")), wordList)
    }

    @Sendable func startHotSeat(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let form = try await WebForm.read(request)
        do {
            let (dictionary, length, rules, wordList) = try Self.rules(form)
            var seats: [Match.Seat] = []
            var ownSeat: Int?
            var computers = 0
            // A lone computer is called by its level alone ("Computer (hard)"), as in a room;
            // only several are numbered.
            let computerCount = (0..<Self.setupRows).count { Match.Seat.Kind(rawValue: form.string("kind\($0)"))?.computer != nil }
            for i in 0..<Self.setupRows {
                let kind = Match.Seat.Kind(rawValue: form.string("kind\(i)")) ?? .person
                let name = form.string("name\(i)").trimmingSpaces
                if kind == .person && name.isEmpty { continue }
                if form.value("mine") == String(i) { ownSeat = seats.count }
                if let level = kind.computer?.level {
                    computers += 1
                    seats.append(.computer(level, name: name, number: computerCount > 1 ? computers : nil))
                } else {
                    seats.append(Match.Seat(name: name, kind: kind))
                }
            }
            var match = try Match(dictionary: dictionary, minimumLength: length, rules: rules, seats: seats)
            match.wordList = wordList
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
            let (dictionary, length, rules, wordList) = try Self.rules(form)
            let people = Int(form.string("people")) ?? 0
            let computers = form.values("computer").compactMap(ComputerPlayer.Level.init(rawValue:))
            let turnSeconds = Int(form.string("turnSeconds").isEmpty ? "0" : form.string("turnSeconds")) ?? -1
            let stored = try await referee.openRoom(dictionary: dictionary, minimumLength: length, rules: rules, people: people,
                                                    computers: computers, account: account, listed: form.value("listed") == "on",
                                                    turnSeconds: turnSeconds, wordList: wordList)
            return .redirect(to: SiteRoute.ghostGame.path(stored.id), type: .normal)
        } catch let error as any FolioError where Self.setupRefusals.contains(error.kind) {
            return try await setupPage(context: context, errors: [error.message], status: ErrorMiddleware.status(for: error.kind))
        }
    }

    // MARK: - The daily puzzle

    @Sendable func daily(_ request: Request, context: FolioRequestContext) async throws -> Response {
        try dailyPage(try await referee.puzzleStatus(account: context.account), context: context, error: nil, status: .ok)
    }

    @Sendable func answerDaily(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let form = try await WebForm.read(request)
        do {
            _ = try await referee.answerPuzzle(letter: form.string("letter"), account: context.account)
            // The answer is kept with the account, so the page that shows it is a GET.
            return .redirect(to: SiteRoute.ghostDaily.path(), type: .normal)
        } catch let error as GhostError {
            return try dailyPage(try await referee.puzzleStatus(account: context.account), context: context, error: error.message,
                                 status: ErrorMiddleware.status(for: error.kind))
        }
    }

    func dailyPage(_ status: PuzzleStatus, context: FolioRequestContext, error: String?, status code: HTTPResponse.Status) throws -> Response {
        try render("ghost/daily", title: "Ghost: today's puzzle",
                   model: [GhostPages.Daily(PuzzleView(status, account: context.account), csrfToken: context.csrfToken, error: error)],
                   context: context, status: code)
    }

    // MARK: - Word lists

    /// A list pasted (or read from a file by the page's script) into the form: kept, and on to the
    /// setup page, which says what was kept and what was left out.
    @Sendable func uploadWordList(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let form = try await WebForm.read(request)
        do {
            let (stored, upload) = try await referee.uploadWordList(name: form.string("name"), text: form.string("words"), account: account)
            return .redirect(to: SiteRoute.ghost.path(query: ["kept": String(stored.id), "left": String(upload.dropped),
                                                              "repeated": String(upload.repeated)]) + "#word-lists-heading", type: .normal)
        } catch let error as GhostError {
            // Said beside the list's own form, with what was typed kept: not as a game that did not start.
            return try await setupPage(context: context, errors: [], status: ErrorMiddleware.status(for: error.kind),
                                       refusedList: GhostPages.RefusedList(error: error.message, name: form.string("name"), words: form.string("words")))
        }
    }

    @Sendable func deleteWordList(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        try await referee.deleteWordList(try context.wordListID(), account: account)
        return .redirect(to: SiteRoute.ghost.path() + "#word-lists-heading", type: .normal)
    }

    // MARK: - The lobby

    static let lobbyPageSize = 20

    @Sendable func lobby(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let page = Self.pageNumber(request)
        let rooms = try await referee.lobby(limit: Self.lobbyPageSize, offset: (page - 1) * Self.lobbyPageSize)
        let pager = Pager(page: page, pageSize: Self.lobbyPageSize, shown: rooms.items.count, total: rooms.total,
                          label: "Pages of rooms", ids: Pager.IDs(previous: "lobby-previous", next: "lobby-next")) {
            SiteRoute.ghostLobby.path(query: ["page": String($0)])
        }
        return try render("ghost/lobby", title: "Ghost lobby",
                          model: [GhostPages.Lobby(rooms: zip(rooms.items, try await referee.dictionaryLabels(rooms.items.map(\.match))).map {
                                       GhostPages.LobbyRoom($0, viewer: context.account, dictionaryLabel: $1)
                                   },
                                                   loggedIn: context.account != nil, csrfToken: context.csrfToken, pager: pager)],
                          context: context)
    }

    // MARK: - The game

    @Sendable func show(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let query = WebForm(query: request)
        let stored = try await referee.currentMatch(try context.matchID(), viewer: context.account)
        let over = try Self.roundNumber(query.value("over"))
        if query.value("fragment") == "1" {
            return try pages.html("ghost/board", TemplateData([try await board(stored, context: context, error: nil, shownRound: over)]))
        }
        return try await gamePage(stored, context: context, error: nil, status: .ok, shownRound: over)
    }

    /// The `over` of a game's address: the round whose end to show.
    static func roundNumber(_ raw: String?) throws -> Int? {
        guard let raw else { return nil }
        guard let number = Int(raw), number >= 1 else {
            throw InputError.parameter("over", String(raw.prefix(20)), "the number of a round that has ended, from 1")
        }
        return number
    }

    func gamePage(_ stored: StoredMatch, context: FolioRequestContext, error: String?, status: HTTPResponse.Status,
                  shownRound: Int? = nil) async throws -> Response {
        let board = try await board(stored, context: context, error: error, shownRound: shownRound)
        return try render("ghost/game", title: stored.mode == .online ? "Ghost room" : "Ghost",
                          model: [board], context: context, status: status)
    }

    /// The board's data: the view everyone shares, plus what only this page needs. A round
    /// that has not ended yet cannot be shown as over.
    func board(_ stored: StoredMatch, context: FolioRequestContext, error: String?, shownRound: Int? = nil) async throws -> GhostPages.Board {
        let played = try await referee.played(stored, for: context.account)
        if let shownRound, shownRound > played.game.rounds.count {
            throw InputError.parameter("over", String(shownRound),
                                       played.game.rounds.isEmpty ? "a round that has ended, and none has yet"
                                                                  : "a round that has ended, 1 to \(played.game.rounds.count)")
        }
        var board = GhostPages.Board(referee.view(played, viewer: context.account), game: played.game, stored: stored,
                                     viewer: context.account, csrfToken: context.csrfToken, error: error, publicURL: publicURL,
                                     shownRound: shownRound)
        let found = await meaning(of: board.roundOver, dictionary: stored.match.dictionary)
        board.roundOver?.meaning = found
        return board
    }

    /// The meaning of the word a round ended on, from GCIDE (English games only). A dictionary
    /// that is not installed, or a word it lacks, leaves it out: the page never waits on it
    /// failing, and the glossary reads its files once per process.
    func meaning(of round: GhostPages.Board.RoundOver?, dictionary: GhostDictionary) async -> GhostPages.Board.RoundOver.Meaning? {
        guard let round, !round.unfinished, dictionary == .english, glossary.isInstalled,
              let found = try? await glossary.define(round.word), let entry = found.entries.first, let sense = entry.senses.first else {
            return nil
        }
        return .init(headword: entry.headword, partOfSpeech: entry.partOfSpeech, sense: sense)
    }

    @Sendable func move(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let id = try context.matchID()
        let form = try await WebForm.read(request)
        do {
            // Only a typed answer needs the game's alphabet before the rules see it.
            let alphabet = form.value("type") == "answer" && form.value("rest") != nil
                ? try await referee.match(id).match.dictionary.alphabet : .latin
            let input = MoveInput(type: form.string("type"), letter: form.value("letter"), side: form.value("side"),
                                  word: try Self.answer(form, alphabet: alphabet), turn: form.value("turn").flatMap { Int($0) })
            let played = try await referee.act(id, try input.action(), turn: input.turn, account: context.account)
            // The rounds the player had seen: when the move (or the computers' replies) ended one,
            // the page shows that round's end before the next begins.
            if let seen = form.value("rounds").flatMap({ Int($0) }), seen >= 0, played.game.rounds.count > seen {
                return .redirect(to: SiteRoute.ghostGame.path(id, query: ["over": String(seen + 1)]), type: .normal)
            }
            return .redirect(to: SiteRoute.ghostGame.path(id), type: .normal)
        } catch let error as any FolioError where [.invalidInput, .conflict, .forbidden].contains(error.kind) {
            // The board again, with the reason, so the player can try another letter.
            return try await gamePage(try await referee.match(id), context: context, error: error.message,
                                status: ErrorMiddleware.status(for: error.kind))
        }
    }

    /// The word of an answer form. The page shows the fragment as a fixed start (`prefix`) and
    /// takes only the letters after it (`rest`), so what is typed cannot be mixed into the
    /// fragment; `word`, a whole word, is read as the API reads it. An empty rest, or one that is
    /// not letters of the game's `alphabet` (accents folded where it folds them: "ŷn" in Welsh),
    /// is refused before it reaches the rules, where it would lose the round for a slip of the finger.
    static func answer(_ form: WebForm, alphabet: Alphabet) throws -> String? {
        guard form.value("type") == "answer", let typed = form.value("rest") else { return form.value("word") }
        let prefix = form.string("prefix").lowercased()
        let rest = typed.trimmingSpaces.lowercased()
        guard prefix.isEmpty || alphabet.word(prefix) != nil, !rest.isEmpty, alphabet.word(rest) != nil,
              prefix.count + rest.count <= MoveInput.maximumWordLength else {
            throw AnswerRefusal(prefix: String(prefix.prefix(MoveInput.maximumWordLength)), rest: String(typed.prefix(20)), alphabet: alphabet)
        }
        return prefix + rest
    }

    @Sendable func join(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let id = try context.matchID()
        do {
            _ = try await referee.join(id, account: account)
            return .redirect(to: SiteRoute.ghostGame.path(id), type: .normal)
        } catch let error as GhostError where [.conflict, .rateLimited].contains(error.kind) {
            return try await gamePage(try await referee.match(id), context: context, error: error.message,
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
        let query = WebForm(query: request)
        let name = query.value("dictionary") ?? GhostDictionary.english.rawValue
        guard let dictionary = GhostDictionary(rawValue: name) else {
            throw InputError.parameter("dictionary", String(name.prefix(20)), GhostDictionary.names)
        }
        let order = try GhostScoreOrder(query: query.value("order"))
        let page = Self.pageNumber(request)
        let first = (page - 1) * Self.scoresPageSize
        let scores = try await referee.highScores(dictionary: dictionary, order: order, limit: Self.scoresPageSize, offset: first)
        let rows = scores.items
        var yours: [GhostPages.ScoreRow] = []
        if let account = context.account {
            yours = try await referee.scores(of: account).map { GhostPages.ScoreRow($0) }
        }
        let pager = Pager(page: page, pageSize: Self.scoresPageSize, shown: rows.count, total: scores.total,
                          label: "Pages of high scores", ids: Pager.IDs(previous: "scores-previous", next: "scores-next")) {
            SiteRoute.ghostScores.path(query: ["dictionary": dictionary.rawValue, "order": GhostPages.Scores.orderQuery(order), "page": String($0)])
        }
        return try render("ghost/scores", title: "Ghost high scores",
                          model: [GhostPages.Scores(dictionary: dictionary, order: order, rows: rows.enumerated().map { rank, score in
                                      GhostPages.ScoreRow(score, rank: first + rank + 1, isYou: score.username == context.account?.username)
                                  }, empty: scores.total == 0, yours: yours, loggedIn: context.account != nil, pager: pager)],
                          context: context)
    }

    @Sendable func help(_ request: Request, context: FolioRequestContext) async throws -> Response {
        try render("ghost/help", title: "How to play Ghost", model: [GhostPages.Help()], context: context)
    }

    /// Ghost on this device: a page whose script referees and plays plain Ghost in the browser,
    /// with or without a connection. Kept by the service worker, which also answers Ghost's pages
    /// with it when there is no connection. No account is needed, as for a hot-seat game.
    @Sendable func offline(_ request: Request, context: FolioRequestContext) async throws -> Response {
        try render("ghost/offline", title: "Ghost on this device", model: [GhostPages.OnDevice(account: context.account)],
                   context: context)
    }
}

/// An answer form whose letters cannot make a word: nothing after the fragment, or something
/// other than the letters of the game's alphabet.
struct AnswerRefusal: FolioError {
    let prefix: String
    let rest: String
    let alphabet: Alphabet

    var kind: FolioErrorKind { .invalidInput }
    var code: String { "invalid_answer" }
    var message: String {
        let after = prefix.isEmpty ? "" : " after “\(prefix)”"
        return rest.trimmingSpaces.isEmpty
            ? "Type the letters that finish your word\(after), or concede the round."
            : "“\(rest)” is not letters \(alphabet.isLatin ? "a–z" : "of the \(alphabet.name) alphabet"): type the letters that finish your word\(after), or concede the round."
    }
}
