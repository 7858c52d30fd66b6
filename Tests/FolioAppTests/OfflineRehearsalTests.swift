@testable import FolioApp
import FolioCore
import FolioStore
import FolioTestSupport
import Foundation
import Monologues
import Testing
import Vocabulary

/// Lines rehearsed on a device without a connection, applied when it is back: once each, in the
/// order they were rated, to the line states the same ratings made online at those times give.
@Suite struct OfflineRehearsalTests {
    static let speech = RehearsalTests.speech
    static let start = Date(timeIntervalSince1970: 1_790_000_000)

    struct World {
        let store: AppDatabase
        let rehearsal: Rehearsal
        let offline: OfflineRehearsal
        let library: MonologueLibrary
        let actor: Account
        let other: Account
    }

    func world() async throws -> World {
        let store = try AppDatabase.inMemory()
        try await store.importMonologues([Self.speech, RehearsalTests.other], source: "fixture")
        let actor = try await store.createAccount(username: "actor", passwordHash: "x", now: Self.start)
        let other = try await store.createAccount(username: "other", passwordHash: "x", now: Self.start)
        let favourites = Favourites(store: store)
        try await favourites.add(Self.speech.id, accountID: actor.id, now: Self.start)
        let rehearsal = Rehearsal(favourites: favourites)
        return World(store: store, rehearsal: rehearsal, offline: OfflineRehearsal(rehearsal: rehearsal),
                     library: MonologueLibrary([Self.speech, RehearsalTests.other]), actor: actor, other: other)
    }

    func keys(_ w: World) async throws -> [String] {
        try await w.rehearsal.plan(Self.speech.id, accountID: w.actor.id, in: w.library, now: Self.start).lines.map(\.drill.key)
    }

    func review(_ id: String, _ key: String, _ rating: Rating, at: Date, monologue: String = speech.id) throws -> OfflineRehearsal.Review {
        try OfflineRehearsal.Review(id: id, monologueID: monologue, key: key, rating: rating, at: at)
    }

    func lines(_ w: World, _ account: Account) async throws -> [String: RehearsedLine] {
        Dictionary(uniqueKeysWithValues: try await w.store.rehearsedLines(accountID: account.id, monologueID: Self.speech.id).map { ($0.key, $0) })
    }

    @Test func linesAreAppliedOnceInTheOrderTheyWereRatedAsIfRatedOnline() async throws {
        let w = try await world()
        let keys = try await keys(w)
        let plan: [(Int, Rating, TimeInterval)] = [(0, .good, 0), (1, .again, 20), (1, .good, 90), (2, .hard, 130), (0, .easy, 800), (3, .good, 900)]
        // Sent out of order, as a device that queued them in two batches might.
        let reviews = try plan.enumerated().map { i, step in try review("offline-\(i)-abcdef", keys[step.0], step.1, at: Self.start.addingTimeInterval(step.2)) }
        let now = Self.start.addingTimeInterval(3_600)
        let outcomes = try await w.offline.apply(reviews.reversed(), accountID: w.actor.id, in: w.library, now: now)
        #expect(outcomes.map(\.id) == reviews.map(\.id))

        // The same ratings made online at the same times, by an actor with the same favourite.
        try await w.rehearsal.favourites.add(Self.speech.id, accountID: w.other.id, now: Self.start)
        for step in plan {
            _ = try await w.rehearsal.rate(Self.speech.id, line: step.0 + 1, rating: step.1, accountID: w.other.id, in: w.library,
                                           now: Self.start.addingTimeInterval(step.2))
        }
        let offline = try await lines(w, w.actor), online = try await lines(w, w.other)
        #expect(offline.count == 4 && offline == online)

        // Sent again, whole: nothing changes, and each answer gives the line as it stands.
        let again = try await w.offline.apply(reviews, accountID: w.actor.id, in: w.library, now: now.addingTimeInterval(60))
        #expect(again.allSatisfy { id, outcome in
            guard case .alreadyApplied(let line?) = outcome else { return false }
            return offline[line.key] == line
        })
        #expect(try await lines(w, w.actor) == offline)
    }

    @Test func aWrongClockCannotRateBeforeTheLinesLastReviewOrAfterNow() async throws {
        let w = try await world()
        let key = try await keys(w)[0]
        let now = Self.start.addingTimeInterval(86_400)
        let ahead = try await w.offline.apply([try review("ahead-clock-1", key, .good, at: now.addingTimeInterval(90 * 86_400))],
                                              accountID: w.actor.id, in: w.library, now: now)
        let stored = try #require(try await lines(w, w.actor)[key])
        #expect(ahead.first?.outcome == .applied(line: stored, at: now))
        // A clock far behind: kept at the line's last review, never before it.
        let behind = try await w.offline.apply([try review("behind-clock-1", key, .again, at: Date(timeIntervalSince1970: 0))],
                                               accountID: w.actor.id, in: w.library, now: now.addingTimeInterval(60))
        guard case .applied(let line, let at)? = behind.first?.outcome else { Issue.record("not applied: \(behind)"); return }
        #expect(at == now && line.card.lastReview == now && line.misses == 1)
    }

    @Test func anothersFavouriteALineCutSinceAndARemovedFavouriteAreGone() async throws {
        let w = try await world()
        let key = try await keys(w)[1]
        let now = Self.start.addingTimeInterval(600)
        // The other account has no such favourite: nothing of the actor's is touched.
        let foreign = try await w.offline.apply([try review("foreign-line-1", key, .good, at: Self.start)], accountID: w.other.id,
                                                in: w.library, now: now)
        #expect(foreign.first?.outcome == .gone(.notAFavourite))
        let othersLines = try await w.store.rehearsedLines(accountID: w.other.id, monologueID: Self.speech.id)
        #expect(try await lines(w, w.actor).isEmpty && othersLines.isEmpty)
        // A line the actor has since cut, and one of a favourite that is not theirs, beside one that stands.
        let mixed = try await w.offline.apply([try review("cut-line-0001", "1 no such line", .good, at: Self.start),
                                               try review("not-mine-0001", key, .good, at: Self.start, monologue: RehearsalTests.other.id),
                                               try review("standing-0001", key, .good, at: Self.start)],
                                              accountID: w.actor.id, in: w.library, now: now)
        #expect(mixed.map(\.outcome) == [.gone(.lineCut), .gone(.notAFavourite), mixed[2].outcome] && mixed[2].outcome.name == "applied")
        // A refused line claims no id: sent again once it would apply, it applies.
        try await w.rehearsal.favourites.add(RehearsalTests.other.id, accountID: w.actor.id, now: now)
        let otherKey = try await w.rehearsal.plan(RehearsalTests.other.id, accountID: w.actor.id, in: w.library, now: now).lines[0].drill.key
        let resent = try await w.offline.apply([try review("not-mine-0001", otherKey, .good, at: now, monologue: RehearsalTests.other.id)],
                                               accountID: w.actor.id, in: w.library, now: now)
        #expect(resent.map(\.outcome.name) == ["applied"])
        // Removed from the favourites: gone, and its progress with it.
        try await w.rehearsal.favourites.remove(Self.speech.id, accountID: w.actor.id)
        let removed = try await w.offline.apply([try review("removed-00001", key, .good, at: now)], accountID: w.actor.id, in: w.library, now: now)
        #expect(removed.first?.outcome == .gone(.notAFavourite))
    }

    @Test func malformedIdsAndOversizedBatchesAreRefused() async throws {
        let w = try await world()
        #expect(throws: OfflineRevisionError.operationID("short")) { try review("short", "1 a", .good, at: Self.start) }
        #expect(throws: OfflineRevisionError.operationID("has space in it")) { try review("has space in it", "1 a", .good, at: Self.start) }
        let many = try (0...OfflineRevision.batchLimit).map { try review("operation-\($0)", "1 a", .good, at: Self.start) }
        await #expect(throws: OfflineRevisionError.tooMany(many.count)) {
            try await w.offline.apply(many, accountID: w.actor.id, in: w.library, now: Self.start)
        }
    }

    /// The sync fuzz: two devices of one actor rate lines offline, send what they made in random,
    /// repeated, overlapping batches (a lost answer, a reload, a new service worker resending
    /// what it never heard back about), one clock days off; the server must end where its own
    /// plain replay does — each id once, in the order rated, at its time kept in range.
    @Test func randomSyncsOfTwoDevicesEndAsTheServersOwnReplay() async throws {
        var random = SeededRandom(seed: 28_11_2026_2)
        let shared = try await world()
        let keys = try await keys(shared)
        for session in 0..<200 {
            let actor = try await shared.store.createAccount(username: "actor\(session)", passwordHash: "x", now: Self.start)
            try await shared.rehearsal.favourites.add(Self.speech.id, accountID: actor.id, now: Self.start)
            let start = Self.start.addingTimeInterval(Double(session) * 86_400)
            let skew = [0.0, Double(Int.random(in: -3...3, using: &random)) * 86_400 + Double(Int.random(in: -600...600, using: &random))]
            var made: [[OfflineRehearsal.Review]] = [[], []]
            var clock = [0.0, 0.0]
            for device in 0..<2 {
                for n in 0..<Int.random(in: 0...10, using: &random) {
                    clock[device] += Double(Int.random(in: 1...7_200, using: &random))
                    // Now and then a line the actor has cut since.
                    let key = Int.random(in: 0..<12, using: &random) == 0 ? "1 a line cut since" : keys.randomElement(using: &random)!
                    made[device].append(try OfflineRehearsal.Review(
                        id: "s\(session)-d\(device)-\(n)-op", monologueID: Self.speech.id, key: key,
                        rating: Rating(rawValue: Int.random(in: 1...4, using: &random))!, at: start.addingTimeInterval(clock[device] + skew[device])))
                }
            }
            var sends: [[OfflineRehearsal.Review]] = []
            for _ in 0..<Int.random(in: 0...6, using: &random) {
                let device = Int.random(in: 0..<2, using: &random)
                guard !made[device].isEmpty else { continue }
                let upTo = Int.random(in: 1...made[device].count, using: &random)
                let from = Int.random(in: 0..<upTo, using: &random)
                sends.append(Array(made[device][from..<upTo]))
            }
            sends += [made[0], made[1]].shuffled(using: &random)

            // The plain replay, through the same rule an online rating uses.
            var replayed: [String: RehearsedLine] = [:]
            var applied = Set<String>()
            for (k, batch) in sends.enumerated() {
                let now = start.addingTimeInterval(30 * 86_400 + Double(k) * 60)
                let outcomes = try await shared.offline.apply(batch, accountID: actor.id, in: shared.library, now: now)
                for review in batch.enumerated().sorted(by: { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }).map(\.element) {
                    let outcome = outcomes.first { $0.id == review.id }?.outcome
                    guard let number = keys.firstIndex(of: review.key) else { #expect(outcome == .gone(.lineCut)); continue }
                    guard applied.insert(review.id).inserted else {
                        #expect(outcome == .alreadyApplied(line: replayed[review.key]), "session \(session): \(review.id) applied twice")
                        continue
                    }
                    var at = OfflineRevision.deviceTime(review.at, now: now)
                    if let last = replayed[review.key]?.card.lastReview, at < last { at = last }
                    let line = Rehearsal.Line(drill: LineDrill(text: Self.speech.text, cue: nil).lines[number], progress: replayed[review.key])
                    replayed[review.key] = shared.rehearsal.rated(line, review.rating, now: at)
                    #expect(outcome == .applied(line: replayed[review.key]!, at: at), "session \(session): \(review.id)")
                }
            }
            let stored = try await lines(shared, actor)
            #expect(stored == replayed, "session \(session)")
        }
    }
}

private extension OfflineRehearsal.Outcome {
    var name: String {
        switch self {
        case .applied: "applied"
        case .alreadyApplied: "alreadyApplied"
        case .gone: "gone"
        }
    }
}
