import FolioApp
import FolioCore
import FolioStore
import Foundation
import Ghost
import Synchronization
import Testing

/// Uploaded word lists in memory: bounded in bytes, never dropped while just used, built once
/// however many ask at once, and built on the runner the server gives (never where asked).
@Suite struct UploadedLexiconsTests {
    /// Counts the builds it runs, each after `delay`, so that requests can overlap one.
    final class CountingRunner: WorkRunner {
        let runs = Mutex(0)
        let delay: Duration
        init(delay: Duration = .zero) { self.delay = delay }

        func run<Value: Sendable>(_ work: @escaping @Sendable (_ isCancelled: @escaping @Sendable () -> Bool) throws -> Value) async throws -> Value {
            runs.withLock { $0 += 1 }
            try await Task.sleep(for: delay)
            return try work { false }
        }
    }

    struct NoWatchers: GhostWatchers {
        func changed(_ id: MatchID, version: Int?, state: Played?) {}
    }

    static let words = ["wren", "robin", "owl", "heron", "finch", "swallow", "starling", "thrush"].joined(separator: "\n")

    func world(budget: Int, pin: Duration, runner: CountingRunner, store: AppDatabase? = nil) async throws -> (GhostReferee, Account, [Int64]) {
        let store = try store ?? AppDatabase.inMemory()
        let dictionaries = GhostDictionaries(paths: [:], builds: runner, uploadedByteBudget: budget, uploadedPin: pin)
        let referee = GhostReferee(store: store, dictionaries: dictionaries, watchers: NoWatchers(),
                                   limits: GhostLimits(anonymousGamesPerAddressPerHour: 10, openRoomsPerAccount: 5))
        let ada = try await store.createAccount(username: "ada", passwordHash: "x", now: Date())
        var lists: [Int64] = []
        for name in ["Birds", "More birds", "Yet more birds"] {
            lists.append(try await referee.uploadWordList(name: name, text: Self.words, account: ada).0.id)
        }
        return (referee, ada, lists)
    }

    func match(on list: Int64, variant: Rules.Variant = .superghost) throws -> Match {
        var match = try Match(dictionary: .english, minimumLength: 3, rules: Rules(challenges: .forgiving, variant: variant),
                              seats: [.init(name: "ada", kind: .person), .init(name: "bo", kind: .person)])
        match.wordList = list
        return match
    }

    @Test func listsStayWithinTheirBudgetAndTheLeastRecentlyUsedGoesFirst() async throws {
        // Given room for two lists' indexes, and no pin
        let cost = UploadedLexicons.cost(of: Self.words, variant: .superghost)
        let runner = CountingRunner()
        let (referee, _, lists) = try await world(budget: 2 * cost + cost / 2, pin: .zero, runner: runner)
        // When three are loaded, Then the memory kept stays within the budget
        for list in lists { _ = try await referee.lexicon(for: try match(on: list)) }
        #expect(referee.dictionaries.uploaded.bytesInUse <= 2 * cost + cost / 2)
        #expect(runner.runs.withLock { $0 } == 3)
        // And the last two are kept: asking again builds nothing, while the first is built anew
        _ = try await referee.lexicon(for: try match(on: lists[2]))
        _ = try await referee.lexicon(for: try match(on: lists[1]))
        #expect(runner.runs.withLock { $0 } == 3)
        _ = try await referee.lexicon(for: try match(on: lists[0]))
        #expect(runner.runs.withLock { $0 } == 4)
    }

    @Test func aListJustUsedIsNeverDroppedAndWhatCannotFitIsBusy() async throws {
        // Given room for one list's index, and lists kept at least a minute after use
        let cost = UploadedLexicons.cost(of: Self.words, variant: .superghost)
        let (referee, _, lists) = try await world(budget: cost + cost / 2, pin: .seconds(60), runner: CountingRunner())
        let first = try await referee.lexicon(for: try match(on: lists[0]))
        // When a second list is asked for, Then it is refused as busy rather than dropping the first
        await #expect(throws: GhostError.wordListsBusy) { try await referee.lexicon(for: try match(on: lists[1])) }
        // And the first is still there for the game that loaded it
        #expect(try await referee.lexicon(for: try match(on: lists[0])).words.wordCount == first.words.wordCount)
        // And a list larger than the whole budget is busy at once
        let tiny = try await world(budget: 1, pin: .zero, runner: CountingRunner())
        await #expect(throws: GhostError.wordListsBusy) { try await tiny.0.lexicon(for: try match(on: tiny.2[0])) }
    }

    @Test func oneIndexServesAListAtEveryMinimumLength() async throws {
        let cost = UploadedLexicons.cost(of: Self.words, variant: .superghost)
        let (referee, _, lists) = try await world(budget: UploadedLexicons.standardByteBudget, pin: .zero,
                                                  runner: CountingRunner(delay: .milliseconds(50)))
        let uploaded = referee.dictionaries.uploaded
        func at(_ minimum: Int, on list: Int64) throws -> Match {
            var match = try match(on: list)
            match.minimumLength = minimum
            return match
        }
        // When one list is played at every length, one after another
        var lexicons: [Int: Lexicon] = [:]
        for minimum in 3...5 { lexicons[minimum] = try await referee.lexicon(for: try at(minimum, on: lists[0])) }
        // Then it is indexed once, each length seeing only its own words
        #expect(uploaded.indexCount == 1)
        #expect(uploaded.bytesInUse < cost * 3 / 2)
        #expect(lexicons[3]?.superghost?.index.isWord("owl") == true)
        #expect(lexicons[4]?.superghost?.index.isInfix("owl") == false && lexicons[4]?.superghost?.index.isWord("wren") == true)
        #expect(lexicons[5]?.superghost?.index.isInfix("wren") == false && lexicons[5]?.superghost?.index.isWord("robin") == true)
        // And three lengths of another list asked for at once share one index too
        try await withThrowingTaskGroup(of: Void.self) { group in
            for minimum in 3...5 { group.addTask { _ = try await referee.lexicon(for: try at(minimum, on: lists[1])) } }
            try await group.waitForAll()
        }
        #expect(uploaded.indexCount == 2)
        #expect(uploaded.bytesInUse < cost * 3)

        // And when every lexicon of a list has gone to make room, its index goes with them
        let small = try await world(budget: cost * 3 / 2, pin: .zero, runner: CountingRunner())
        for minimum in 3...4 { _ = try await small.0.lexicon(for: try at(minimum, on: small.2[0])) }
        _ = try await small.0.lexicon(for: try at(4, on: small.2[1]))
        #expect(small.0.dictionaries.uploaded.indexCount == 1)
        #expect(small.0.dictionaries.uploaded.bytesInUse <= cost * 3 / 2)
    }

    @Test func requestsAtOnceForOneListShareOneBuild() async throws {
        let runner = CountingRunner(delay: .milliseconds(200))
        let (referee, _, lists) = try await world(budget: UploadedLexicons.standardByteBudget, pin: .seconds(10), runner: runner)
        let match = try match(on: lists[0], variant: .ghost)
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<8 { group.addTask { try await referee.lexicon(for: match).words.wordCount } }
            for try await count in group { #expect(count == 8) }
        }
        #expect(runner.runs.withLock { $0 } == 1)
    }

    @Test func theLobbyNamesListsWithoutReadingOrBuildingThem() async throws {
        let runner = CountingRunner()
        let (referee, ada, lists) = try await world(budget: UploadedLexicons.standardByteBudget, pin: .seconds(10), runner: runner)
        let labels = try await referee.dictionaryLabels([try match(on: lists[1]), try Match(dictionary: .english, minimumLength: 3,
            seats: [.init(name: "ada", kind: .person), .init(name: "bo", kind: .person)])])
        #expect(labels == ["“More birds”", "English"])
        #expect(runner.runs.withLock { $0 } == 0)
        _ = ada
    }

    @Test func onlySomeoneAtTheTableMakesAReadLoadAList() async throws {
        // Given Ada's game on her list, started by one server
        let store = try AppDatabase.inMemory()
        let (first, ada, lists) = try await world(budget: UploadedLexicons.standardByteBudget, pin: .seconds(10), runner: CountingRunner(),
                                                  store: store)
        let game = try await first.startHotSeat(try match(on: lists[0]), ownSeat: 0, account: ada, address: "10.0.0.1")
        // When another server, which has not loaded the list, is asked to show it
        let runner = CountingRunner()
        let second = GhostReferee(store: store, dictionaries: GhostDictionaries(paths: [:], builds: runner), watchers: NoWatchers(),
                                  limits: GhostLimits(anonymousGamesPerAddressPerHour: 10, openRoomsPerAccount: 5))
        let bob = try await store.createAccount(username: "bob", passwordHash: "x", now: Date())
        // Then a watcher or a visitor is told to come back, and nothing is built for them
        await #expect(throws: GhostError.wordListNotLoaded) { try await second.played(game, for: bob) }
        await #expect(throws: GhostError.wordListNotLoaded) { try await second.played(game, for: nil) }
        #expect(try await second.currentMatch(game.id, viewer: nil).id == game.id)
        #expect(runner.runs.withLock { $0 } == 0)
        // And the player's own view loads it, after which everyone sees the game
        #expect(try await second.played(game, for: ada).game.fragment == "")
        #expect(try await second.played(game, for: bob).game.fragment == "")
        #expect(runner.runs.withLock { $0 } == 1)
    }
}
