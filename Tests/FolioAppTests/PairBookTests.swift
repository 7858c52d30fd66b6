import FolioApp
import FolioCore
import FolioStore
import Foundation
import Testing
import Vocabulary

/// A learner's pairs, as the pages, the API and the terminal all keep them.
@Suite struct PairBookTests {
    @Test func addChangeEditAndDeleteOneAccountsPairsOnly() async throws {
        let store = try AppDatabase.inMemory()
        let learner = try await store.createAccount(username: "learner", passwordHash: "x", now: Date())
        let other = try await store.createAccount(username: "other", passwordHash: "x", now: Date())
        let book = PairBook(store: store, pairLimit: 2)
        // An id that comes with a new pair is ignored: adding never overwrites.
        let man = try await book.add(Pair(id: PairID(999), english: "man", welsh: "gŵr", tags: ["people"]), accountID: learner.id)
        let id = try #require(man.id)
        #expect(id != PairID(999))
        let dog = try await book.replace(id, with: Pair(english: "dog", welsh: "ci"), accountID: learner.id)
        #expect(dog.id == id && dog.tags.isEmpty)
        let noted = try await book.edit(id, accountID: learner.id) { $0.note = "a pet" }
        #expect(noted.english == "dog" && noted.note == "a pet")
        #expect(try await book.pair(id, accountID: learner.id) == noted)
        #expect(try await book.count(accountID: learner.id) == 1)
        #expect(try await book.page(accountID: learner.id, filter: PairFilter(query: "CI"), limit: 10, offset: 0).items == [noted])

        // The other account can neither read nor change nor delete it.
        await #expect(throws: StoreError.self) { try await book.pair(id, accountID: other.id) }
        await #expect(throws: StoreError.self) { try await book.replace(id, with: Pair(english: "x", welsh: "y"), accountID: other.id) }
        await #expect(throws: StoreError.self) { try await book.edit(id, accountID: other.id) { $0.note = "mine" } }
        await #expect(throws: StoreError.self) { try await book.delete(id, accountID: other.id) }
        #expect(try await book.pair(id, accountID: learner.id) == noted)

        // The quota counts additions only: a full account can still change its pairs.
        _ = try await book.add(Pair(english: "cat", welsh: "cath"), accountID: learner.id)
        await #expect(throws: VocabularyError.self) { try await book.add(Pair(english: "cow", welsh: "buwch"), accountID: learner.id) }
        _ = try await book.edit(id, accountID: learner.id) { $0.tags = ["Animals"] }
        #expect(try await book.tags(accountID: learner.id, limit: 10, offset: 0).items == [VocabularyTag(name: "Animals", count: 1)])

        try await book.delete(id, accountID: learner.id)
        await #expect(throws: StoreError.self) { try await book.pair(id, accountID: learner.id) }
        #expect(try await book.count(accountID: learner.id) == 1)
    }

    @Test func aTableGoesInWholeAndComesBackOut() async throws {
        let store = try AppDatabase.inMemory()
        let learner = try await store.createAccount(username: "learner", passwordHash: "x", now: Date())
        let other = try await store.createAccount(username: "other", passwordHash: "x", now: Date())
        let transfer = PairBook(store: store, pairLimit: nil)
        let table = "English,Welsh,Note,Type,Tags\r\nman,gŵr,,noun,\"People, Basics\"\r\ndog,ci,a pet,noun,Basics\r\n"
        #expect(try await transfer.importTable(table, format: .csv, accountID: learner.id) == 2)
        let exported = try await transfer.export(accountID: learner.id, format: .tsv)
        let back = try PairTable.read(exported, format: .tsv)
        #expect(back.map(\.english) == ["dog", "man"])
        #expect(back.first { $0.english == "man" }?.tags.sorted() == ["Basics", "People"])
        // The other account's table is its own.
        #expect(try PairTable.read(try await transfer.export(accountID: other.id, format: .csv), format: .csv).isEmpty)
    }

    @Test func aBadRowOrAFullQuotaKeepsTheWholeTableOut() async throws {
        let store = try AppDatabase.inMemory()
        let learner = try await store.createAccount(username: "learner", passwordHash: "x", now: Date())
        let bad = "English,Welsh\nman,gŵr\n\(String(repeating: "x", count: 501)),ci\n"
        await #expect(throws: VocabularyError.self) {
            try await PairBook(store: store, pairLimit: nil).importTable(bad, format: .csv, accountID: learner.id)
        }
        #expect(try await store.pairCount(accountID: learner.id) == 0)
        let three = "English,Welsh\na,b\nc,d\ne,f\n"
        await #expect(throws: VocabularyError.self) {
            try await PairBook(store: store, pairLimit: 2).importTable(three, format: .csv, accountID: learner.id)
        }
        #expect(try await store.pairCount(accountID: learner.id) == 0)
        #expect(try await PairBook(store: store, pairLimit: 3).importTable(three, format: .csv, accountID: learner.id) == 3)
    }
}
