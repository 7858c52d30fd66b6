import FolioApp
import Foundation
import Testing
import Vocabulary

@Suite struct VocabularyStoreConformance {
    static let unlimited = StudiedToday(newCards: .max, reviews: .max)

    @Test(arguments: StoreEngine.all) func pairsAreSavedChangedAndDeletedByTheirOwnerOnly(engine: StoreEngine) async throws {
        // Given Ann saves a pair
        let c = try await Cast(engine)
        let s = c.stores
        var pair = try await s.savePair(accountID: c.ann.id, Pair(english: "man", welsh: "gŵr", tags: ["People"]), pairLimit: nil, now: conformanceNow)
        let id = try #require(pair.id)
        // Then she reads it back, and Bob does not see it
        #expect(try await s.pair(accountID: c.ann.id, id: id)?.welsh == "gŵr")
        #expect(try await s.pair(accountID: c.bob.id, id: id) == nil)
        #expect(try await s.pairCount(accountID: c.bob.id) == 0)
        // When she changes it, Then the change reads back under the same id
        pair.welsh = "dyn"
        _ = try await s.savePair(accountID: c.ann.id, pair, pairLimit: nil, now: conformanceNow)
        #expect(try await s.allPairs(accountID: c.ann.id).map(\.welsh) == ["dyn"])
        // And Bob can neither change nor delete it
        await #expect(throws: StoreError.notFound(what: "pair", id: id.description)) { try await s.deletePair(accountID: c.bob.id, pairID: id) }
        #expect(try await s.pairCount(accountID: c.ann.id) == 1)
        // When Ann deletes it, Then it is gone
        try await s.deletePair(accountID: c.ann.id, pairID: id)
        #expect(try await s.pair(accountID: c.ann.id, id: id) == nil)
        await #expect(throws: StoreError.notFound(what: "pair", id: id.description)) { try await s.deletePair(accountID: c.ann.id, pairID: id) }
    }

    @Test(arguments: StoreEngine.all) func listsArePagedFilteredAndTagged(engine: StoreEngine) async throws {
        // Given Ann imports five pairs and Bob one
        let c = try await Cast(engine)
        let s = c.stores
        let words = [("cat", "cath", "animals"), ("dog", "ci", "Animals"), ("man", "gŵr", "people"), ("woman", "gwraig", "people"), ("apple", "afal", "food")]
        let added = try await s.importPairs(accountID: c.ann.id, words.map { Pair(english: $0.0, welsh: $0.1, tags: [$0.2]) },
                                            pairLimit: nil, now: conformanceNow)
        #expect(added == 5)
        _ = try await s.importPairs(accountID: c.bob.id, [Pair(english: "cow", welsh: "buwch", tags: ["animals"])], pairLimit: nil, now: conformanceNow)
        // When Ann reads the second page of two, Then it is in English order
        let page = try await s.pairs(accountID: c.ann.id, filter: PairFilter(), limit: 2, offset: 2)
        #expect(page.total == 5 && page.limit == 2 && page.offset == 2)
        #expect(page.items.map(\.english) == ["dog", "man"])
        // And a filter finds by either side, and by tag whatever its case
        #expect(try await s.pairs(accountID: c.ann.id, filter: PairFilter(query: "GWR"), limit: 10, offset: 0).items.map(\.english) == ["man", "woman"])
        #expect(try await s.pairs(accountID: c.ann.id, filter: PairFilter(tag: "ANIMALS"), limit: 10, offset: 0).items.map(\.english) == ["cat", "dog"])
        // And her tags are counted (the two spellings of one tag are one), Bob's apart
        let tags = try await s.vocabularyTags(accountID: c.ann.id, limit: 10, offset: 0)
        #expect(tags.items.map(\.count) == [2, 1, 2] && tags.total == 3)
        #expect(try await s.vocabularyTags(accountID: c.bob.id, limit: 10, offset: 0).items.map(\.count) == [1])
    }

    @Test(arguments: StoreEngine.all) func quotasRefuseWholeImports(engine: StoreEngine) async throws {
        let c = try await Cast(engine)
        let s = c.stores
        _ = try await s.savePair(accountID: c.ann.id, Pair(english: "one", welsh: "un"), pairLimit: 3, now: conformanceNow)
        // When an import would pass the quota, Then nothing of it is saved
        let error = await #expect(throws: VocabularyError.self) {
            _ = try await s.importPairs(accountID: c.ann.id, (1...3).map { Pair(english: "w\($0)", welsh: "g\($0)") }, pairLimit: 3, now: conformanceNow)
        }
        #expect(error?.code == "quota_reached")
        #expect(try await s.pairCount(accountID: c.ann.id) == 1)
        // And an invalid pair anywhere in an import saves none of it
        await #expect(throws: VocabularyError.self) {
            _ = try await s.importPairs(accountID: c.ann.id, [Pair(english: "two", welsh: "dau"), Pair(english: "", welsh: "")], pairLimit: nil,
                                    now: conformanceNow)
        }
        #expect(try await s.pairCount(accountID: c.ann.id) == 1)
        // And a single pair past the quota is refused
        _ = try await s.savePair(accountID: c.ann.id, Pair(english: "two", welsh: "dau"), pairLimit: 3, now: conformanceNow)
        _ = try await s.savePair(accountID: c.ann.id, Pair(english: "three", welsh: "tri"), pairLimit: 3, now: conformanceNow)
        await #expect(throws: VocabularyError.self) {
            _ = try await s.savePair(accountID: c.ann.id, Pair(english: "four", welsh: "pedwar"), pairLimit: 3, now: conformanceNow)
        }
    }

    @Test(arguments: StoreEngine.all) func reviewsScheduleCardsPerDirection(engine: StoreEngine) async throws {
        // Given Ann has two pairs, neither reviewed
        let c = try await Cast(engine)
        let s = c.stores
        let man = try await s.savePair(accountID: c.ann.id, Pair(english: "man", welsh: "gŵr"), pairLimit: nil, now: conformanceNow)
        let cat = try await s.savePair(accountID: c.ann.id, Pair(english: "cat", welsh: "cath"), pairLimit: nil, now: conformanceNow)
        let queue = try await s.revisionQueue(accountID: c.ann.id, tag: nil, direction: .englishToWelsh, now: conformanceNow, limit: 10, allowance: Self.unlimited)
        #expect(queue.map(\.pair.english) == ["cat", "man"] && queue.allSatisfy { $0.card == nil })
        // When she reviews "man" from English, with a card due in a day
        let due = conformanceNow.addingTimeInterval(86_400)
        let card = Card(state: .review, stability: 3, difficulty: 5, due: due, lastReview: conformanceNow)
        try await s.recordReview(accountID: c.ann.id, pairID: man.id!, direction: .englishToWelsh, card: card,
                                 log: ReviewLog(rating: .good, date: conformanceNow, duration: 4))
        // Then its card reads back in that direction only, and one review is logged
        #expect(try await s.card(accountID: c.ann.id, pairID: man.id!, direction: .englishToWelsh)?.due == due)
        #expect(try await s.card(accountID: c.ann.id, pairID: man.id!, direction: .welshToEnglish) == nil)
        #expect(try await s.reviewCount(accountID: c.ann.id) == 1)
        let reviews = try await s.reviews(accountID: c.ann.id, pairID: man.id!, limit: 10, offset: 0)
        #expect(reviews.total == 1 && reviews.items.map(\.rating) == [.good])
        // And today's queue offers only the new pair; after the due date, the due one first
        #expect(try await s.revisionQueue(accountID: c.ann.id, tag: nil, direction: .englishToWelsh, now: conformanceNow, limit: 10, allowance: Self.unlimited)
            .map(\.pair.english) == ["cat"])
        let later = try await s.revisionQueue(accountID: c.ann.id, tag: nil, direction: .englishToWelsh, now: due.addingTimeInterval(1), limit: 10, allowance: Self.unlimited)
        #expect(later.map(\.pair.english) == ["man", "cat"] && later.first?.card != nil)
        // And Bob can neither review nor read Ann's pair
        await #expect(throws: StoreError.notFound(what: "pair", id: cat.id!.description)) {
            try await s.recordReview(accountID: c.bob.id, pairID: cat.id!, direction: .englishToWelsh, card: card,
                                     log: ReviewLog(rating: .easy, date: conformanceNow))
        }
        #expect(try await s.card(accountID: c.bob.id, pairID: man.id!, direction: .englishToWelsh) == nil)
        #expect(try await s.reviews(accountID: c.bob.id, pairID: man.id!, limit: 10, offset: 0).total == 0)
        #expect(try await s.reviewCount(accountID: c.bob.id) == 0)
    }

    @Test(arguments: StoreEngine.all) func aReviewSentFromADeviceIsStoredOnceWhateverResendsIt(engine: StoreEngine) async throws {
        // Given Ann has a pair, and Bob none
        let c = try await Cast(engine)
        let s = c.stores
        let man = try await s.savePair(accountID: c.ann.id, Pair(english: "man", welsh: "gŵr"), pairLimit: nil, now: conformanceNow)
        let first = Card(state: .learning, step: 1, stability: 2, difficulty: 5, due: conformanceNow.addingTimeInterval(600), lastReview: conformanceNow)
        // When a device sends her review, Then it is stored with the card
        let lapses = try await s.recordReview(accountID: c.ann.id, operation: "device-op-0001", pairID: man.id!, direction: .englishToWelsh,
                                              card: first, log: ReviewLog(rating: .good, date: conformanceNow, duration: 3))
        #expect(lapses == 0)
        // When the same operation comes again (a resend), Then nothing more is stored
        let again = Card(state: .review, stability: 9, difficulty: 4, due: conformanceNow.addingTimeInterval(86_400), lastReview: conformanceNow)
        #expect(try await s.recordReview(accountID: c.ann.id, operation: "device-op-0001", pairID: man.id!, direction: .englishToWelsh,
                                         card: again, log: ReviewLog(rating: .easy, date: conformanceNow)) == nil)
        #expect(try await s.reviewCount(accountID: c.ann.id) == 1)
        #expect(try await s.card(accountID: c.ann.id, pairID: man.id!, direction: .englishToWelsh)?.step == 1)
        // And another operation is another review
        #expect(try await s.recordReview(accountID: c.ann.id, operation: "device-op-0002", pairID: man.id!, direction: .englishToWelsh,
                                         card: again, log: ReviewLog(rating: .easy, date: conformanceNow.addingTimeInterval(60))) == 0)
        #expect(try await s.reviewCount(accountID: c.ann.id) == 2)
        // And Bob's device cannot review Ann's pair, and the refused operation is not used up:
        // the same id is still his to use
        await #expect(throws: StoreError.notFound(what: "pair", id: man.id!.description)) {
            _ = try await s.recordReview(accountID: c.bob.id, operation: "device-op-0003", pairID: man.id!, direction: .englishToWelsh,
                                         card: again, log: ReviewLog(rating: .easy, date: conformanceNow))
        }
        let bobs = try await s.savePair(accountID: c.bob.id, Pair(english: "cat", welsh: "cath"), pairLimit: nil, now: conformanceNow)
        #expect(try await s.recordReview(accountID: c.bob.id, operation: "device-op-0003", pairID: bobs.id!, direction: .englishToWelsh,
                                         card: again, log: ReviewLog(rating: .easy, date: conformanceNow)) == 0)
        // And ids are per account: Ann's id used by Bob is his own
        #expect(try await s.recordReview(accountID: c.bob.id, operation: "device-op-0001", pairID: bobs.id!, direction: .welshToEnglish,
                                         card: again, log: ReviewLog(rating: .easy, date: conformanceNow)) == 0)
        #expect(try await s.reviewCount(accountID: c.ann.id) == 2)
        #expect(try await s.reviewCount(accountID: c.bob.id) == 2)
    }

    @Test(arguments: StoreEngine.all) func aDevicesPairChangesAreMadeOnceAndTheLaterChangeStands(engine: StoreEngine) async throws {
        // Given Ann's pair "man — gŵr", last changed at conformanceNow
        let c = try await Cast(engine)
        let s = c.stores
        let man = try await s.savePair(accountID: c.ann.id, Pair(english: "man", welsh: "gŵr"), pairLimit: nil, now: conformanceNow)
        let later = conformanceNow.addingTimeInterval(60)
        // When her device sends a pair it added, Then it is added, stamped with the device's time
        let added = try await s.applyPairChange(accountID: c.ann.id, operation: "pairs-op-0001", change: .add(Pair(english: "cat", welsh: "cath", tags: ["Animals"])),
                                                at: later, pairLimit: nil)
        let catID = try #require(added.pairID)
        #expect(added == .applied(catID))
        #expect(try await s.pair(accountID: c.ann.id, id: catID)?.tags == ["Animals"])
        // And sent again, it answers the same pair and adds none
        #expect(try await s.applyPairChange(accountID: c.ann.id, operation: "pairs-op-0001", change: .add(Pair(english: "cat", welsh: "cath")),
                                            at: later, pairLimit: nil) == .alreadyApplied(catID))
        #expect(try await s.pairCount(accountID: c.ann.id) == 2)
        // When an edit made before the pair's last change arrives, Then the later change stands and nothing is claimed
        #expect(try await s.applyPairChange(accountID: c.ann.id, operation: "pairs-op-0002", change: .edit(man.id!, Pair(english: "man", welsh: "dyn")),
                                            at: conformanceNow.addingTimeInterval(-1), pairLimit: nil) == .later)
        #expect(try await s.pair(accountID: c.ann.id, id: man.id!)?.welsh == "gŵr")
        // When an edit made after it arrives, Then it is made (and once)
        #expect(try await s.applyPairChange(accountID: c.ann.id, operation: "pairs-op-0003", change: .edit(man.id!, Pair(english: "man", welsh: "dyn")),
                                            at: later, pairLimit: nil) == .applied(man.id!))
        #expect(try await s.applyPairChange(accountID: c.ann.id, operation: "pairs-op-0003", change: .edit(man.id!, Pair(english: "man", welsh: "dyn")),
                                            at: later, pairLimit: nil) == .alreadyApplied(nil))
        #expect(try await s.pair(accountID: c.ann.id, id: man.id!)?.welsh == "dyn")
        // And a deletion made between the two changes is not made: the edit is later
        #expect(try await s.applyPairChange(accountID: c.ann.id, operation: "pairs-op-0004", change: .delete(man.id!),
                                            at: conformanceNow.addingTimeInterval(30), pairLimit: nil) == .later)
        // When a pair that cannot be kept comes, Then it is refused and its operation stays unused
        await #expect(throws: VocabularyError.self) {
            _ = try await s.applyPairChange(accountID: c.ann.id, operation: "pairs-op-0005", change: .add(Pair()), at: later, pairLimit: nil)
        }
        // And beyond the quota, nothing is added
        await #expect(throws: VocabularyError.self) {
            _ = try await s.applyPairChange(accountID: c.ann.id, operation: "pairs-op-0005", change: .add(Pair(english: "dog")), at: later, pairLimit: 2)
        }
        #expect(try await s.applyPairChange(accountID: c.ann.id, operation: "pairs-op-0005", change: .add(Pair(english: "dog")), at: later, pairLimit: 3)
                .pairID != nil)
        // And Bob's device can neither change nor delete Ann's pair
        #expect(try await s.applyPairChange(accountID: c.bob.id, operation: "pairs-op-0006", change: .edit(catID, Pair(english: "x")),
                                            at: later, pairLimit: nil) == .gone)
        #expect(try await s.applyPairChange(accountID: c.bob.id, operation: "pairs-op-0006", change: .delete(catID), at: later, pairLimit: nil) == .gone)
        // When Ann's device deletes "cat" after its last change, Then it is gone, and a change sent later of it is too
        #expect(try await s.applyPairChange(accountID: c.ann.id, operation: "pairs-op-0007", change: .delete(catID),
                                            at: later.addingTimeInterval(1), pairLimit: nil) == .applied(nil))
        #expect(try await s.pair(accountID: c.ann.id, id: catID) == nil)
        #expect(try await s.applyPairChange(accountID: c.ann.id, operation: "pairs-op-0008", change: .edit(catID, Pair(english: "cat")),
                                            at: later.addingTimeInterval(2), pairLimit: nil) == .gone)
        #expect(try await s.vocabularyTags(accountID: c.ann.id, limit: 10, offset: 0).items.isEmpty)
    }

    @Test(arguments: StoreEngine.all) func thePairsVersionChangesWithEveryAddEditAndDeletion(engine: StoreEngine) async throws {
        // Given Ann's pairs and their version
        let c = try await Cast(engine)
        let s = c.stores
        let empty = try await s.pairsVersion(accountID: c.ann.id)
        #expect(empty == [0, 0, 0])
        var versions = [empty]
        func changed() async throws {
            let now = try await s.pairsVersion(accountID: c.ann.id)
            #expect(!versions.contains(now), "\(now) seen before")
            versions.append(now)
        }
        // When she adds, edits (a millisecond later), imports and deletes, Then each gives a new version
        var man = try await s.savePair(accountID: c.ann.id, Pair(english: "man", welsh: "gŵr"), pairLimit: nil, now: conformanceNow)
        try await changed()
        man.welsh = "dyn"
        _ = try await s.savePair(accountID: c.ann.id, man, pairLimit: nil, now: conformanceNow.addingTimeInterval(0.001))
        try await changed()
        _ = try await s.importPairs(accountID: c.ann.id, [Pair(english: "cat"), Pair(english: "dog")], pairLimit: nil, now: conformanceNow)
        try await changed()
        try await s.deletePair(accountID: c.ann.id, pairID: man.id!)
        try await changed()
        // And Bob's pairs leave hers as they are
        let hers = try await s.pairsVersion(accountID: c.ann.id)
        _ = try await s.savePair(accountID: c.bob.id, Pair(english: "tree"), pairLimit: nil, now: conformanceNow)
        #expect(try await s.pairsVersion(accountID: c.ann.id) == hers)
        #expect(try await s.pairsVersion(accountID: c.bob.id) != empty)
    }

    @Test(arguments: StoreEngine.all) func whatAnAnswerIsCheckedAgainstIsReadAtOnceAndOnlyByItsOwner(engine: StoreEngine) async throws {
        // Given Ann's pair, tagged, never revised, and no settings saved
        let c = try await Cast(engine)
        let s = c.stores
        let bread = try await s.savePair(accountID: c.ann.id, Pair(english: "bread", welsh: "bara", tags: ["food"]), pairLimit: nil,
                                         now: conformanceNow)
        let id = try #require(bread.id)
        let first = try await s.revisionInputs(accountID: c.ann.id, pairID: id, direction: .englishToWelsh)
        #expect(first == RevisionInputs(pair: bread, card: nil, settings: nil))
        // When she reviews it and saves her settings, Then the same read has the card and the settings
        let card = Card(state: .review, stability: 3, difficulty: 5, due: conformanceNow, lastReview: conformanceNow.addingTimeInterval(-60))
        try await s.recordReview(accountID: c.ann.id, pairID: id, direction: .englishToWelsh, card: card,
                                 log: ReviewLog(rating: .good, date: conformanceNow.addingTimeInterval(-60)))
        let mine = StudySettings(newCardsPerDay: 5, reviewsPerDay: 50, dayStartHour: 3, timeZone: "Europe/London", desiredRetention: 0.85)
        try await s.saveStudySettings(accountID: c.ann.id, mine)
        let read = try await s.revisionInputs(accountID: c.ann.id, pairID: id, direction: .englishToWelsh)
        #expect(read.pair == bread && read.settings == mine)
        #expect(read.card == (try await s.card(accountID: c.ann.id, pairID: id, direction: .englishToWelsh)) && read.card?.state == .review)
        #expect(try await s.revisionInputs(accountID: c.ann.id, pairID: id, direction: .welshToEnglish).card == nil)
        // And Bob reads neither her pair nor its card
        let bobs = try await s.revisionInputs(accountID: c.bob.id, pairID: id, direction: .englishToWelsh)
        #expect(bobs.pair == nil && bobs.card == nil && bobs.settings == nil)
    }

    @Test(arguments: StoreEngine.all) func whatWaitsLeavesOutPairsThatCannotBeRevisedForAllAndEachTag(engine: StoreEngine) async throws {
        // Given Ann's pairs: two of "food" (cheese suspended, with a due card of each kind), a
        // one-sided pair and a whole one of "pets", a suspended pair alone under "sea", an
        // untagged one-sided pair, and a card for bread due only tomorrow
        let c = try await Cast(engine)
        let s = c.stores
        var saved: [String: Pair] = [:]
        for (english, welsh, tags) in [("bread", "bara", ["food", "pets"]), ("cheese", "caws", ["food"]), ("cat", "", ["pets"]),
                                       ("dog", "ci", ["pets"]), ("fish", "pysgodyn", ["sea"]), ("", "mor", [])] {
            saved[english] = try await s.savePair(accountID: c.ann.id, Pair(english: english, welsh: welsh, tags: tags), pairLimit: nil,
                                                  now: conformanceNow)
        }
        let day = conformanceNow.addingTimeInterval(-3_600)
        let learned = Card(state: .review, stability: 3, difficulty: 5, due: conformanceNow, lastReview: day)
        let learning = Card(state: .learning, step: 1, stability: 1, difficulty: 5, due: conformanceNow, lastReview: day)
        let later = Card(state: .review, stability: 3, difficulty: 5, due: conformanceNow.addingTimeInterval(86_400), lastReview: day)
        for (english, card) in [("cheese", learned), ("dog", learning), ("bread", later), ("fish", learned)] {
            try await s.recordReview(accountID: c.ann.id, pairID: saved[english]!.id!, direction: .englishToWelsh, card: card,
                                     log: ReviewLog(rating: .good, date: day))
        }
        try await s.setSuspended(accountID: c.ann.id, pairID: saved["cheese"]!.id!, true)
        try await s.setSuspended(accountID: c.ann.id, pairID: saved["fish"]!.id!, true)
        // When what waits is counted, Then only bread (its card not yet due) and dog (due, learning) count,
        // and "sea", whose only pair is suspended, has no line
        let counts = try await s.revisionCounts(accountID: c.ann.id, direction: .englishToWelsh, now: conformanceNow, byTag: true)
        #expect(counts == [RevisionCount(tag: nil, learning: 1, review: 0, new: 0),
                           RevisionCount(tag: "Food", learning: 0, review: 0, new: 0),
                           RevisionCount(tag: "Pets", learning: 1, review: 0, new: 0)])
        #expect(try await s.revisionCounts(accountID: c.ann.id, direction: .welshToEnglish, now: conformanceNow, byTag: true)
            == [RevisionCount(tag: nil, learning: 0, review: 0, new: 2), RevisionCount(tag: "Food", learning: 0, review: 0, new: 1),
                RevisionCount(tag: "Pets", learning: 0, review: 0, new: 2)])
        // And without tags, the line for all pairs alone
        #expect(try await s.revisionCounts(accountID: c.ann.id, direction: .englishToWelsh, now: conformanceNow, byTag: false)
            == [RevisionCount(tag: nil, learning: 1, review: 0, new: 0)])
        // When cheese comes back, Then its learned card is due again, for all and for "food"
        try await s.setSuspended(accountID: c.ann.id, pairID: saved["cheese"]!.id!, false)
        #expect(try await s.revisionCounts(accountID: c.ann.id, direction: .englishToWelsh, now: conformanceNow, byTag: true)
            == [RevisionCount(tag: nil, learning: 1, review: 1, new: 0), RevisionCount(tag: "Food", learning: 0, review: 1, new: 0),
                RevisionCount(tag: "Pets", learning: 1, review: 0, new: 0)])
    }

    @Test(arguments: StoreEngine.all) func theDaysLimitsHoldBackLearnedAndNewCardsButNotLearningOnes(engine: StoreEngine) async throws {
        // Given Ann has five pairs (two tagged "food"): one learned and due, one in its learning steps and due, three new
        let c = try await Cast(engine)
        let s = c.stores
        var pairs: [Pair] = []
        for (english, welsh, tags) in [("bread", "bara", ["food"]), ("cheese", "caws", ["food"]), ("cat", "cath", []), ("dog", "ci", []),
                                       ("man", "gŵr", [])] {
            pairs.append(try await s.savePair(accountID: c.ann.id, Pair(english: english, welsh: welsh, tags: tags), pairLimit: nil, now: conformanceNow))
        }
        let day = conformanceNow.addingTimeInterval(-3_600)
        let learned = Card(state: .review, stability: 3, difficulty: 5, due: conformanceNow, lastReview: day)
        let learning = Card(state: .learning, step: 1, stability: 1, difficulty: 5, due: conformanceNow, lastReview: day)
        // Her first review of "bread" is new; the next, of the card as then stored, a review of a learned card
        try await s.recordReview(accountID: c.ann.id, pairID: pairs[0].id!, direction: .englishToWelsh, card: learned,
                                 log: ReviewLog(rating: .good, date: day))
        try await s.recordReview(accountID: c.ann.id, pairID: pairs[0].id!, direction: .englishToWelsh, card: learned,
                                 log: ReviewLog(rating: .good, date: day.addingTimeInterval(60)))
        try await s.recordReview(accountID: c.ann.id, pairID: pairs[2].id!, direction: .englishToWelsh, card: learning,
                                 log: ReviewLog(rating: .again, date: day))
        try await s.recordReview(accountID: c.ann.id, pairID: pairs[2].id!, direction: .englishToWelsh, card: learning,
                                 log: ReviewLog(rating: .again, date: day.addingTimeInterval(60)))
        // Then the day's counts: two new cards seen, one review of a learned card (learning steps are not counted)
        #expect(try await s.studied(accountID: c.ann.id, since: day) == StudiedToday(newCards: 2, reviews: 1))
        #expect(try await s.studied(accountID: c.ann.id, since: day.addingTimeInterval(30)) == StudiedToday(newCards: 0, reviews: 1))
        #expect(try await s.studied(accountID: c.bob.id, since: day) == StudiedToday(newCards: 0, reviews: 0))
        // And what waits, for all pairs and per tag
        let counts = try await s.revisionCounts(accountID: c.ann.id, direction: .englishToWelsh, now: conformanceNow, byTag: true)
        #expect(counts == [RevisionCount(tag: nil, learning: 1, review: 1, new: 3), RevisionCount(tag: "Food", learning: 0, review: 1, new: 1)])
        #expect(try await s.revisionCounts(accountID: c.ann.id, direction: .welshToEnglish, now: conformanceNow, byTag: true)
            == [RevisionCount(tag: nil, learning: 0, review: 0, new: 5), RevisionCount(tag: "Food", learning: 0, review: 0, new: 2)])
        #expect(try await s.revisionCounts(accountID: c.bob.id, direction: .englishToWelsh, now: conformanceNow, byTag: true)
            == [RevisionCount(tag: nil, learning: 0, review: 0, new: 0)])
        // When nothing is allowed, Then the card in its learning steps still comes
        let none = try await s.revisionQueue(accountID: c.ann.id, tag: nil, direction: .englishToWelsh, now: conformanceNow, limit: 10,
                                             allowance: StudiedToday(newCards: 0, reviews: 0))
        #expect(none.map(\.pair.english) == ["cat"])
        // And one review and one new card allowed add the learned card and the first new pair
        let some = try await s.revisionQueue(accountID: c.ann.id, tag: nil, direction: .englishToWelsh, now: conformanceNow, limit: 10,
                                             allowance: StudiedToday(newCards: 1, reviews: 1))
        #expect(Set(some.prefix(2).map(\.pair.english)) == ["cat", "bread"] && some.count == 3 && some[2].card == nil)
        #expect(try await s.revisionQueue(accountID: c.ann.id, tag: "food", direction: .englishToWelsh, now: conformanceNow, limit: 10,
                                          allowance: StudiedToday(newCards: 0, reviews: 1)).map(\.pair.english) == ["bread"])
    }

    @Test(arguments: StoreEngine.all) func studySettingsArePerAccount(engine: StoreEngine) async throws {
        let c = try await Cast(engine)
        let s = c.stores
        #expect(try await s.studySettings(accountID: c.ann.id) == nil)
        let mine = StudySettings(newCardsPerDay: 5, reviewsPerDay: 50, dayStartHour: 3, timeZone: "Europe/London", desiredRetention: 0.85)
        try await s.saveStudySettings(accountID: c.ann.id, mine)
        #expect(try await s.studySettings(accountID: c.ann.id) == mine)
        #expect(try await s.studySettings(accountID: c.bob.id) == nil)
        var changed = mine
        changed.newCardsPerDay = 0
        changed.leechThreshold = 5
        // Fitted weights are kept exactly, and dropped again.
        changed.parameters = try SchedulerParameters(SchedulerParameters.standard.weights.enumerated().map { $0 == 20 ? 0.25 : $1 })
        try await s.saveStudySettings(accountID: c.ann.id, changed)
        #expect(try await s.studySettings(accountID: c.ann.id) == changed)
        changed.parameters = nil
        try await s.saveStudySettings(accountID: c.ann.id, changed)
        #expect(try await s.studySettings(accountID: c.ann.id)?.parameters == nil)
    }

    @Test(arguments: StoreEngine.all) func searchFindsAWelshWordFromItsMutatedForms(engine: StoreEngine) async throws {
        let c = try await Cast(engine)
        let s = c.stores
        for (english, welsh) in [("cat", "cath"), ("father", "tad"), ("hand", "llaw"), ("to stroke, pat", "mwytho")] {
            _ = try await s.savePair(accountID: c.ann.id, Pair(english: english, welsh: welsh), pairLimit: nil, now: conformanceNow)
        }
        func found(_ query: String) async throws -> [String] {
            try await s.pairs(accountID: c.ann.id, filter: PairFilter(query: query), limit: 10, offset: 0).items.map(\.welsh).sorted()
        }
        #expect(try await found("gath") == ["cath"])
        #expect(try await found("nghath") == ["cath"])
        #expect(try await found("fy nhad") == [])
        #expect(try await found("nhad") == ["tad"])
        #expect(try await found("law") == ["llaw"])
        // Radicals are looked for in the Welsh side only: "bat" is no mutation of English "pat".
        #expect(try await found("bat") == [])
        #expect(try await found("pat") == ["mwytho"])
        // Bob's search never reaches Ann's pairs.
        #expect(try await s.pairs(accountID: c.bob.id, filter: PairFilter(query: "gath"), limit: 10, offset: 0).total == 0)
    }

    @Test(arguments: StoreEngine.all) func aReviewCanBeTakenBackAndAPairSuspended(engine: StoreEngine) async throws {
        let c = try await Cast(engine)
        let s = c.stores
        let cat = try await s.savePair(accountID: c.ann.id, Pair(english: "cat", welsh: "cath"), pairLimit: nil, now: conformanceNow)
        let dog = try await s.savePair(accountID: c.ann.id, Pair(english: "dog", welsh: "ci"), pairLimit: nil, now: conformanceNow)
        #expect(try await s.undoLastReview(accountID: c.ann.id) == nil)
        // A first review, then a lapse of the learned card: lapses count only the second.
        let learned = Card(state: .review, stability: 4, difficulty: 5, due: conformanceNow.addingTimeInterval(86_400), lastReview: conformanceNow)
        #expect(try await s.recordReview(accountID: c.ann.id, pairID: cat.id!, direction: .englishToWelsh, card: learned,
                                         log: ReviewLog(rating: .easy, date: conformanceNow)) == 0)
        let relearning = Card(state: .relearning, step: 0, stability: 1, difficulty: 7, due: conformanceNow.addingTimeInterval(86_400 + 600),
                              lastReview: conformanceNow.addingTimeInterval(86_400))
        #expect(try await s.recordReview(accountID: c.ann.id, pairID: cat.id!, direction: .englishToWelsh, card: relearning,
                                         log: ReviewLog(rating: .again, date: conformanceNow.addingTimeInterval(86_400))) == 1)
        // Taking back the lapse restores the learned card; taking back the first review leaves no card.
        let undone = try #require(try await s.undoLastReview(accountID: c.ann.id))
        #expect(undone.pairID == cat.id && undone.rating == .again && undone.card == learned && undone.lapsesBefore == 0 && undone.lapsesAfter == 1)
        #expect(try await s.card(accountID: c.ann.id, pairID: cat.id!, direction: .englishToWelsh) == learned)
        #expect(try await s.reviewCount(accountID: c.ann.id) == 1)
        // Bob cannot take back Ann's reviews.
        #expect(try await s.undoLastReview(accountID: c.bob.id) == nil)
        let first = try #require(try await s.undoLastReview(accountID: c.ann.id))
        #expect(first.card == nil && first.rating == .easy)
        #expect(try await s.card(accountID: c.ann.id, pairID: cat.id!, direction: .englishToWelsh) == nil)
        #expect(try await s.undoLastReview(accountID: c.ann.id) == nil)
        // A suspended pair is never asked, nor counted; only its owner can suspend it.
        try await s.setSuspended(accountID: c.ann.id, pairID: dog.id!, true)
        #expect(try await s.suspendedPairs(accountID: c.ann.id, among: [cat.id!, dog.id!]) == [dog.id!])
        #expect(try await s.revisionQueue(accountID: c.ann.id, tag: nil, direction: .englishToWelsh, now: conformanceNow, limit: 10,
                                          allowance: Self.unlimited).map(\.pair.english) == ["cat"])
        #expect(try await s.revisionCounts(accountID: c.ann.id, direction: .englishToWelsh, now: conformanceNow, byTag: false).first?.new == 1)
        await #expect(throws: StoreError.notFound(what: "pair", id: dog.id!.description)) {
            try await s.setSuspended(accountID: c.bob.id, pairID: dog.id!, false)
        }
        try await s.setSuspended(accountID: c.ann.id, pairID: dog.id!, false)
        #expect(try await s.suspendedPairs(accountID: c.ann.id, among: [dog.id!]).isEmpty)
    }

    @Test(arguments: StoreEngine.all) func statisticsAreGroupedByHourForTheirOwnerOnly(engine: StoreEngine) async throws {
        let c = try await Cast(engine)
        let s = c.stores
        let cat = try await s.savePair(accountID: c.ann.id, Pair(english: "cat", welsh: "cath"), pairLimit: nil, now: conformanceNow)
        let hour = Date(timeIntervalSince1970: (conformanceNow.timeIntervalSince1970 / 3_600).rounded(.down) * 3_600)
        let learned = Card(state: .review, stability: 4, difficulty: 6, due: hour.addingTimeInterval(86_400), lastReview: hour)
        try await s.recordReview(accountID: c.ann.id, pairID: cat.id!, direction: .englishToWelsh, card: learned,
                                 log: ReviewLog(rating: .easy, date: hour.addingTimeInterval(60)))
        try await s.recordReview(accountID: c.ann.id, pairID: cat.id!, direction: .englishToWelsh, card: learned,
                                 log: ReviewLog(rating: .again, date: hour.addingTimeInterval(120)))
        try await s.recordReview(accountID: c.ann.id, pairID: cat.id!, direction: .welshToEnglish, card: learned,
                                 log: ReviewLog(rating: .again, date: hour.addingTimeInterval(3_700)))
        let hours = try await s.reviewHours(accountID: c.ann.id, since: hour.addingTimeInterval(-86_400))
        #expect(hours == [StudyStatistics.HourCount(hour: hour, reviews: 2, learnedReviews: 1, recalled: 0),
                          StudyStatistics.HourCount(hour: hour.addingTimeInterval(3_600), reviews: 1, learnedReviews: 0, recalled: 0)])
        #expect(try await s.reviewHours(accountID: c.ann.id, since: hour.addingTimeInterval(3_600)).map(\.reviews) == [1])
        #expect(try await s.dueHours(accountID: c.ann.id, until: hour.addingTimeInterval(2 * 86_400))
            == [DueHour(hour: hour.addingTimeInterval(86_400), cards: 2)])
        #expect(try await s.dueHours(accountID: c.ann.id, until: hour).isEmpty)
        let history = try await s.reviewHistory(accountID: c.ann.id, limit: 100)
        #expect(history.map(\.direction) == [.englishToWelsh, .welshToEnglish])
        #expect(history.first?.reviews.map(\.rating) == [.easy, .again] && history.first?.pairID == cat.id)
        #expect(try await s.reviewHistory(accountID: c.ann.id, limit: 1).flatMap(\.reviews).count == 1)
        #expect(try await s.reviewHistory(accountID: c.bob.id, limit: 100).isEmpty)
        let hardest = try await s.hardestPairs(accountID: c.ann.id, limit: 5)
        #expect(hardest.map(\.welsh) == ["cath"] && hardest.first?.lapses == 1 && hardest.first?.difficulty == 6)
        #expect(try await s.reviewHours(accountID: c.bob.id, since: hour.addingTimeInterval(-86_400)).isEmpty)
        #expect(try await s.dueHours(accountID: c.bob.id, until: hour.addingTimeInterval(2 * 86_400)).isEmpty)
        #expect(try await s.hardestPairs(accountID: c.bob.id, limit: 5).isEmpty)
    }
}
