import FolioServer
import FolioStore
import FolioTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Monologues
import Testing

/// Finding a speech through the pages and the API: the filters actors use, phrase and prefix
/// search with snippets, and one meaning everywhere (own tags, own genders, the play around a
/// speech).
@Suite struct MonologueFindingServerTests {
    static let library: [Monologue] = {
        var prose = LibraryFixture.monologue("twelfth-night-2-5-malvolio-1", play: "Twelfth Night", number: 3, character: "Malvolio",
                                             genre: .comedies, text: "Some are born great, some achieve greatness.", tags: ["fool", "boasting"])
        prose.verse = false
        return [
            LibraryFixture.monologue("hamlet-3-1-hamlet-1", number: 1, text: "To be, or not to be: that is the question:\nWhether 'tis nobler in the mind to suffer"),
            LibraryFixture.monologue("hamlet-1-5-ghost-1", number: 2, character: "Ghost", gender: .any,
                                     text: "Revenge his foul and most unnatural murder.\nMurder most foul, as in the best it is;",
                                     tags: ["supernatural", "threatening"]),
            LibraryFixture.monologue("hamlet-4-5-laertes-1", number: 3, character: "Laertes",
                                     text: "To hell, allegiance! vows, to the blackest devil!\nI dare damnation: let come what comes;\nOnly I'll be reveng'd"),
            LibraryFixture.monologue("romeo-and-juliet-2-2-juliet-3", play: "Romeo and Juliet", number: 4, character: "Juliet", gender: .female,
                                     text: "O Romeo, Romeo! wherefore art thou <Romeo>?\nDeny thy father & refuse thy name;"),
            LibraryFixture.monologue("romeo-and-juliet-1-3-nurse-1", play: "Romeo and Juliet", number: 2, character: "Nurse", gender: .female,
                                     text: "Even or odd, of all days in the year,\nCome Lammas-eve at night shall she be fourteen;"),
            prose,
        ]
    }()

    struct Item: Decodable {
        struct SnippetBody: Decodable { struct Match: Decodable { let start: Int; let length: Int }; let text: String; let matches: [Match] }
        let id: String
        let oftenHeard: Bool
        let playingAge: String
        let snippet: SnippetBody?
    }
    struct SearchBody: Decodable { let total: Int; let items: [Item] }
    struct ErrorBody: Decodable { struct Detail: Decodable { let code: String; let message: String }; let error: Detail }
    struct Tag: Decodable, Equatable { let name: String; let count: Int; let own: Bool }
    struct Tags: Decodable { let items: [Tag] }
    struct Detail: Decodable {
        struct Neighbour: Decodable { let id: String; let title: String; let firstLine: String }
        let id: String; let playingAge: String; let oftenHeard: Bool; let previous: Neighbour?; let next: Neighbour?
    }

    func withApp(_ test: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        try await TestApp.run(database: try TestApp.database(library: Self.library)) { client, _ in try await test(client) }
    }

    func search(_ visitor: inout Visitor, _ query: String) async throws -> SearchBody {
        let answer = try await visitor.api("/api/v1/monologues?\(query)", method: .get)
        #expect(answer.status == .ok, "\(query): \(answer.body.prefix(300))")
        return try JSONDecoder().decode(SearchBody.self, from: Data(answer.body.utf8))
    }

    // MARK: - API

    @Test func apiFiltersByVerseProsePlayAgeAndFresh() async throws {
        try await withApp { client in
            var v = Visitor(client)
            #expect(try await search(&v, "verse=prose").items.map(\.id) == ["twelfth-night-2-5-malvolio-1"])
            #expect(Set(try await search(&v, "play=romeo-and-juliet").items.map(\.id)) == ["romeo-and-juliet-2-2-juliet-3", "romeo-and-juliet-1-3-nurse-1"])
            #expect(try await search(&v, "play=Romeo%20and%20Juliet&age=older").items.map(\.id) == ["romeo-and-juliet-1-3-nurse-1"])
            let fresh = try await search(&v, "fresh=1").items.map(\.id)
            #expect(!fresh.contains("hamlet-3-1-hamlet-1") && !fresh.contains("romeo-and-juliet-2-2-juliet-3") && fresh.count == 4)
            let all = try await search(&v, "q=hamlet").items
            #expect(all.first { $0.id == "hamlet-3-1-hamlet-1" }?.oftenHeard == true)
            #expect(all.first { $0.id == "hamlet-3-1-hamlet-1" }?.playingAge == "young")
        }
    }

    @Test func apiRefusesBadFilterValuesSayingWhatIsAllowed() async throws {
        try await withApp { client in
            var v = Visitor(client)
            for (query, field) in [("verse=poetry", "verse"), ("age=ancient", "age"), ("play=cardenio", "play"), ("fresh=maybe", "fresh"),
                                   ("q=" + Array(repeating: "w", count: 20).joined(separator: "+"), "q")] {
                let answer = try await v.api("/api/v1/monologues?\(query)", method: .get)
                #expect(answer.status == .badRequest, "\(query)")
                let body = try JSONDecoder().decode(ErrorBody.self, from: Data(answer.body.utf8))
                #expect(body.error.message.contains(field), "\(query): \(body.error.message)")
            }
            let play = try await v.api("/api/v1/monologues?play=cardenio", method: .get).body
            #expect(play.contains("romeo-and-juliet"), "the allowed plays are listed")
        }
    }

    @Test func apiPhrasePrefixAndSnippetsWithMatchOffsets() async throws {
        try await withApp { client in
            var v = Visitor(client)
            let phrase = try await search(&v, "q=%22or%20not%20to%20be%22")
            #expect(phrase.items.map(\.id) == ["hamlet-3-1-hamlet-1"])
            let snippet = try #require(phrase.items.first?.snippet)
            let match = try #require(snippet.matches.first)
            let utf16 = Array(snippet.text.utf16)
            #expect(String(decoding: utf16[match.start..<(match.start + match.length)], as: UTF16.self) == "or not to be")
            let prefix = try await search(&v, "q=reveng*")
            #expect(Set(prefix.items.map(\.id)) == ["hamlet-1-5-ghost-1", "hamlet-4-5-laertes-1"])
            #expect(prefix.items.allSatisfy { $0.snippet != nil })
            #expect(try await search(&v, "q=comedic").items.map(\.id) == ["twelfth-night-2-5-malvolio-1"])
            // Found by the character only: no snippet
            #expect(try await search(&v, "q=ghost").items.first?.snippet == nil)
            // Keys stay sorted with the snippet spliced in
            let raw = try await v.api("/api/v1/monologues?q=reveng*", method: .get)
            #expect(try JSONKeyOrder.firstUnsorted(in: Data(raw.body.utf8)) == nil)
        }
    }

    @Test func apiMonologueCarriesThePlayAroundIt() async throws {
        try await withApp { client in
            var v = Visitor(client)
            let answer = try await v.api("/api/v1/monologues/hamlet-1-5-ghost-1", method: .get)
            #expect(try JSONKeyOrder.firstUnsorted(in: Data(answer.body.utf8)) == nil)
            let detail = try JSONDecoder().decode(Detail.self, from: Data(answer.body.utf8))
            #expect(detail.previous?.id == "hamlet-3-1-hamlet-1")
            #expect(detail.previous?.firstLine == "To be, or not to be: that is the question:")
            #expect(detail.next?.id == "hamlet-4-5-laertes-1")
            #expect(detail.oftenHeard == false && detail.playingAge == "adult")
        }
    }

    // MARK: - One meaning everywhere

    @Test func ownTagsAndGendersCountForTheirOwnerOnlyInTheAPIAndThePages() async throws {
        try await withApp { client in
            var a = Visitor(client), b = Visitor(client)
            try await a.register("ann")
            try await b.register("bob")
            try await a.post("/monologues/hamlet-3-1-hamlet-1/favourite", [:])
            let hamlet = Self.library[0]
            let saved = try await a.post("/monologues/favourites/hamlet-3-1-hamlet-1/edit",
                                         ["text": hamlet.text, "notes": hamlet.notes, "tags": "noble, lamenting, Audition Piece", "gender": "female"])
            #expect(saved.status == .seeOther)

            // Ann's own tag is listed for her, marked, and not for Bob or a script
            let annTags = try JSONDecoder().decode(Tags.self, from: Data(try await a.api("/api/v1/tags", method: .get).body.utf8)).items
            #expect(annTags.contains(Tag(name: "audition piece", count: 1, own: true)))
            #expect(annTags.contains { $0.name == "noble" && !$0.own })
            let bobTags = try JSONDecoder().decode(Tags.self, from: Data(try await b.api("/api/v1/tags", method: .get).body.utf8)).items
            #expect(!bobTags.contains { $0.own || $0.name == "audition piece" })

            // Answers that are the same for everyone are kept and given again: Bob's and a script's
            // come first here, and Ann's own view never comes from them, nor goes to them
            var script = Visitor(client)
            #expect(try await search(&b, "q=audition").total == 0)
            #expect(try await search(&script, "gender=female").items.map(\.id).contains("hamlet-3-1-hamlet-1") == false)

            // The API takes her tag as the pages do; for Bob it is an unknown tag
            #expect(try await search(&a, "tag=audition%20piece").items.map(\.id) == ["hamlet-3-1-hamlet-1"])
            #expect(try await b.api("/api/v1/monologues?tag=audition%20piece", method: .get).status == .badRequest)
            #expect(try await search(&a, "q=audition").items.map(\.id) == ["hamlet-3-1-hamlet-1"])
            #expect(try await search(&b, "q=audition").total == 0)

            // Hamlet made female is found by Ann with gender=female, on the API and the pages
            #expect(try await search(&a, "gender=female").items.map(\.id).contains("hamlet-3-1-hamlet-1"))
            #expect(!(try await search(&a, "gender=male").items.map(\.id).contains("hamlet-3-1-hamlet-1")))
            #expect(!(try await search(&b, "gender=female").items.map(\.id).contains("hamlet-3-1-hamlet-1")))
            #expect(try await search(&script, "q=audition").total == 0)
            #expect(try await a.get("/monologues?gender=female").body.contains("/monologues/hamlet-3-1-hamlet-1"))
            #expect(!(try await b.get("/monologues?gender=female").body.contains("/monologues/hamlet-3-1-hamlet-1")))
            #expect(!(try await a.get("/monologues?gender=male").body.contains("/monologues/hamlet-3-1-hamlet-1\"")))
        }
    }

    // MARK: - Pages

    @Test func pagesShowEscapedSnippetsWithMarksAndTheBadge() async throws {
        try await withApp { client in
            var v = Visitor(client)
            let page = try await v.get("/monologues?q=%22wherefore%20art%22")
            #expect(page.status == .ok)
            #expect(page.body.contains("<mark>wherefore art</mark> thou &lt;Romeo&gt;?"))
            #expect(page.body.contains("often-heard-badge"))
            #expect(page.body.contains("/public/monologues.css"))
            // Live search: the last word may be half typed
            let live = try await v.get("/monologues?q=deny%20thy%20fa&fragment=1")
            #expect(live.body.contains("<mark>fa"))
            #expect(live.body.contains("Juliet"))
            // A hostile query is text, never markup
            let hostile = try await v.get("/monologues?q=%3Cscript%3E")
            #expect(!hostile.body.contains("<script>"))
        }
    }

    @Test func pageFiltersComeFromTheAddressAndAreRemembered() async throws {
        try await withApp { client in
            var v = Visitor(client)
            let prose = try await v.get("/monologues?verse=prose")
            #expect(prose.body.contains("Malvolio") && !prose.body.contains("Laertes"))
            #expect(prose.body.contains("Showing only <strong>prose</strong>"))
            let older = try await v.get("/monologues?play=romeo-and-juliet&age=older&fresh=1")
            #expect(older.body.contains("Nurse") && !older.body.contains(">Juliet<"))
            #expect(older.body.contains("Romeo and Juliet · playing age older · not overdone"))
            // Bad values on a page are ignored, never an error page
            #expect(try await v.get("/monologues?verse=poetry&age=ancient&play=cardenio&fresh=maybe").status == .ok)

            // Remembered from the options page, in this browser
            let saved = try await v.post("/monologues/options", ["gender": "", "tone": "", "length": "", "textSize": "medium",
                                                                 "verse": "verse", "play": "hamlet", "age": "young", "fresh": "1"])
            #expect(saved.status == .ok)
            #expect(saved.body.contains(#"<option value="hamlet" selected>Hamlet</option>"#))
            #expect(saved.body.contains(#"name="fresh" value="1" checked"#))
            let list = try await v.get("/monologues")
            // Young Hamlet's "To be" is often heard, so with fresh=1 only Laertes (young) is left
            #expect(list.body.contains("Laertes") && !list.body.contains("To be, or not"))
            #expect(!list.body.contains("/monologues/hamlet-1-5-ghost-1"), "the Ghost is adult")
        }
    }

    @Test func theReadingScreenLinksThePreviousAndNextSpeechOfThePlay() async throws {
        try await withApp { client in
            var v = Visitor(client)
            let page = try await v.get("/monologues/hamlet-1-5-ghost-1").body
            #expect(page.contains(#"id="previous-in-play" class="neighbour previous" href="/monologues/hamlet-3-1-hamlet-1""#))
            #expect(page.contains(#"id="next-in-play" class="neighbour next" href="/monologues/hamlet-4-5-laertes-1""#))
            #expect(page.contains("To hell, allegiance! vows, to the blackest devil!"))
            let first = try await v.get("/monologues/hamlet-3-1-hamlet-1").body
            #expect(!first.contains("previous-in-play") && first.contains("often-heard-badge"))
            #expect(first.contains("playing age young"))
        }
    }
}
