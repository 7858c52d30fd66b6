import Characters
import FolioServer
import FolioStore
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@Suite struct CharactersServerTests {
    struct SWAPIPage: Decodable {
        struct Person: Decodable { let name: String; let url: String; let homeworld: String; let birth_year: String; let eye_color: String }
        let count: Int
        let next: String?
        let previous: String?
        let results: [Person]
    }

    func decode<T: Decodable>(_ type: T.Type, _ page: Visitor.Page) throws -> T {
        try JSONDecoder().decode(type, from: Data(page.body.utf8))
    }

    @Test func swapiPagesSearchAndLinksPointBackHere() async throws {
        try await withWebApp { client, _ in
            var v = Visitor(client)
            let catalogue = try Catalogue.bundled.get()
            let first = try decode(SWAPIPage.self, try await v.get("/swapi/people/"))
            #expect(first.count == catalogue.characters.count && first.results.count == 10 && first.previous == nil)
            let next = try #require(first.next)
            #expect(next.hasSuffix("/swapi/people/?page=2") && next.hasPrefix("http://"))
            var seen = first.results.map(\.name)
            var link: String? = next
            while let url = link {
                let path = String(url[url.range(of: "/swapi/")!.lowerBound...])
                let page = try decode(SWAPIPage.self, try await v.get(path))
                seen += page.results.map(\.name)
                link = page.next
            }
            #expect(Set(seen) == Set(catalogue.characters.map(\.name)) && seen.count == catalogue.characters.count)
            let sky = try decode(SWAPIPage.self, try await v.get("/swapi/people/?search=SKY"))
            #expect(sky.results.map(\.name) == ["Luke Skywalker", "Anakin Skywalker"])
            let luke = try await v.get("/swapi/people/1/")
            #expect(luke.body.contains("\"homeworld\":\"http://") && luke.body.contains("/swapi/planets/1/\""))
            #expect(try await v.get("/swapi/planets/1/").body.contains("\"name\":\"Tatooine\""))
            #expect(try await v.get("/swapi/films/1/").body.contains("\"episode_id\":4"))
            #expect(try await v.get("/swapi/people/?page=99").status == .notFound)
            #expect(try await v.get("/swapi/people/?page=abc").status == .notFound)
            #expect(try await v.get("/swapi/people/999/").status == .notFound)
            #expect(try await v.get("/swapi/films/clone-wars/").status == .notFound)
            #expect(try await v.get("/swapi/").body.contains("/swapi/people/"))
        }
    }

    struct ListWindow: Decodable {
        struct Group: Decodable { struct Item: Decodable { let id: Int }; let section: String; let items: [Item] }
        let total: Int
        let limit: Int
        let offset: Int
        let sections: [Group]
    }

    @Test func theListComesAPageAtATime() async throws {
        try await withWebApp { client, _ in
            var v = Visitor(client)
            let catalogue = try Catalogue.bundled.get()
            let story = catalogue.sections().flatMap { $0.characters.map(\.id) }
            var walked: [Int] = []
            for offset in stride(from: 0, to: story.count, by: 10) {
                let page = try decode(ListWindow.self, try await v.get("/api/v1/characters?limit=10&offset=\(offset)"))
                #expect(page.total == story.count && page.limit == 10 && page.offset == offset)
                walked += page.sections.flatMap { $0.items.map(\.id) }
            }
            #expect(walked == story)
            let whole = try decode(ListWindow.self, try await v.get("/api/v1/characters"))
            #expect(whole.limit == 50 && whole.sections.flatMap(\.items).count == min(50, story.count))
            for bad in ["limit=0", "limit=101", "offset=-1", "limit=ten"] {
                #expect(try await v.get("/api/v1/characters?\(bad)").status == .badRequest, "\(bad)")
            }
            // The bundled catalogue fits on one page, so the first shows no pager; a page past the
            // end shows no rows and leads back.
            #expect(!(try await v.get("/characters")).body.contains("id=\"previous-page\""))
            let past = try await v.get("/characters?page=2")
            #expect(past.status == .ok && past.body.contains("href=\"/characters\"") && past.body.contains("id=\"previous-page\""))
            #expect(!past.body.contains("class=\"character-section\""))
        }
    }

    @Test func pagesWalkFromListToWebPage() async throws {
        try await withWebApp { client, _ in
            var v = Visitor(client)
            let list = try await v.get("/characters")
            #expect(list.status == .ok && list.body.contains("class=\"text-medium app-characters\""))
            let sections = ["Original trilogy", "Prequel trilogy", "Sequel trilogy", "TV series"]
            let positions = sections.map { list.body.range(of: ">\($0)</h2>")?.lowerBound }
            #expect(positions.allSatisfy { $0 != nil })
            #expect(zip(positions, positions.dropFirst()).allSatisfy { $0! < $1! })
            #expect(!list.body.contains("favourite-form"), "favourite buttons need an account")
            let character = try await v.get("/characters/1")
            #expect(character.body.contains("id=\"character-name\" class=\"character-title\">Luke Skywalker</h2>"))
            #expect(character.body.contains("Home planet: Tatooine") && character.body.contains("href=\"/characters/1/details\""))
            let details = try await v.get("/characters/1/details")
            for fact in ["id=\"fact-birth-year\">19BBY<", "id=\"fact-eye-colour\">blue<", "id=\"fact-planet\">Tatooine<"] {
                #expect(details.body.contains(fact), "\(fact)")
            }
            let web = try await v.get("/characters/1/web")
            #expect(web.body.contains("id=\"web-loading\"") && web.body.contains("src=\"https://starwars.fandom.com/wiki/Luke_Skywalker\""))
            let svg = try await v.get("/characters/5/portrait.svg")
            #expect(svg.headers[.contentType] == "image/svg+xml" && svg.body.hasPrefix("<svg"))
            #expect(try await v.get("/characters/404").status == .notFound)
            #expect(try await v.get("/characters/abc/details").status == .notFound)
            #expect(try await v.get("/api/v1/characters?section=jedi").status == .badRequest)
            #expect(try await v.get("/api/v1/characters?section=series").body.contains("Ahsoka Tano"))
        }
    }

    @Test func favouritesBelongToTheirAccount() async throws {
        try await withWebApp { client, _ in
            var a = Visitor(client)
            try await a.register("anna")
            #expect(try await a.post("/characters/5/favourite", ["back": "/characters"]).location == "/characters")
            #expect(try await a.api("/api/v1/characters/favourites/9", method: .put).status == .noContent)
            #expect(try await a.api("/api/v1/characters/favourites/9", method: .put).status == .noContent)
            #expect(try await a.api("/api/v1/characters/favourites/999", method: .put).status == .notFound)
            let mine = try await a.get("/characters/favourites")
            #expect(mine.body.contains("Leia Organa") && mine.body.contains("Chewbacca") && !mine.body.contains("Yoda"))
            #expect(try await a.get("/characters").body.contains("aria-label=\"Remove Leia Organa from favourites\""))

            var b = Visitor(client)
            try await b.register("bodhi")
            let theirs = try await b.get("/characters/favourites")
            #expect(theirs.body.contains("id=\"favourites-empty\"") && !theirs.body.contains("Leia Organa"))
            let none = try await b.api("/api/v1/characters/favourites", method: .get).body
            #expect(none.contains(#""items":[]"#) && none.contains(#""total":0"#))
            #expect(try await b.api("/api/v1/characters/favourites/5", method: .delete).status == .notFound)
            #expect(try await a.api("/api/v1/characters/favourites", method: .get).body.contains("Leia Organa"))

            // Pressing the star again lets go; a redirect never leaves the app.
            #expect(try await a.post("/characters/5/favourite", ["back": "//evil.example/"]).location == "/characters")
            #expect(!(try await a.get("/characters/favourites").body.contains("Leia Organa")))
            #expect(try await a.post("/characters/5/favourite", [:], csrf: "forged").status == .forbidden)
            var anonymous = Visitor(client)
            #expect(try await anonymous.post("/characters/5/favourite", [:]).location?.hasPrefix("/account/login") == true)
        }
    }
}
