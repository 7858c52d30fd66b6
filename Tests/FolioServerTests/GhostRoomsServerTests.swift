import FolioTestSupport
import FolioCore
import FolioApp
@testable import FolioServer
import Foundation
import Ghost
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import HummingbirdWSClient
import HummingbirdWSTesting
import NIOCore
import Synchronization
import Testing

/// A clock the test moves on by hand: the server's turn timers read it.
final class TestClock: Sendable {
    private let now = Mutex(Date(timeIntervalSince1970: 1_800_000_000))

    func read() -> Date { now.withLock { $0 } }
    func advance(_ seconds: TimeInterval) { now.withLock { $0 += seconds } }
}

/// The lobby, spectators and turn timers, over real WebSockets.
@Suite struct GhostRoomsServerTests {
    struct LobbyJSON: Decodable {
        struct Room: Decodable { let id: String; let status: String; let dictionaryLabel: String; let turnSeconds: Int; let openSeats: Int }
        let items: [Room]
        let total: Int
    }

    @Test(.timeLimit(.minutes(1))) func aListedRoomIsJoinedFromTheLobbyAndWatchedLive() async throws {
        try await withGhostApp(live: true) { client, _ in
            var ada = Visitor(client), ben = Visitor(client), cy = Visitor(client)
            try await ada.register("ada")
            try await ben.register("ben")
            try await cy.register("cyd")
            // Ada lists a room; a private one stays out of the lobby.
            let room = try await ada.startGame(#"{"mode": "online", "minLength": 3, "people": 2, "listed": true, "challenges": "classic"}"#)
            _ = try await ada.startGame(#"{"mode": "online", "minLength": 3, "people": 2}"#)
            let lobby = try JSONDecoder().decode(LobbyJSON.self, from: Data(try await ben.api("/api/v1/ghost/lobby", method: .get).body.utf8))
            #expect(lobby.items.map(\.id) == [room.id] && lobby.total == 1)
            #expect(lobby.items[0].status == "waiting" && lobby.items[0].openSeats == 1 && lobby.items[0].dictionaryLabel == "English")
            let page = try await ben.get("/ghost/lobby")
            #expect(page.status == .ok && page.body.contains("ada</strong>’s room") && page.body.contains("Ghost, classic rules"))
            #expect(page.body.contains("/ghost/games/\(room.id)/join"))
            // Ben joins from the lobby's form.
            let joined = try await ben.post("/ghost/games/\(room.id)/join", [:])
            #expect(joined.status == .seeOther)
            // Cy, with no seat, watches: he sees each move live and cannot act.
            let players = (ada, ben)
            try await client.ws("/ghost/games/\(room.id)/socket", configuration: .init(additionalHeaders: [.cookie: cy.cookieHeader])) {
                inbound, outbound, _ in
                var messages = inbound.messages(maxSize: 1 << 16).makeAsyncIterator()
                var errors: [String] = []
                let first = try await GhostSocketTests.state(&messages, errors: &errors) { _ in true }
                #expect(first.status == "playing" && first.yourSeat == nil && !first.canAct)
                var (ada, ben) = players
                #expect(try await ada.move(room.id, #"{"type": "letter", "letter": "d", "turn": 0}"#).status == .ok)
                let seen = try await GhostSocketTests.state(&messages, errors: &errors) { $0.turn == 1 }
                #expect(seen.fragment == "d" && !seen.canAct)
                try await outbound.write(.text(#"{"type": "letter", "letter": "o", "turn": 1}"#))
                #expect(try await GhostSocketTests.nextError(&messages) == "not_your_seat")
                #expect(try await ben.move(room.id, #"{"type": "letter", "letter": "x", "turn": 1}"#).status == .ok)
                let bluff = try await GhostSocketTests.state(&messages, errors: &errors) { $0.turn == 2 }
                #expect(bluff.fragment == "dx")
                #expect(errors.isEmpty, "\(errors)")
            }
            // The lobby shows the room in play, to watch.
            let playing = try JSONDecoder().decode(LobbyJSON.self, from: Data(try await cy.api("/api/v1/ghost/lobby", method: .get).body.utf8))
            #expect(playing.items.first?.status == "playing")
            #expect(try await cy.get("/ghost/lobby").body.contains(">Watch</a>"))
        }
    }

    @Test(.timeLimit(.minutes(1))) func theTurnTimerRunsOutOverTheSocket() async throws {
        let clock = TestClock()
        try await withGhostApp(live: true, clock: { clock.read() }) { client, _ in
            var ada = Visitor(client), ben = Visitor(client)
            try await ada.register("ada")
            try await ben.register("ben")
            let room = try await ada.startGame(#"{"mode": "online", "minLength": 3, "people": 2, "turnSeconds": 30}"#)
            #expect(try await ben.api("/api/v1/ghost/games/\(room.id)/join", method: .post).status == .ok)
            let adaInBrowser = ada, benInBrowser = ben
            try await client.ws("/ghost/games/\(room.id)/socket", configuration: .init(additionalHeaders: [.cookie: ben.cookieHeader])) {
                inbound, outbound, _ in
                var ben = benInBrowser
                var messages = inbound.messages(maxSize: 1 << 16).makeAsyncIterator()
                var errors: [String] = []
                let first = try await GhostSocketTests.state(&messages, errors: &errors) { _ in true }
                #expect(first.toAct == 0 && first.deadline != nil)
                // 29 seconds pass: Ada still has time (the socket checks every 0.2 s).
                var ada = adaInBrowser
                clock.advance(29)
                try await Task.sleep(for: .milliseconds(600))
                #expect(try await ada.game(room.id).turn == 0)
                // One more: her turn runs out, and the socket shows the round lost.
                clock.advance(2)
                let timedOut = try await GhostSocketTests.state(&messages, errors: &errors) { $0.rounds.count == 1 }
                #expect(timedOut.players[0].letters == "G" && timedOut.toAct == 0)
                #expect(timedOut.rounds[0].summary == "ada ran out of time before the first letter and takes a letter: G.")
                // Ada's own view speaks to her.
                let adasView = try await ada.game(room.id).rounds[0]
                #expect(adasView.summary == "You ran out of time before the first letter and take a letter: G.")
                #expect(adasView.review.hasPrefix("At the start, you could have won"), "\(adasView.review)")
                // The lesson under it says what the position held, not the time-out again.
                #expect(timedOut.rounds[0].review.hasPrefix("At the start, ") && !timedOut.rounds[0].review.contains("ran out of time"),
                        "\(timedOut.rounds[0].review)")
                // She starts the next round, and may be away: the table waits for her with no
                // clock, rather than running her turns out one after another.
                #expect(timedOut.awaySeat == 0 && timedOut.deadline == nil)
                clock.advance(120)
                try await Task.sleep(for: .milliseconds(600))
                #expect(try await ada.game(room.id).rounds.count == 1)
                // Back, she plays: the clock runs for the next player.
                #expect(try await ada.move(room.id, #"{"type": "letter", "letter": "d"}"#).status == .ok)
                let moved = try await GhostSocketTests.state(&messages, errors: &errors) { $0.fragment == "d" }
                #expect(moved.deadline == clock.read().addingTimeInterval(30).formatted(.iso8601) && moved.awaySeat == nil)
                // A round ended by a word: the next round, and its clock, start for everyone after
                // the pause, and nobody plays before it.
                clock.advance(5)
                #expect(try await ben.move(room.id, #"{"type": "letter", "letter": "o"}"#).status == .ok)
                #expect(try await ada.move(room.id, #"{"type": "letter", "letter": "g"}"#).status == .ok)
                let ended = try await GhostSocketTests.state(&messages, errors: &errors) { $0.rounds.count == 2 }
                let pause = Double(StoredMatch.roundBreakSeconds)
                #expect(ended.toAct == 0 && ended.awaySeat == nil)
                #expect(ended.roundStarts == clock.read().addingTimeInterval(pause).formatted(.iso8601))
                #expect(ended.deadline == clock.read().addingTimeInterval(pause + 30).formatted(.iso8601))
                let early = try await ada.move(room.id, #"{"type": "letter", "letter": "c"}"#)
                #expect(early.status == .conflict && early.body.contains("round_not_started"))
                // Past the pause and most of a turn: still hers to play.
                clock.advance(pause + 29)
                try await Task.sleep(for: .milliseconds(600))
                #expect(try await ada.game(room.id).rounds.count == 2)
                #expect(try await ada.move(room.id, #"{"type": "letter", "letter": "c"}"#).status == .ok)
                #expect(errors.isEmpty, "\(errors)")
            }
            // With no socket open, a page or API read runs an expired turn out.
            clock.advance(45)
            let read = try await ada.game(room.id)
            #expect(read.rounds.count == 3 && read.players[1].letters == "G" && read.awaySeat == 1)
            // A turn time no room can have is a 400.
            let bad = try await ada.api("/api/v1/ghost/games", method: .post, json: #"{"mode": "online", "people": 2, "turnSeconds": 9999}"#)
            #expect(bad.status == .badRequest && bad.body.contains("invalid_turn_time"))
        }
    }

    /// A list with many positions of the puzzle's kind: 400 words over a few letters.
    let puzzleWords: [String] = {
        var random = SeededRandom(seed: 4)
        return (0..<400).map { _ in String((0..<Int.random(in: 4...7, using: &random)).map { _ in "abcdefg".randomElement(using: &random)! }) }
    }()

    struct PuzzleJSON: Decodable {
        struct Answered: Decodable { let letter: String; let correct: Bool }
        let date: String
        let fragment: String
        let choices: [String]
        let answered: Answered?
        let answer: String?
        let streak: Int
        let kept: Bool
    }

    @Test func theDailyPuzzleKeepsAStreak() async throws {
        let clock = TestClock()
        try await withGhostApp(clock: { clock.read() }, words: puzzleWords) { client, _ in
            var ada = Visitor(client), guest = Visitor(client), bea = Visitor(client)
            try await ada.register("ada")
            try await bea.register("bea")
            func puzzle(_ v: inout Visitor) async throws -> PuzzleJSON {
                try JSONDecoder().decode(PuzzleJSON.self, from: Data(try await v.api("/api/v1/ghost/daily", method: .get).body.utf8))
            }
            let today = try await puzzle(&ada)
            // The answer is not given away before answering.
            #expect(today.answer == nil && today.answered == nil && today.kept && today.choices.count >= 4)
            #expect(try await puzzle(&guest).fragment == today.fragment)
            // A visitor without an account cannot answer, so cannot learn the answer to hand an
            // account its streak: neither the answer nor whether a guess was right comes back.
            let anonymous = try await guest.api("/api/v1/ghost/daily", method: .post, json: #"{"letter": "\#(today.choices[0])"}"#)
            #expect(anonymous.status == .unauthorized)
            #expect(!anonymous.body.contains("\"answer\"") && !anonymous.body.contains("correct"))
            #expect(try await puzzle(&guest).answer == nil)
            // The page shows a visitor the letters and the way to log in, not a form to answer.
            let shownToGuest = try await guest.get("/ghost/daily")
            #expect(shownToGuest.status == .ok && !shownToGuest.body.contains("id=\"daily-form\"") && shownToGuest.body.contains("id=\"daily-login\""))
            let guestAnswer = try await guest.post("/ghost/daily", ["letter": today.choices[0]])
            #expect(guestAnswer.status == .seeOther && guestAnswer.location?.hasPrefix("/account/login") == true)
            // Bea answers first (a second account learns the answer by answering, once a day).
            let guessed = try JSONDecoder().decode(PuzzleJSON.self, from: Data(try await bea.api(
                "/api/v1/ghost/daily", method: .post, json: #"{"letter": "\#(today.choices[0])"}"#).body.utf8))
            #expect(guessed.answer != nil && guessed.kept)
            // Ada answers right three days running; a letter that is not a choice is a 400.
            let bad = try await ada.api("/api/v1/ghost/daily", method: .post, json: #"{"letter": "?"}"#)
            #expect(bad.status == .badRequest)
            var streak = 0
            for _ in 0..<3 {
                let shown = try await puzzle(&ada)
                let right = guessed.fragment == shown.fragment ? guessed.answer! : try #require(try await Self.solve(shown, &bea))
                let answered = try JSONDecoder().decode(PuzzleJSON.self, from: Data(try await ada.api(
                    "/api/v1/ghost/daily", method: .post, json: #"{"letter": "\#(right)"}"#).body.utf8))
                #expect(answered.answered?.correct == true)
                streak = answered.streak
                // A second answer the same day changes nothing.
                let wrong = shown.choices.first { $0 != right }!
                let again = try await ada.api("/api/v1/ghost/daily", method: .post, json: #"{"letter": "\#(wrong)"}"#)
                #expect(try JSONDecoder().decode(PuzzleJSON.self, from: Data(again.body.utf8)).answered?.letter == right)
                clock.advance(86_400)
            }
            #expect(streak == 3)
            // A day missed: the streak holds through the next day, then is gone.
            clock.advance(86_400)
            #expect(try await puzzle(&ada).streak == 0)
            let page = try await ada.get("/ghost/daily")
            #expect(page.status == .ok && page.body.contains("id=\"daily-form\""))
            // The page's form answers with a redirect to the page, which shows the answer: Back
            // and reload never send it again.
            let sent = try await ada.post("/ghost/daily", ["letter": try await puzzle(&ada).choices[0]])
            #expect(sent.status == .seeOther && sent.location == "/ghost/daily")
            let shown = try await ada.get("/ghost/daily")
            #expect(shown.status == .ok && shown.body.contains("id=\"daily-verdict\"") && !shown.body.contains("id=\"daily-form\""))
        }
    }

    /// The right letter, as another account learns it: by answering.
    static func solve(_ puzzle: PuzzleJSON, _ other: inout Visitor) async throws -> String? {
        let body = try await other.api("/api/v1/ghost/daily", method: .post, json: #"{"letter": "\#(puzzle.choices[0])"}"#).body
        return try JSONDecoder().decode(PuzzleJSON.self, from: Data(body.utf8)).answer
    }
}
