import Characters
@testable import FolioServer
import Testing

/// Page logic, tested without HTTP: what a page model shows.
@Suite struct PageModelTests {
    @Test func aPagerSaysWhereAPageStandsAndLinksItsNeighbours() {
        let middle = PageLinks(total: 120, page: 2, pageSize: 50, shown: 50, route: .characters).pager
        #expect(middle.pageText == "51–100 of 120" && middle.paged && !middle.one)
        #expect(middle.previousHref == "/characters" && middle.nextHref == "/characters?page=3")
        let last = PageLinks(total: 120, page: 3, pageSize: 50, shown: 20, route: .characters).pager
        #expect(last.nextHref == nil && last.previousHref == "/characters?page=2")
        let past = PageLinks(total: 1, page: 9, pageSize: 50, shown: 0, route: .characterFavourites).pager
        #expect(past.pageText == nil && past.one && past.paged)
        let alone = PageLinks(total: 0, page: 1, pageSize: 50, shown: 0, route: .characterFavourites).pager
        #expect(!alone.paged)
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
        #expect(details.facts.map(\.label) == ["Name", "Home planet", "Birth year", "Eye colour", "Species", "Height", "First appearance"])
        #expect(details.facts.first { $0.id == "fact-height" }?.value.hasSuffix(" cm") == true)
        #expect(details.webHref == "/characters/\(luke.id)/web")
        let row = CharacterRow(luke, in: catalogue, isFavourite: true, canKeep: false, back: "/characters?page=2")
        #expect(row.href == "/characters/\(luke.id)" && row.toggleAction == "/characters/\(luke.id)/favourite" && !row.canKeep)
    }
}
