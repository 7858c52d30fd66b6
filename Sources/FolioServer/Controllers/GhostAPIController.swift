import FolioCore
import FolioStore
import Foundation
import Ghost
import Hummingbird

/// Ghost's JSON API: start games and rooms, join, move, read a game, the high scores and the
/// choices an account last started a game with. Results and ratings are never posted: the
/// server records them from the games it referees.
struct GhostAPIController: Sendable {
    let referee: GhostReferee
    let wordPacks: GhostWordPacks
    /// Replays of games played offline: one request of an account at a time, a few at once.
    let offlineReplays: AccountWork

    /// The controller's routes, mounted at `/api/v1/ghost`.
    var routes: MountedRoutes<FolioRequestContext> {
        MountedRoutes(at: "/api/v1/ghost")
            .on(api: .ghostHighScores, use: highScores)
            .on(api: .ghostGames, use: yourGames)
            .on(api: .startGhostGame, use: start)
            .on(api: .ghostGame, use: show)
            .on(api: .ghostMove, use: move)
            .on(api: .joinGhostGame, use: join)
            .on(api: .ghostLobby, use: lobby)
            .on(api: .ghostDaily, use: daily)
            .on(api: .answerGhostDaily, use: answerDaily)
            .on(api: .ghostPreferences, use: preferences)
            .on(api: .ghostWordLists, use: wordLists)
            .on(api: .uploadGhostWordList, use: uploadWordList)
            .on(api: .deleteGhostWordList, use: deleteWordList)
            .on(api: .ghostWords, use: words)
            .on(api: .syncGhostGames, use: syncOfflineGames)
    }

    /// Games played on a device without a connection (public/ghost-offline.js), sent to count.
    struct OfflineGames: DeviceBatch {
        struct Played: Decodable {
            struct Seat: Decodable { let name: String; let kind: String }
            let id: String
            let dictionary: String
            let minLength: Int
            let challenges: String?
            let seats: [Seat]
            let ownSeat: Int
            let firstPlayer: Int?
            let actions: [MoveInput]
            /// Milliseconds since 1970, by the device's clock.
            let startedAt: Double
        }
        let account: String?
        let games: [Played]
    }

    struct OfflineGamesAnswer: ResponseEncodable {
        struct Result: Encodable {
            let id: String
            /// "counted", "alreadyCounted" or "notCounted".
            let outcome: String
            /// For "notCounted": notAgainstTheComputer, notPlayableOffline, notByTheRules or unfinished.
            let reason: String?
            /// The game as stored, for a game counted.
            let game: String?
        }
        let results: [Result]
    }

    /// Room for `GhostReferee.offlineBatchLimit` long games.
    static let offlineGamesBodyBytes = 1024 * 1024

    /// Replays each game sent and counts a finished game against the computer for the account's
    /// scores, once; anything the rules or the computers would not have done counts for nothing.
    @Sendable func syncOfflineGames(_ request: Request, context: FolioRequestContext) async throws -> OfflineGamesAnswer {
        let expected = "a JSON object {\"games\": [{\"id\", \"dictionary\", \"minLength\", \"challenges\", \"seats\": [{\"name\", \"kind\"}], \"ownSeat\", \"firstPlayer\", \"actions\": [{\"type\", \"letter\"?, \"word\"?}], \"startedAt\"}]}"
        let (account, sent) = try await OfflineGames.read(request, context: context, upTo: Self.offlineGamesBodyBytes, expected: expected)
        guard sent.games.count <= GhostReferee.offlineBatchLimit else {
            throw InputError.parameter("games", String(sent.games.count), "at most \(GhostReferee.offlineBatchLimit) games at a time")
        }
        let actions = sent.games.map(\.actions.count).reduce(0, +)
        guard actions <= GhostReferee.offlineActionLimit else {
            throw InputError.parameter("actions", String(actions), "at most \(GhostReferee.offlineActionLimit) actions in one request: send fewer games at a time")
        }
        // Each game read on its own: one the server cannot take is answered as not counted, and
        // the others still count (a device would otherwise send the same batch for ever).
        func game(_ played: OfflineGames.Played) throws -> GhostReferee.OfflineGame {
            guard let dictionary = GhostDictionary(rawValue: played.dictionary) else {
                throw InputError.parameter("dictionary", String(played.dictionary.prefix(20)), GhostDictionary.names)
            }
            let seats = try played.seats.map { seat throws -> Match.Seat in
                guard let kind = Match.Seat.Kind(rawValue: seat.kind) else {
                    throw InputError.parameter("kind", String(seat.kind.prefix(20)), "person, easy or hard")
                }
                return Match.Seat(name: seat.name, kind: kind)
            }
            guard played.actions.count <= GhostReferee.offlineActionLimit, let startedAt = DeviceTime.date(milliseconds: played.startedAt) else {
                throw InputError.body(expected)
            }
            let match = try Match(dictionary: dictionary, minimumLength: played.minLength,
                                  rules: try RulesInput.rules(challenges: played.challenges, variant: nil), seats: seats,
                                  firstPlayer: played.firstPlayer ?? 0, actions: try played.actions.map { try $0.action() })
            return try GhostReferee.OfflineGame(id: played.id, match: match, ownSeat: played.ownSeat, startedAt: startedAt)
        }
        // An id the device could not have made refuses the batch: nothing could be answered for it.
        for played in sent.games where !OfflineRevision.Review.isWellFormedID(played.id) {
            throw OfflineRevisionError.operationID(played.id)
        }
        return try await offlineReplays.run(for: account) { runner in
            var results: [OfflineGamesAnswer.Result] = []
            for played in sent.games {
                let offline: GhostReferee.OfflineGame
                do {
                    offline = try game(played)
                } catch {
                    results.append(.init(id: played.id, outcome: "notCounted", reason: GhostReferee.OfflineGameRefusal.notByTheRules.rawValue, game: nil))
                    continue
                }
                switch try await referee.recordOfflineGame(offline, account: account, runner: runner) {
                case .counted(let id): results.append(.init(id: played.id, outcome: "counted", reason: nil, game: id.rawValue))
                case .alreadyCounted(let id): results.append(.init(id: played.id, outcome: "alreadyCounted", reason: nil, game: id.rawValue))
                case .notCounted(let why): results.append(.init(id: played.id, outcome: "notCounted", reason: why.rawValue, game: nil))
                }
            }
            return OfflineGamesAnswer(results: results)
        }
    }

    /// A named dictionary's counting words for playing without a connection (`GhostWordPacks`):
    /// front-coded text, gzipped for a client that accepts it. Anyone may keep it, asking again
    /// each time: a client holding the current list gets a 304.
    @Sendable func words(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let name = context.parameters.get("dictionary") ?? ""
        guard let dictionary = GhostDictionary(rawValue: name) else {
            throw InputError.parameter("dictionary", String(name.prefix(20)), GhostDictionary.names)
        }
        let pack = try await wordPacks.pack(dictionary)
        let gzipped = Gzip.isAccepted(by: request.headers[values: .acceptEncoding])
        var headers: HTTPFields = [.cacheControl: "public, no-cache", .vary: "Accept-Encoding", .eTag: pack.eTag(gzipped: gzipped)]
        let tags = EntityTags.ifNoneMatch(request.headers[values: .ifNoneMatch])
        if tags.contains(where: { $0 == "*" || $0 == pack.eTag(gzipped: false) || $0 == pack.eTag(gzipped: true) }) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = "text/plain; charset=utf-8"
        headers[.folioWords] = String(pack.words)
        if gzipped { headers[.contentEncoding] = "gzip" }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: gzipped ? pack.gzip : pack.plain))
    }

    static let scoresPage = ListWindow(defaultLimit: 50, maximumLimit: 100, maximumOffset: 1_000_000)
    /// Each game is replayed (and its rounds reviewed) to be shown, so fewer at a time.
    static let gamesPage = ListWindow(defaultLimit: 20, maximumLimit: 50, maximumOffset: 1_000_000)

    /// `mode` hotseat: `seats` [{name, kind: person|easy|hard}] and optionally `ownSeat`.
    /// `mode` online: `people` (including you) and optionally `computers` [easy|hard].
    /// `dictionary`, `minLength`, `challenges` and `variant` left out are the ones the account
    /// last started a game with, or the defaults.
    struct Start: Decodable {
        struct Seat: Decodable { let name: String; let kind: String? }
        let mode: String?
        let dictionary: String?
        let minLength: Int?
        /// forgiving (the default) or classic.
        let challenges: String?
        /// ghost (the default) or superghost.
        let variant: String?
        let seats: [Seat]?
        /// Online rooms: shown in the public lobby (default false), and seconds per turn (default 0, no limit).
        let listed: Bool?
        let turnSeconds: Int?
        let ownSeat: Int?
        let people: Int?
        let computers: [String]?
    }

    @Sendable func highScores(_ request: Request, context: FolioRequestContext) async throws -> Page<GhostScore> {
        let query = WebForm(query: request)
        let name = query.value("dictionary") ?? ""
        var dictionary: GhostDictionary?
        if !name.isEmpty {
            guard let named = GhostDictionary(rawValue: name) else {
                throw InputError.parameter("dictionary", String(name.prefix(20)), "\(GhostDictionary.names), or nothing for all")
            }
            dictionary = named
        }
        let order = try GhostScoreOrder(query: query.value("order"))
        let (limit, offset) = try Self.scoresPage.read(query)
        return try await referee.highScores(dictionary: dictionary, order: order, limit: limit, offset: offset)
    }

    /// The choices a game started without them uses, as `start` takes them.
    struct Preferences: ResponseEncodable {
        let dictionary: String
        let minLength: Int
        let challenges: String
        let variant: String

        init(_ preferences: GhostPreferences) {
            dictionary = preferences.dictionary.rawValue
            minLength = preferences.minimumLength
            challenges = preferences.rules.challenges.rawValue
            variant = preferences.rules.variant.rawValue
        }
    }

    @Sendable func preferences(_ request: Request, context: FolioRequestContext) async throws -> Preferences {
        Preferences(try await referee.preferences(of: try context.requireAccount()))
    }

    /// Today's puzzle, with your answer and streak when you have an account.
    @Sendable func daily(_ request: Request, context: FolioRequestContext) async throws -> PuzzleView {
        PuzzleView(try await referee.puzzleStatus(account: context.account), account: context.account)
    }

    struct PuzzleGuess: Decodable { let letter: String }

    /// Answers today's puzzle: `{"letter": "a"}`. An account's first answer of the day is kept.
    @Sendable func answerDaily(_ request: Request, context: FolioRequestContext) async throws -> PuzzleView {
        let guess: PuzzleGuess
        do {
            guess = try await request.decode(as: PuzzleGuess.self, context: context)
        } catch {
            throw InputError.body("a JSON object with letter, one of the puzzle's choices")
        }
        return PuzzleView(try await referee.answerPuzzle(letter: guess.letter, account: context.account), account: context.account)
    }

    /// The public lobby: listed rooms waiting for players or in play, a page at a time.
    @Sendable func lobby(_ request: Request, context: FolioRequestContext) async throws -> Page<LobbyRoomView> {
        let (limit, offset) = try Self.gamesPage.read(WebForm(query: request))
        return try await referee.lobbyViews(try await referee.lobby(limit: limit, offset: offset))
    }

    @Sendable func yourGames(_ request: Request, context: FolioRequestContext) async throws -> Page<MatchView> {
        let account = try context.requireAccount()
        let (limit, offset) = try Self.gamesPage.read(WebForm(query: request))
        let page = try await referee.games(of: account, limit: limit, offset: offset)
        var views: [MatchView] = []
        for stored in page.items { views.append(try await referee.view(stored, viewer: account)) }
        return Page(total: page.total, items: views, limit: page.limit, offset: page.offset)
    }

    @Sendable func start(_ request: Request, context: FolioRequestContext) async throws -> MatchView {
        let body: Start
        do {
            body = try await request.decode(as: Start.self, context: context)
        } catch {
            throw InputError.body("a JSON object with mode (hotseat or online), dictionary, minLength, challenges, variant, and seats [{name, kind}] or people")
        }
        let remembered = try await referee.preferences(of: context.account)
        let (dictionary, wordList) = try DictionaryInput.read(body.dictionary ?? remembered.dictionary.rawValue)
        let length = body.minLength ?? remembered.minimumLength
        let rules = try RulesInput.rules(challenges: body.challenges ?? remembered.rules.challenges.rawValue,
                                         variant: body.variant ?? remembered.rules.variant.rawValue)
        switch body.mode ?? "hotseat" {
        case "hotseat":
            let seats = try (body.seats ?? []).map { seat in
                let kind = seat.kind ?? "person"
                guard let parsed = Match.Seat.Kind(rawValue: kind) else {
                    throw InputError.parameter("kind", String(kind.prefix(20)), "person, easy or hard")
                }
                return Match.Seat(name: seat.name, kind: parsed)
            }
            var match = try Match(dictionary: dictionary, minimumLength: length, rules: rules, seats: seats)
            match.wordList = wordList
            let stored = try await referee.startHotSeat(match, ownSeat: body.ownSeat, account: context.account,
                                                         address: context.clientAddress)
            return try await referee.view(stored, viewer: context.account)
        case "online":
            let account = try context.requireAccount()
            let computers = try (body.computers ?? []).map { name in
                guard let level = ComputerPlayer.Level(rawValue: name) else {
                    throw InputError.parameter("computers", String(name.prefix(20)), "easy or hard")
                }
                return level
            }
            let stored = try await referee.openRoom(dictionary: dictionary, minimumLength: length, rules: rules, people: body.people ?? 2,
                                                    computers: computers, account: account, listed: body.listed ?? false,
                                                    turnSeconds: body.turnSeconds ?? 0, wordList: wordList)
            return try await referee.view(stored, viewer: account)
        case let mode:
            throw InputError.parameter("mode", String(mode.prefix(20)), "hotseat or online")
        }
    }

    @Sendable func show(_ request: Request, context: FolioRequestContext) async throws -> MatchView {
        try await referee.view(try await referee.currentMatch(try context.matchID(), viewer: context.account), viewer: context.account)
    }

    /// `{"type": "letter"|"challenge"|"answer"|"concede", "letter"?, "word"?, "turn"?}`
    @Sendable func move(_ request: Request, context: FolioRequestContext) async throws -> MatchView {
        let input: MoveInput
        do {
            input = try await request.decode(as: MoveInput.self, context: context)
        } catch {
            throw InputError.body("a JSON object with type (letter, challenge, answer or concede), letter or word, and turn")
        }
        let played = try await referee.act(try context.matchID(), try input.action(), turn: input.turn, account: context.account)
        return referee.view(played, viewer: context.account)
    }

    // MARK: - Word lists

    @Sendable func wordLists(_ request: Request, context: FolioRequestContext) async throws -> WordListsView {
        let account = try context.requireAccount()
        return WordListsView(items: try await referee.wordLists(of: account).map { WordListView($0) }, limit: GhostReferee.wordListsPerAccount)
    }

    struct WordListBody: Decodable { let name: String; let words: String }

    /// `{"name": "...", "words": "one\nword\na line"}`, up to `WordListUpload.maximumBytes` of words.
    @Sendable func uploadWordList(_ request: Request, context: FolioRequestContext) async throws -> WordListView {
        let account = try context.requireAccount()
        var request = request
        let body: WordListBody
        do {
            // Room for the words at their limit, and for JSON's escapes of them.
            let buffer = try await request.collectBody(upTo: WordListUpload.maximumBytes * 2 + 4096)
            body = try JSONDecoder().decode(WordListBody.self, from: Data(buffer: buffer))
        } catch let error as HTTPError where error.status == .contentTooLarge {
            throw GhostError.wordListTooLarge(bytes: WordListUpload.maximumBytes, words: WordListUpload.maximumWords)
        } catch {
            throw InputError.body("a JSON object with name and words (one word a line)")
        }
        let (stored, upload) = try await referee.uploadWordList(name: body.name, text: body.words, account: account)
        return WordListView(stored, upload: upload)
    }

    @Sendable func deleteWordList(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        try await referee.deleteWordList(try context.wordListID(), account: account)
        return Response(status: .noContent)
    }

    @Sendable func join(_ request: Request, context: FolioRequestContext) async throws -> MatchView {
        let account = try context.requireAccount()
        return try await referee.view(try await referee.join(try context.matchID(), account: account), viewer: account)
    }
}
