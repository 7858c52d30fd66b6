import Characters
import FolioApp
import FolioCore
import FolioStore
import Foundation
import Testing

/// The characters an account keeps, as the pages and the API both keep them.
@Suite struct CharacterFavouritesTests {
    @Test func eachAccountKeepsItsOwnCharacters() async throws {
        let store = try AppDatabase.inMemory()
        let catalogue = Catalogue(characters: (1...5).map { Character(id: $0, name: "Person \($0)", homeworld: nil, firstAppearance: nil) })
        let ann = try await store.createAccount(username: "ann", passwordHash: "x", now: Date())
        let bob = try await store.createAccount(username: "bob", passwordHash: "x", now: Date())
        let favourites = CharacterFavourites(store: store)
        let two = try CharacterFavourites.character("2", in: catalogue)
        #expect(throws: CharactersError.self) { try CharacterFavourites.character("9", in: catalogue) }
        #expect(throws: CharactersError.self) { try CharacterFavourites.character("two", in: catalogue) }

        #expect(try await favourites.toggle(two, accountID: ann.id))
        try await favourites.keep(try CharacterFavourites.character("4", in: catalogue), accountID: ann.id)
        #expect(try await favourites.keptIDs(accountID: ann.id) == [2, 4])
        #expect(try await favourites.keptIDs(accountID: bob.id).isEmpty)
        #expect(try await !favourites.keeps(two, accountID: bob.id))

        // Bob cannot let go of Ann's character: to him it is not found.
        await #expect(throws: StoreError.self) { try await favourites.forget("2", accountID: bob.id) }
        #expect(try await favourites.keeps(two, accountID: ann.id))
        await #expect(throws: StoreError.self) { try await favourites.forget("x", accountID: ann.id) }

        // A character the catalogue has lost is counted but not shown.
        let smaller = Catalogue(characters: [Character(id: 2, name: "Person 2", homeworld: nil, firstAppearance: nil)])
        let page = try await favourites.page(accountID: ann.id, limit: 10, offset: 0, in: smaller)
        #expect(page.total == 2 && page.items.map(\.id) == [2])
        #expect(try await !favourites.toggle(two, accountID: ann.id))
        #expect(try await favourites.keptIDs(accountID: ann.id) == [4])
    }
}
