import Characters
import FolioApp
import FolioStore
import FolioTestSupport
import Foundation
import Monologues
import Testing

/// "The stored one, else …": the library and the character catalogue as every face loads them.
@Suite struct LoadingTests {
    @Test func anEmptyLibrarySaysWhichCommandFillsIt() async throws {
        let store = try AppDatabase.inMemory()
        await #expect(throws: MonologueError.emptyLibrary) { try await store.currentLibrary() }
    }

    @Test func theLibraryIsTheStoredOneAtItsRevision() async throws {
        let store = try AppDatabase.inMemory()
        try await store.importMonologues([LibraryFixture.monologue("hamlet-3-1-hamlet-1", text: "To be, or not to be.")], source: "fixture")
        let (library, revision) = try await store.currentLibrary()
        #expect(library.monologues.map(\.id) == ["hamlet-3-1-hamlet-1"])
        #expect(revision == (try await store.libraryRevision()))
        #expect(revision > 0)
    }

    @Test func theBundledCatalogueUntilOneIsStored() async throws {
        let store = try AppDatabase.inMemory()
        let bundled = try Catalogue.bundled.get()
        #expect(try await store.catalogueInUse().characters.count == bundled.characters.count)
        let imported = Catalogue(characters: [Character(id: 1, name: "Luke Skywalker", homeworld: nil, firstAppearance: nil)])
        try await store.saveCatalogue(imported, now: Date())
        #expect(try await store.catalogueInUse().characters.map(\.name) == ["Luke Skywalker"])
    }
}
