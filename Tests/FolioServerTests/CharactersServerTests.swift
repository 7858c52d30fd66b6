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
            // The name is the page's heading, once: the card below it does not repeat it.
            #expect(character.body.contains("<h1 class=\"page-title\">Luke Skywalker</h1>"))
            #expect(character.body.components(separatedBy: ">Luke Skywalker<").count == 2)
            #expect(character.body.contains("Home planet: Tatooine") && character.body.contains("href=\"/characters/1/details\""))
            let details = try await v.get("/characters/1/details")
            for fact in ["id=\"fact-birth-year\">19BBY<", "id=\"fact-eye-colour\">blue<", "id=\"fact-planet\">Tatooine<"] {
                #expect(details.body.contains(fact), "\(fact)")
            }
            #expect(details.body.components(separatedBy: "Luke Skywalker").count == 3, "the title and the heading only")
            let web = try await v.get("/characters/1/web")
            #expect(web.body.contains("id=\"web-loading\"") && web.body.contains("src=\"https://starwars.fandom.com/wiki/Luke_Skywalker\""))
            // Beside the frame, whatever becomes of it: the link (a new tab) and the facts.
            #expect(web.body.contains("id=\"web-open\" class=\"button\" href=\"https://starwars.fandom.com/wiki/Luke_Skywalker\" target=\"_blank\""))
            #expect(web.body.contains("id=\"web-problem\"") && web.body.contains("<dd>19BBY</dd>") && web.body.contains("<dd>Tatooine</dd>"))
            // Kept for offline reading like the details, marked with whose it is.
            #expect(web.headers[.cacheControl] == "private, no-cache" && web.headers[HTTPField.Name("Folio-Account")!] == "visitor")
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
            let list = try await a.get("/characters")
            #expect(list.body.contains("aria-pressed=\"true\"\n    aria-label=\"Favourite Leia Organa\""))
            // Each star asks for the state it turns to, and returns to its own row.
            #expect(list.body.contains("name=\"back\" value=\"/characters#character-5\">\n  <input type=\"hidden\" name=\"keep\" value=\"false\""))
            #expect(list.body.contains("id=\"character-5\""))

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

    /// The star pressed from the page's script: the form as it is, asking for JSON.
    func press(_ v: inout Visitor, _ id: Int, keep: String?, csrf: String? = nil) async throws -> Visitor.Page {
        if v.cookies["folio_csrf"] == nil { try await v.get("/characters") }
        var fields = ["csrfToken=" + (csrf ?? v.csrf), "back=%2Fcharacters%23character-\(id)"]
        if let keep { fields.append("keep=" + keep) }
        return try await v.send("/characters/\(id)/favourite", method: .post, body: fields.joined(separator: "&"),
                                contentType: "application/x-www-form-urlencoded", extra: [.accept: "application/json"])
    }

    struct State: Decodable { let id: Int; let isFavourite: Bool; let message: String }

    @Test func theStarAnswersItsScriptInJSONAndTurnsTheWayItIsAsked() async throws {
        try await withWebApp { client, _ in
            var a = Visitor(client)
            try await a.register("cassian")
            let kept = try await press(&a, 5, keep: "true")
            #expect(kept.status == .ok && kept.headers[.contentType]?.hasPrefix("application/json") == true)
            let state = try JSONDecoder().decode(State.self, from: Data(kept.body.utf8))
            #expect(state.id == 5 && state.isFavourite && state.message == "Leia Organa is now a favourite.")
            // Sent twice (a double press, a second tab): still kept, never turned back.
            #expect(try JSONDecoder().decode(State.self, from: Data(try await press(&a, 5, keep: "true").body.utf8)).isFavourite)
            #expect(try await a.get("/characters/favourites").body.contains("Leia Organa"))
            let gone = try JSONDecoder().decode(State.self, from: Data(try await press(&a, 5, keep: "false").body.utf8))
            #expect(!gone.isFavourite && gone.message == "Leia Organa is no longer a favourite.")
            #expect(try await press(&a, 5, keep: "false").status == .ok)
            #expect(!(try await a.get("/characters/favourites").body.contains("Leia Organa")))
            // An older page's form, without `keep`, still toggles.
            #expect(try JSONDecoder().decode(State.self, from: Data(try await press(&a, 5, keep: nil).body.utf8)).isFavourite)
            #expect(try await press(&a, 5, keep: "maybe").status == .badRequest)
            #expect(try await press(&a, 999, keep: "true").status == .notFound)
            // The CSRF token travels in the body, as the form sends it; a wrong one is refused.
            #expect(try await press(&a, 9, keep: "true", csrf: "forged").status == .forbidden)

            // Without an account the script is told so (and sends the reader to log in); a form
            // without scripts goes to the log-in page.
            var anonymous = Visitor(client)
            let refused = try await press(&anonymous, 5, keep: "true")
            #expect(refused.status == .unauthorized && refused.body.contains("\"code\":\"not_logged_in\""))
            #expect(try await anonymous.post("/characters/5/favourite", ["keep": "true"]).location?.hasPrefix("/account/login") == true)
            // The form without scripts: back to the row it was pressed on.
            #expect(try await a.post("/characters/9/favourite", ["back": "/characters#character-9", "keep": "true"]).location
                    == "/characters#character-9")
            #expect(try await a.get("/characters/favourites").body.contains("Chewbacca"))
        }
    }

    @Test func anUnknownHomePlanetReadsUnknown() async throws {
        let database = try AppDatabase.inMemory()
        var catalogue = try Catalogue.bundled.get()
        let nowhere = Planet(id: 99, name: "unknown")
        catalogue.planets.append(nowhere)
        catalogue.characters.append(Character(id: 900, name: "Nobody Known", homeworld: nil, birthYear: "", firstAppearance: "1"))
        catalogue.characters.append(Character(id: 901, name: "Placeholder Planet", homeworld: 99, firstAppearance: "1"))
        try await database.saveCatalogue(catalogue)
        try await TestApp.run(database: database) { client, _ in
            var v = Visitor(client)
            for id in [900, 901] {
                let details = try await v.get("/characters/\(id)/details")
                #expect(details.body.contains("id=\"fact-planet\">Unknown<"), "\(id)")
                #expect(try await v.get("/characters/\(id)").body.contains("Home planet: Unknown"))
                #expect(try await v.get("/characters/\(id)/web").body.contains("<dd>Unknown</dd>"))
            }
            #expect(try await v.get("/characters/900/details").body.contains("id=\"fact-birth-year\">Unknown<"))
            let list = try await v.get("/characters")
            for name in ["Nobody Known", "Placeholder Planet"] {
                let row = try #require(list.body.range(of: "data-name=\"\(name)\""))
                let rest = list.body[row.upperBound...]
                let label = try #require(rest.range(of: "Home planet: </span>"))
                #expect(rest[label.upperBound...].hasPrefix("Unknown</span>"), "\(name)")
            }
            #expect(!list.body.contains("Home planet: </span>unknown") && !list.body.contains("Home planet: </span><"))
        }
    }
}
