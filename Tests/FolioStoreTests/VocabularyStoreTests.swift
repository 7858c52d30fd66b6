import FolioCore
import FolioStore
import Foundation
import Testing
import Vocabulary

@Suite struct VocabularyStoreTests {
    func twoAccounts() async throws -> (AppDatabase, Int64, Int64) {
        let database = try AppDatabase.inMemory()
        let a = try await database.createAccount(username: "alice", passwordHash: "$2b$04$x")
        let b = try await database.createAccount(username: "bob", passwordHash: "$2b$04$y")
        return (database, a.id, b.id)
    }

    @Test func tagsAreMatchedWhateverTheirCaseAndEditable() async throws {
        let (database, a, _) = try await twoAccounts()
        let man = try await database.savePair(accountID: a, Pair(english: "man", welsh: "gŵr", tags: ["people", " Family "]))
        try await database.savePair(accountID: a, Pair(english: "woman", welsh: "gwraig", tags: ["PEOPLE, home"]))
        let tags = try await database.vocabulary.tags(accountID: a)
        #expect(tags.map(\.name) == ["Family", "Home", "People"])
        #expect(tags.first { $0.name == "People" }?.count == 2)

        // Editing a pair's tags works, and a tag nobody carries any more leaves the list.
        var edited = man
        edited.tags = ["people"]
        try await database.savePair(accountID: a, edited)
        #expect(try await database.vocabulary.pair(accountID: a, id: man.id!)?.tags == ["People"])
        #expect(try await database.vocabulary.tags(accountID: a).map(\.name) == ["Home", "People"])
    }

    @Test func aPairNeedsOneSide() async throws {
        let (database, a, _) = try await twoAccounts()
        await #expect(throws: VocabularyError.self) { try await database.savePair(accountID: a, Pair(note: "only a note")) }
        #expect(try await database.savePair(accountID: a, Pair(welsh: "diolch")).english.isEmpty)
    }

    @Test func anImportIsAllOrNothing() async throws {
        let (database, a, _) = try await twoAccounts()
        let good = Pair(english: "bread", welsh: "bara")
        await #expect(throws: VocabularyError.self) {
            try await database.importPairs(accountID: a, [good, Pair(english: "", welsh: "")])
        }
        #expect(try await database.vocabulary.pairs(accountID: a).isEmpty)
        #expect(try await database.importPairs(accountID: a, [good]) == 1)
    }

    @Test func userBCannotSeeOrChangeAsPairsTagsOrReviews() async throws {
        let (database, a, b) = try await twoAccounts()
        let pair = try await database.savePair(accountID: a, Pair(english: "dog", welsh: "ci", tags: ["Animals"]))
        let card = Scheduler().review(Card(), rating: .good, at: Date()).card
        try await database.recordReview(accountID: a, pairID: pair.id!, direction: .englishToWelsh, card: card,
                                        log: ReviewLog(rating: .good, date: Date()))

        #expect(try await database.vocabulary.pairs(accountID: b).isEmpty)
        #expect(try await database.vocabulary.tags(accountID: b).isEmpty)
        #expect(try await database.vocabulary.pair(accountID: b, id: pair.id!) == nil)
        #expect(try await database.vocabulary.card(accountID: b, pairID: pair.id!, direction: .englishToWelsh) == nil)
        #expect(try await database.vocabulary.reviewCount(accountID: b) == 0)
        var hijack = pair
        hijack.welsh = "cath"
        await #expect(throws: StoreError.notFound(what: "pair", id: String(pair.id!))) { try await database.savePair(accountID: b, hijack) }
        await #expect(throws: StoreError.self) { try await database.deletePair(accountID: b, pairID: pair.id!) }
        await #expect(throws: StoreError.self) {
            try await database.recordReview(accountID: b, pairID: pair.id!, direction: .englishToWelsh, card: card,
                                            log: ReviewLog(rating: .again, date: Date()))
        }
        #expect(try await database.vocabulary.pair(accountID: a, id: pair.id!)?.welsh == "ci")
        #expect(try await database.vocabulary.reviewCount(accountID: a) == 1)
    }

    @Test func revisionServesDuePairsFirstThenNewOnes() async throws {
        let (database, a, _) = try await twoAccounts()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let due = try await database.savePair(accountID: a, Pair(english: "water", welsh: "dŵr", tags: ["Drink"]))
        let later = try await database.savePair(accountID: a, Pair(english: "milk", welsh: "llaeth", tags: ["Drink"]))
        let fresh = try await database.savePair(accountID: a, Pair(english: "tea", welsh: "te", tags: ["Drink"]))
        try await database.savePair(accountID: a, Pair(english: "bread", welsh: "bara", tags: ["Food"]))
        try await database.savePair(accountID: a, Pair(english: "only English", tags: ["Drink"]))
        try await database.recordReview(accountID: a, pairID: due.id!, direction: .welshToEnglish,
                                        card: Card(state: .review, stability: 3, difficulty: 5, due: now.addingTimeInterval(-3600), lastReview: now.addingTimeInterval(-86_400 * 3)),
                                        log: ReviewLog(rating: .good, date: now.addingTimeInterval(-86_400 * 3)))
        try await database.recordReview(accountID: a, pairID: later.id!, direction: .welshToEnglish,
                                        card: Card(state: .review, stability: 9, difficulty: 5, due: now.addingTimeInterval(86_400), lastReview: now),
                                        log: ReviewLog(rating: .good, date: now))
        let queue = try await database.vocabulary.revisionQueue(accountID: a, tag: "drink", direction: .welshToEnglish, now: now)
        #expect(queue.map(\.pair.id) == [due.id, fresh.id])
        #expect(queue[0].card?.stability == 3)
        #expect(queue[1].card == nil)
        // The other direction has its own cards: everything with both sides is new there.
        let other = try await database.vocabulary.revisionQueue(accountID: a, tag: nil, direction: .englishToWelsh, now: now)
        #expect(other.count == 4)
    }
}
