import Characters
@testable import FolioServer
import Testing

/// Page logic, tested without HTTP: what a page model shows.
@Suite struct PageModelTests {
    @Test func aPagerSaysWhereAPageStandsAndLinksItsNeighbours() throws {
        func pager(page: Int, shown: Int, total: Int) -> Pager? {
            Pager(page: page, pageSize: 50, shown: shown, total: total, label: "Pages") { Pager.link(.characters, page: $0) }
        }
        let middle = try #require(pager(page: 2, shown: 50, total: 120))
        #expect(middle.pageText == "51–100 of 120" && middle.label == "Pages" && middle.previousID == "previous-page")
        #expect(middle.previousHref == "/characters" && middle.nextHref == "/characters?page=3")
        let last = try #require(pager(page: 3, shown: 20, total: 120))
        #expect(last.nextHref == nil && last.previousHref == "/characters?page=2")
        // Past the end: it says so, and leads back to the last page with rows.
        let past = try #require(pager(page: 9, shown: 0, total: 120))
        #expect(past.pageText.contains("past the last of 120") && past.previousHref == "/characters?page=3" && past.nextHref == nil)
        // A list that fits on its first page has none; an empty list neither.
        #expect(pager(page: 1, shown: 33, total: 33) == nil)
        #expect(pager(page: 1, shown: 0, total: 0) == nil)
        // Offsets that are not a whole page apart (a hand-edited address) still lead somewhere sensible.
        let odd = try #require(Pager(offset: 30, pageSize: 20, shown: 20, total: 100, label: "Plots") { "?offset=\($0)" })
        #expect(odd.pageText == "31–50 of 100" && odd.previousHref == "?offset=10" && odd.nextHref == "?offset=50")
        let ids = try #require(Pager(page: 2, pageSize: 10, shown: 10, total: 30, label: "Games",
                                     ids: Pager.IDs(nav: "games", previous: "games-previous", next: "games-next")) { "?page=\($0)" })
        #expect(ids.navID == "games" && ids.previousID == "games-previous" && ids.nextID == "games-next" && ids.previousHref == "?page=1")
    }

    @Test func theLayoutMarksTheCurrentTab() {
        let layout = Layout(title: "T", tab: .ghost, csrfToken: "c", textSize: "medium", username: nil, flash: nil)
        #expect(layout.tabs.map(\.name) == ["Monologues", "Vocabulary", "Plots", "Characters", "Ghost", "Account"])
        #expect(layout.tabs.filter(\.current).map(\.href) == ["/ghost"])
        #expect(layout.app == "ghost" && layout.user == nil)
    }

    @Test func templateDataLooksThroughItsPartsInOrder() {
        struct First: Encodable { let a: String; let b: String? }
        struct Second: Encodable { let b: String; let c: Int }
        let data = TemplateData([First(a: "one", b: nil), Second(b: "two", c: 3)])
        #expect(data.child(named: "a") as? String == "one")
        // A part's nil is absent, so the next part answers.
        #expect(data.child(named: "b") as? String == "two")
        #expect(data.child(named: "c") as? Int == 3)
        #expect(data.child(named: "page") == nil && data.child(named: "nothing") == nil)
    }

    @Test func aCharactersFactsReadAsTheyShow() throws {
        let catalogue = try Catalogue.bundled.get()
        let luke = try #require(catalogue.characters.first { $0.name == "Luke Skywalker" })
        let details = CharacterDetails(luke, in: catalogue)
        // The name is the page's heading, not a fact beside it.
        #expect(details.facts.map(\.label) == ["Home planet", "Birth year", "Eye colour", "Species", "Height", "First appearance"])
        #expect(details.facts.first { $0.id == "fact-height" }?.value.hasSuffix(" cm") == true)
        #expect(details.webHref == "/characters/\(luke.id)/web")
        let row = CharacterRow(luke, in: catalogue, isFavourite: true, canKeep: false, back: "/characters?page=2")
        #expect(row.href == "/characters/\(luke.id)" && row.toggleAction == "/characters/\(luke.id)/favourite" && !row.canKeep)
    }
}
