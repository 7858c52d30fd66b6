import FolioApp
import FolioCore
import FolioStore
import FolioTestSupport
import Foundation
@testable import Ghost
import Monologues
import Testing
import Vocabulary

/// `folio database copy`: an install moved SQLite → PostgreSQL → SQLite keeps every row, id and
/// date, and the copies answer the stores exactly as the original does.
@Suite(.enabled(if: TestPostgres.url != nil, "needs the test command's PostgreSQL"))
struct DatabaseCopyTests {
    /// Whole seconds: the copies keep dates to the millisecond (the checksums compare them so),
    /// but a Date read back from text and one read back from microseconds can differ in the
    /// last bits of the Double, which `==` on whole objects would see.
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// A little of everything: an account with a session, favourites and edits, tagged pairs
    /// with a review, a kept plot and grammar, a kept character, a Ghost game under way and one
    /// finished between two accounts (a rating each), and remembered Ghost choices.
    func populate(_ stores: any FolioStores) async throws -> Account {
        _ = try await stores.importMonologues(LibraryFixture.twoSpeeches + LibraryFixture.longerCut, source: "fixture")
        let ann = try await stores.createAccount(username: "ann", passwordHash: "hash-ann", now: now)
        let bob = try await stores.createAccount(username: "Bob", passwordHash: "hash-bob", now: now)
        try await stores.createSession(accountID: ann.id, token: "token-ann", lifetime: 3600, now: now)
        _ = try await stores.serverSecret(named: "csrf")
        let first = LibraryFixture.twoSpeeches[0].id
        try await stores.addFavourite(accountID: ann.id, monologueID: first, now: now)
        try await stores.saveFavouriteEdits(accountID: ann.id, Favourite(monologueID: first, notes: "Breathe.", tags: ["audition"]), now: now)
        _ = try await stores.importPairs(accountID: ann.id, [
            Pair(english: "man", welsh: "gŵr", tags: ["People"]), Pair(english: "house", welsh: "tŷ", tags: ["Home", "People"]),
        ], pairLimit: nil, now: now)
        let pair = try await stores.allPairs(accountID: ann.id)[0]
        let card = Card(state: .review, step: nil, stability: 3.2, difficulty: 5.1, due: now.addingTimeInterval(86_400), lastReview: now)
        try await stores.recordReview(accountID: ann.id, pairID: pair.id!, direction: .englishToWelsh, card: card,
                                      log: ReviewLog(rating: .good, date: now, duration: 2.5))
        try await stores.keepPlot(accountID: ann.id, ids: "s1-p2-m3", seed: UInt64.max, text: "A plot.", now: now)
        _ = try await stores.saveGrammar(accountID: ann.id, name: "Animals", json: #"{"origin":["cat"]}"#, limit: 10, now: now)
        try await stores.keepCharacter(accountID: ann.id, characterID: 4, now: now)
        let match = try Match(dictionary: .english, minimumLength: 3, seats: [Match.Seat(name: "ann", kind: .person), Match.Seat(name: "Easy", kind: .easy)],
                              actions: [.letter("q")])
        try await stores.createMatch(StoredMatch(id: "0123456789abcdef0123456789abcdef", mode: .hotSeat, status: .playing, ownerID: ann.id,
                                                 seatAccounts: [ann.id, nil], match: match, createdAt: now, updatedAt: now), quota: nil)
        let duel = try Match(dictionary: .dutch, minimumLength: 3, seats: [Match.Seat(name: "ann", kind: .person), Match.Seat(name: "Bob", kind: .person)])
        try await stores.createMatch(StoredMatch(id: "fedcba9876543210fedcba9876543210", mode: .online, status: .playing, ownerID: ann.id,
                                                 seatAccounts: [ann.id, bob.id], match: duel, createdAt: now, updatedAt: now), quota: nil)
        _ = try await stores.updateMatch(id: "fedcba9876543210fedcba9876543210", now: now) { current in
            MatchChange(match: current.match, standings: [Match.Standing(seat: 0, won: false, rounds: 5, roundsLost: 5),
                                                          Match.Standing(seat: 1, won: true, rounds: 5, roundsLost: 0)])
        }
        try await stores.saveGhostPreferences(accountID: ann.id, GhostPreferences(dictionary: .dutch, minimumLength: 5,
                                                                                  rules: Rules(challenges: .classic, variant: .superghost)))
        return ann
    }

    @Test func anInstallMovesToPostgreSQLAndBackWithEveryRow() async throws {
        let original = try AppDatabase.inMemory()
        let ann = try await populate(original)
        let postgres = try #require(try await TestPostgres.freshDatabase() as? any CopyableDatabase)
        let there = try await DatabaseCopy.copy(from: original, to: postgres, replace: false)
        let back = try AppDatabase.inMemory()
        let home = try await DatabaseCopy.copy(from: postgres, to: back, replace: false)
        #expect(there.tables == home.tables)
        #expect(there.rows > 20)
        #expect(there.tables.first { $0.table == "vocabPairTag" }?.rows == 3)

        for copy in [postgres as any FolioStores, back] {
            #expect(try await copy.credentials(username: "ANN")?.passwordHash == "hash-ann")
            #expect(try await copy.account(sessionToken: "token-ann", now: now)?.id == ann.id)
            #expect(try await copy.serverSecret(named: "csrf") == original.serverSecret(named: "csrf"))
            #expect(try await copy.favouritePage(accountID: ann.id, limit: 10, offset: 0) == original.favouritePage(accountID: ann.id, limit: 10, offset: 0))
            #expect(try await copy.allPairs(accountID: ann.id) == original.allPairs(accountID: ann.id))
            let pairID = try await original.allPairs(accountID: ann.id)[0].id!
            #expect(try await copy.card(accountID: ann.id, pairID: pairID, direction: .englishToWelsh)
                    == original.card(accountID: ann.id, pairID: pairID, direction: .englishToWelsh))
            #expect(try await copy.keptPlots(accountID: ann.id, limit: 5, offset: 0) == original.keptPlots(accountID: ann.id, limit: 5, offset: 0))
            #expect(try await copy.storedMatch(id: "0123456789abcdef0123456789abcdef") == original.storedMatch(id: "0123456789abcdef0123456789abcdef"))
            let ratings = try await copy.highScores(dictionary: .dutch, order: .rating, limit: 10, offset: 0)
            #expect(ratings.items.map(\.rating) == [1516, 1484])
            #expect(try await original.highScores(dictionary: .dutch, order: .rating, limit: 10, offset: 0) == ratings)
            #expect(try await copy.ghostPreferences(accountID: ann.id) == original.ghostPreferences(accountID: ann.id))
            #expect(try await copy.ghostPreferences(accountID: ann.id)?.minimumLength == 5)
            #expect(try await copy.libraryRevision() == 1)
            #expect(Set(try await copy.librarySnapshot().monologues) == Set(try await original.librarySnapshot().monologues))
            // New rows get ids after the copied ones.
            let carol = try await copy.createAccount(username: "carol", passwordHash: "h", now: now)
            #expect(carol.id.rawValue == 3)
        }
    }

    @Test func aTargetThatHoldsDataIsRefusedUnlessReplaced() async throws {
        let original = try AppDatabase.inMemory()
        _ = try await populate(original)
        let target = try AppDatabase.inMemory()
        _ = try await target.createAccount(username: "zed", passwordHash: "h", now: now)
        await #expect(throws: CopyError.self) { try await DatabaseCopy.copy(from: original, to: target, replace: false) }
        #expect(try await target.credentials(username: "zed") != nil)
        _ = try await DatabaseCopy.copy(from: original, to: target, replace: true)
        #expect(try await target.credentials(username: "zed") == nil)
        #expect(try await target.credentials(username: "ann") != nil)
    }
}
