import FolioApp
import FolioCore
import FolioTestSupport
import Foundation
@testable import Ghost
import Testing

/// Ratings move inside the write that records a game's results, on every engine; and the
/// choices an account last started a game with come back as they were saved.
@Suite struct GhostRatingConformance {
    typealias Sitter = (name: String, kind: Match.Seat.Kind, account: Account.ID?)

    /// A game straight to its end through the store's checked write: `winner`'s seat wins.
    @discardableResult
    static func finish(_ id: MatchID, on store: any Stores, dictionary: GhostDictionary = .english, _ sitters: [Sitter],
                       winner: Int) async throws -> StoredMatch {
        let match = try Match(dictionary: dictionary, minimumLength: 3, seats: sitters.map { Match.Seat(name: $0.name, kind: $0.kind) })
        let accounts = sitters.map(\.account)
        let stored = StoredMatch(id: id, mode: accounts.compactMap { $0 }.count > 1 ? .online : .hotSeat, status: .playing,
                                 ownerID: accounts[0], seatAccounts: accounts, match: match, createdAt: conformanceNow, updatedAt: conformanceNow)
        try await store.createMatch(stored, quota: nil)
        return try await store.updateMatch(id: id, now: conformanceNow) { current in
            MatchChange(match: current.match, standings: current.match.seats.indices.map {
                Match.Standing(seat: $0, won: $0 == winner, rounds: 5, roundsLost: $0 == winner ? 0 : 1)
            })
        }
    }

    static func board(_ store: any Stores, _ dictionary: GhostDictionary = .english, order: GhostScoreOrder = .rating) async throws -> [String: GhostScore] {
        let page = try await store.highScores(dictionary: dictionary, order: order, limit: 50, offset: 0)
        return Dictionary(uniqueKeysWithValues: page.items.map { ($0.username, $0) })
    }

    @Test(arguments: StoreEngine.all) func aGameBetweenTwoAccountsMovesBothRatings(engine: StoreEngine) async throws {
        // Given Ann and Bob, level at 1500, When Bob wins a game between them
        let c = try await Cast(engine)
        try await Self.finish("duel-1", on: c.stores, [("ann", .person, c.ann.id), ("bob", .person, c.bob.id)], winner: 1)
        // Then Bob gains what Ann loses: 32 × ½ each way
        var board = try await Self.board(c.stores)
        #expect(board["bob"]?.rating == 1516 && board["ann"]?.rating == 1484)
        #expect(board["bob"]?.ratedGames == 1 && board["ann"]?.ratedGames == 1)
        #expect(try await c.stores.scores(accountID: c.ann.id).map(\.rating) == [1484])
        // When Ann wins the next, Then she takes back a little more than she lost (she was the outsider)
        try await Self.finish("duel-2", on: c.stores, [("ann", .person, c.ann.id), ("bob", .person, c.bob.id)], winner: 0)
        let expected = EloRating().ratings(after: EloRating().ratings(after: [1500, 1500], winner: 1), winner: 0)
        board = try await Self.board(c.stores)
        #expect(board["ann"]?.rating == Int(expected[0].rounded()) && board["bob"]?.rating == Int(expected[1].rounded()))
        #expect(board["ann"]?.ratedGames == 2)
    }

    @Test(arguments: StoreEngine.all) func gamesWithoutTwoAccountsOrWonByAComputerMoveNoRating(engine: StoreEngine) async throws {
        let c = try await Cast(engine)
        // Ann beats the computer: a win on the leaderboard, and no rating
        try await Self.finish("computer", on: c.stores, [("ann", .person, c.ann.id), ("Hal", .hard, nil)], winner: 0)
        var board = try await Self.board(c.stores)
        #expect(board["ann"]?.wins == 1 && board["ann"]?.rating == nil && board["ann"]?.ratedGames == 0)
        // The computer beats Ann and Bob at one table: they both lose, and neither rating moves
        try await Self.finish("beaten", on: c.stores, [("Hal", .hard, nil), ("ann", .person, c.ann.id), ("bob", .person, c.bob.id)], winner: 0)
        board = try await Self.board(c.stores)
        #expect(board["ann"]?.games == 2 && board["bob"]?.losses == 1)
        #expect(board["ann"]?.rating == nil && board["bob"]?.rating == nil)
    }

    @Test(arguments: StoreEngine.all) func aWinAtATableOfThreeMovesNoMoreThanADuel(engine: StoreEngine) async throws {
        let c = try await Cast(engine)
        let carl = try await c.stores.createAccount(username: "carl", passwordHash: "x", now: conformanceNow)
        try await Self.finish("three", on: c.stores, [("ann", .person, c.ann.id), ("bob", .person, c.bob.id), ("carl", .person, carl.id),
                                                      ("Hal", .easy, nil)], winner: 2)
        let board = try await Self.board(c.stores)
        #expect(board["carl"]?.rating == 1516 && board["ann"]?.rating == 1492 && board["bob"]?.rating == 1492)
    }

    @Test(arguments: StoreEngine.all) func ratingsOfEachDictionaryAreSeparate(engine: StoreEngine) async throws {
        let c = try await Cast(engine)
        let sitters: [Sitter] = [("ann", .person, c.ann.id), ("bob", .person, c.bob.id)]
        try await Self.finish("english", on: c.stores, dictionary: .english, sitters, winner: 1)
        try await Self.finish("dutch", on: c.stores, dictionary: .dutch, sitters, winner: 0)
        let english = try await Self.board(c.stores, .english), dutch = try await Self.board(c.stores, .dutch)
        #expect(english["bob"]?.rating == 1516 && english["ann"]?.rating == 1484)
        #expect(dutch["ann"]?.rating == 1516 && dutch["bob"]?.rating == 1484)
        let both = try await c.stores.highScores(dictionary: nil, order: .rating, limit: 10, offset: 0)
        #expect(both.total == 4 && both.items.map(\.rating) == [1516, 1516, 1484, 1484])
        #expect(Set(try await c.stores.scores(accountID: c.ann.id).map { "\($0.dictionary) \($0.rating ?? 0)" }) == ["english 1484", "dutch 1516"])
    }

    @Test(arguments: StoreEngine.all) func theLeaderboardSortsByRatingWithTheUnratedLast(engine: StoreEngine) async throws {
        let c = try await Cast(engine)
        let carl = try await c.stores.createAccount(username: "carl", passwordHash: "x", now: conformanceNow)
        // Carl beats the computer twice (two wins, no rating); Ann beats Bob once.
        for i in 1...2 {
            try await Self.finish(MatchID(stringLiteral: "carl-\(i)"), on: c.stores, [("carl", .person, carl.id), ("Hal", .easy, nil)], winner: 0)
        }
        try await Self.finish("duel", on: c.stores, [("ann", .person, c.ann.id), ("bob", .person, c.bob.id)], winner: 0)
        let byWins = try await c.stores.highScores(dictionary: .english, order: .wins, limit: 10, offset: 0)
        #expect(byWins.items.map(\.username) == ["carl", "ann", "bob"])
        #expect(try await c.stores.highScores(dictionary: .english, limit: 10, offset: 0).items == byWins.items)
        let byRating = try await c.stores.highScores(dictionary: .english, order: .rating, limit: 10, offset: 0)
        #expect(byRating.total == 3 && byRating.items.map(\.username) == ["ann", "bob", "carl"])
        #expect(byRating.items.map(\.rating) == [1516, 1484, nil])
        // Paged, the order holds across pages.
        let second = try await c.stores.highScores(dictionary: .english, order: .rating, limit: 2, offset: 2)
        #expect(second.items.map(\.username) == ["carl"])
    }

    /// Games finishing at once, each in its own write: none of their rating changes is lost.
    @Test(arguments: StoreEngine.all) func gamesFinishingAtOnceLoseNoRatingChange(engine: StoreEngine) async throws {
        let c = try await Cast(engine)
        let s = c.stores
        let games = 8
        let ids = (0..<games).map { MatchID(stringLiteral: "race-\($0)") }
        let match = try Match(dictionary: .english, minimumLength: 3, seats: [.init(name: "ann", kind: .person), .init(name: "bob", kind: .person)])
        for id in ids {
            try await s.createMatch(StoredMatch(id: id, mode: .online, status: .playing, ownerID: c.ann.id, seatAccounts: [c.ann.id, c.bob.id],
                                                match: match, createdAt: conformanceNow, updatedAt: conformanceNow), quota: nil)
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for id in ids {
                group.addTask {
                    _ = try await s.updateMatch(id: id, now: conformanceNow) { current in
                        MatchChange(match: current.match, standings: [Match.Standing(seat: 0, won: true, rounds: 5, roundsLost: 0),
                                                                      Match.Standing(seat: 1, won: false, rounds: 5, roundsLost: 5)])
                    }
                }
            }
            try await group.waitForAll()
        }
        // Ann won all eight: the same ratings as eight games one after the other.
        var expected = [EloRating.initial, EloRating.initial]
        for _ in 0..<games { expected = EloRating().ratings(after: expected, winner: 0) }
        let board = try await Self.board(s)
        #expect(board["ann"]?.ratedGames == games && board["bob"]?.ratedGames == games)
        #expect(board["ann"]?.rating == Int(expected[0].rounded()) && board["bob"]?.rating == Int(expected[1].rounded()))
        #expect(board["ann"]?.wins == games)
    }

    @Test(arguments: StoreEngine.all) func anAccountsChoicesAreRememberedForItAlone(engine: StoreEngine) async throws {
        let c = try await Cast(engine)
        let s = c.stores
        #expect(try await s.ghostPreferences(accountID: c.ann.id) == nil)
        let classic = GhostPreferences(dictionary: .dutch, minimumLength: 5, rules: Rules(challenges: .classic, variant: .superghost))
        try await s.saveGhostPreferences(accountID: c.ann.id, classic)
        #expect(try await s.ghostPreferences(accountID: c.ann.id) == classic)
        #expect(try await s.ghostPreferences(accountID: c.bob.id) == nil)
        // A later game's choices replace them.
        let plain = GhostPreferences(dictionary: .english, minimumLength: 3, rules: .standard)
        try await s.saveGhostPreferences(accountID: c.ann.id, plain)
        #expect(try await s.ghostPreferences(accountID: c.ann.id) == plain)
        try await s.saveGhostPreferences(accountID: c.bob.id, classic)
        #expect(try await s.ghostPreferences(accountID: c.bob.id) == classic)
        #expect(try await s.ghostPreferences(accountID: c.ann.id) == plain)
    }
}
