import FolioApp
import FolioCore
import FolioStore
import Foundation
import Testing
import Vocabulary

/// The revision use case, as every face calls it, over the SQLite engine.
@Suite struct RevisionTests {
    struct World {
        let store: AppDatabase
        let revision: Revision
        let learner: Account
        let other: Account
        let pair: Pair
    }

    func world() async throws -> World {
        let store = try AppDatabase.inMemory()
        let learner = try await store.createAccount(username: "learner", passwordHash: "x", now: Date())
        let other = try await store.createAccount(username: "other", passwordHash: "x", now: Date())
        let pair = try await store.savePair(accountID: learner.id, Pair(english: "man", welsh: "gŵr"), pairLimit: nil, now: Date())
        return World(store: store, revision: Revision(store: store), learner: learner, other: other, pair: pair)
    }

    @Test func aRightAnswerProposesGoodAndTheTypingAidsApply() async throws {
        let w = try await world()
        let checked = try await w.revision.check(accountID: w.learner.id, pairID: w.pair.id!, direction: .englishToWelsh, answer: "gw^r")
        #expect(checked.typed == "gŵr")
        #expect(checked.result.verdict == .right)
        #expect(checked.proposed == .good)
        // A check stores nothing.
        #expect(try await w.store.reviewCount(accountID: w.learner.id) == 0)
    }

    @Test func aMissingAccentIsAlmostAndAWrongWordIsAgain() async throws {
        let w = try await world()
        let almost = try await w.revision.check(accountID: w.learner.id, pairID: w.pair.id!, direction: .englishToWelsh, answer: "gwr")
        #expect(almost.result.verdict == .almost)
        let wrong = try await w.revision.check(accountID: w.learner.id, pairID: w.pair.id!, direction: .englishToWelsh, answer: "ci")
        #expect(wrong.result.verdict == .wrong)
        #expect(wrong.proposed == .again)
    }

    @Test func anotherAccountsPairIsNotFound() async throws {
        let w = try await world()
        await #expect(throws: StoreError.notFound(what: "pair", id: String(w.pair.id!))) {
            try await w.revision.check(accountID: w.other.id, pairID: w.pair.id!, direction: .englishToWelsh, answer: "gŵr")
        }
        await #expect(throws: StoreError.notFound(what: "pair", id: String(w.pair.id!))) {
            try await w.revision.rate(accountID: w.other.id, pairID: w.pair.id!, direction: .englishToWelsh, rating: .easy,
                                      seconds: 3, now: Date())
        }
        #expect(try await w.store.reviewCount(accountID: w.learner.id) == 0)
    }

    @Test func answeringStoresTheCardWithTheChosenOrProposedRating() async throws {
        let w = try await world()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let proposed = try await w.revision.answer(accountID: w.learner.id, pairID: w.pair.id!, direction: .englishToWelsh,
                                                   answer: "gŵr", rating: nil, seconds: 4, now: now)
        #expect(proposed.rating == .good)
        #expect(proposed.card.due > now)
        let stored = try await w.store.card(accountID: w.learner.id, pairID: w.pair.id!, direction: .englishToWelsh)
        #expect(stored?.due == proposed.card.due)
        let later = now.addingTimeInterval(86_400 * 30)
        let chosen = try await w.revision.answer(accountID: w.learner.id, pairID: w.pair.id!, direction: .englishToWelsh,
                                                 answer: "gŵr", rating: .again, seconds: nil, now: later)
        #expect(chosen.rating == .again)
        #expect(try await w.store.reviewCount(accountID: w.learner.id) == 2)
        // The other direction has a card of its own, still new.
        #expect(try await w.store.card(accountID: w.learner.id, pairID: w.pair.id!, direction: .welshToEnglish) == nil)
    }

    @Test func theQueueOffersANewPairThenNothingOnceItIsDueLater() async throws {
        let w = try await world()
        let now = Date()
        #expect(try await w.revision.queue(accountID: w.learner.id, tag: "", direction: .englishToWelsh, now: now).map(\.pair.id) == [w.pair.id])
        try await w.revision.rate(accountID: w.learner.id, pairID: w.pair.id!, direction: .englishToWelsh, rating: .easy, seconds: nil, now: now)
        #expect(try await w.revision.queue(accountID: w.learner.id, tag: nil, direction: .englishToWelsh, now: now).isEmpty)
        #expect(try await w.revision.queue(accountID: w.other.id, tag: nil, direction: .englishToWelsh, now: now).isEmpty)
    }

    @Test func aLongAnswerIsCutBeforeItIsChecked() async throws {
        let w = try await world()
        let checked = try await w.revision.check(accountID: w.learner.id, pairID: w.pair.id!, direction: .englishToWelsh,
                                                 answer: String(repeating: "w^", count: 100_000))
        #expect(checked.typed.count <= Revision.longestAnswer)
        #expect(checked.result.verdict == .wrong)
    }

    @Test func ratingsAndDirectionsAreReadOrRefusedWithTheChoices() throws {
        #expect(try Revision.rating(1) == .again)
        #expect(try Revision.rating(4) == .easy)
        #expect(throws: RevisionError.rating("5")) { try Revision.rating(5) }
        #expect(try Revision.direction(nil) == .englishToWelsh)
        #expect(try Revision.direction("welshToEnglish") == .welshToEnglish)
        #expect(throws: RevisionError.direction("sideways")) { try Revision.direction("sideways") }
        #expect(RevisionError.rating("0").message.contains("1 (Again)"))
    }
}
