import FolioApp
import FolioCore
import FolioStore
import Foundation
import Ghost
import Testing

/// Ghost games played on a device without a connection, sent to count: the server replays each
/// against its own list and counts a finished game against the computer once, and nothing else.
@Suite struct OfflineGhostGamesTests {
    final class Quiet: GhostWatchers {
        func changed(_ id: MatchID, version: Int?, state: Played?) {}
    }

    struct World {
        let store: AppDatabase
        let referee: GhostReferee
        let ada: Account
        let file: URL
        let lexicon: Lexicon
    }

    func world() async throws -> World {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("offline-words-\(UUID().uuidString).txt")
        let words = ["cat", "cats", "dog", "door", "doors", "dote", "date", "ant", "anti", "bee", "bees", "elk", "emu"]
        try words.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        let store = try AppDatabase.inMemory()
        let referee = GhostReferee(store: store, dictionaries: GhostDictionaries(paths: [.english: file.path]), watchers: Quiet(),
                                   limits: GhostLimits(anonymousGamesPerAddressPerHour: 2, openRoomsPerAccount: 5))
        let ada = try await store.createAccount(username: "ada", passwordHash: "x", now: Date())
        return World(store: store, referee: referee, ada: ada, file: file,
                     lexicon: Lexicon(words: try WordList(words: words, minimumLength: 3)))
    }

    /// A game played to its end as a device would: the person's letters at random, the computer's
    /// by its own rule.
    func played(_ w: World, seats: [Match.Seat], level: ComputerPlayer.Level = .hard, seed: UInt64 = 1) throws -> Match {
        var match = try Match(dictionary: .english, minimumLength: 3, seats: seats)
        var random = SeededRandom(seed: seed)
        var game = try match.replay(lexicon: w.lexicon)
        while !game.isOver {
            let seat = game.playerToAct
            let action: Game.Action = seats[seat].kind.computer.map { $0.action(in: game, lexicon: w.lexicon, using: &random) }
                ?? (game.pendingChallenge != nil ? .answer(nil) : .letter(game.legalMoves.randomElement(using: &random)!.letter))
            try game.apply(action)
            match.actions.append(action)
        }
        return match
    }

    @Test func aFinishedGameAgainstTheComputerCountsOnce() async throws {
        let w = try await world()
        defer { try? FileManager.default.removeItem(at: w.file) }
        let match = try played(w, seats: [Match.Seat(name: "ada", kind: .person), Match.Seat(name: "Computer", kind: .hard)])
        let game = try GhostReferee.OfflineGame(id: "device-game-0001", match: match, ownSeat: 0, startedAt: Date())
        guard case .counted(let id) = try await w.referee.recordOfflineGame(game, account: w.ada) else { Issue.record("not counted"); return }
        #expect(try await w.referee.recordOfflineGame(game, account: w.ada) == .alreadyCounted(id))
        // The same game sent under another id (a second tab, a replay posted again): still once.
        let copy = try GhostReferee.OfflineGame(id: "device-game-copy", match: match, ownSeat: 0, startedAt: Date())
        #expect(try await w.referee.recordOfflineGame(copy, account: w.ada) == .alreadyCounted(id))
        let scores = try await w.referee.scores(of: w.ada)
        #expect(scores.map(\.games) == [1])
        // Stored as played: the same actions, finished.
        let stored = try await w.referee.match(id)
        #expect(stored.status == .finished && stored.match.actions == match.actions && stored.seatAccounts[0] == w.ada.id)
        // Sent at once from two tabs: still once.
        let twice = try GhostReferee.OfflineGame(id: "device-game-0002", match: try played(w, seats: match.seats, seed: 2), ownSeat: 0,
                                                 startedAt: Date())
        async let first = w.referee.recordOfflineGame(twice, account: w.ada)
        async let second = w.referee.recordOfflineGame(twice, account: w.ada)
        let outcomes = [try await first, try await second]
        #expect(outcomes.filter { if case .counted = $0 { true } else { false } }.count == 1)
        #expect(try await w.referee.scores(of: w.ada).map(\.games) == [2])
    }

    @Test func aForgedOrUnfinishedOrPeoplesGameCountsForNothing() async throws {
        let w = try await world()
        defer { try? FileManager.default.removeItem(at: w.file) }
        let seats = [Match.Seat(name: "ada", kind: .person), Match.Seat(name: "Computer", kind: .hard)]
        // The hard computer made to play a losing letter it would never choose: "d" then "o",
        // where the hard computer's only choices keep its win.
        var forged = try Match(dictionary: .english, minimumLength: 3, seats: seats)
        var game = try forged.replay(lexicon: w.lexicon)
        try game.apply(.letter("d"))
        forged.actions.append(.letter("d"))
        guard case .moves(let moves, _) = ComputerPlayer(level: .hard).choices(in: game, lexicon: w.lexicon) else { Issue.record("no moves"); return }
        let bad = try #require(game.legalMoves.first { !moves.contains($0) }, "the hard computer has a letter it would not play at \"d\"")
        forged.actions.append(.letter(bad.letter))
        let outcome = try await w.referee.recordOfflineGame(try .init(id: "forged-game-0001", match: forged, ownSeat: 0, startedAt: Date()),
                                                            account: w.ada)
        #expect(outcome == .notCounted(.notByTheRules))
        // A letter the rules refuse.
        var illegal = try Match(dictionary: .english, minimumLength: 3, seats: seats, actions: [.letter("q")])
        illegal.actions.append(.challenge)
        #expect(try await w.referee.recordOfflineGame(try .init(id: "illegal-game-01", match: illegal, ownSeat: 0, startedAt: Date()),
                                                      account: w.ada) == .notCounted(.notByTheRules))
        // Unfinished.
        var unfinished = try played(w, seats: seats)
        unfinished.actions.removeLast()
        #expect(try await w.referee.recordOfflineGame(try .init(id: "unfinished-0001", match: unfinished, ownSeat: 0, startedAt: Date()),
                                                      account: w.ada) == .notCounted(.unfinished))
        // Two people on one phone: it counts for nobody, as online.
        let people = try played(w, seats: [Match.Seat(name: "ada", kind: .person), Match.Seat(name: "bo", kind: .person)])
        #expect(try await w.referee.recordOfflineGame(try .init(id: "hotseat-game-01", match: people, ownSeat: 0, startedAt: Date()),
                                                      account: w.ada) == .notCounted(.notAgainstTheComputer))
        // The easy computer may play any letter: a device could make it lose, so its games count for nobody.
        let easy = try played(w, seats: [Match.Seat(name: "ada", kind: .person), Match.Seat(name: "Computer", kind: .easy)], level: .easy)
        #expect(try await w.referee.recordOfflineGame(try .init(id: "easy-game-0001", match: easy, ownSeat: 0, startedAt: Date()),
                                                      account: w.ada) == .notCounted(.notAgainstTheComputer))
        // The computer's seat claimed as the account's.
        let mine = try played(w, seats: seats, seed: 3)
        #expect(try await w.referee.recordOfflineGame(try .init(id: "computer-seat-1", match: mine, ownSeat: 1, startedAt: Date()),
                                                      account: w.ada) == .notCounted(.notAgainstTheComputer))
        #expect(try await w.referee.scores(of: w.ada).isEmpty)
    }
}
