import FolioCore
@testable import FolioServer
import FolioStore
import FolioTestSupport
import Foundation
@testable import Ghost
import Hummingbird
import HummingbirdTesting
import Testing

/// Ratings on the leaderboard (JSON and page, by wins or by rating), and the choices an account
/// last started a game with, offered again to that account only.
@Suite struct GhostRatingsServerTests {
    struct RatedJSON: Decodable {
        struct Score: Decodable { let username: String; let wins: Int; let rating: Int?; let ratedGames: Int }
        let items: [Score]
        let total: Int
    }

    struct PreferencesJSON: Decodable, Equatable {
        let dictionary: String
        let minLength: Int
        let challenges: String
        let variant: String
    }

    /// Carl beats the computer twice (two wins, no rating); Ann beats Bob online (one win each
    /// way of the rating).
    static func threePlayers(_ database: AppDatabase) async throws {
        let ann = try await database.createAccount(username: "ann", passwordHash: "-")
        let bob = try await database.createAccount(username: "bob", passwordHash: "-")
        let carl = try await database.createAccount(username: "carl", passwordHash: "-")
        for _ in 0..<2 {
            _ = try await GhostScoreRuleTests.finish(database, mode: .hotSeat, seats: [.init(name: "carl", kind: .person), .init(name: "Hal", kind: .hard)],
                                                     accounts: [carl.id, nil])
        }
        _ = try await GhostScoreRuleTests.finish(database, mode: .online, seats: [.init(name: "ann", kind: .person), .init(name: "bob", kind: .person)],
                                                 accounts: [ann.id, bob.id])
    }

    @Test func theLeaderboardShowsRatingsAndSortsByThem() async throws {
        try await withGhostApp { client, database in
            try await Self.threePlayers(database)
            var v = Visitor(client)
            let decode = { (body: String) in try JSONDecoder().decode(RatedJSON.self, from: Data(body.utf8)) }
            let byWins = try decode(try await v.api("/api/v1/ghost/highscores", method: .get).body)
            #expect(byWins.items.map(\.username) == ["carl", "ann", "bob"])
            #expect(byWins.items.map(\.rating) == [nil, 1516, 1484] && byWins.items.map(\.ratedGames) == [0, 1, 1])
            #expect(try decode(try await v.api("/api/v1/ghost/highscores?order=wins", method: .get).body).items.map(\.username) == ["carl", "ann", "bob"])
            let raw = try await v.api("/api/v1/ghost/highscores?order=rating", method: .get).body
            let byRating = try decode(raw)
            #expect(byRating.total == 3 && byRating.items.map(\.username) == ["ann", "bob", "carl"])
            #expect(raw.contains(#""rating":1516"#) && raw.contains(#""ratedGames":0"#))

            let page = try await v.get("/ghost/scores?order=rating")
            #expect(page.status == .ok)
            #expect(page.body.contains("<th scope=\"col\">Rating</th>") && page.body.contains("highest rating first"))
            let rows = ["ann", "bob", "carl"].compactMap { page.body.range(of: "<span class=\"score-name\">\($0)</span>")?.lowerBound }
            #expect(rows.count == 3 && rows == rows.sorted())
            #expect(page.body.contains("<td>1516</td>") && page.body.contains("<td>1484</td>"))
            #expect(page.body.contains("title=\"No game against another account yet\">–</td>"))
            // The order links keep the dictionary; the current one is marked; the default leaves `order` out.
            #expect(page.body.contains("<a href=\"/ghost/scores?dictionary=english&amp;order=rating\" aria-current=\"page\">Highest rating</a>"))
            #expect(page.body.contains("<a href=\"/ghost/scores?dictionary=english\">Most wins</a>"))
            #expect(page.body.contains("href=\"/ghost/scores?dictionary=dutch&amp;order=rating\""))
            let winsPage = try await v.get("/ghost/scores")
            let winRows = ["carl", "ann", "bob"].compactMap { winsPage.body.range(of: "<span class=\"score-name\">\($0)</span>")?.lowerBound }
            #expect(winRows.count == 3 && winRows == winRows.sorted() && winsPage.body.contains("most wins first"))
        }
    }

    @Test func aBadOrderIsA400ThatSaysWhatToSend() async throws {
        try await withGhostApp { client, _ in
            var v = Visitor(client)
            let api = try await v.api("/api/v1/ghost/highscores?order=bogus", method: .get)
            #expect(api.status == .badRequest && api.body.contains("invalid_parameter") && api.body.contains("wins or rating"))
            let page = try await v.get("/ghost/scores?order=bogus")
            #expect(page.status == .badRequest && page.body.contains("wins or rating"))
        }
    }

    /// Two accounts play an online room through the API to the end: the winner's rating rises,
    /// the loser's falls by as much, and each sees their own on the scores page.
    @Test func anOnlineGameMovesBothPlayersRatings() async throws {
        try await withGhostApp { client, _ in
            var ada = Visitor(client), ben = Visitor(client)
            try await ada.register("ada")
            try await ben.register("ben")
            let room = try await ada.startGame(#"{"mode": "online", "minLength": 3, "people": 2}"#)
            #expect(try await ben.api("/api/v1/ghost/games/\(room.id)/join", method: .post).status == .ok)
            // Ada starts each round with "c"; Ben challenges; Ada concedes. Five rounds and she is out.
            for _ in 0..<5 {
                #expect(try await ada.move(room.id, #"{"type": "letter", "letter": "c"}"#).status == .ok)
                #expect(try await ben.move(room.id, #"{"type": "challenge"}"#).status == .ok)
                #expect(try await ada.move(room.id, #"{"type": "concede"}"#).status == .ok)
            }
            #expect(try await ada.game(room.id).winner == 1)
            let scores = try JSONDecoder().decode(RatedJSON.self, from: Data(try await ada.api("/api/v1/ghost/highscores?order=rating",
                                                                                                 method: .get).body.utf8))
            #expect(scores.items.map(\.username) == ["ben", "ada"] && scores.items.map(\.rating) == [1516, 1484])
            let adaPage = try await ada.get("/ghost/scores")
            #expect(adaPage.body.contains("rating 1484, over 1 game against other accounts"))
            #expect(try await ben.get("/ghost/scores").body.contains("rating 1516, over 1 game against other accounts"))
        }
    }

    @Test func theSetupPageOffersTheChoicesAnAccountLastStartedWith() async throws {
        try await withGhostApp { client, database in
            var ann = Visitor(client), bob = Visitor(client), visitor = Visitor(client)
            try await ann.register("ann")
            try await bob.register("bob")
            // Ann plays the computer with words of five letters, classic Superghost.
            let started = try await ann.post("/ghost/games", ["name0": "ann", "kind0": "person", "mine": "0", "kind1": "easy",
                                                              "dictionary": "english", "minLength": "5", "challenges": "classic",
                                                              "variant": "superghost"])
            #expect(started.status == .seeOther, "\(started.body.prefix(300))")
            let hers = try await ann.get("/ghost").body
            for form in ["hotseat", "computer", "room"] {
                #expect(Self.selected(in: hers, select: "\(form)-length") == "5")
                #expect(Self.selected(in: hers, select: "\(form)-challenges") == "classic")
                #expect(Self.selected(in: hers, select: "\(form)-variant") == "superghost")
                #expect(Self.selected(in: hers, select: "\(form)-dictionary") == "english")
            }
            // Bob and a visitor without an account get the defaults, never Ann's.
            for other in [try await bob.get("/ghost").body, try await visitor.get("/ghost").body] {
                #expect(Self.selected(in: other, select: "hotseat-length") == "4")
                #expect(Self.selected(in: other, select: "computer-challenges") == "forgiving")
                #expect(Self.selected(in: other, select: "computer-variant") == "ghost")
            }
            // A remembered dictionary is chosen too (this server's Dutch list is missing, so Ann's
            // choice is stored straight away rather than played).
            let account = try #require(try await database.credentials(username: "ann"))
            try await database.saveGhostPreferences(accountID: account.account.id,
                                                    GhostPreferences(dictionary: .dutch, minimumLength: 3, rules: .standard))
            let dutch = try await ann.get("/ghost").body
            #expect(Self.selected(in: dutch, select: "room-dictionary") == "dutch" && Self.selected(in: dutch, select: "room-length") == "3")
        }
    }

    @Test func gamesStartedThroughTheAPIRememberAndReuseTheChoices() async throws {
        try await withGhostApp { client, _ in
            var ann = Visitor(client), bob = Visitor(client), visitor = Visitor(client)
            try await ann.register("ann")
            try await bob.register("bob")
            let defaults = PreferencesJSON(dictionary: "english", minLength: 4, challenges: "forgiving", variant: "ghost")
            #expect(try await ann.ghostPreferences() == defaults)
            _ = try await ann.startGame(#"{"minLength": 5, "challenges": "classic", "seats": [{"name": "ann"}, {"name": "Hal", "kind": "easy"}], "ownSeat": 0}"#)
            let remembered = PreferencesJSON(dictionary: "english", minLength: 5, challenges: "classic", variant: "ghost")
            #expect(try await ann.ghostPreferences() == remembered)
            // Left out, the choices are Ann's last ones; named, they win.
            let again = try await ann.api("/api/v1/ghost/games", method: .post,
                                          json: #"{"seats": [{"name": "ann"}, {"name": "Hal", "kind": "easy"}], "ownSeat": 0}"#)
            let choices = try JSONDecoder().decode(PreferencesJSON.self, from: Data(again.body.utf8))
            #expect(choices == remembered)
            let named = try await ann.api("/api/v1/ghost/games", method: .post,
                                          json: #"{"minLength": 3, "variant": "superghost", "seats": [{"name": "ann"}, {"name": "Hal", "kind": "easy"}]}"#)
            #expect(try JSONDecoder().decode(PreferencesJSON.self, from: Data(named.body.utf8))
                    == PreferencesJSON(dictionary: "english", minLength: 3, challenges: "classic", variant: "superghost"))
            // Bob's are his own; a visitor's games use the defaults and have none to read.
            #expect(try await bob.ghostPreferences() == defaults)
            let room = try await bob.api("/api/v1/ghost/games", method: .post, json: #"{"mode": "online", "people": 2}"#)
            #expect(try JSONDecoder().decode(PreferencesJSON.self, from: Data(room.body.utf8)) == defaults)
            let anonymous = try await visitor.api("/api/v1/ghost/games", method: .post, json: #"{"seats": [{"name": "A"}, {"name": "B"}]}"#)
            #expect(try JSONDecoder().decode(PreferencesJSON.self, from: Data(anonymous.body.utf8)) == defaults)
            let loggedOut = try await visitor.api("/api/v1/ghost/preferences", method: .get)
            #expect(loggedOut.status == .unauthorized && loggedOut.body.contains("\"error\""))
        }
    }

    /// The value of the option chosen in the `<select id="…">`, nil when none is.
    static func selected(in page: String, select id: String) -> String? {
        guard let start = page.range(of: "<select id=\"\(id)\""), let end = page.range(of: "</select>", range: start.upperBound..<page.endIndex) else {
            return nil
        }
        let options = page[start.upperBound..<end.lowerBound]
        guard let chosen = options.range(of: "\" selected>") else { return nil }
        let before = options[..<chosen.lowerBound]
        guard let value = before.range(of: "value=\"", options: .backwards) else { return nil }
        return String(before[value.upperBound...])
    }
}

extension Visitor {
    /// `GET /api/v1/ghost/preferences`, which must answer.
    mutating func ghostPreferences() async throws -> GhostRatingsServerTests.PreferencesJSON {
        let page = try await api("/api/v1/ghost/preferences", method: .get)
        #expect(page.status == .ok, "\(page.body)")
        return try JSONDecoder().decode(GhostRatingsServerTests.PreferencesJSON.self, from: Data(page.body.utf8))
    }
}
