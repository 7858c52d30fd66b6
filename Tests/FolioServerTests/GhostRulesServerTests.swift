import FolioTestSupport
import FolioCore
@testable import FolioServer
import Foundation
import FolioApp
import Ghost
import Hummingbird
import HummingbirdTesting
import Testing

/// Classic rules and Superghost through the API and the pages: the options are stored with the
/// game, moves name their side, and bad options are 400s that say what to send.
@Suite struct GhostRulesServerTests {
    struct RulesJSON: Decodable {
        struct Move: Decodable { let letter: String; let side: String }
        let challenges: String
        let variant: String
        let fragment: String
        let moves: [Move]
    }

    @Test func aClassicSuperghostGameThroughTheAPI() async throws {
        try await withGhostApp { client, _ in
            var v = Visitor(client)
            let game = try await v.startGame("""
                {"mode": "hotseat", "minLength": 3, "challenges": "classic", "variant": "superghost",
                 "seats": [{"name": "Ann"}, {"name": "Bob"}]}
                """)
            let rules = { (body: String) in try JSONDecoder().decode(RulesJSON.self, from: Data(body.utf8)) }
            #expect(try rules(try await v.api("/api/v1/ghost/games/\(game.id)", method: .get).body).variant == "superghost")
            // Ann "a", Bob "c" at the start: "ca", a piece of "cat" and "scat".
            #expect(try await v.move(game.id, #"{"type": "letter", "letter": "a"}"#).status == .ok)
            let moved = try await v.move(game.id, #"{"type": "letter", "letter": "c", "side": "start"}"#)
            #expect(moved.status == .ok, "\(moved.body)")
            let state = try rules(moved.body)
            #expect(state.challenges == "classic" && state.fragment == "ca")
            #expect(state.moves.map(\.side) == ["end", "start"])
            // Ann bluffs with "q" at the start; Bob challenges; Ann cannot name a word with "qca" in it.
            #expect(try await v.move(game.id, #"{"type": "letter", "letter": "q", "side": "start"}"#).status == .ok)
            #expect(try await v.move(game.id, #"{"type": "challenge"}"#).status == .ok)
            #expect(try await v.move(game.id, #"{"type": "answer", "word": "qcat"}"#).status == .ok)
            let after = try await v.game(game.id)
            #expect(after.rounds.first?.loser == 0)
            #expect(after.rounds.first?.summary == "Ann answered “qcat”, which is not a word of the dictionary with “qca” in it, and takes a letter: G.")
            #expect(after.rounds.first?.review.contains("there is none, so the challenge was right") == true)

            // A side that is not start or end, and a start in plain Ghost, are 400s.
            let badSide = try await v.move(game.id, #"{"type": "letter", "letter": "c", "side": "middle"}"#)
            #expect(badSide.status == .badRequest && badSide.body.contains("start or end"))
            let plain = try await v.startGame(#"{"mode": "hotseat", "minLength": 3, "seats": [{"name": "Ann"}, {"name": "Bob"}]}"#)
            try await v.move(plain.id, #"{"type": "letter", "letter": "a"}"#)
            let start = try await v.move(plain.id, #"{"type": "letter", "letter": "c", "side": "start"}"#)
            #expect(start.status == .badRequest && start.body.contains("move_not_in_variant"))
            for bad in [#""challenges": "strict""#, #""variant": "hyperghost""#] {
                let refused = try await v.api("/api/v1/ghost/games", method: .post, json: """
                    {"mode": "hotseat", \(bad), "seats": [{"name": "Ann"}, {"name": "Bob"}]}
                    """)
                #expect(refused.status == .badRequest, "\(bad): \(refused.body)")
            }
        }
    }

    @Test func aClassicGameOnThePagesWithABluffThatGetsCalled() async throws {
        try await withGhostApp { client, _ in
            var v = Visitor(client)
            let setup = try await v.get("/ghost")
            #expect(setup.body.contains("id=\"hotseat-challenges\"") && setup.body.contains("id=\"computer-variant\""))
            let started = try await v.post("/ghost/games", ["dictionary": "english", "minLength": "3", "challenges": "classic",
                                                            "name0": "Ann", "kind0": "person", "name1": "Bob", "kind1": "person"])
            let path = try #require(started.location)
            for letter in ["d", "x"] {
                let page = try await v.post("\(path)/move", ["type": "letter", "letter": letter])
                #expect(page.status == .seeOther, "\(letter): \(page.body.prefix(300))")
            }
            let board = try await v.get(path)
            #expect(board.body.contains("Ghost, classic rules"))
            #expect(board.body.contains("that is a word, or a bluff"))
            _ = try await v.post("\(path)/move", ["type": "challenge"])
            _ = try await v.post("\(path)/move", ["type": "concede"])
            let over = try await v.get(path)
            #expect(over.body.contains("Bob could not answer Ann’s challenge at “dx”"))
            #expect(over.body.contains("Bob could not name a word starting with “dx”: there is none, so the challenge was right."))
        }
    }

    @Test func aSuperghostBoardOffersBothEnds() async throws {
        try await withGhostApp { client, _ in
            var v = Visitor(client)
            let started = try await v.post("/ghost/games", ["dictionary": "english", "minLength": "3", "variant": "superghost",
                                                            "name0": "Ann", "kind0": "person", "name1": "Bob", "kind1": "person"])
            let path = try #require(started.location)
            // The first letter has no side to choose.
            #expect(!(try await v.get(path)).body.contains("id=\"ghost-side\""))
            _ = try await v.post("\(path)/move", ["type": "letter", "letter": "o"])
            let board = try await v.get(path)
            #expect(board.body.contains("id=\"ghost-side-start\""))
            let moved = try await v.post("\(path)/move", ["type": "letter", "letter": "d", "side": "start"])
            #expect(moved.status == .seeOther, "\(moved.body.prefix(300))")
            let after = try await v.get(path)
            #expect(after.body.contains("at the start"))
            #expect(try await v.game(String(path.split(separator: "/").last!)).fragment == "do")
            // Challenged at "do", Ann names a whole word with "do" in it.
            _ = try await v.post("\(path)/move", ["type": "challenge"])
            let answered = try await v.get(path)
            #expect(answered.body.contains("name a word that has “do” in it"))
            _ = try await v.post("\(path)/move", ["type": "answer", "word": "door"])
            #expect(try await v.get(path).body.contains("Ann challenged, but “door” is a word"))
        }
    }

    @Test(.enabled(if: GlossaryShelf.shared.isInstalled, "Debian's dict-gcide is not installed"))
    func theRoundsWordIsExplained() async throws {
        try await withGhostApp { client, _ in
            var v = Visitor(client)
            let started = try await v.post("/ghost/games", ["dictionary": "english", "minLength": "3",
                                                            "name0": "Ann", "kind0": "person", "name1": "Bob", "kind1": "person"])
            let path = try #require(started.location)
            for letter in ["c", "a"] { _ = try await v.post("\(path)/move", ["type": "letter", "letter": letter]) }
            let ended = try await v.post("\(path)/move", ["type": "letter", "letter": "t", "rounds": "0"])
            let over = try await v.get(try #require(ended.location))
            #expect(over.body.contains("id=\"ghost-round-meaning\"") && over.body.contains("Felidae"))
            // A round that ended on an unfinished fragment has no word to explain.
            _ = try await v.post("\(path)/move", ["type": "letter", "letter": "d"])
            _ = try await v.post("\(path)/move", ["type": "challenge"])
            let conceded = try await v.post("\(path)/move", ["type": "concede", "rounds": "1"])
            #expect(!(try await v.get(try #require(conceded.location))).body.contains("ghost-round-meaning"))
        }
    }
}
