import FolioCore
import Characters
import FolioServer
import FolioStore
import FolioTestSupport
import Foundation
import HummingbirdTesting
import Monologues
import Testing

/// Favourites (monologues and characters) come a page at a time, in the API and on the pages.
@Suite struct ListPagingTests {
    static func id(_ n: Int) -> String { String(format: "play-%04d", n) }

    /// An app over 130 monologues and 60 characters, with Alice keeping `favourites` of each
    /// (favourite n kept n minutes after the first) and Bob keeping one.
    func withKeptLists(favourites: Int,
                       _ test: @escaping @Sendable (inout Visitor, inout Visitor, _ aliceID: Account.ID, AppDatabase) async throws -> Void) async throws {
        let database = try AppDatabase.inMemory()
        try await database.importMonologues((1...130).map { LibraryFixture.monologue(Self.id($0), number: $0, text: "Speech \($0).") },
                                      source: "fixture")
        let catalogue = Catalogue(characters: (1...60).map { Character(id: $0, name: "Person \($0)", homeworld: nil, firstAppearance: nil) })
        try await database.saveCatalogue(catalogue)
        try await TestApp.run(database: database) { client, _ in
            var alice = Visitor(client), bob = Visitor(client)
            try await alice.register("alice")
            try await bob.register("bob")
            let aliceID = try #require(try await database.credentials(username: "alice")).account.id
            let bobID = try #require(try await database.credentials(username: "bob")).account.id
            let start = Date(timeIntervalSince1970: 1_800_000_000)
            for n in 0..<favourites {
                try await database.addFavourite(accountID: aliceID, monologueID: Self.id(n + 1), now: start.addingTimeInterval(Double(n) * 60))
                try await database.keepCharacter(accountID: aliceID, characterID: n % 60 + 1, now: start.addingTimeInterval(Double(n) * 60))
            }
            try await database.addFavourite(accountID: bobID, monologueID: Self.id(130))
            try await database.saveFavouriteEdits(accountID: bobID, Favourite(monologueID: Self.id(130), tags: ["bobs-own"]))
            try await test(&alice, &bob, aliceID, database)
        }
    }

    struct FavouritesPage: Decodable {
        struct Item: Decodable { let monologue: Monologue; let isEdited: Bool }
        let total: Int, limit: Int, offset: Int
        let items: [Item]
    }

    struct CharactersPage: Decodable {
        struct Item: Decodable { let id: Int; let name: String }
        let total: Int, limit: Int, offset: Int
        let items: [Item]
    }

    @Test func theFavouritesAPIPagesWithLimitAndOffset() async throws {
        try await withKeptLists(favourites: 120) { alice, bob, _, _ in
            let first = try JSONDecoder().decode(FavouritesPage.self, from: Data(try await alice.api("/api/v1/favourites", method: .get).body.utf8))
            #expect(first.total == 120 && first.limit == 50 && first.offset == 0)
            #expect(first.items.map(\.monologue.id) == (71...120).reversed().map(Self.id))
            let last = try JSONDecoder().decode(FavouritesPage.self,
                                                from: Data(try await alice.api("/api/v1/favourites?limit=30&offset=100", method: .get).body.utf8))
            #expect(last.total == 120 && last.items.map(\.monologue.id) == (1...20).reversed().map(Self.id))
            for bad in ["limit=0", "limit=101", "limit=ten", "offset=-1", "offset=1e3"] {
                let page = try await alice.api("/api/v1/favourites?\(bad)", method: .get)
                #expect(page.status == .badRequest, "\(bad): \(page.status)")
                #expect(page.body.contains("\"code\"") && page.body.contains("expected"), "\(bad): \(page.body)")
            }
            // Bob sees his one favourite, with his edits, and none of Alice's.
            let bobs = try JSONDecoder().decode(FavouritesPage.self, from: Data(try await bob.api("/api/v1/favourites", method: .get).body.utf8))
            #expect(bobs.total == 1 && bobs.items.map(\.monologue.id) == [Self.id(130)] && bobs.items[0].monologue.tags == ["bobs-own"])
        }
    }

    @Test func theFavouritesPageShowsFiftyAtATimeWithLinks() async throws {
        try await withKeptLists(favourites: 120) { alice, bob, _, _ in
            let first = try await alice.get("/monologues/favourites")
            #expect(first.status == .ok)
            #expect(first.body.components(separatedBy: "<li class=\"favourite\"").count - 1 == 50)
            #expect(first.body.contains("120 favourites") && first.body.contains("1–50 of 120"))
            #expect(first.body.contains("href=\"/monologues/favourites?page=2\"") && !first.body.contains("id=\"previous-page\""))
            #expect(first.body.contains("/monologues/\(Self.id(120))\"") && !first.body.contains("/monologues/\(Self.id(70))\""))
            let third = try await alice.get("/monologues/favourites?page=3")
            #expect(third.body.components(separatedBy: "<li class=\"favourite\"").count - 1 == 20)
            #expect(third.body.contains("101–120 of 120") && third.body.contains("href=\"/monologues/favourites?page=2\"")
                    && !third.body.contains("id=\"next-page\""))
            // Nonsense page numbers read as the first page; past the end is an empty page that links back.
            #expect(try await alice.get("/monologues/favourites?page=zero").body.contains("1–50 of 120"))
            let beyond = try await alice.get("/monologues/favourites?page=9")
            #expect(beyond.status == .ok && beyond.body.contains("Nothing on this page") && beyond.body.contains("?page=3\""))

            let bobs = try await bob.get("/monologues/favourites")
            #expect(bobs.body.contains("1 favourite<") && bobs.body.contains("/monologues/\(Self.id(130))\"") && !bobs.body.contains("/monologues/\(Self.id(120))\""))
        }
    }

    @Test func searchAndTagsMarkOnlyTheUsersOwnFavourites() async throws {
        try await withKeptLists(favourites: 129) { alice, bob, _, _ in
            // The search page marks the favourites among its results, whatever page they are on.
            var marked = 0
            for page in 1...3 {
                marked += try await alice.get("/monologues?q=speech&page=\(page)").body.components(separatedBy: "(favourite)").count - 1
            }
            #expect(marked == 129)
            let bobsSearch = try await bob.get("/monologues?q=bobs-own")
            #expect(bobsSearch.body.contains("/monologues/\(Self.id(130))\"") && bobsSearch.body.contains("(favourite)"))
            #expect(!(try await alice.get("/monologues?q=bobs-own").body.contains("/monologues/\(Self.id(130))\"")))
            #expect(try await bob.get("/monologues/tags").body.contains("bobs-own (1)"))
            #expect(!(try await alice.get("/monologues/tags").body.contains("bobs-own")))
        }
    }

    @Test func characterFavouritesArePagedInTheAPIAndOnThePage() async throws {
        try await withKeptLists(favourites: 60) { alice, bob, _, _ in
            let api = try JSONDecoder().decode(CharactersPage.self,
                                               from: Data(try await alice.api("/api/v1/characters/favourites?offset=50", method: .get).body.utf8))
            #expect(api.total == 60 && api.offset == 50 && api.items.map(\.id) == Array((1...10).reversed()))
            #expect(try await alice.api("/api/v1/characters/favourites?limit=500", method: .get).status == .badRequest)
            let bobs = try JSONDecoder().decode(CharactersPage.self,
                                                from: Data(try await bob.api("/api/v1/characters/favourites", method: .get).body.utf8))
            #expect(bobs.total == 0 && bobs.items.isEmpty)

            let page = try await alice.get("/characters/favourites")
            #expect(page.body.components(separatedBy: "<li class=\"character-row").count - 1 == 50)
            #expect(page.body.contains("1–50 of 60") && page.body.contains("href=\"/characters/favourites?page=2\""))
            let second = try await alice.get("/characters/favourites?page=2")
            #expect(second.body.components(separatedBy: "<li class=\"character-row").count - 1 == 10 && second.body.contains("Person 1<"))
            // Letting one go from the second page comes back to the second page.
            let toggled = try await alice.post("/characters/5/favourite", ["back": "/characters/favourites?page=2"])
            #expect(toggled.location == "/characters/favourites?page=2")
            #expect(try await alice.get("/characters/favourites").body.contains("1–50 of 59"))
        }
    }

    @Test func theTagsPageOffersTheMostUsedOfManyPersonalTags() async throws {
        try await withKeptLists(favourites: 12) { alice, _, aliceID, database in
            // 12 favourites × 20 tags of their own = 240 tags; "shared" is on all twelve.
            for n in 1...12 {
                let tags = ["shared"] + (1...19).map { "own-\(n)-\($0)" }
                try await database.saveFavouriteEdits(accountID: aliceID, Favourite(monologueID: Self.id(n), tags: tags))
            }
            let page = try await alice.get("/monologues/tags")
            #expect(page.status == .ok && page.body.contains("shared (12)"))
            let offered = page.body.components(separatedBy: "value=\"own-").count - 1
            #expect(offered == 199, "\(offered) of the own tags offered")
            #expect(page.body.contains("And 29 more of your tags"))
            // A ticked tag stays offered however rarely it is used.
            let ticked = try await alice.get("/monologues/tags?tag=own-9-9")
            #expect(ticked.body.contains("value=\"own-9-9\" checked") && ticked.body.contains("And 28 more of your tags"))
        }
    }
}
