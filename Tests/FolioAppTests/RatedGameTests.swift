import FolioApp
import FolioCore
import FolioStore
import Foundation
@testable import Ghost
import Testing

/// Which finished games move ratings, and the choices the referee remembers for an account.
@Suite struct RatedGameTests {
    let ann = Account.ID(1), bob = Account.ID(2), cy = Account.ID(3)

    func stored(_ kinds: [Match.Seat.Kind], accounts: [Account.ID?], dictionary: GhostDictionary = .english) throws -> StoredMatch {
        let seats = kinds.enumerated().map { Match.Seat(name: "Seat \($0.offset)", kind: $0.element) }
        return StoredMatch(id: "rated", mode: .online, status: .playing, ownerID: accounts[0], seatAccounts: accounts,
                           match: try Match(dictionary: dictionary, minimumLength: 3, seats: seats))
    }

    func standings(seats: Int, winner: Int) -> [Match.Standing] {
        (0..<seats).map { Match.Standing(seat: $0, won: $0 == winner, rounds: 5, roundsLost: $0 == winner ? 0 : 1) }
    }

    @Test func aGameWonByAnAccountAgainstOthersIsRated() throws {
        let game = try #require(RatedGame(try stored([.person, .person, .hard, .person], accounts: [ann, bob, nil, cy], dictionary: .dutch),
                                          standings: standings(seats: 4, winner: 3)))
        // The computer's seat is left out; the winner is named by its place among the accounts.
        #expect(game.accounts == [ann, bob, cy] && game.winner == 2 && game.dictionary == .dutch)
        #expect(game.ratings(after: [:]) == [ann: 1492, bob: 1492, cy: 1516])
        let after = game.ratings(after: [ann: 1600, cy: 1400])
        #expect(after[bob] == EloRating().ratings(after: [1600, 1500, 1400], winner: 2)[1])
    }

    @Test func gamesThatSayNothingAboutPlayingPeopleAreNotRated() throws {
        // One account against the computer.
        #expect(RatedGame(try stored([.person, .hard], accounts: [ann, nil]), standings: standings(seats: 2, winner: 0)) == nil)
        // One account's hot-seat game against a named person without one.
        #expect(RatedGame(try stored([.person, .person], accounts: [ann, nil]), standings: standings(seats: 2, winner: 0)) == nil)
        // Two accounts, but the computer won.
        #expect(RatedGame(try stored([.hard, .person, .person], accounts: [nil, ann, bob]), standings: standings(seats: 3, winner: 0)) == nil)
        // A game still going on has no standings.
        #expect(RatedGame(try stored([.person, .person], accounts: [ann, bob]), standings: []) == nil)
    }

    @Test func theRefereeRemembersTheChoicesAnAccountStartsWith() async throws {
        let w = try await GhostRefereeTests().world(openRooms: 1)
        defer { try? FileManager.default.removeItem(at: w.file) }
        #expect(try await w.referee.preferences(of: w.ada) == .standard)
        #expect(try await w.referee.preferences(of: nil) == .standard)
        let classic = Rules(challenges: .classic, variant: .ghost)
        let setup = try Match(dictionary: .english, minimumLength: 5, rules: classic,
                              seats: [Match.Seat(name: "ada", kind: .person)] + Match.Seat.computers([.easy]))
        _ = try await w.referee.startHotSeat(setup, ownSeat: 0, account: w.ada, address: "10.0.0.1")
        #expect(try await w.referee.preferences(of: w.ada) == GhostPreferences(dictionary: .english, minimumLength: 5, rules: classic))
        #expect(try await w.referee.preferences(of: w.bo) == .standard)
        // A visitor's game is remembered for nobody.
        _ = try await w.referee.startHotSeat(try Match(dictionary: .english, minimumLength: 3, seats: setup.seats), ownSeat: nil, account: nil,
                                             address: "10.0.0.2")
        #expect(try await w.referee.preferences(of: nil) == .standard)
        // A room counts too; one refused by the quota changes nothing.
        _ = try await w.referee.openRoom(dictionary: .english, minimumLength: 3, people: 2, computers: [], account: w.bo)
        #expect(try await w.referee.preferences(of: w.bo) == GhostPreferences(dictionary: .english, minimumLength: 3, rules: .standard))
        await #expect(throws: GhostError.self) {
            try await w.referee.openRoom(dictionary: .english, minimumLength: 4, rules: classic, people: 2, computers: [], account: w.bo)
        }
        #expect(try await w.referee.preferences(of: w.bo).minimumLength == 3)
    }

    @Test func storedChoicesTheServerNoLongerOffersFallBackToTheDefaults() {
        let read = GhostPreferences(dictionary: "klingon", minimumLength: 9, challenges: "strict", variant: "superghost")
        #expect(read == GhostPreferences(dictionary: .english, minimumLength: 4, rules: Rules(challenges: .forgiving, variant: .superghost)))
    }
}
