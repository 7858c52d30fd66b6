import FolioTestSupport
import Foundation
import Testing
@testable import Monologues

/// A longer cut (the whole interrupted speech a piece was split from) never comes beside its
/// piece: the same speech must not come twice. Words only it holds still find it.
@Suite struct LongerCutTests {
    let library = MonologueLibrary(LibraryFixture.longerCut)
    let cut = "macbeth-5-5-macbeth-2", piece = "macbeth-5-5-macbeth-4"

    @Test func searchListsThePieceAndNeverItsLongerCutBesideIt() {
        #expect(library.search("").items.map(\.id) == ["macbeth-5-3-macbeth-1", piece, "macbeth-5-8-macduff-1"])
        #expect(library.search("").total == 3)
        #expect(library.search("hereafter").items.map(\.id) == [piece])
        #expect(library.search("\"She should have died\"").items.map(\.id) == [piece])
        // Words of the lead-in alone are only in the longer cut: then it is found, alone.
        #expect(library.search("forgot").items.map(\.id) == [cut])
        #expect(library.search("forg", lastWordIsPrefix: true).items.map(\.id) == [cut])
        #expect(library.search("forgot hereafter").items.map(\.id) == [cut])
        // A quoted phrase last: the lead-in's finds the longer cut, the piece's finds the piece alone.
        #expect(library.search("hereafter \"almost forgot\"").items.map(\.id) == [cut])
        #expect(library.search("macbeth \"should have died\"").items.map(\.id) == [piece])
        #expect(library.search("\"almost forgot\" \"should have died\"").items.map(\.id) == [cut])
        // Whatever the filter.
        #expect(library.search("", filter: MonologueFilter(gender: .male, tags: ["reflecting"])).items.map(\.id) == [piece])
        #expect(!library.searchNumbers("macbeth").numbers.contains(library.number(id: cut)!))
    }

    @Test func theLongerCutIsReadByIdAndKnowsItsPiece() throws {
        let whole = try #require(library.monologue(id: cut))
        #expect(whole.text.hasPrefix("I have almost forgot"))
        #expect(library.isLongerCut(id: cut))
        #expect(!library.isLongerCut(id: piece))
        #expect(library.piece(withLongerCut: cut)?.id == piece)
        #expect(library.longerCut(of: piece)?.id == cut)
        #expect(library.piece(withLongerCut: piece) == nil)
        #expect(library.longerCut(of: cut) == nil)
        #expect(library.longerCut(of: "macbeth-5-3-macbeth-1") == nil)
    }

    @Test func thePlaysOrderStepsOverTheLongerCut() {
        #expect(library.neighbours(of: "macbeth-5-3-macbeth-1").next?.id == piece)
        #expect(library.neighbours(of: "macbeth-5-8-macduff-1").previous?.id == piece)
        let around = library.neighbours(of: piece)
        #expect((around.previous?.id, around.next?.id) == ("macbeth-5-3-macbeth-1", "macbeth-5-8-macduff-1"))
        // The longer cut stands where its piece does.
        let its = library.neighbours(of: cut)
        #expect((its.previous?.id, its.next?.id) == ("macbeth-5-3-macbeth-1", "macbeth-5-8-macduff-1"))
    }

    @Test func relatedSpeechesAreNeverALongerCutNorTheLongerCutsOwnPiece() throws {
        for id in library.monologues.map(\.id) {
            let related = try #require(library.related(to: id)).map(\.monologue.id)
            #expect(!related.contains(cut), "\(id)")
            #expect(!related.contains(id))
        }
        #expect(try #require(library.related(to: piece)).map(\.monologue.id).sorted() == ["macbeth-5-3-macbeth-1", "macbeth-5-8-macduff-1"])
        #expect(try #require(library.related(to: cut)).map(\.monologue.id).sorted() == ["macbeth-5-3-macbeth-1", "macbeth-5-8-macduff-1"])
    }

    @Test func countsAreOfWhatIsListedWithTheLongerCutsBeside() {
        #expect(library.count == 4)
        #expect(library.stats.count == 3)
        #expect(library.stats.longerCuts == 1)
        #expect(library.stats.byLength == ["medium": 2, "short": 1])
        #expect(library.tags.first { $0.name == "reflecting" }?.count == 1)
    }

    @Test func aPieceNamingNoMonologueOfTheLibraryHidesNothing() {
        var orphan = LibraryFixture.longerCut
        orphan.removeAll { $0.id == cut }
        #expect(MonologueLibrary.longerCutIDs(of: orphan).isEmpty)
        #expect(MonologueLibrary.longerCutIDs(of: LibraryFixture.longerCut) == [cut])
        let library = MonologueLibrary(orphan)
        #expect(library.search("").total == 3)
        #expect(library.stats.longerCuts == 0)
        #expect(library.longerCut(of: piece) == nil)
    }

    /// What was written before pieces named a longer cut (a changes feed, a backup) still reads.
    @Test func aMonologueWithoutALongerCutReadsAsBefore() throws {
        let piece = try #require(LibraryFixture.longerCut.first { $0.longerCut != nil })
        let encoded = try JSONEncoder().encode(piece)
        #expect(try JSONDecoder().decode(Monologue.self, from: encoded) == piece)
        var old = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        old["longerCut"] = nil
        let read = try JSONDecoder().decode(Monologue.self, from: try JSONSerialization.data(withJSONObject: old))
        #expect(read.longerCut == nil)
        #expect(read.text == piece.text)
        // And one without writes no key, as before.
        #expect(!String(decoding: try JSONEncoder().encode(read), as: UTF8.self).contains("longerCut"))
    }
}
