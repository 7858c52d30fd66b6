import FolioTestSupport
import FolioApp
import FolioCore
@testable import FolioServer
import Foundation
import Ghost
import Hummingbird
import HummingbirdTesting
import Testing

/// Word lists players upload, through the API and the pages: kept per account, played on,
/// never usable or deletable by anyone else, and games on them kept off the high scores.
@Suite struct GhostWordListsServerTests {
    struct ListJSON: Decodable { let id: Int64; let dictionary: String; let name: String; let wordCount: Int; let dropped: Int?; let repeated: Int? }
    struct ListsJSON: Decodable { let items: [ListJSON]; let limit: Int }
    struct GameDictionaryJSON: Decodable { let id: String; let dictionary: String; let dictionaryLabel: String; let fragment: String }

    @Test func aListIsUploadedPlayedOnAndKeptFromOthers() async throws {
        try await withGhostApp { client, _ in
            var ann = Visitor(client), bob = Visitor(client)
            try await ann.register("ann")
            try await bob.register("bob")
            let uploaded = try await ann.api("/api/v1/ghost/wordlists", method: .post,
                                             json: #"{"name": "Trees", "words": "Oak\nash\nelm\nbirch\nbeech\nlarch\nrowan\n12\nash"}"#)
            #expect(uploaded.status == .ok, "\(uploaded.body)")
            let list = try JSONDecoder().decode(ListJSON.self, from: Data(uploaded.body.utf8))
            #expect(list.wordCount == 7 && list.dropped == 1 && list.repeated == 1 && list.dictionary == "list:\(list.id)")
            // Ann plays on it: "b" then "e" is good only in her list ("beech"), not in the server's English one.
            let started = try await ann.api("/api/v1/ghost/games", method: .post, json: """
                {"mode": "hotseat", "dictionary": "list:\(list.id)", "minLength": 3, "seats": [{"name": "Ann"}, {"name": "Cy"}]}
                """)
            #expect(started.status == .ok, "\(started.body)")
            let game = try JSONDecoder().decode(GameDictionaryJSON.self, from: Data(started.body.utf8))
            #expect(game.dictionary == "list:\(list.id)" && game.dictionaryLabel == "“Trees”")
            #expect(try await ann.move(game.id, #"{"type": "letter", "letter": "b"}"#).status == .ok)
            #expect(try await ann.move(game.id, #"{"type": "letter", "letter": "e"}"#).status == .ok)
            let board = try await ann.get("/ghost/games/\(game.id)")
            #expect(board.body.contains("“Trees”"))

            // Bob cannot play on it, see it, or delete it.
            let stolen = try await bob.api("/api/v1/ghost/games", method: .post, json: """
                {"mode": "hotseat", "dictionary": "list:\(list.id)", "minLength": 3, "seats": [{"name": "Bob"}, {"name": "Di"}]}
                """)
            #expect(stolen.status == .notFound && stolen.body.contains("word_list_not_found"))
            let bobsLists = try JSONDecoder().decode(ListsJSON.self, from: Data(try await bob.api("/api/v1/ghost/wordlists", method: .get).body.utf8))
            #expect(bobsLists.items.isEmpty && bobsLists.limit == GhostReferee.wordListsPerAccount)
            #expect(try await bob.api("/api/v1/ghost/wordlists/\(list.id)", method: .delete).status == .notFound)
            #expect(try await !bob.get("/ghost").body.contains("Trees"))
            // Logged out, lists are a 401.
            var guest = Visitor(client)
            #expect(try await guest.api("/api/v1/ghost/wordlists", method: .get).status == .unauthorized)

            // Ann deletes it: it leaves her lists, and her game on it still replays.
            #expect(try await ann.api("/api/v1/ghost/wordlists/\(list.id)", method: .delete).status == .noContent)
            let annsLists = try JSONDecoder().decode(ListsJSON.self, from: Data(try await ann.api("/api/v1/ghost/wordlists", method: .get).body.utf8))
            #expect(annsLists.items.isEmpty)
            #expect(try await ann.game(game.id).fragment == "be")

            // Bad uploads are 400s that say what to do.
            let empty = try await ann.api("/api/v1/ghost/wordlists", method: .post, json: #"{"name": "None", "words": "a\nb"}"#)
            #expect(empty.status == .badRequest && empty.body.contains("empty_word_list"))
            let unnamed = try await ann.api("/api/v1/ghost/wordlists", method: .post, json: #"{"name": "", "words": "word"}"#)
            #expect(unnamed.status == .badRequest && unnamed.body.contains("invalid_word_list_name"))
            let garbled = try await ann.api("/api/v1/ghost/wordlists", method: .post, json: #"{"words": 3}"#)
            #expect(garbled.status == .badRequest)
            let unknown = try await ann.api("/api/v1/ghost/games", method: .post, json: #"{"mode": "hotseat", "dictionary": "list:abc", "seats": [{"name": "A"}, {"name": "B"}]}"#)
            #expect(unknown.status == .badRequest)
        }
    }

    @Test func thePagesUploadAListAndOfferIt() async throws {
        try await withGhostApp { client, _ in
            var ann = Visitor(client)
            try await ann.register("ann")
            // Kept, then on to the setup page, so a reload there never sends the list again.
            let sent = try await ann.post("/ghost/wordlists", ["name": "Fruit", "words": "apple\npear\nplum\nfig\n!!\n"])
            #expect(sent.status == .seeOther)
            let kept = try await ann.get(try #require(sent.headers[.location]))
            #expect(kept.status == .ok)
            #expect(kept.body.contains("Kept “Fruit”: 4 words. Left out 1 line that was not a word of letters a–z."))
            #expect(kept.body.contains("Fruit (your list)"))
            // A refused list is said beside its own form, with what was typed kept.
            let refused = try await ann.post("/ghost/wordlists", ["name": "Blanks", "words": "   \n!!"])
            #expect(refused.status == .badRequest)
            #expect(refused.body.contains(#"id="word-list-errors""#) && refused.body.contains("The list was not kept:"))
            #expect(!refused.body.contains("The game did not start") && refused.body.contains(#"value="Blanks""#))
            // Its delete form, then the list is gone from the page.
            let setup = try await ann.get("/ghost")
            let range = try #require(setup.body.range(of: #"/ghost/wordlists/\d+/delete"#, options: .regularExpression))
            let action = String(setup.body[range])
            #expect(try await ann.post(action, [:]).status == .seeOther)
            #expect(try await !ann.get("/ghost").body.contains("Fruit (your list)"))
        }
    }

    @Test func aListTooBigToIndexIsRefusedForSuperghostOnly() async throws {
        try await withGhostApp { client, _ in
            var ann = Visitor(client)
            try await ann.register("ann")
            // 6,000 words of 32 letters: up to 528 infixes each, 3.2 million in all.
            var random = SeededRandom(seed: 8)
            let words = (0..<6_000).map { _ in String((0..<32).map { _ in "abcdefghijklmnopqrstuvwxyz".randomElement(using: &random)! }) }
            let body = try JSONEncoder().encode(["name": "Noise", "words": words.joined(separator: "\n")])
            let uploaded = try await ann.api("/api/v1/ghost/wordlists", method: .post, json: String(decoding: body, as: UTF8.self))
            let list = try JSONDecoder().decode(ListJSON.self, from: Data(uploaded.body.utf8))
            let superghost = try await ann.api("/api/v1/ghost/games", method: .post, json: """
                {"mode": "hotseat", "dictionary": "list:\(list.id)", "variant": "superghost", "minLength": 3, "seats": [{"name": "A"}, {"name": "B"}]}
                """)
            #expect(superghost.status == .badRequest && superghost.body.contains("word_list_too_large_for_superghost"))
            let plain = try await ann.api("/api/v1/ghost/games", method: .post, json: """
                {"mode": "hotseat", "dictionary": "list:\(list.id)", "minLength": 3, "seats": [{"name": "A"}, {"name": "B"}]}
                """)
            #expect(plain.status == .ok)
        }
    }
}
