import FolioApp
import FolioTestSupport
import Foundation
import Monologues
import Testing
import Vocabulary

@Suite struct FavouriteStoreConformance {
    static let library = (1...5).map { LibraryFixture.monologue("hamlet-\($0)", number: $0, text: "Words \($0).") }

    func cast(_ engine: StoreEngine) async throws -> Cast {
        let cast = try await Cast(engine)
        _ = try await cast.stores.importMonologues(Self.library, source: "fixture")
        return cast
    }

    @Test(arguments: StoreEngine.all) func favouritesComeNewestFirstAPageAtATime(engine: StoreEngine) async throws {
        // Given Ann keeps five monologues, one a second, and Bob keeps one
        let c = try await cast(engine)
        for (i, m) in Self.library.enumerated() {
            try await c.stores.addFavourite(accountID: c.ann.id, monologueID: m.id, now: conformanceNow.addingTimeInterval(Double(i)))
        }
        try await c.stores.addFavourite(accountID: c.bob.id, monologueID: "hamlet-1", now: conformanceNow)
        // When Ann reads the second page of two
        let page = try await c.stores.favouritePage(accountID: c.ann.id, limit: 2, offset: 2)
        // Then it holds the third and second newest, of five
        #expect(page.total == 5)
        #expect(page.items.map(\.monologueID) == ["hamlet-3", "hamlet-2"])
        #expect(try await c.stores.favouritePage(accountID: c.bob.id, limit: 10, offset: 0).items.map(\.monologueID) == ["hamlet-1"])
        // And adding one twice keeps one
        try await c.stores.addFavourite(accountID: c.bob.id, monologueID: "hamlet-1", now: conformanceNow)
        #expect(try await c.stores.favouritePage(accountID: c.bob.id, limit: 10, offset: 0).total == 1)
        // And a monologue the library does not hold cannot be kept
        await #expect(throws: MonologueError.notFound(id: "nowhere")) {
            try await c.stores.addFavourite(accountID: c.ann.id, monologueID: "nowhere", now: conformanceNow)
        }
    }

    @Test(arguments: StoreEngine.all) func editsBelongToTheirAccountAndCanBeUndone(engine: StoreEngine) async throws {
        // Given Ann and Bob both keep the same monologue
        let c = try await cast(engine)
        try await c.stores.addFavourite(accountID: c.ann.id, monologueID: "hamlet-1", now: conformanceNow)
        try await c.stores.addFavourite(accountID: c.bob.id, monologueID: "hamlet-1", now: conformanceNow)
        // When Ann edits hers
        let edited = Favourite(monologueID: "hamlet-1", text: "Cut.", notes: "Audition piece", tags: ["mine"], gender: .female)
        try await c.stores.saveFavouriteEdits(accountID: c.ann.id, edited, now: conformanceNow)
        // Then she reads her edits back, and Bob's copy is untouched
        #expect(try await c.stores.favourite(accountID: c.ann.id, monologueID: "hamlet-1") == edited)
        #expect(try await c.stores.favourite(accountID: c.bob.id, monologueID: "hamlet-1") == Favourite(monologueID: "hamlet-1"))
        #expect(try await c.stores.personalTags(accountID: c.ann.id) == ["hamlet-1": ["mine"]])
        #expect(try await c.stores.personalTags(accountID: c.bob.id).isEmpty)
        #expect(try await c.stores.personalGenders(accountID: c.ann.id) == ["hamlet-1": .female])
        #expect(try await c.stores.personalGenders(accountID: c.bob.id).isEmpty)
        #expect(try await c.stores.favourites(accountID: c.ann.id, among: ["hamlet-1", "hamlet-2"]).map(\.notes) == ["Audition piece"])
        #expect(try await c.stores.favourites(accountID: c.ann.id, among: []).isEmpty)
        // And Bob cannot edit a favourite he does not keep
        await #expect(throws: MonologueError.notFound(id: "hamlet-2")) {
            try await c.stores.saveFavouriteEdits(accountID: c.bob.id, Favourite(monologueID: "hamlet-2", notes: "x"), now: conformanceNow)
        }
        // When Ann restores hers, Then the edits are gone but the favourite stays
        try await c.stores.restoreFavourite(accountID: c.ann.id, monologueID: "hamlet-1")
        #expect(try await c.stores.favourite(accountID: c.ann.id, monologueID: "hamlet-1") == Favourite(monologueID: "hamlet-1"))
        // When she removes it, Then it is gone for her only
        try await c.stores.removeFavourite(accountID: c.ann.id, monologueID: "hamlet-1")
        #expect(try await c.stores.favourite(accountID: c.ann.id, monologueID: "hamlet-1") == nil)
        #expect(try await c.stores.favourite(accountID: c.bob.id, monologueID: "hamlet-1") != nil)
    }

    @Test(arguments: StoreEngine.all) func anEditSentFromADeviceYieldsToALaterOne(engine: StoreEngine) async throws {
        let c = try await cast(engine)
        try await c.stores.addFavourite(accountID: c.ann.id, monologueID: "hamlet-1", now: conformanceNow)
        // Given Ann edited her favourite online at noon
        let noon = conformanceNow
        try await c.stores.saveFavouriteEdits(accountID: c.ann.id, Favourite(monologueID: "hamlet-1", notes: "Noon"), now: noon)
        // When a device sends an edit it made at eleven, Then it is not saved: the later one stands
        let eleven = Favourite(monologueID: "hamlet-1", notes: "Eleven")
        #expect(try await c.stores.saveFavouriteEdits(accountID: c.ann.id, eleven, madeAt: noon.addingTimeInterval(-3_600)) == false)
        #expect(try await c.stores.favourite(accountID: c.ann.id, monologueID: "hamlet-1")?.notes == "Noon")
        // When one comes that was made at one, Then it is saved, and an edit made before it then yields
        let one = Favourite(monologueID: "hamlet-1", notes: "One")
        #expect(try await c.stores.saveFavouriteEdits(accountID: c.ann.id, one, madeAt: noon.addingTimeInterval(3_600)))
        #expect(try await c.stores.favourite(accountID: c.ann.id, monologueID: "hamlet-1")?.notes == "One")
        #expect(try await c.stores.saveFavouriteEdits(accountID: c.ann.id, eleven, madeAt: noon.addingTimeInterval(1_800)) == false)
        // And a Restore is a change too: an edit made before it yields to it
        try await c.stores.restoreFavourite(accountID: c.ann.id, monologueID: "hamlet-1")
        #expect(try await c.stores.saveFavouriteEdits(accountID: c.ann.id, one, madeAt: noon.addingTimeInterval(3_000)) == false)
        #expect(try await c.stores.favourite(accountID: c.ann.id, monologueID: "hamlet-1") == Favourite(monologueID: "hamlet-1"))
        // And a favourite never edited takes a device's edit whenever it was made
        try await c.stores.addFavourite(accountID: c.ann.id, monologueID: "hamlet-2", now: conformanceNow)
        #expect(try await c.stores.saveFavouriteEdits(accountID: c.ann.id, Favourite(monologueID: "hamlet-2", notes: "Old"),
                                                    madeAt: noon.addingTimeInterval(-86_400)))
        // And Bob cannot reach Ann's favourite this way either
        await #expect(throws: MonologueError.notFound(id: "hamlet-1")) {
            _ = try await c.stores.saveFavouriteEdits(accountID: c.bob.id, one, madeAt: noon.addingTimeInterval(7_200))
        }
    }

    @Test(arguments: StoreEngine.all) func searchOptionsAreKeptPerAccount(engine: StoreEngine) async throws {
        let c = try await cast(engine)
        #expect(try await c.stores.monologueOptions(accountID: c.ann.id) == nil)
        let options = MonologueOptions(gender: .female, tone: .tragedy, length: .short, textSize: .large,
                                       form: .prose, play: "romeo-and-juliet", age: .young, fresh: true)
        try await c.stores.saveMonologueOptions(accountID: c.ann.id, options)
        #expect(try await c.stores.monologueOptions(accountID: c.ann.id) == options)
        #expect(try await c.stores.monologueOptions(accountID: c.bob.id) == nil)
        // Saving again replaces them
        try await c.stores.saveMonologueOptions(accountID: c.ann.id, MonologueOptions())
        #expect(try await c.stores.monologueOptions(accountID: c.ann.id) == MonologueOptions())
    }

    @Test(arguments: StoreEngine.all) func rehearsedLinesBelongToTheirFavourite(engine: StoreEngine) async throws {
        // Given Ann keeps two monologues and Bob one
        let c = try await cast(engine)
        for id in ["hamlet-1", "hamlet-2"] { try await c.stores.addFavourite(accountID: c.ann.id, monologueID: id, now: conformanceNow) }
        try await c.stores.addFavourite(accountID: c.bob.id, monologueID: "hamlet-1", now: conformanceNow)
        let card = Card(state: .review, step: nil, stability: 3.5, difficulty: 5.25, due: conformanceNow.addingTimeInterval(86_400),
                        lastReview: conformanceNow)
        let first = RehearsedLine(key: "1 words one", card: card, help: 2, wordPerfect: true, reviews: 4, misses: 1)
        let second = RehearsedLine(key: "1 words two", card: Card(due: conformanceNow), help: 0)
        // When she saves two lines of one and a line of the other, and saves the first again changed
        try await c.stores.saveRehearsedLine(accountID: c.ann.id, monologueID: "hamlet-1", first)
        try await c.stores.saveRehearsedLine(accountID: c.ann.id, monologueID: "hamlet-1", second)
        try await c.stores.saveRehearsedLine(accountID: c.ann.id, monologueID: "hamlet-2", second)
        var changed = first
        changed.misses = 2
        changed.wordPerfect = false
        try await c.stores.saveRehearsedLine(accountID: c.ann.id, monologueID: "hamlet-1", changed)
        // Then she reads them back as saved, each under its favourite
        let lines = try await c.stores.rehearsedLines(accountID: c.ann.id, monologueID: "hamlet-1").sorted { $0.key < $1.key }
        #expect(lines == [changed, second])
        let among = try await c.stores.rehearsedLines(accountID: c.ann.id, among: ["hamlet-1", "hamlet-2", "hamlet-3"])
        #expect(among.mapValues(\.count) == ["hamlet-1": 2, "hamlet-2": 1])
        #expect(try await c.stores.rehearsedLines(accountID: c.ann.id, among: []).isEmpty)
        // And Bob sees none of them, and cannot save a line under a favourite he does not keep
        #expect(try await c.stores.rehearsedLines(accountID: c.bob.id, monologueID: "hamlet-1").isEmpty)
        #expect(try await c.stores.rehearsedLines(accountID: c.bob.id, among: ["hamlet-1", "hamlet-2"]).isEmpty)
        await #expect(throws: MonologueError.notFound(id: "hamlet-2")) {
            try await c.stores.saveRehearsedLine(accountID: c.bob.id, monologueID: "hamlet-2", first)
        }
        // When Bob forgets "his" lines of Ann's favourite, Then hers stay
        try await c.stores.forgetRehearsedLines(accountID: c.bob.id, monologueID: "hamlet-1", keys: [first.key, second.key])
        #expect(try await c.stores.rehearsedLines(accountID: c.ann.id, monologueID: "hamlet-1").count == 2)
        // When Ann forgets one line, Then only that one goes
        try await c.stores.forgetRehearsedLines(accountID: c.ann.id, monologueID: "hamlet-1", keys: [second.key])
        #expect(try await c.stores.rehearsedLines(accountID: c.ann.id, monologueID: "hamlet-1") == [changed])
        // When she lets the favourite go, Then its lines go with it, and keeping it again starts afresh
        try await c.stores.removeFavourite(accountID: c.ann.id, monologueID: "hamlet-1")
        try await c.stores.addFavourite(accountID: c.ann.id, monologueID: "hamlet-1", now: conformanceNow)
        #expect(try await c.stores.rehearsedLines(accountID: c.ann.id, monologueID: "hamlet-1").isEmpty)
        #expect(try await c.stores.rehearsedLines(accountID: c.ann.id, monologueID: "hamlet-2") == [second])
    }

    @Test(arguments: StoreEngine.all) func aLineRehearsedOfflineIsSavedOncePerOperation(engine: StoreEngine) async throws {
        // Given Ann keeps a monologue and Bob keeps none
        let c = try await cast(engine)
        try await c.stores.addFavourite(accountID: c.ann.id, monologueID: "hamlet-1", now: conformanceNow)
        let line = RehearsedLine(key: "1 words one", card: Card(state: .learning, step: 1, stability: 2.5, difficulty: 4.5,
                                                               due: conformanceNow.addingTimeInterval(600), lastReview: conformanceNow),
                                 help: 1, reviews: 1)
        // When a line sent from her device is saved, and the same operation is sent again changed
        #expect(try await c.stores.saveRehearsedLine(accountID: c.ann.id, operation: "device-op-1", monologueID: "hamlet-1", line))
        var resent = line
        resent.reviews = 9
        #expect(try await c.stores.saveRehearsedLine(accountID: c.ann.id, operation: "device-op-1", monologueID: "hamlet-1", resent) == false)
        // Then the first stands
        #expect(try await c.stores.rehearsedLines(accountID: c.ann.id, monologueID: "hamlet-1") == [line])
        // And a line Bob sends under a favourite he does not keep is refused without claiming his operation's id
        await #expect(throws: MonologueError.notFound(id: "hamlet-1")) {
            try await c.stores.saveRehearsedLine(accountID: c.bob.id, operation: "device-op-2", monologueID: "hamlet-1", line)
        }
        try await c.stores.addFavourite(accountID: c.bob.id, monologueID: "hamlet-1", now: conformanceNow)
        #expect(try await c.stores.saveRehearsedLine(accountID: c.bob.id, operation: "device-op-2", monologueID: "hamlet-1", line))
        // And one account's operation ids are its own: Ann's id sent by Bob is his to claim
        #expect(try await c.stores.saveRehearsedLine(accountID: c.bob.id, operation: "device-op-1", monologueID: "hamlet-1", resent))
        #expect(try await c.stores.rehearsedLines(accountID: c.ann.id, monologueID: "hamlet-1") == [line])
    }
}
