import FolioServer
import FolioStore
import Foundation
import Ghost
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import HummingbirdWSClient
import HummingbirdWSTesting
import Testing

/// A word list small enough to reason about at a minimum length of 3.
let ghostWords = ["cat", "cats", "dog", "door", "doors", "dote", "date"]

/// A server whose English list is `ghostWords` and whose Dutch list is missing.
func withGhostApp(live: Bool = false, _ test: @escaping @Sendable (any TestClientProtocol, AppDatabase) async throws -> Void) async throws {
    let database = try AppDatabase.inMemory()
    try database.importMonologues(webMonologues, source: "fixture")
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("ghost-words-\(UUID().uuidString).txt")
    try ghostWords.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let configuration = ServerConfiguration(port: 0, dataDirectory: DataDirectory(path: "/unused"), bcryptCost: 4,
                                            ghostWordLists: [.english: file.path, .dutch: "/nonexistent/dutch-words"],
                                            ghostRecheckSeconds: 0.2)
    let app = try await buildApplication(configuration, database: database)
    try await app.test(live ? .live : .router) { client in try await test(client, database) }
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
}

struct ScoresJSON: Decodable {
    struct Score: Decodable { let username: String; let dictionary: String; let games: Int; let wins: Int; let losses: Int; let rounds: Int; let roundsLost: Int }
    let items: [Score]
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
            #expect(page.body.contains("Ann’s position became lost at “do”: Ann challenged, but “o” or “t” would have won."))
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
                (#"{"type": "letter", "letter": "ab"}"#, .badRequest, "invalid_parameter"),
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

    /// Ann, with an account, beats Bob (no account) at a hot-seat game she claimed a seat at;
    /// then loses to the computer.
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
            #expect(record.username == "ann" && record.games == 2 && record.wins == 1 && record.losses == 1)
            #expect(record.rounds == 10 && record.roundsLost == 5)
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
