import FolioApp
import FolioCore
import FolioStore
import FolioTestSupport
import Foundation
import Ghost
import Testing

/// Two instances over one PostgreSQL database, each with its own pool (as two `folio serve`
/// processes have), racing on the writes that must not race: a Ghost move at the same turn, the
/// last seat of a room, and guesses at one account's password.
@Suite(.enabled(if: TestPostgres.url != nil, "needs the test command's PostgreSQL"))
struct TwoInstanceRaceTests {
    let a: any FolioDatabase
    let b: any FolioDatabase

    init() async throws {
        let url = try #require(TestPostgres.freshURL())
        a = try await FolioDatabases.open(try DatabaseLocation(url: url))
        b = try await FolioDatabases.open(try DatabaseLocation(url: url))
    }

    @Test func movesSentAtTheSameTurnToBothInstancesApplyOnce() async throws {
        let ann = try await a.createAccount(username: "ann", passwordHash: "h", now: conformanceNow)
        let bob = try await b.createAccount(username: "bob", passwordHash: "h", now: conformanceNow)
        let id: MatchID = "0123456789abcdef0123456789abcdef"
        try await a.createMatch(try GhostStoreConformance.room(id, owner: ann), quota: nil)
        _ = try await b.joinMatch(id: id, account: bob, openRoomLimit: nil, now: conformanceNow)
        var applied = 0
        // Letters of a word no dictionary ends early ("dog" is one; "d", "o" are not yet), raced
        // on both instances at every turn.
        for (turn, letter) in ["c", "a"].enumerated() {
            let results = await withTaskGroup(of: Bool.self) { group in
                for store in [a, b, a, b] {
                    group.addTask {
                        (try? await GhostStoreConformance.play(.letter(letter), in: id, on: store, turn: turn)) != nil
                    }
                }
                return await group.reduce(into: [Bool]()) { $0.append($1) }
            }
            #expect(results.filter { $0 }.count == 1, "turn \(turn): \(results)")
            applied += results.filter { $0 }.count
        }
        let onA = try #require(try await a.storedMatch(id: id))
        let onB = try #require(try await b.storedMatch(id: id))
        #expect(onA.match.actions == [.letter("c"), .letter("a")])
        #expect(onA == onB)
        #expect(onA.version == 1 + applied)
    }

    @Test func theLastSeatGoesToOnePlayer() async throws {
        let ann = try await a.createAccount(username: "ann", passwordHash: "h", now: conformanceNow)
        var guests: [Account] = []
        for name in ["bob", "cat", "dan", "eve"] { guests.append(try await b.createAccount(username: name, passwordHash: "h", now: conformanceNow)) }
        let id: MatchID = "fedcba9876543210fedcba9876543210"
        try await a.createMatch(try GhostStoreConformance.room(id, owner: ann), quota: nil)
        let seated = await withTaskGroup(of: Account.ID?.self) { group in
            for (index, guest) in guests.enumerated() {
                let store = index.isMultiple(of: 2) ? a : b
                group.addTask { (try? await store.joinMatch(id: id, account: guest, openRoomLimit: 3, now: conformanceNow)).map { _ in guest.id } }
            }
            return await group.reduce(into: [Account.ID]()) { if let id = $1 { $0.append(id) } }
        }
        #expect(seated.count == 1)
        let room = try #require(try await a.storedMatch(id: id))
        #expect(room.status == .playing)
        #expect(room.seatAccounts == [ann.id, seated.first])
    }

    @Test func guessesSentToBothInstancesAtOnceAreAllCounted() async throws {
        let backoff = LoginBackoff()
        let reservations = await withTaskGroup(of: AttemptReservation?.self) { group in
            for attempt in 0..<12 {
                let store = attempt.isMultiple(of: 2) ? a : b
                group.addTask { try? await store.reserveLoginAttempt(username: "ann", network: "198.51.100.0/24", backoff: backoff, now: conformanceNow) }
            }
            return await group.reduce(into: [AttemptReservation?]()) { $0.append($1) }
        }
        let reserved = reservations.filter { if case .reserved = $0 { true } else { false } }
        #expect(reserved.count == backoff.freeFailures)
        #expect(reservations.count == 12 && reservations.allSatisfy { $0 != nil })
    }
}
