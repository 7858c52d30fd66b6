import FolioTestSupport
import FolioApp
import FolioCore
import Foundation
import Ghost
import Testing

@Suite struct GhostStoreConformance {
    static let lexicon = Lexicon(words: try! WordList(words: ["cat", "cats", "dog"], minimumLength: 3))

    /// An online room of two seats that Ann opened, waiting for a second person.
    static func room(_ id: MatchID, owner: Account, at date: Date = conformanceNow) throws -> StoredMatch {
        let match = try Match(dictionary: .english, minimumLength: 3,
                              seats: [.init(name: owner.username, kind: .person), .init(name: "Seat 2", kind: .person)])
        return StoredMatch(id: id, mode: .online, status: .waiting, ownerID: owner.id, seatAccounts: [owner.id, nil], match: match,
                           createdAt: date, updatedAt: date)
    }

    /// One move by the game's rules, through the store's checked write.
    static func play(_ action: Game.Action, in id: MatchID, on store: any Stores, turn: Int? = nil) async throws -> StoredMatch {
        try await store.updateMatch(id: id, now: conformanceNow) { stored in
            if let turn, turn != stored.turn { throw GhostError.staleMove }
            var match = stored.match
            var random = SeededRandom(seed: 1)
            let game = try match.play(action, lexicon: lexicon, using: &random)
            return MatchChange(match: match, standings: Match.standings(of: game))
        }
    }

    @Test(arguments: StoreEngine.all) func roomsAreOpenedJoinedAndReadBack(engine: StoreEngine) async throws {
        // Given Ann opens a room
        let c = try await Cast(engine)
        let s = c.stores
        try await s.createMatch(try Self.room("room-1", owner: c.ann), quota: nil)
        let opened = try #require(try await s.storedMatch(id: "room-1"))
        #expect(opened.status == .waiting && opened.openSeats == [1])
        #expect(try await s.storedMatch(id: "no-such-room") == nil)
        // When Bob joins, Then the room starts, with his name at his seat, one version on
        let joined = try await s.joinMatch(id: "room-1", account: c.bob, openRoomLimit: nil, now: conformanceNow)
        #expect(joined.status == .playing && joined.seatAccounts == [c.ann.id, c.bob.id])
        #expect(joined.match.seats[1].name == "bob" && joined.version == opened.version + 1)
        #expect(try await s.matchVersions(ids: ["room-1", "no-such-room"]) == ["room-1": joined.version])
        // And joining again changes nothing; a third person finds the table full
        #expect(try await s.joinMatch(id: "room-1", account: c.bob, openRoomLimit: nil, now: conformanceNow).version == joined.version)
        let carl = try await s.createAccount(username: "carl", passwordHash: "x", now: conformanceNow)
        await #expect(throws: GhostError.tableFull) { try await s.joinMatch(id: "room-1", account: carl, openRoomLimit: nil, now: conformanceNow) }
        await #expect(throws: GhostError.gameNotFound(MatchID(stringLiteral: "nowhere").rawValue)) {
            try await s.joinMatch(id: "nowhere", account: carl, openRoomLimit: nil, now: conformanceNow)
        }
    }

    @Test(arguments: StoreEngine.all) func wordListsAreKeptPerAccountAndHiddenWhenDeleted(engine: StoreEngine) async throws {
        // Given Ann uploads two lists, the second up to her limit of two
        let c = try await Cast(engine)
        let s = c.stores
        let upload = try WordListUpload(name: "Birds", text: "wren\nrobin\nowl")
        let first = try await s.saveWordList(accountID: c.ann.id, upload, limit: 2, now: conformanceNow)
        let second = try await s.saveWordList(accountID: c.ann.id, try WordListUpload(name: "Fish", text: "carp\npike"), limit: 2,
                                              now: conformanceNow.addingTimeInterval(1))
        await #expect(throws: GhostError.tooManyWordLists(limit: 2)) {
            try await s.saveWordList(accountID: c.ann.id, upload, limit: 2, now: conformanceNow)
        }
        // Then her lists read back newest first, without their words; Bob has none
        let lists = try await s.wordLists(accountID: c.ann.id)
        #expect(lists.map(\.name) == ["Fish", "Birds"] && lists.allSatisfy { $0.words == nil })
        #expect(lists.last?.wordCount == 3 && lists.last?.id == first.id)
        #expect(try await s.wordLists(accountID: c.bob.id).isEmpty)
        #expect(try await s.wordList(id: first.id)?.words == "owl\nrobin\nwren")
        // When Bob tries to delete Ann's list, nothing happens; when Ann does, it leaves her lists
        #expect(try await !s.deleteWordList(id: first.id, accountID: c.bob.id))
        #expect(try await s.deleteWordList(id: first.id, accountID: c.ann.id))
        #expect(try await !s.deleteWordList(id: first.id, accountID: c.ann.id))
        #expect(try await s.wordLists(accountID: c.ann.id).map(\.id) == [second.id])
        // And its words still read, for the games played on it; and room for a new one
        #expect(try await s.wordList(id: first.id)?.accountID == c.ann.id)
        #expect(try await s.wordList(id: 999_999) == nil)
        _ = try await s.saveWordList(accountID: c.ann.id, upload, limit: 2, now: conformanceNow)
    }

    @Test(arguments: StoreEngine.all) func aDaysFirstPuzzleAnswerIsTheOneKept(engine: StoreEngine) async throws {
        // Given Ann answers day 100 right and then tries again
        let c = try await Cast(engine)
        let s = c.stores
        let first = PuzzleAnswer(accountID: c.ann.id, day: 100, letter: "a", correct: true, answeredAt: conformanceNow)
        #expect(try await s.answerPuzzle(first) == first)
        let again = PuzzleAnswer(accountID: c.ann.id, day: 100, letter: "b", correct: false, answeredAt: conformanceNow.addingTimeInterval(5))
        // Then the first answer stands
        #expect(try await s.answerPuzzle(again) == first)
        // And Bob's answers are his own
        _ = try await s.answerPuzzle(PuzzleAnswer(accountID: c.bob.id, day: 101, letter: "c", correct: false, answeredAt: conformanceNow))
        _ = try await s.answerPuzzle(PuzzleAnswer(accountID: c.ann.id, day: 99, letter: "d", correct: true, answeredAt: conformanceNow))
        #expect(try await s.puzzleAnswers(accountID: c.ann.id, fromDay: 0).map(\.day) == [99, 100])
        #expect(try await s.puzzleAnswers(accountID: c.ann.id, fromDay: 100).map(\.letter) == ["a"])
        #expect(try await s.puzzleAnswers(accountID: c.bob.id, fromDay: 0).map(\.day) == [101])
    }

    @Test(arguments: StoreEngine.all) func theLobbyListsListedRoomsStillOpen(engine: StoreEngine) async throws {
        // Given four rooms: listed and waiting, listed and in play, unlisted, and listed but idle for two days
        let c = try await Cast(engine)
        let s = c.stores
        func room(_ id: MatchID, listed: Bool, at date: Date, timer: Int = 0) throws -> StoredMatch {
            var stored = try Self.room(id, owner: c.ann, at: date)
            stored.listed = listed
            stored.turnSeconds = timer
            return stored
        }
        try await s.createMatch(try room("waiting", listed: true, at: conformanceNow, timer: 30), quota: nil)
        try await s.createMatch(try room("playing", listed: true, at: conformanceNow.addingTimeInterval(60)), quota: nil)
        _ = try await s.joinMatch(id: "playing", account: c.bob, openRoomLimit: nil, now: conformanceNow.addingTimeInterval(120))
        try await s.createMatch(try room("private", listed: false, at: conformanceNow), quota: nil)
        try await s.createMatch(try room("idle", listed: true, at: conformanceNow.addingTimeInterval(-2 * 86_400)), quota: nil)
        // When the lobby is read for the last day, Then the waiting room comes first, then the one in play
        let lobby = try await s.lobby(since: conformanceNow.addingTimeInterval(-86_400), limit: 10, offset: 0)
        #expect(lobby.items.map(\.id) == ["waiting", "playing"] && lobby.total == 2)
        // And the room's settings read back
        #expect(lobby.items[0].listed && lobby.items[0].turnSeconds == 30 && lobby.items[1].turnSeconds == 0)
        #expect(lobby.items[0].earliestDeadline == nil)
        #expect(lobby.items[1].earliestDeadline == nil)
        // And pages follow on
        let second = try await s.lobby(since: conformanceNow.addingTimeInterval(-86_400), limit: 1, offset: 1)
        #expect(second.items.map(\.id) == ["playing"] && second.total == 2)
    }

    @Test(arguments: StoreEngine.all) func movesAreCheckedInTheWriteAndAFinishedGameCounts(engine: StoreEngine) async throws {
        // Given a room Ann and Bob sit at
        let c = try await Cast(engine)
        let s = c.stores
        try await s.createMatch(try Self.room("room-1", owner: c.ann), quota: nil)
        var stored = try await s.joinMatch(id: "room-1", account: c.bob, openRoomLimit: nil, now: conformanceNow)
        // When a move names a turn that has passed, Then nothing is stored
        stored = try await Self.play(.letter("c"), in: "room-1", on: s, turn: 0)
        await #expect(throws: GhostError.staleMove) { try await Self.play(.letter("a"), in: "room-1", on: s, turn: 0) }
        #expect(try await s.storedMatch(id: "room-1")?.turn == 1)
        // When the game is played out (Ann starts "c", Bob challenges, Ann concedes, five times)
        stored = try await Self.play(.challenge, in: "room-1", on: s)
        stored = try await Self.play(.answer(nil), in: "room-1", on: s)
        while stored.status != .finished {
            stored = try await Self.play(.letter("c"), in: "room-1", on: s)
            stored = try await Self.play(.challenge, in: "room-1", on: s)
            stored = try await Self.play(.answer(nil), in: "room-1", on: s)
        }
        // Then every move is kept, in order, and each player's record counts
        #expect(try await s.storedMatch(id: "room-1")?.match.actions == stored.match.actions)
        #expect(stored.turn == 15)
        let scores = try await s.highScores(dictionary: .english, limit: 10, offset: 0)
        #expect(scores.total == 2 && scores.items.map(\.username) == ["bob", "ann"])
        #expect(scores.items.map(\.wins) == [1, 0] && scores.items.map(\.roundsLost) == [0, 5])
        #expect(try await s.highScores(dictionary: .dutch, limit: 10, offset: 0).total == 0)
        #expect(try await s.scores(accountID: c.ann.id).map(\.losses) == [1])
        // And a finished game takes no more moves
        await #expect(throws: (any Error).self) { try await Self.play(.letter("d"), in: "room-1", on: s) }
        #expect(try await s.storedMatch(id: "room-1")?.turn == 15)
    }

    @Test(arguments: StoreEngine.all) func aPlayersGamesComeNewestFirst(engine: StoreEngine) async throws {
        let c = try await Cast(engine)
        let s = c.stores
        for i in 1...3 {
            try await s.createMatch(try Self.room(MatchID(stringLiteral: "room-\(i)"), owner: c.ann, at: conformanceNow.addingTimeInterval(Double(i))), quota: nil)
        }
        let page = try await s.matches(accountID: c.ann.id, limit: 2, offset: 0)
        #expect(page.total == 3 && page.items.map(\.id) == ["room-3", "room-2"])
        #expect(try await s.matches(accountID: c.bob.id, limit: 10, offset: 0).total == 0)
    }

    @Test(arguments: StoreEngine.all) func startingQuotasAreCheckedInTheWrite(engine: StoreEngine) async throws {
        let c = try await Cast(engine)
        let s = c.stores
        // Open rooms per account
        try await s.createMatch(try Self.room("room-1", owner: c.ann), quota: .openRooms(accountID: c.ann.id, limit: 1))
        await #expect(throws: (any Error).self) {
            try await s.createMatch(try Self.room("room-2", owner: c.ann), quota: .openRooms(accountID: c.ann.id, limit: 1))
        }
        #expect(try await s.storedMatch(id: "room-2") == nil)
        // Games without an account, per address per hour
        func hotSeat(_ id: MatchID) throws -> StoredMatch {
            StoredMatch(id: id, mode: .hotSeat, status: .playing, ownerID: nil, seatAccounts: [nil, nil],
                        match: try Match(dictionary: .english, minimumLength: 3, seats: [.init(name: "A", kind: .person), .init(name: "B", kind: .person)]),
                        createdAt: conformanceNow, updatedAt: conformanceNow)
        }
        try await s.createMatch(try hotSeat("hot-1"), quota: .anonymousGames(address: "10.0.0.1", perHour: 1))
        await #expect(throws: GhostError.tooManyAnonymousGames(limit: 1)) {
            try await s.createMatch(try hotSeat("hot-2"), quota: .anonymousGames(address: "10.0.0.1", perHour: 1))
        }
        try await s.createMatch(try hotSeat("hot-3"), quota: .anonymousGames(address: "10.0.0.2", perHour: 1))
        #expect(try await s.storedMatch(id: "hot-3") != nil)
        // Games per account per hour: counted apart from any address's, and only the account's own
        try await s.createMatch(try hotSeat("hot-4"), quota: .accountGames(accountID: c.ann.id, perHour: 2))
        try await s.createMatch(try hotSeat("hot-5"), quota: .accountGames(accountID: c.ann.id, perHour: 2))
        await #expect(throws: GhostError.tooManyGames(limit: 2)) {
            try await s.createMatch(try hotSeat("hot-6"), quota: .accountGames(accountID: c.ann.id, perHour: 2))
        }
        #expect(try await s.storedMatch(id: "hot-6") == nil)
        try await s.createMatch(try hotSeat("hot-7"), quota: .accountGames(accountID: c.bob.id, perHour: 2))
        // An hour on, Ann may start again
        var later = try hotSeat("hot-8")
        later.createdAt = conformanceNow.addingTimeInterval(3601)
        later.updatedAt = later.createdAt
        try await s.createMatch(later, quota: .accountGames(accountID: c.ann.id, perHour: 2))
    }

    @Test(arguments: StoreEngine.all) func listedRoomsOnUploadedListsAreLimitedPerAccount(engine: StoreEngine) async throws {
        // Given Ann has an uploaded list and may list one room on such a list at a time
        let c = try await Cast(engine)
        let s = c.stores
        let list = try await s.saveWordList(accountID: c.ann.id, try WordListUpload(name: "Birds", text: "wren\nrobin\nowl"), limit: 10,
                                            now: conformanceNow)
        func room(_ id: MatchID, listed: Bool, onList: Bool) throws -> StoredMatch {
            var room = try Self.room(id, owner: c.ann)
            room.listed = listed
            if onList { room.match.wordList = list.id }
            return room
        }
        let quota = GhostStartQuota.openRooms(accountID: c.ann.id, limit: 10, listedOnUploadedLists: 1)
        try await s.createMatch(try room("listed-1", listed: true, onList: true), quota: quota)
        // When she lists a second, Then it is refused and nothing is stored
        await #expect(throws: GhostError.tooManyListedRooms(limit: 1)) {
            try await s.createMatch(try room("listed-2", listed: true, onList: true), quota: quota)
        }
        #expect(try await s.storedMatch(id: "listed-2") == nil)
        // And an unlisted room on the list, or a listed one on a built-in dictionary, still opens
        try await s.createMatch(try room("unlisted", listed: false, onList: true), quota: quota)
        try await s.createMatch(try room("built-in", listed: true, onList: false), quota: quota)
        // And the list's name is read without its words
        #expect(try await s.wordListNames(ids: [list.id, 999_999]) == [list.id: "Birds"])
        #expect(try await s.wordListNames(ids: []).isEmpty)
    }
}
