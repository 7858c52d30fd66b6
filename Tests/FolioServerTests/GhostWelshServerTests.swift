import FolioTestSupport
import Foundation
import HTTPTypes
import Testing

/// A Welsh list small enough to reason about at a minimum length of 3: "llan" and "llyn" are
/// ll·a·n and ll·y·n, three letters each.
let welshWords = ["llan", "llyn", "chwech", "ffordd", "kilo"]

/// Ghost in Welsh through the server: the API, the board's keys and the answer form.
@Suite struct GhostWelshServerTests {
    struct WelshGame: Decodable {
        struct Move: Decodable { let letter: String }
        struct Round: Decodable { let summary: String; let loser: Int }
        let id: String
        let dictionary: String
        let alphabet: [String]
        let fragment: String
        let moves: [Move]
        let rounds: [Round]
    }

    @Test func aHotSeatWelshGameThroughTheAPIPlaysDigraphsAsOneLetter() async throws {
        try await withGhostApp(welshWords: welshWords) { client, _ in
            var v = Visitor(client)
            let started = try await v.api("/api/v1/ghost/games", method: .post,
                                          json: #"{"dictionary": "welsh", "minLength": 3, "seats": [{"name": "Ann"}, {"name": "Bob"}]}"#)
            #expect(started.status == .ok, "\(started.body)")
            let game = try JSONDecoder().decode(WelshGame.self, from: Data(started.body.utf8))
            #expect(game.dictionary == "welsh" && game.alphabet.count == 29 && game.alphabet.contains("ll") && game.alphabet.contains("ch"))
            func state() async throws -> WelshGame {
                try JSONDecoder().decode(WelshGame.self, from: Data(try await v.api("/api/v1/ghost/games/\(game.id)", method: .get).body.utf8))
            }

            // Ann plays LL, one letter, however it is typed.
            #expect(try await v.move(game.id, #"{"type": "letter", "letter": "LL"}"#).status == .ok)
            var now = try await state()
            #expect(now.fragment == "ll" && now.moves.map(\.letter) == ["ll"])
            // A letter Welsh does not have is refused, naming the letters it does.
            let k = try await v.move(game.id, #"{"type": "letter", "letter": "k"}"#)
            #expect(k.status == .badRequest && k.body.contains("\"invalid_letter\"") && k.body.contains("Welsh alphabet") && k.body.contains("rh"))
            // Bob a, Ann n: Ann completes "llan" in three letters and loses the round.
            try await v.move(game.id, #"{"type": "letter", "letter": "a"}"#)
            try await v.move(game.id, #"{"type": "letter", "letter": "n"}"#)
            now = try await state()
            #expect(now.rounds.count == 1 && now.rounds[0].loser == 0 && now.rounds[0].summary.contains("llan"), "\(now.rounds)")
            #expect(now.fragment == "")

            // Ann starts again: ll, Bob challenges, and Ann's "Llŷn" is llyn with the accent folded.
            try await v.move(game.id, #"{"type": "letter", "letter": "ll"}"#)
            try await v.move(game.id, #"{"type": "challenge"}"#)
            #expect(try await v.move(game.id, #"{"type": "answer", "word": "Llŷn"}"#).status == .ok)
            now = try await state()
            #expect(now.rounds.count == 2 && now.rounds[0].loser == 1 && now.rounds[0].summary.contains("llyn"), "\(now.rounds)")
        }
    }

    @Test func theBoardShowsTheWelshAlphabetAndTakesAccentedAnswers() async throws {
        try await withGhostApp(welshWords: welshWords) { client, _ in
            var v = Visitor(client)
            let setup = try await v.get("/ghost")
            #expect(setup.body.contains("<option value=\"welsh\"") && setup.body.contains(">Welsh</option>"))
            let started = try await v.post("/ghost/games", ["dictionary": "welsh", "minLength": "3", "name0": "Ann", "kind0": "person",
                                                            "name1": "Bob", "kind1": "person"])
            #expect(started.status == .seeOther)
            let path = try #require(started.location)
            let board = try await v.get(path)
            #expect(board.status == .ok)
            #expect(board.body.contains(#"name="letter" value="ll">LL</button>"#))
            #expect(board.body.contains(#"name="letter" value="ch">CH</button>"#))
            #expect(!board.body.contains(#"value="k">K</button>"#))
            #expect(board.body.contains(#"maxlength="2""#))
            #expect(board.body.contains("Welsh · words of 3"))

            // A key posts its letter; the typed field takes a digraph too.
            #expect(try await v.post("\(path)/move", ["type": "letter", "letter": "ll"]).status == .seeOther)
            #expect(try await v.post("\(path)/move", ["type": "challenge"]).status == .seeOther)
            // The answer form: the fragment fixed, the rest typed with a circumflex.
            let challenged = try await v.get(path)
            #expect(challenged.body.contains("id=\"ghost-answer-form\""))
            let answered = try await v.post("\(path)/move", ["type": "answer", "prefix": "ll", "rest": "ŷn", "rounds": "0"])
            #expect(answered.status == .seeOther, "\(answered.status) \(answered.body.prefix(300))")
            let over = try await v.get(try #require(answered.location))
            #expect(over.body.contains("llyn"), "\(over.body.prefix(2000))")
            // What is no Welsh letter is refused before the rules see it, naming the alphabet.
            #expect(try await v.post("\(path)/move", ["type": "letter", "letter": "ll"]).status == .seeOther)
            #expect(try await v.post("\(path)/move", ["type": "challenge"]).status == .seeOther)
            let refused = try await v.post("\(path)/move", ["type": "answer", "prefix": "ll", "rest": "kx"])
            #expect(refused.status == .badRequest && refused.body.contains("not letters of the Welsh alphabet"))
        }
    }

    @Test func aMissingWelshListSaysWhichPackageInstallsIt() async throws {
        try await withGhostApp { client, _ in
            var v = Visitor(client)
            let page = try await v.api("/api/v1/ghost/games", method: .post,
                                       json: #"{"dictionary": "welsh", "seats": [{"name": "A"}, {"name": "B"}]}"#)
            #expect(page.status == .serviceUnavailable && page.body.contains("dict-freedict-cym-eng"))
            let klingon = try await v.api("/api/v1/ghost/games", method: .post, json: #"{"dictionary": "klingon", "seats": []}"#)
            #expect(klingon.status == .badRequest && klingon.body.contains("english, dutch or welsh"))
        }
    }
}
