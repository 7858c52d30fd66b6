import FolioApp
import FolioCore
import FolioStore
import Foundation
import Testing
import Vocabulary

/// Importing and exporting a learner's table, as the API and the terminal both call it.
@Suite struct PairTransferTests {
    @Test func aTableGoesInWholeAndComesBackOut() async throws {
        let store = try AppDatabase.inMemory()
        let learner = try await store.createAccount(username: "learner", passwordHash: "x", now: Date())
        let other = try await store.createAccount(username: "other", passwordHash: "x", now: Date())
        let transfer = PairTransfer(store: store, pairLimit: nil)
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
            try await PairTransfer(store: store, pairLimit: nil).importTable(bad, format: .csv, accountID: learner.id)
        }
        #expect(try await store.pairCount(accountID: learner.id) == 0)
        let three = "English,Welsh\na,b\nc,d\ne,f\n"
        await #expect(throws: VocabularyError.self) {
            try await PairTransfer(store: store, pairLimit: 2).importTable(three, format: .csv, accountID: learner.id)
        }
        #expect(try await store.pairCount(accountID: learner.id) == 0)
        #expect(try await PairTransfer(store: store, pairLimit: 3).importTable(three, format: .csv, accountID: learner.id) == 3)
    }
}
