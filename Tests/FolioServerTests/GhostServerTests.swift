import FolioTestSupport
import FolioCore
@testable import FolioServer
import FolioStore
import Foundation
import GRDB
@testable import Ghost
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import HummingbirdWSClient
import HummingbirdWSTesting
import Synchronization
import Testing

/// A word list small enough to reason about at a minimum length of 3.
let ghostWords = ["cat", "cats", "dog", "door", "doors", "dote", "date"]

/// A server whose English list is `ghostWords`, whose Welsh list is `welshWords` (one word a
/// line, in the Welsh alphabet; missing when nil) and whose Dutch list is missing, over
/// `database` (a fresh in-memory one unless given), with `limits`.
func withGhostApp(live: Bool = false, limits: ServerLimits = ServerLimits(), database given: AppDatabase? = nil,
                  publicURL: String? = nil, clock: (@Sendable () -> Date)? = nil, words: [String] = ghostWords,
                  welshWords: [String]? = nil,
                  _ test: @escaping @Sendable (any TestClientProtocol, AppDatabase) async throws -> Void) async throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("ghost-words-\(UUID().uuidString).txt")
    try words.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let welshFile = FileManager.default.temporaryDirectory.appendingPathComponent("ghost-welsh-\(UUID().uuidString).txt")
    if let welshWords { try welshWords.joined(separator: "\n").write(to: welshFile, atomically: true, encoding: .utf8) }
    defer { try? FileManager.default.removeItem(at: welshFile) }
    let lists: [GhostDictionary: String] = [.english: file.path, .dutch: "/nonexistent/dutch-words",
                                            .welsh: welshWords == nil ? "/nonexistent/welsh.index" : welshFile.path]
    var configuration = TestApp.configuration(port: 0, limits: limits, ghostWordLists: lists, ghostRecheckSeconds: 0.2, publicURL: publicURL)
    if let clock { configuration.clock = clock }
    try await TestApp.run(configuration, database: given, live: live, test)
}

/// The parts of a game's JSON the tests read.
struct GameJSON: Decodable {
    struct Player: Decodable { let name: String; let letters: String; let out: Bool; let kind: String }
    struct Round: Decodable { let number: Int; let loser: Int; let summary: String; let review: String }
    struct Challenge: Decodable { let challenger: Int; let challenged: Int }
    let id: String
    let status: String
    let turn: Int
    let fragment: String
    let players: [Player]
    let toAct: Int?
    let challenge: Challenge?
    let rounds: [Round]
    let winner: Int?
    let yourSeat: Int?
    let canAct: Bool
    let openSeats: Int
    let deadline: String?
    let roundStarts: String?
    let awaySeat: Int?
}

struct ScoresJSON: Decodable {
    struct Score: Decodable { let username: String; let dictionary: String; let games: Int; let wins: Int; let losses: Int; let rounds: Int; let roundsLost: Int }
    let items: [Score]
    let total: Int
    let limit: Int
    let offset: Int
}

extension Visitor {
    mutating func game(_ id: String) async throws -> GameJSON {
        let page = try await api("/api/v1/ghost/games/\(id)", method: .get)
        #expect(page.status == .ok, "\(page.body)")
        return try JSONDecoder().decode(GameJSON.self, from: Data(page.body.utf8))
    }

    @discardableResult
    mutating func move(_ id: String, _ json: String) async throws -> Page {
        try await api("/api/v1/ghost/games/\(id)/moves", method: .post, json: json)
    }

    mutating func scores(_ query: String = "") async throws -> [ScoresJSON.Score] {
        try JSONDecoder().decode(ScoresJSON.self, from: Data(try await api("/api/v1/ghost/highscores\(query)", method: .get).body.utf8)).items
    }

    /// Starts a game through the JSON API and returns it.
    mutating func startGame(_ json: String) async throws -> GameJSON {
        let page = try await api("/api/v1/ghost/games", method: .post, json: json)
        #expect(page.status == .ok, "\(page.body)")
        return try JSONDecoder().decode(GameJSON.self, from: Data(page.body.utf8))
    }

    /// At a two-seat hot-seat game the first seat opens; the second loses five rounds by
    /// conceding challenges (starting each next one as its loser) and is out.
    mutating func secondSeatLosesFiveRounds(_ id: String) async throws {
        for opening in ["d", "c", "c", "c", "c"] {
            if opening == "d" {
                try await move(id, #"{"type": "letter", "letter": "d"}"#)
                try await move(id, #"{"type": "letter", "letter": "o"}"#)
            } else {
                try await move(id, #"{"type": "letter", "letter": "c"}"#)
            }
            try await move(id, #"{"type": "challenge"}"#)
            #expect(try await move(id, #"{"type": "concede"}"#).status == .ok)
        }
    }

    var cookieHeader: String { cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ") }
}

@Suite struct GhostPagesTests {
    @Test func aHotSeatGamePlayedToTheEndWithChallenges() async throws {
        try await withGhostApp { client, _ in
            var v = Visitor(client)
            let setup = try await v.get("/ghost")
            #expect(setup.status == .ok && setup.body.contains("id=\"hotseat-form\""))
            let started = try await v.post("/ghost/games", ["dictionary": "english", "minLength": "3", "name0": "Ann", "kind0": "person",
                                                            "name1": "Bob", "kind1": "person", "name2": "", "kind2": "person"])
            #expect(started.status == .seeOther)
            let path = try #require(started.location)
            let id = String(path.split(separator: "/").last!)

            func play(_ fields: [String: String]) async throws -> Visitor.Page {
                let page = try await v.post("\(path)/move", fields)
                #expect(page.status == .seeOther, "\(fields): \(page.status) \(page.body.prefix(400))")
                return page
            }
            func letter(_ c: String) async throws { _ = try await play(["type": "letter", "letter": c]) }

            // R1: Ann d, Bob o, Ann challenges, Bob names "door": Ann loses.
            try await letter("d"); try await letter("O")
            _ = try await play(["type": "challenge"])
            _ = try await play(["type": "answer", "word": " Door "])
            // R2: Ann completes "cat".
            try await letter("c"); try await letter("a")
            // A letter that starts no word is refused with the reason, and nothing changes.
            let refused = try await v.post("\(path)/move", ["type": "letter", "letter": "x"])
            #expect(refused.status == .badRequest)
            #expect(refused.body.contains("is not a letter that can be added here"))
            #expect(try await v.game(id).fragment == "ca")
            // A move against an older state of the game is refused, not applied twice.
            let stale = try await v.post("\(path)/move", ["type": "letter", "letter": "t", "turn": "3"])
            #expect(stale.status == .conflict)
            try await letter("t")
            // R3: Bob completes "date".
            try await letter("d"); try await letter("a"); try await letter("t"); try await letter("e")
            // R4: Bob starts and concedes a challenge; R5 and R6 he answers with a non-word and a short word.
            try await letter("c"); _ = try await play(["type": "challenge"]); _ = try await play(["type": "concede"])
            try await letter("d"); _ = try await play(["type": "challenge"]); _ = try await play(["type": "answer", "word": "dxyz"])
            try await letter("d"); _ = try await play(["type": "challenge"]); _ = try await play(["type": "answer", "word": "do"])
            // R7: Bob completes "cat" and is out.
            try await letter("c"); try await letter("a"); try await letter("t")

            let game = try await v.game(id)
            #expect(game.status == "finished" && game.winner == 0)
            #expect(game.players.map(\.letters) == ["GH", "GHOST"])
            #expect(game.rounds.count == 7 && game.rounds.first?.number == 7)
            #expect(game.rounds.map(\.loser) == [1, 1, 1, 1, 1, 0, 0])
            let page = try await v.get(path)
            #expect(page.body.contains("id=\"ghost-winner\""))
            #expect(page.body.contains("Ann wins the game."))
            #expect(page.body.contains("Bob completed “cat” and takes the last letter, GHOST, and is out."))
            #expect(page.body.contains("Ann challenged, but “door” is a word"))
            #expect(page.body.contains("Bob could not name a word starting with “d”: “dog” would have done."))
            // The review of the first round: Ann's challenge at "do" threw away a win ("o" forces
            // "door", "t" forces "dote").
            #expect(page.body.contains("At “do”, Ann challenged, but “o” or “t” would have won."))
            let after = try await v.post("\(path)/move", ["type": "letter", "letter": "d"])
            #expect(after.status == .conflict)
            #expect(after.body.contains("The game is over"))
        }
    }

    @Test func aComputerRepliesAndPagesAreEscaped() async throws {
        try await withGhostApp { client, _ in
            var v = Visitor(client)
            let game = try await v.startGame(#"{"dictionary": "english", "minLength": 3, "seats": [{"name": "<b>Ann</b>"}, {"name": "Hal", "kind": "hard"}]}"#)
            #expect(game.toAct == 0 && game.turn == 0)
            let after = try JSONDecoder().decode(GameJSON.self, from: Data(try await v.move(game.id, #"{"type": "letter", "letter": "d"}"#).body.utf8))
            // Hal answers at once.
            #expect(after.fragment.count == 2 && after.fragment.hasPrefix("d") && after.turn == 2 && after.toAct == 0)
            let page = try await v.get("/ghost/games/\(game.id)")
            #expect(page.body.contains("&lt;b&gt;Ann&lt;/b&gt;"))
            #expect(!page.body.contains("<b>Ann</b>"))
            #expect(page.body.contains("id=\"ghost-letter-form\"") && page.body.contains("id=\"ghost-challenge-form\""))
            // The board alone, for the room's script to swap in.
            let fragment = try await v.get("/ghost/games/\(game.id)?fragment=1")
            #expect(fragment.body.hasPrefix("<section id=\"ghost-board\"") && !fragment.body.contains("<html"))
        }
    }

    @Test func setupHelpAndScoresPages() async throws {
        try await withGhostApp { client, _ in
            var v = Visitor(client)
            #expect(try await v.get("/ghost/help").body.contains("G-H-O-S-T"))
            let scores = try await v.get("/ghost/scores")
            #expect(scores.status == .ok && scores.body.contains("id=\"scores-empty\""))
            #expect(try await v.get("/ghost/scores?dictionary=klingon").status == .badRequest)
            // Setup mistakes come back on the setup page with the reason.
            let one = try await v.post("/ghost/games", ["dictionary": "english", "minLength": "4", "name0": "Solo", "kind0": "person"])
            #expect(one.status == .badRequest && one.body.contains("A game needs 2 to 8 players"))
            let computers = try await v.post("/ghost/games", ["dictionary": "english", "minLength": "4", "kind0": "easy", "kind1": "hard"])
            #expect(computers.status == .badRequest && computers.body.contains("at least one person"))
            let same = try await v.post("/ghost/games", ["dictionary": "english", "minLength": "4", "name0": "Ann", "name1": "ann"])
            #expect(same.status == .badRequest && same.body.contains("same name"))
            let length = try await v.post("/ghost/games", ["dictionary": "english", "minLength": "9", "name0": "Ann", "name1": "Bob"])
            #expect(length.status == .badRequest && length.body.contains("3, 4 or 5"))
            // Rooms need an account.
            let room = try await v.post("/ghost/rooms", ["dictionary": "english", "minLength": "4", "people": "2"])
            #expect(room.status == .seeOther && room.location?.hasPrefix("/account/login") == true)
            // Without the CSRF token nothing starts.
            let forged = try await v.post("/ghost/games", ["dictionary": "english", "minLength": "4", "name0": "Ann", "name1": "Bob"], csrf: "0")
            #expect(forged.status == .forbidden)
        }
    }
}

@Suite struct GhostAPITests {
    @Test func badInputIsA4xxThatSaysWhatToDo() async throws {
        try await withGhostApp { client, _ in
            var v = Visitor(client)
            let game = try await v.startGame(#"{"minLength": 3, "seats": [{"name": "Ann"}, {"name": "Bob"}]}"#)
            let cases: [(String, HTTPResponse.Status, String)] = [
                ("{", .badRequest, "invalid_body"),
                (#"{"type": "dance"}"#, .badRequest, "invalid_parameter"),
                // Which strings are letters is the game's alphabet's to say: the rules refuse "ab".
                (#"{"type": "letter", "letter": "ab"}"#, .badRequest, "invalid_letter"),
                (#"{"type": "letter"}"#, .badRequest, "invalid_parameter"),
                (#"{"type": "letter", "letter": "é"}"#, .badRequest, "invalid_letter"),
                (#"{"type": "challenge"}"#, .conflict, "nothing_to_challenge"),
                (#"{"type": "answer", "word": "door"}"#, .conflict, "no_challenge_pending"),
                (#"{"type": "letter", "letter": "d", "turn": 5}"#, .conflict, "stale_move"),
            ]
            for (body, status, code) in cases {
                let page = try await v.move(game.id, body)
                #expect(page.status == status && page.body.contains("\"\(code)\""), "\(body): \(page.status) \(page.body)")
            }
            #expect(try await v.game(game.id).turn == 0)
            #expect(try await v.api("/api/v1/ghost/games/0123456789abcdef0123456789abcdef", method: .get).status == .notFound)
            #expect(try await v.api("/api/v1/ghost/games/'%20OR%201=1", method: .get).status == .notFound)
            let badSeat = try await v.api("/api/v1/ghost/games", method: .post, json: #"{"seats": [{"name": "A"}, {"name": "B", "kind": "robot"}]}"#)
            #expect(badSeat.status == .badRequest && badSeat.body.contains("person, easy or hard"))
            let badDictionary = try await v.api("/api/v1/ghost/games", method: .post, json: #"{"dictionary": "klingon", "seats": []}"#)
            #expect(badDictionary.status == .badRequest)
            // A dictionary that is not installed is a 503 naming the command that installs it.
            let dutch = try await v.api("/api/v1/ghost/games", method: .post, json: #"{"dictionary": "dutch", "seats": [{"name": "A"}, {"name": "B"}]}"#)
            #expect(dutch.status == .serviceUnavailable && dutch.body.contains("setup.sh") && dutch.body.contains("wdutch"))
            #expect(try await v.api("/api/v1/ghost/highscores?dictionary=klingon", method: .get).status == .badRequest)
            // Moves need the CSRF token like every other write.
            #expect(try await v.api("/api/v1/ghost/games/\(game.id)/moves", method: .post, json: #"{"type": "letter", "letter": "d"}"#, csrf: false).status == .forbidden)
        }
    }

    /// Ann, with an account, beats Bob (no account) at a hot-seat game she claimed a seat at:
    /// she held the device for Bob too, so that win counts for nothing. Then she loses to the
    /// computer, which counts.
    @Test func highScoresComeFromRefereedGamesOnly() async throws {
        try await withGhostApp { client, _ in
            var ann = Visitor(client)
            try await ann.register("ann")
            let won = try await ann.startGame(#"{"minLength": 3, "seats": [{"name": "ann"}, {"name": "Bob"}], "ownSeat": 0}"#)
            try await ann.secondSeatLosesFiveRounds(won.id)
            #expect(try await ann.game(won.id).winner == 0)

            let lost = try await ann.startGame(#"{"minLength": 3, "seats": [{"name": "ann"}, {"name": "Hal", "kind": "hard"}], "ownSeat": 0}"#)
            var turns = 0
            while try await ann.game(lost.id).winner == nil, turns < 40 {
                turns += 1
                let game = try await ann.game(lost.id)
                // Ann plays "d" and challenges Hal's reply: Hal always has a word, so Ann loses each round.
                if game.fragment.isEmpty {
                    try await ann.move(lost.id, #"{"type": "letter", "letter": "d"}"#)
                } else {
                    try await ann.move(lost.id, #"{"type": "challenge"}"#)
                }
            }
            #expect(try await ann.game(lost.id).winner == 1)
            let scores = try await ann.scores("?dictionary=english")
            #expect(scores.count == 1)
            let record = try #require(scores.first)
            #expect(record.username == "ann" && record.games == 1 && record.wins == 0 && record.losses == 1)
            #expect(record.rounds == 5 && record.roundsLost == 5)
            let page = try await ann.get("/ghost/scores")
            #expect(page.body.contains("id=\"high-scores\"") && page.body.contains("<tr class=\"you\">"))
        }
    }

    @Test func userBCannotPlayOrScoreForA() async throws {
        try await withGhostApp { client, _ in
            var a = Visitor(client)
            try await a.register("alice")
            var b = Visitor(client)
            try await b.register("bert")
            // A's hot-seat game is hers alone to play.
            let mine = try await a.startGame(#"{"minLength": 3, "seats": [{"name": "alice"}, {"name": "Zed"}], "ownSeat": 0}"#)
            let takeover = try await b.move(mine.id, #"{"type": "letter", "letter": "d"}"#)
            #expect(takeover.status == .forbidden && takeover.body.contains("not_your_seat"))
            #expect(try await a.game(mine.id).turn == 0)
            let page = try await b.post("/ghost/games/\(mine.id)/move", ["type": "letter", "letter": "d"])
            #expect(page.status == .forbidden)
            #expect(try await b.game(mine.id).canAct == false)

            // B names a seat after A and wins as her: only B's own seat counts, and B did not claim one.
            let fake = try await b.startGame(#"{"minLength": 3, "seats": [{"name": "alice"}, {"name": "Bob"}]}"#)
            try await b.secondSeatLosesFiveRounds(fake.id)
            #expect(try await b.game(fake.id).winner == 0)
            #expect(try await a.scores().isEmpty)
            // Results cannot be posted at all.
            let posted = try await b.api("/api/v1/ghost/highscores", method: .post,
                                         json: #"{"username": "alice", "dictionary": "english", "wins": 99}"#)
            #expect(!(200..<300).contains(posted.status.code))
            #expect(try await a.scores().isEmpty)
        }
    }

    @Test func onlineSeatsBelongToTheirAccounts() async throws {
        try await withGhostApp { client, _ in
            var a = Visitor(client), b = Visitor(client), c = Visitor(client)
            try await a.register("ada")
            try await b.register("ben")
            try await c.register("cyd")
            let room = try await a.startGame(#"{"mode": "online", "minLength": 3, "people": 2}"#)
            #expect(room.status == "waiting" && room.openSeats == 1 && room.yourSeat == 0)
            let early = try await a.move(room.id, #"{"type": "letter", "letter": "d"}"#)
            #expect(early.status == .conflict && early.body.contains("waiting_for_players"))
            let joined = try await b.api("/api/v1/ghost/games/\(room.id)/join", method: .post)
            #expect(joined.status == .ok)
            #expect(try await b.game(room.id).yourSeat == 1)
            #expect(try await c.api("/api/v1/ghost/games/\(room.id)/join", method: .post).status == .conflict)
            // Out of turn, and for someone else's seat.
            let outOfTurn = try await b.move(room.id, #"{"type": "letter", "letter": "d"}"#)
            #expect(outOfTurn.status == .conflict && outOfTurn.body.contains("not_your_turn"))
            #expect(try await c.move(room.id, #"{"type": "letter", "letter": "d"}"#).status == .forbidden)
            var anonymous = Visitor(client)
            #expect(try await anonymous.move(room.id, #"{"type": "letter", "letter": "d"}"#).status == .forbidden)
            #expect(try await a.move(room.id, #"{"type": "letter", "letter": "d"}"#).status == .ok)
            #expect(try await b.game(room.id).toAct == 1)
        }
    }
}

/// Two accounts play an online game; Ben's moves go over the room's WebSocket, Ada's through
/// the API, and Ben's socket sees hers arrive.
@Suite struct GhostSocketTests {
    struct Message: Decodable {
        struct Failure: Decodable { let code: String; let message: String }
        let type: String
        let game: GameJSON?
        let error: Failure?
    }

    static func next(_ iterator: inout WebSocketInboundMessageStream.AsyncIterator) async throws -> Message {
        while let message = try await iterator.next() {
            guard case .text(let text) = message else { continue }
            return try JSONDecoder().decode(Message.self, from: Data(text.utf8))
        }
        throw CancellationError()
    }

    /// Reads messages until a state message satisfies `done`; errors seen on the way are collected.
    static func state(_ iterator: inout WebSocketInboundMessageStream.AsyncIterator, errors: inout [String],
                      until done: (GameJSON) -> Bool) async throws -> GameJSON {
        while true {
            let message = try await next(&iterator)
            if let error = message.error { errors.append(error.code) }
            if let game = message.game, done(game) { return game }
        }
    }

    /// The code of the next error message, passing over state messages.
    static func nextError(_ iterator: inout WebSocketInboundMessageStream.AsyncIterator) async throws -> String {
        while true {
            if let error = try await next(&iterator).error { return error.code }
        }
    }

    @Test(.timeLimit(.minutes(1))) func anOnlineGameWithAReconnect() async throws {
        try await withGhostApp(live: true) { client, _ in
            var ada = Visitor(client), ben = Visitor(client)
            try await ada.register("ada")
            try await ben.register("ben")
            let room = try await ada.startGame(#"{"mode": "online", "minLength": 3, "people": 2}"#)
            #expect(try await ben.api("/api/v1/ghost/games/\(room.id)/join", method: .post).status == .ok)
            let path = "/ghost/games/\(room.id)/socket"
            let headers: HTTPFields = [.cookie: ben.cookieHeader]
            let adaInBrowser = ada

            // First connection: refusals, then a move each way.
            try await client.ws(path, configuration: .init(additionalHeaders: headers)) { inbound, outbound, _ in
                var messages = inbound.messages(maxSize: 1 << 16).makeAsyncIterator()
                var errors: [String] = []
                let first = try await Self.state(&messages, errors: &errors) { _ in true }
                #expect(first.turn == 0 && first.toAct == 0 && first.yourSeat == 1 && !first.canAct)

                try await outbound.write(.text(#"{"type": "letter", "letter": "d", "turn": 0}"#))
                #expect(try await Self.nextError(&messages) == "not_your_turn")
                try await outbound.write(.text("{not json"))
                #expect(try await Self.nextError(&messages) == "invalid_body")
                try await outbound.write(.binary(ByteBuffer(bytes: [0, 1, 2])))
                #expect(try await Self.nextError(&messages) == "invalid_body")
                try await outbound.write(.text(#"{"type": "teleport"}"#))
                #expect(try await Self.nextError(&messages) == "invalid_parameter")

                var a = adaInBrowser
                #expect(try await a.move(room.id, #"{"type": "letter", "letter": "d", "turn": 0}"#).status == .ok)
                let afterAda = try await Self.state(&messages, errors: &errors) { $0.turn == 1 }
                #expect(afterAda.fragment == "d" && afterAda.toAct == 1 && afterAda.canAct)

                try await outbound.write(.text(#"{"type": "letter", "letter": "o", "turn": 1}"#))
                let afterBen = try await Self.state(&messages, errors: &errors) { $0.turn == 2 }
                #expect(afterBen.fragment == "do" && afterBen.toAct == 0)
                // The same move again, as a retry after a glitch would send it: refused, not doubled.
                try await outbound.write(.text(#"{"type": "letter", "letter": "o", "turn": 1}"#))
                #expect(try await Self.nextError(&messages) == "stale_move")
                #expect(errors.isEmpty, "\(errors)")
            }

            // Ada moves while Ben is away; he reconnects and the game goes on.
            #expect(try await ada.move(room.id, #"{"type": "challenge", "turn": 2}"#).status == .ok)
            try await client.ws(path, configuration: .init(additionalHeaders: headers)) { inbound, outbound, _ in
                var messages = inbound.messages(maxSize: 1 << 16).makeAsyncIterator()
                var errors: [String] = []
                var game = try await Self.state(&messages, errors: &errors) { _ in true }
                #expect(game.turn == 3 && game.challenge?.challenged == 1 && game.toAct == 1)
                try await outbound.write(.text(#"{"type": "concede", "turn": 3}"#))
                game = try await Self.state(&messages, errors: &errors) { $0.turn == 4 }
                #expect(game.players[1].letters == "G" && game.toAct == 1)
                // Ben starts each round as its loser; Ada challenges; Ben concedes, until he is out.
                var a = adaInBrowser
                while game.winner == nil {
                    let turn = game.turn
                    try await outbound.write(.text(#"{"type": "letter", "letter": "c", "turn": \#(turn)}"#))
                    _ = try await Self.state(&messages, errors: &errors) { $0.turn == turn + 1 }
                    #expect(try await a.move(room.id, #"{"type": "challenge", "turn": \#(turn + 1)}"#).status == .ok)
                    _ = try await Self.state(&messages, errors: &errors) { $0.turn == turn + 2 }
                    try await outbound.write(.text(#"{"type": "concede", "turn": \#(turn + 2)}"#))
                    game = try await Self.state(&messages, errors: &errors) { $0.turn == turn + 3 }
                }
                #expect(game.winner == 0 && game.status == "finished" && game.players[1].letters == "GHOST")
                #expect(errors.isEmpty, "\(errors)")
            }
            let scores = try await ada.scores()
            #expect(scores.map(\.username) == ["ada", "ben"])
            #expect(scores.map(\.wins) == [1, 0] && scores.map(\.losses) == [0, 1])
        }
    }

    @Test(.timeLimit(.minutes(1))) func socketsFromOtherSitesAreRefused() async throws {
        try await withGhostApp(live: true) { client, _ in
            var ada = Visitor(client)
            try await ada.register("ada")
            let room = try await ada.startGame(#"{"mode": "online", "minLength": 3, "people": 2}"#)
            let foreign: HTTPFields = [.cookie: ada.cookieHeader, .origin: "http://evil.example"]
            await #expect(throws: (any Error).self) {
                try await client.ws("/ghost/games/\(room.id)/socket", configuration: .init(additionalHeaders: foreign)) { _, _, _ in }
            }
            await #expect(throws: (any Error).self) {
                try await client.ws("/ghost/games/0123456789abcdef0123456789abcdef/socket") { _, _, _ in }
            }
        }
    }
}

// MARK: - Limits, quotas, scores that count, paging

/// Counts the SQL statements on Ghost's tables a database runs (a read's own BEGIN, COMMIT and
/// pragmas aside), to show what costs queries and what does not.
final class StatementCount: Sendable {
    private let count = Mutex(0)
    func add() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }

    /// An in-memory database whose every statement is counted here.
    func database() throws -> AppDatabase {
        var configuration = Configuration()
        configuration.prepareDatabase { [self] db in
            db.trace { event in if event.description.contains("ghost") { self.add() } }
        }
        let database = try AppDatabase(DatabaseQueue(configuration: configuration))
        try database.importMonologues(webMonologues, source: "fixture")
        return database
    }
}

/// A flag tasks wait on.
final class Gate: Sendable {
    private let state = Mutex((open: false, arrived: 0))
    func open() { state.withLock { $0.open = true } }
    func arrive() { state.withLock { $0.arrived += 1 } }
    var arrived: Int { state.withLock { $0.arrived } }
    func wait() async throws {
        while !state.withLock({ $0.open }) { try await Task.sleep(for: .milliseconds(20)) }
    }
}

extension Visitor {
    mutating func login(_ username: String, password: String = "correct horse") async throws {
        let page = try await post("/account/login", ["username": username, "password": password])
        #expect(page.status == .seeOther, "login \(username): \(page.status) \(page.body.prefix(300))")
    }

    /// Plays a game against the hard computer to the end and returns its status: the person
    /// starts every round with "d" and challenges the reply, and the computer always has a word.
    mutating func playToTheEnd(_ id: String) async throws -> String {
        var turns = 0
        while try await game(id).winner == nil, turns < 40 {
            turns += 1
            let now = try await game(id)
            try await move(id, now.fragment.isEmpty ? #"{"type": "letter", "letter": "d"}"# : #"{"type": "challenge"}"#)
        }
        return try await game(id).status
    }
}

@Suite struct GhostScoreRuleTests {
    /// A finished game straight through the store: seat 0 wins.
    static func finish(_ database: AppDatabase, mode: StoredMatch.Mode, seats: [Match.Seat], accounts: [Account.ID?]) async throws -> StoredMatch {
        let match = try Match(dictionary: .english, minimumLength: 3, seats: seats)
        let stored = StoredMatch(id: MatchID.random(), mode: mode, status: .playing, ownerID: accounts[0], seatAccounts: accounts, match: match)
        try await database.createMatch(stored)
        return try await database.updateMatch(id: stored.id) { current in
            MatchChange(match: current.match, standings: seats.indices.map {
                Match.Standing(seat: $0, won: $0 == 0, rounds: 1, roundsLost: $0 == 0 ? 0 : 1)
            })
        }
    }

    @Test func onlyGamesAgainstAnotherAccountOrTheComputerScore() async throws {
        let database = try AppDatabase.inMemory()
        let ann = try await database.createAccount(username: "ann", passwordHash: "-")
        let bob = try await database.createAccount(username: "bob", passwordHash: "-")
        let person = { (name: String) in Match.Seat(name: name, kind: .person) }
        let hal = Match.Seat(name: "Hal", kind: .hard)
        // Ann holds the device for "Bob", who has no account: she played herself.
        let alone = try await Self.finish(database, mode: .hotSeat, seats: [person("ann"), person("Bob")], accounts: [ann.id, nil])
        #expect(!alone.countsForScores && alone.status == .finished)
        // With the computer at the table as well, "Bob" is still hers to play.
        let mixed = try await Self.finish(database, mode: .hotSeat, seats: [person("ann"), person("Bob"), hal], accounts: [ann.id, nil, nil])
        #expect(!mixed.countsForScores)
        #expect(try await database.ghost.highScores().total == 0)

        let computer = try await Self.finish(database, mode: .hotSeat, seats: [person("ann"), hal], accounts: [ann.id, nil])
        #expect(computer.countsForScores)
        let online = try await Self.finish(database, mode: .online, seats: [person("ann"), person("bob")], accounts: [ann.id, bob.id])
        #expect(online.countsForScores)
        let scores = try await database.ghost.highScores(dictionary: .english)
        #expect(scores.total == 2)
        #expect(scores.items.map(\.username) == ["ann", "bob"] && scores.items.map(\.games) == [2, 1] && scores.items.map(\.wins) == [2, 0])
    }

    /// Through the API: every seat of her own hot-seat game is Ann's to play, so however often
    /// she beats "Bob" she gets no high score.
    @Test func aSoloAccountAtEverySeatScoresNothing() async throws {
        try await withGhostApp { client, _ in
            var ann = Visitor(client)
            try await ann.register("ann")
            for _ in 0..<3 {
                let game = try await ann.startGame(#"{"minLength": 3, "seats": [{"name": "ann"}, {"name": "Bob"}], "ownSeat": 0}"#)
                try await ann.secondSeatLosesFiveRounds(game.id)
                #expect(try await ann.game(game.id).winner == 0)
            }
            #expect(try await ann.scores().isEmpty)
            #expect(try await ann.get("/ghost/scores").body.contains("id=\"scores-empty\""))
        }
    }
}

@Suite struct GhostQuotaTests {
    @Test func openRoomsPerAccount() async throws {
        var limits = ServerLimits()
        limits.openRoomsPerAccount = 2
        try await withGhostApp(limits: limits) { client, _ in
            var ada = Visitor(client), ben = Visitor(client)
            try await ada.register("ada")
            try await ben.register("ben")
            let waiting = try await ada.startGame(#"{"mode": "online", "minLength": 3, "people": 2}"#)
            let versusComputer = try await ada.startGame(#"{"mode": "online", "minLength": 3, "people": 1, "computers": ["hard"]}"#)
            #expect(waiting.status == "waiting" && versusComputer.status == "playing")
            let third = try await ada.api("/api/v1/ghost/games", method: .post, json: #"{"mode": "online", "minLength": 3, "people": 2}"#)
            #expect(third.status == .tooManyRequests && third.body.contains("too_many_open_rooms") && third.body.contains("open rooms per account"),
                    "\(third.status) \(third.body)")
            // The setup form says the same beside the form.
            let form = try await ada.post("/ghost/rooms", ["dictionary": "english", "minLength": "3", "people": "2"])
            #expect(form.status == .tooManyRequests && form.body.contains("id=\"setup-errors\"") && form.body.contains("open rooms per account"))
            // A seat taken counts like a room opened: Ben at his limit cannot join Ada's room.
            _ = try await ben.startGame(#"{"mode": "online", "minLength": 3, "people": 2}"#)
            _ = try await ben.startGame(#"{"mode": "online", "minLength": 3, "people": 2}"#)
            let join = try await ben.api("/api/v1/ghost/games/\(waiting.id)/join", method: .post)
            #expect(join.status == .tooManyRequests && join.body.contains("too_many_open_rooms"))
            #expect(try await ada.game(waiting.id).openSeats == 1)
            // Hot-seat games are not rooms.
            _ = try await ada.startGame(#"{"minLength": 3, "seats": [{"name": "ada"}, {"name": "Hal", "kind": "hard"}], "ownSeat": 0}"#)
            // A finished room no longer counts.
            #expect(try await ada.playToTheEnd(versusComputer.id) == "finished")
            #expect(try await ada.api("/api/v1/ghost/games", method: .post, json: #"{"mode": "online", "minLength": 3, "people": 2}"#).status == .ok)
        }
    }

    @Test func roomsNobodyMovedInForADayStopCounting() async throws {
        let database = try AppDatabase.inMemory()
        let ada = try await database.createAccount(username: "ada", passwordHash: "-")
        let seats = [Match.Seat(name: "ada", kind: .person), Match.Seat(name: "Open seat 2", kind: .person)]
        func room(at date: Date) throws -> StoredMatch {
            StoredMatch(id: MatchID.random(), mode: .online, status: .waiting, ownerID: ada.id, seatAccounts: [ada.id, nil],
                        match: try Match(dictionary: .english, minimumLength: 3, seats: seats), createdAt: date, updatedAt: date)
        }
        let quota = GhostStartQuota.openRooms(accountID: ada.id, limit: 2)
        let twoDaysAgo = Date().addingTimeInterval(-2 * 86_400)
        try await database.createMatch(try room(at: twoDaysAgo), quota: quota)
        try await database.createMatch(try room(at: twoDaysAgo), quota: quota)
        try await database.createMatch(try room(at: Date()), quota: quota)
        try await database.createMatch(try room(at: Date()), quota: quota)
        await #expect(throws: GhostError.tooManyOpenRooms(limit: 2)) { try await database.createMatch(try room(at: Date()), quota: quota) }
    }

    @Test func anonymousGamesPerAddressPerHour() async throws {
        var limits = ServerLimits()
        limits.anonymousGamesPerAddressPerHour = 2
        try await withGhostApp(limits: limits) { client, _ in
            var visitor = Visitor(client)
            let seats = ["dictionary": "english", "minLength": "3", "name0": "Ann", "kind0": "person", "name1": "Hal", "kind1": "hard"]
            #expect(try await visitor.post("/ghost/games", seats).status == .seeOther)
            _ = try await visitor.startGame(#"{"minLength": 3, "seats": [{"name": "Ann"}, {"name": "Bob"}]}"#)
            let page = try await visitor.post("/ghost/games", seats)
            #expect(page.status == .tooManyRequests && page.body.contains("id=\"setup-errors\""))
            #expect(page.body.contains("games without an account per address per hour"))
            let api = try await visitor.api("/api/v1/ghost/games", method: .post, json: #"{"minLength": 3, "seats": [{"name": "Ann"}, {"name": "Bob"}]}"#)
            #expect(api.status == .tooManyRequests && api.body.contains("too_many_anonymous_games"))
            // Another browser at the same address shares the count; an account does not need it.
            var other = Visitor(client)
            #expect(try await other.post("/ghost/games", seats).status == .tooManyRequests)
            try await other.register("cyd")
            #expect(try await other.post("/ghost/games", seats).status == .seeOther)
        }
    }
}

@Suite struct GhostPagingTests {
    /// 300 hot-seat games of Ann's, the newest last.
    static func threeHundredGames(_ database: AppDatabase, owner: Account.ID) async throws -> [MatchID] {
        let match = try Match(dictionary: .english, minimumLength: 3, seats: [.init(name: "ann", kind: .person), .init(name: "Hal", kind: .hard)])
        let start = Date().addingTimeInterval(-86_400)
        var ids: [MatchID] = []
        for i in 0..<300 {
            let when = start.addingTimeInterval(Double(i))
            let stored = StoredMatch(id: MatchID.random(), mode: .hotSeat, status: .playing, ownerID: owner, seatAccounts: [owner, nil],
                                     match: match, createdAt: when, updatedAt: when)
            try await database.createMatch(stored)
            ids.append(stored.id)
        }
        return ids
    }

    @Test func aPlayersGamesArePagedWithoutAQueryPerGame() async throws {
        let statements = StatementCount()
        let database = try statements.database()
        try await withGhostApp(database: database) { client, database in
            var ann = Visitor(client)
            try await ann.register("ann")
            let account = try #require(try await database.credentials(username: "ann")?.account)
            let ids = try await Self.threeHundredGames(database, owner: account.id)

            // GRDB reads a table's columns once per connection, on first use: a first page is
            // read before counting, so the count is what every page costs.
            _ = try await database.ghost.matches(accountID: account.id, limit: 50, offset: 0)
            let before = statements.value
            let page = try await database.ghost.matches(accountID: account.id, limit: 50, offset: 100)
            // The count, the page's ids, then games, seats and moves for all fifty at once.
            #expect(statements.value - before == 5, "\(statements.value - before) statements for a page of 50")
            #expect(page.total == 300 && page.items.map(\.id) == Array(ids.reversed()[100..<150]))

            struct Listing: Decodable { let items: [GameJSON]; let total: Int; let limit: Int; let offset: Int }
            let last = try JSONDecoder().decode(Listing.self, from: Data(try await ann.api("/api/v1/ghost/games?limit=50&offset=280", method: .get).body.utf8))
            #expect(last.total == 300 && last.items.count == 20 && last.limit == 50 && last.offset == 280)
            #expect(last.items.last?.id == ids.first?.rawValue)
            for bad in ["limit=0", "limit=51", "offset=-1", "limit=x"] {
                let refused = try await ann.api("/api/v1/ghost/games?\(bad)", method: .get)
                #expect(refused.status == .badRequest && refused.body.contains("invalid_parameter"), "\(bad)")
            }

            let first = try await ann.get("/ghost")
            #expect(first.body.contains("1–5 of 300") && first.body.contains("href=\"/ghost?page=2#your-games-heading\""))
            #expect(!first.body.contains("id=\"games-previous\""))
            let final = try await ann.get("/ghost?page=60")
            #expect(final.body.contains("296–300 of 300") && final.body.contains("id=\"games-previous\"") && !final.body.contains("id=\"games-next\""))
            #expect(final.body.contains("/ghost/games/\(ids[0])"))
            // Nobody else sees Ann's games.
            var ben = Visitor(client)
            try await ben.register("ben")
            let bens = try JSONDecoder().decode(Listing.self, from: Data(try await ben.api("/api/v1/ghost/games", method: .get).body.utf8))
            #expect(bens.total == 0 && bens.items.isEmpty)
        }
    }

    @Test func theLeaderboardIsPaged() async throws {
        try await withGhostApp { client, database in
            // Sixty accounts, in thirty online games of two: the first of each pair wins.
            var accounts: [Account] = []
            for i in 0..<60 { accounts.append(try await database.createAccount(username: String(format: "p%02d", i), passwordHash: "-")) }
            for pair in 0..<30 {
                let (a, b) = (accounts[2 * pair], accounts[2 * pair + 1])
                _ = try await GhostScoreRuleTests.finish(database, mode: .online, seats: [.init(name: a.username, kind: .person), .init(name: b.username, kind: .person)],
                                                         accounts: [a.id, b.id])
            }
            var v = Visitor(client)
            let firstPage = try JSONDecoder().decode(ScoresJSON.self, from: Data(try await v.api("/api/v1/ghost/highscores", method: .get).body.utf8))
            #expect(firstPage.total == 60 && firstPage.items.count == 50 && firstPage.limit == 50 && firstPage.offset == 0)
            #expect(firstPage.items.prefix(30).allSatisfy { $0.wins == 1 })
            let rest = try JSONDecoder().decode(ScoresJSON.self, from: Data(try await v.api("/api/v1/ghost/highscores?offset=50&limit=20", method: .get).body.utf8))
            #expect(rest.items.count == 10 && rest.items.allSatisfy { $0.wins == 0 })
            #expect(Set(firstPage.items.map(\.username)).isDisjoint(with: rest.items.map(\.username)))
            #expect(try await v.api("/api/v1/ghost/highscores?limit=101", method: .get).status == .badRequest)

            let page1 = try await v.get("/ghost/scores")
            #expect(page1.body.contains("1–50 of 60") && page1.body.contains("href=\"/ghost/scores?dictionary=english&amp;page=2\""))
            let page2 = try await v.get("/ghost/scores?dictionary=english&page=2")
            #expect(page2.body.contains("51–60 of 60") && page2.body.contains("<td>51</td>") && page2.body.contains("id=\"scores-previous\""))
        }
    }
}

@Suite struct GhostLinkTests {
    /// A room's link is built from the public URL the operator set, whatever Host the request named.
    @Test func roomLinksUseThePublicURL() async throws {
        try await withGhostApp(publicURL: "https://folio.example.org/") { client, _ in
            var ada = Visitor(client)
            try await ada.register("ada")
            let room = try await ada.startGame(#"{"mode": "online", "minLength": 3, "people": 2}"#)
            let page = try await ada.send("/ghost/games/\(room.id)", method: .get, body: nil, contentType: nil,
                                          extra: [HTTPField.Name("Host")!: "evil.example", HTTPField.Name("X-Forwarded-Host")!: "evil.example",
                                                  HTTPField.Name("X-Forwarded-Proto")!: "http"])
            #expect(page.body.contains("value=\"https://folio.example.org/ghost/games/\(room.id)\""))
            #expect(!page.body.contains("evil.example"))
        }
    }
}

@Suite struct GhostSocketLimitTests {
    typealias Message = GhostSocketTests.Message

    /// After a password change elsewhere, and after a log-out, the next message on an open socket
    /// is refused and the socket closed: it never acts as the old account.
    @Test(.timeLimit(.minutes(1))) func aSocketActsForNobodyOnceItsSessionEnds() async throws {
        try await withGhostApp(live: true) { client, _ in
            var ada = Visitor(client), ben = Visitor(client), benElsewhere = Visitor(client)
            try await ada.register("ada")
            try await ben.register("ben")
            let room = try await ada.startGame(#"{"mode": "online", "minLength": 3, "people": 2}"#)
            #expect(try await ben.api("/api/v1/ghost/games/\(room.id)/join", method: .post).status == .ok)
            #expect(try await ada.move(room.id, #"{"type": "letter", "letter": "d", "turn": 0}"#).status == .ok)
            try await benElsewhere.login("ben")
            let path = "/ghost/games/\(room.id)/socket"
            let elsewhere = benElsewhere

            try await client.ws(path, configuration: .init(additionalHeaders: [.cookie: ben.cookieHeader])) { inbound, outbound, _ in
                var messages = inbound.messages(maxSize: 1 << 16).makeAsyncIterator()
                var errors: [String] = []
                #expect(try await GhostSocketTests.state(&messages, errors: &errors) { _ in true }.canAct)
                // Ben changes his password in another browser, which logs this one out.
                var otherBrowser = elsewhere
                let changed = try await otherBrowser.post("/account/password", ["currentPassword": "correct horse", "newPassword": "a new horse battery",
                                                                              "newPasswordConfirmation": "a new horse battery"])
                #expect(changed.status == .ok, "\(changed.body.prefix(300))")
                try await outbound.write(.text(#"{"type": "letter", "letter": "o", "turn": 1}"#))
                #expect(try await GhostSocketTests.nextError(&messages) == "session_ended")
                #expect(try await messages.next() == nil)
            }
            #expect(try await ada.game(room.id).turn == 1)

            // A session made with the new password is good, until it logs out. (The browser that
            // changed the password got a new session too; a fresh log-in stands for it here.)
            var benAgain = Visitor(client)
            try await benAgain.login("ben", password: "a new horse battery")
            let again = benAgain
            try await client.ws(path, configuration: .init(additionalHeaders: [.cookie: again.cookieHeader])) { inbound, outbound, _ in
                var messages = inbound.messages(maxSize: 1 << 16).makeAsyncIterator()
                var errors: [String] = []
                #expect(try await GhostSocketTests.state(&messages, errors: &errors) { _ in true }.yourSeat == 1)
                var sameBrowser = again
                #expect(try await sameBrowser.post("/account/logout", [:]).status == .seeOther)
                try await outbound.write(.text(#"{"type": "letter", "letter": "o", "turn": 1}"#))
                #expect(try await GhostSocketTests.nextError(&messages) == "session_ended")
                #expect(try await messages.next() == nil)
            }
            #expect(try await ada.game(room.id).turn == 1)
        }
    }

    /// Idle sockets wait for a change instead of polling: a dozen of them cost one look at the
    /// database per tick between them, and none at all once they have gone.
    @Test(.timeLimit(.minutes(1))) func idleSocketsCostNoQueries() async throws {
        let statements = StatementCount()
        let database = try statements.database()
        try await withGhostApp(live: true, database: database) { client, _ in
            var ada = Visitor(client)
            try await ada.register("ada")
            let room = try await ada.startGame(#"{"mode": "online", "minLength": 3, "people": 2}"#)
            let sockets = 12
            let gate = Gate()
            let (during, afterMove) = try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<sockets {
                    group.addTask {
                        try await client.ws("/ghost/games/\(room.id)/socket") { inbound, _, _ in
                            var messages = inbound.messages(maxSize: 1 << 16).makeAsyncIterator()
                            #expect(try await GhostSocketTests.next(&messages).type == "state")
                            gate.arrive()
                            try await gate.wait()
                        }
                    }
                }
                while gate.arrived < sockets { try await Task.sleep(for: .milliseconds(20)) }
                let before = statements.value
                // Five ticks of 0.2 s.
                try await Task.sleep(for: .seconds(1))
                let during = statements.value - before
                gate.open()
                try await group.waitForAll()
                return (during, 0)
            }
            _ = afterMove
            // Polling per socket was a version query per socket per tick: sixty here.
            #expect(during <= 7, "\(during) statements while \(sockets) sockets sat idle for a second")
            try await Task.sleep(for: .milliseconds(600))
            let idle = statements.value
            try await Task.sleep(for: .seconds(1))
            #expect(statements.value == idle, "statements with no socket open")
        }
    }

    /// Two instances over one database file: a move through the second reaches a socket on the
    /// first, and both count the same games started without an account.
    @Test(.timeLimit(.minutes(1))) func aMoveThroughAnotherInstanceReachesTheSocket() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ghost-two-\(UUID().uuidString)")
        let directory = DataDirectory(path: folder.path)
        defer { try? FileManager.default.removeItem(at: folder) }
        var quotas = ServerLimits()
        quotas.anonymousGamesPerAddressPerHour = 2
        let limits = quotas
        let first = try AppDatabase.open(in: directory)
        try await first.importMonologues(webMonologues, source: "fixture")
        let second = try AppDatabase.open(in: directory)
        try await withGhostApp(live: true, limits: limits, database: first) { client, _ in
            var ada = Visitor(client), ben = Visitor(client)
            try await ada.register("ada")
            try await ben.register("ben")
            let room = try await ada.startGame(#"{"mode": "online", "minLength": 3, "people": 2}"#)
            #expect(try await ben.api("/api/v1/ghost/games/\(room.id)/join", method: .post).status == .ok)
            let adaCookies = ada.cookies
            try await client.ws("/ghost/games/\(room.id)/socket", configuration: .init(additionalHeaders: [.cookie: ben.cookieHeader])) { inbound, _, _ in
                var messages = inbound.messages(maxSize: 1 << 16).makeAsyncIterator()
                var errors: [String] = []
                #expect(try await GhostSocketTests.state(&messages, errors: &errors) { _ in true }.turn == 0)
                try await withGhostApp(limits: limits, database: second) { other, _ in
                    var adaThere = Visitor(other)
                    adaThere.cookies = adaCookies
                    let moved = try await adaThere.move(room.id, #"{"type": "letter", "letter": "d", "turn": 0}"#)
                    #expect(moved.status == .ok)
                }
                let moved = try await GhostSocketTests.state(&messages, errors: &errors) { $0.turn == 1 }
                #expect(moved.fragment == "d" && moved.canAct && errors.isEmpty)
            }
            // One anonymous game on each instance; the third is refused on either.
            let hotSeat = #"{"minLength": 3, "seats": [{"name": "Ann"}, {"name": "Bob"}]}"#
            var here = Visitor(client)
            _ = try await here.startGame(hotSeat)
            // Both live, so both see the same address.
            try await withGhostApp(live: true, limits: limits, database: second) { other, _ in
                var there = Visitor(other)
                _ = try await there.startGame(hotSeat)
            }
            #expect(try await here.api("/api/v1/ghost/games", method: .post, json: hotSeat).status == .tooManyRequests)
        }
    }
}

@Suite struct GhostSocketTallyTests {
    /// Each limit is checked before anything is counted, and a released socket frees its place
    /// on its game and for its address. (Live sockets against these limits: Tests/security/test_ghost.py.)
    @Test func limitsPerAddressAndPerGame() {
        let tally = GhostSocketTally(perAddress: 3, perGame: 2)
        #expect(tally.admit(address: "a", game: "g1") == nil)
        #expect(tally.admit(address: "a", game: "g1") == nil)
        #expect(tally.admit(address: "b", game: "g1") == .tooManySocketsOnGame(limit: 2))
        #expect(tally.admit(address: "a", game: "g2") == nil)
        #expect(tally.admit(address: "a", game: "g3") == .tooManySocketsFromAddress(limit: 3))
        #expect(tally.admit(address: "b", game: "g3") == nil)
        tally.release(address: "a", game: "g1")
        #expect(tally.admit(address: "a", game: "g3") == nil)
        #expect(tally.admit(address: "b", game: "g1") == nil)
        #expect(tally.admit(address: "c", game: "g1") == .tooManySocketsOnGame(limit: 2))
    }
}

@Suite struct GhostRoomHubTests {
    /// Versions the hub reads, and how often it asked.
    final class FakeVersions: Sendable {
        let state = Mutex((versions: [MatchID: Int](), asked: 0))
        func read(_ ids: [MatchID]) -> [MatchID: Int] {
            state.withLock { state in
                state.asked += 1
                return state.versions.filter { ids.contains($0.key) }
            }
        }
        var asked: Int { state.withLock { $0.asked } }
        func set(_ id: MatchID, _ version: Int) { state.withLock { $0.versions[id] = version } }
    }

    /// One look per tick for every watcher of every game, only while someone watches; a change
    /// elsewhere wakes only its own room.
    @Test(.timeLimit(.minutes(1))) func oneWatcherPerProcessWakesOnlyChangedRooms() async throws {
        let fake = FakeVersions()
        fake.set("a", 1)
        fake.set("b", 1)
        let hub = GhostRoomHub(recheckSeconds: 0.05, versions: { fake.read($0) })
        try await Task.sleep(for: .milliseconds(200))
        #expect(fake.asked == 0)
        var watchers: [(MatchID, UUID, AsyncStream<Played?>)] = []
        for i in 0..<40 {
            let id: MatchID = i < 20 ? "a" : "b"
            let (token, changes) = hub.watch(id)
            hub.seen(id, version: 1)
            watchers.append((id, token, changes))
        }
        // The watcher's first look may come late on a busy machine; wait for it (bounded).
        let started = ContinuousClock.now
        while fake.asked == 0 && started.duration(to: .now) < .seconds(10) { try await Task.sleep(for: .milliseconds(20)) }
        #expect(fake.asked >= 1)
        let before = fake.asked, began = ContinuousClock.now
        try await Task.sleep(for: .milliseconds(500))
        // Forty watchers, one look per tick for all of them: never more looks than the 50 ms ticks
        // that fit in the time (polling per watcher would be forty times that).
        let ticks = Int(began.duration(to: .now) / .milliseconds(50)) + 2
        #expect(fake.asked - before <= ticks, "\(fake.asked - before) looks in \(ticks) ticks")
        fake.set("b", 2)
        let changedAt = fake.asked
        let woken = await withTaskGroup(of: Int?.self) { group in
            for k in watchers.indices {
                let changes = watchers[k].2
                group.addTask {
                    for await _ in changes { return k }
                    return nil
                }
            }
            // Two looks after the change: the second began after it, so its wake-ups are out.
            let deadline = ContinuousClock.now + .seconds(10)
            while fake.asked < changedAt + 2 && ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(20)) }
            try? await Task.sleep(for: .milliseconds(100))
            for (id, token, _) in watchers { hub.stopWatching(id, token: token) }
            var woken = Set<Int>()
            for await k in group { if let k { woken.insert(k) } }
            return woken
        }
        #expect(woken == Set(20..<40))
        let asked = fake.asked
        try await Task.sleep(for: .milliseconds(300))
        #expect(fake.asked <= asked + 1)
        #expect(hub.watcherCount == 0)
    }
}

/// What one move costs the database: the path from a move to its new state is one way.
@Suite struct GhostMovePathTests {
    /// The Ghost statements one API move runs, by kind.
    func statementsOfOneMove(watching: Bool = false) async throws -> (selects: Int, inserts: Int, updates: Int) {
        let statements = Mutex<[String]>([])
        let recording = Mutex(false)
        let database = try AppDatabase.inMemory { sql in
            if recording.withLock({ $0 }) { statements.withLock { $0.append(sql) } }
        }
        try await database.importMonologues(webMonologues, source: "fixture")
        try await withGhostApp(database: database) { client, _ in
            var visitor = Visitor(client)
            let created = try await visitor.api("/api/v1/ghost/games", method: .post,
                                                json: #"{"mode": "hotseat", "minLength": 3, "seats": [{"name": "Ann"}, {"name": "Bob"}]}"#)
            let id = try JSONDecoder().decode(GameJSON.self, from: Data(created.body.utf8)).id
            recording.withLock { $0 = true }
            let moved = try await visitor.move(id, #"{"type": "letter", "letter": "d", "turn": 0}"#)
            recording.withLock { $0 = false }
            #expect(moved.status == .ok, "\(moved.body)")
            #expect(try JSONDecoder().decode(GameJSON.self, from: Data(moved.body.utf8)).fragment == "d")
        }
        let ghost = statements.withLock { $0 }.map { $0.trimmingCharacters(in: .whitespacesAndNewlines).uppercased() }
            .filter { $0.contains("GHOST") }
        return (ghost.filter { $0.hasPrefix("SELECT") }.count, ghost.filter { $0.hasPrefix("INSERT") }.count,
                ghost.filter { $0.hasPrefix("UPDATE") }.count)
    }

    /// One read of the game (its row, its seats and its moves: three SELECTs), one move added and
    /// the game's version moved on; the answer is built from the state the move made.
    @Test func aMoveReadsTheGameOnceAndWritesItOnce() async throws {
        let cost = try await statementsOfOneMove()
        #expect(cost.selects == 3, "SELECTs: \(cost.selects)")
        #expect(cost.inserts == 1)
        #expect(cost.updates == 1)
    }
}

extension GhostMovePathTests {
    /// A move with another player's socket watching: the game is read once, in the write, and the
    /// socket renders the state the move made (as its own player sees it) without reading it again.
    @Test(.timeLimit(.minutes(1))) func aWatchingSocketRendersTheStateAMovePushed() async throws {
        let statements = Mutex<[String]>([])
        let recording = Mutex(false)
        let database = try AppDatabase.inMemory { sql in
            if recording.withLock({ $0 }) { statements.withLock { $0.append(sql) } }
        }
        try await database.importMonologues(webMonologues, source: "fixture")
        try await withGhostApp(live: true, database: database) { client, _ in
            var ada = Visitor(client), ben = Visitor(client)
            try await ada.register("ada")
            try await ben.register("ben")
            let room = try await ada.startGame(#"{"mode": "online", "minLength": 3, "people": 2}"#)
            #expect(try await ben.api("/api/v1/ghost/games/\(room.id)/join", method: .post).status == .ok)
            let adaInBrowser = ada
            try await client.ws("/ghost/games/\(room.id)/socket", configuration: .init(additionalHeaders: [.cookie: ben.cookieHeader])) { inbound, _, _ in
                var messages = inbound.messages(maxSize: 1 << 16).makeAsyncIterator()
                var errors: [String] = []
                _ = try await GhostSocketTests.state(&messages, errors: &errors) { _ in true }
                var a = adaInBrowser
                recording.withLock { $0 = true }
                #expect(try await a.move(room.id, #"{"type": "letter", "letter": "d", "turn": 0}"#).status == .ok)
                let benSees = try await GhostSocketTests.state(&messages, errors: &errors) { $0.turn == 1 }
                recording.withLock { $0 = false }
                #expect(benSees.fragment == "d" && benSees.canAct && benSees.yourSeat == 1)
                #expect(errors.isEmpty, "\(errors)")
            }
        }
        // The hub's look for changes made elsewhere (one query of versions a tick, however many
        // rooms) runs on its own clock, not per move: it is left out of the count.
        // GRDB writes that query with quoted names ("ID"), so quotes are dropped before looking.
        let ghost = statements.withLock { $0 }
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines).uppercased().replacingOccurrences(of: "\"", with: "") }
            .filter { $0.contains("GHOST") && !$0.hasPrefix("SELECT ID, VERSION FROM GHOSTGAME") }
        #expect(ghost.filter { $0.hasPrefix("SELECT") }.count == 3, "\(ghost)")
        #expect(ghost.filter { $0.hasPrefix("INSERT") }.count == 1)
        #expect(ghost.filter { $0.hasPrefix("UPDATE") }.count == 1)
    }
}
