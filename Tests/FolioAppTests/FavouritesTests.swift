import FolioApp
import FolioCore
import FolioStore
import FolioTestSupport
import Foundation
import Monologues
import Testing

/// An actor's favourites, as the pages and the API both keep them.
@Suite struct FavouritesTests {
    static let hamlet = LibraryFixture.twoSpeeches[0]
    static let macbeth = LibraryFixture.twoSpeeches[1]

    struct World {
        let favourites: Favourites
        let library: MonologueLibrary
        let ann: Account
        let bob: Account
    }

    func world() async throws -> World {
        let store = try AppDatabase.inMemory()
        try await store.importMonologues([Self.hamlet, Self.macbeth], source: "fixture")
        let ann = try await store.createAccount(username: "ann", passwordHash: "x", now: Date())
        let bob = try await store.createAccount(username: "bob", passwordHash: "x", now: Date())
        return World(favourites: Favourites(store: store), library: MonologueLibrary([Self.hamlet, Self.macbeth]), ann: ann, bob: bob)
    }

    @Test func keepingEditingAndRestoringAreTheOwnersAlone() async throws {
        let w = try await world()
        let id = Self.hamlet.id
        #expect(try await w.favourites.toggle(id, accountID: w.ann.id))
        await #expect(throws: MonologueError.notFound(id: "nowhere")) { try await w.favourites.add("nowhere", accountID: w.ann.id) }

        let edited = try await w.favourites.edit(id, FavouriteEdit(text: "To be.", tags: "Audition, VILLAIN"), accountID: w.ann.id,
                                                 in: w.library)
        #expect(edited.monologue.text == "To be." && edited.isEdited)
        // A known tag keeps the library's spelling.
        #expect(edited.favourite.tags == ["audition", "villain"])
        #expect(try await w.favourites.item(id, accountID: w.ann.id, in: w.library).monologue.text == "To be.")

        // Bob sees none of it and can change none of it.
        await #expect(throws: MonologueError.self) { try await w.favourites.item(id, accountID: w.bob.id, in: w.library) }
        await #expect(throws: MonologueError.self) {
            try await w.favourites.edit(id, FavouriteEdit(text: "Mine now."), accountID: w.bob.id, in: w.library)
        }
        await #expect(throws: MonologueError.self) { try await w.favourites.remove(id, accountID: w.bob.id) }
        await #expect(throws: MonologueError.self) { try await w.favourites.restore(id, accountID: w.bob.id, in: w.library) }
        #expect(try await w.favourites.page(accountID: w.bob.id, limit: 10, offset: 0, in: w.library).total == 0)

        // A refused edit saves nothing.
        await #expect(throws: MonologueError.invalidEdit([.emptyText])) {
            try await w.favourites.edit(id, FavouriteEdit(text: " "), accountID: w.ann.id, in: w.library)
        }
        #expect(try await w.favourites.item(id, accountID: w.ann.id, in: w.library).monologue.text == "To be.")

        let restored = try await w.favourites.restore(id, accountID: w.ann.id, in: w.library)
        #expect(!restored.isEdited && restored.monologue.text == Self.hamlet.text)
        #expect(try await !w.favourites.toggle(id, accountID: w.ann.id))
        #expect(try await w.favourites.favourite(id, accountID: w.ann.id) == nil)
    }

    @Test func aPageShowsWhatTheLibraryStillHas() async throws {
        let w = try await world()
        try await w.favourites.add(Self.hamlet.id, accountID: w.ann.id)
        try await w.favourites.add(Self.macbeth.id, accountID: w.ann.id)
        let smaller = MonologueLibrary([Self.macbeth])
        let page = try await w.favourites.page(accountID: w.ann.id, limit: 10, offset: 0, in: smaller)
        #expect(page.total == 2 && page.items.map(\.original.id) == [Self.macbeth.id])
        #expect(try await w.favourites.favourites(among: [Self.hamlet.id, "other"], accountID: w.ann.id).keys.sorted() == [Self.hamlet.id])
        await #expect(throws: MonologueError.self) { try await w.favourites.remove("other", accountID: w.ann.id) }
    }
}
