import FolioApp
import FolioCore
import FolioStore
import Foundation
import Ghost
import Synchronization
import Testing

/// The referee as every face calls it, over the SQLite engine, with its watchers recorded.
@Suite struct GhostRefereeTests {
    /// What the room would hear: each change's game id and whether the new state came with it.
    final class Recorder: GhostWatchers {
        let heard = Mutex<[(id: MatchID, pushed: Bool)]>([])
        func changed(_ id: MatchID, version: Int?, state: Played?) {
            heard.withLock { $0.append((id, state != nil)) }
        }
    }

    struct World {
        let store: AppDatabase
        let referee: GhostReferee
        let watchers: Recorder
        let ada: Account
        let bo: Account
        let file: URL
    }

    func world(openRooms: Int = 5) async throws -> World {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("referee-words-\(UUID().uuidString).txt")
        try ["cat", "cats", "dog", "door", "doors", "dote", "date"].joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        let store = try AppDatabase.inMemory()
        let watchers = Recorder()
        let referee = GhostReferee(store: store, dictionaries: GhostDictionaries(paths: [.english: file.path]), watchers: watchers,
                                   limits: GhostLimits(anonymousGamesPerAddressPerHour: 2, openRoomsPerAccount: openRooms))
        let ada = try await store.createAccount(username: "ada", passwordHash: "x", now: Date())
        let bo = try await store.createAccount(username: "bo", passwordHash: "x", now: Date())
        return World(store: store, referee: referee, watchers: watchers, ada: ada, bo: bo, file: file)
    }

    @Test func aMoveIsCheckedPlayedStoredAndHeardWithItsState() async throws {
        let w = try await world()
        defer { try? FileManager.default.removeItem(at: w.file) }
        let setup = try Match(dictionary: .english, minimumLength: 3,
                              seats: [Match.Seat(name: "ada", kind: .person)] + Match.Seat.computers([.hard]))
        let game = try await w.referee.startHotSeat(setup, ownSeat: 0, account: w.ada, address: "10.0.0.1")
        // Bo may not act in Ada's game; a stale turn is refused; a visitor without an id gets nothing.
        await #expect(throws: GhostError.notYourSeat) { try await w.referee.act(game.id, .letter("d"), turn: nil, account: w.bo) }
        await #expect(throws: GhostError.staleMove) { try await w.referee.act(game.id, .letter("d"), turn: 7, account: w.ada) }
        #expect(throws: GhostError.gameNotFound("not-a-game")) { try MatchID.checked("not-a-game") }

        let played = try await w.referee.act(game.id, .letter("d"), turn: 0, account: w.ada)
        // The computer answered in the same write.
        #expect(played.stored.match.actions.count == 2)
        #expect(played.game.fragment.hasPrefix("d") && played.game.fragment.count == 2)
        #expect(try await w.referee.match(game.id).match.actions == played.stored.match.actions)
        #expect(w.watchers.heard.withLock { $0.map(\.id) } == [game.id] && w.watchers.heard.withLock { $0[0].pushed })
    }

    @Test func aRefereeThatHasNotLoadedAGamesListLoadsItOutsideTheWrite() async throws {
        // Given a Superghost game on Ada's uploaded list, started by one referee
        let w = try await world()
        defer { try? FileManager.default.removeItem(at: w.file) }
        let (list, _) = try await w.referee.uploadWordList(name: "Pets", text: "cat\ndog\nhamster", account: w.ada)
        var setup = try Match(dictionary: .english, minimumLength: 3, rules: Rules(variant: .superghost),
                              seats: [Match.Seat(name: "ada", kind: .person), Match.Seat(name: "bo", kind: .person)])
        setup.wordList = list.id
        let game = try await w.referee.startHotSeat(setup, ownSeat: 0, account: w.ada, address: "10.0.0.1")
        // When another referee (a restarted server, another instance) takes the next moves
        let fresh = GhostReferee(store: w.store, dictionaries: GhostDictionaries(paths: [.english: w.file.path]), watchers: w.watchers,
                                 limits: w.referee.limits)
        #expect(fresh.dictionaries.readyLexicon(for: setup) == nil)
        _ = try await fresh.act(game.id, .letter("m"), turn: 0, account: w.ada)
        // Then it read the list and indexed it for Superghost first: "am" is a piece of "hamster" only
        let played = try await fresh.act(game.id, .letter("a", at: .start), turn: 1, account: w.ada)
        #expect(played.game.fragment == "am")
        #expect(fresh.dictionaryLabel(played.stored.match) == "“Pets”")
        // And Bo, who owns no such list, cannot start a game on it
        await #expect(throws: GhostError.wordListNotFound(list.id)) {
            try await fresh.startHotSeat(setup, ownSeat: 0, account: w.bo, address: "10.0.0.2")
        }
    }

    @Test func roomsSeatPeopleAsTheyJoinWithinTheQuota() async throws {
        let w = try await world(openRooms: 1)
        defer { try? FileManager.default.removeItem(at: w.file) }
        let room = try await w.referee.openRoom(dictionary: .english, minimumLength: 3, people: 2, computers: [], account: w.ada)
        #expect(room.status == .waiting && room.match.seats.map(\.name) == ["ada", "Open seat 2"])
        await #expect(throws: GhostError.self) {
            try await w.referee.openRoom(dictionary: .english, minimumLength: 3, people: 2, computers: [], account: w.ada)
        }
        let joined = try await w.referee.join(room.id, account: w.bo)
        #expect(joined.status == .playing && joined.seatAccounts == [w.ada.id, w.bo.id])
        #expect(w.watchers.heard.withLock { $0.last?.id } == room.id)
        // Only the seat to act may act.
        await #expect(throws: GhostError.self) { try await w.referee.act(room.id, .letter("c"), turn: nil, account: w.bo) }
        _ = try await w.referee.act(room.id, .letter("c"), turn: nil, account: w.ada)
        #expect(try await w.referee.games(of: w.bo, limit: 10, offset: 0).items.map(\.id) == [room.id])
    }

    @Test func aRematchIsForThoseWhoPlayed() async throws {
        let w = try await world()
        defer { try? FileManager.default.removeItem(at: w.file) }
        let setup = try Match(dictionary: .english, minimumLength: 3, seats: [Match.Seat(name: "ada", kind: .person), Match.Seat(name: "cy", kind: .person)])
        let mine = try await w.referee.startHotSeat(setup, ownSeat: 0, account: w.ada, address: "10.0.0.1")
        await #expect(throws: GhostError.notYourSeat) { try await w.referee.rematch(mine, account: w.bo, address: "10.0.0.2") }
        let again = try await w.referee.rematch(mine, account: w.ada, address: "10.0.0.1")
        #expect(again.id != mine.id && again.match.firstPlayer == 1 && again.ownerID == w.ada.id && again.seatAccounts == [w.ada.id, nil])
        // Without an account, an address starts only so many games an hour.
        _ = try await w.referee.startHotSeat(setup, ownSeat: nil, account: nil, address: "10.0.0.9")
        _ = try await w.referee.startHotSeat(setup, ownSeat: nil, account: nil, address: "10.0.0.9")
        await #expect(throws: GhostError.self) { try await w.referee.startHotSeat(setup, ownSeat: nil, account: nil, address: "10.0.0.9") }
    }
}
