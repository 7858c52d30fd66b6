import FolioApp
import FolioCore
import FolioStore
import Foundation
import Testing
import Vocabulary

/// Reviews made on a device without a connection, applied when it is back: once each, in the
/// order they were made, to the card states the same reviews made online at those times give.
@Suite struct OfflineRevisionTests {
    struct World {
        let store: AppDatabase
        let offline: OfflineRevision
        let learner: Account
        let other: Account
        let pairs: [Pair]
    }

    func world(pairs: Int = 3) async throws -> World {
        let store = try AppDatabase.inMemory()
        let learner = try await store.createAccount(username: "learner", passwordHash: "x", now: Date())
        let other = try await store.createAccount(username: "other", passwordHash: "x", now: Date())
        var saved: [Pair] = []
        for i in 0..<pairs {
            saved.append(try await store.savePair(accountID: learner.id, Pair(english: "word \(i)", welsh: "gair \(i)"), pairLimit: nil, now: Date()))
        }
        return World(store: store, offline: OfflineRevision(revision: Revision(store: store)), learner: learner, other: other, pairs: saved)
    }

    func review(_ id: String, _ pair: Pair, _ rating: Rating, at: Date, direction: Direction = .englishToWelsh) throws -> OfflineRevision.Review {
        try OfflineRevision.Review(id: id, pairID: pair.id!, direction: direction, rating: rating, at: at, seconds: 4)
    }

    @Test func reviewsAreAppliedOnceInTheOrderTheyWereMadeAsIfMadeOnline() async throws {
        let w = try await world()
        let start = Date(timeIntervalSince1970: 1_790_000_000)
        let plan: [(Int, Rating, TimeInterval)] = [(0, .again, 0), (1, .good, 20), (0, .good, 90), (2, .hard, 130), (0, .good, 800), (1, .easy, 900)]
        // Sent out of order, as a device that queued them in two batches might.
        let reviews = try plan.enumerated().map { i, step in try review("offline-\(i)-abcdef", w.pairs[step.0], step.1, at: start.addingTimeInterval(step.2)) }
        let now = start.addingTimeInterval(3_600)
        let outcomes = try await w.offline.apply(reviews.reversed(), accountID: w.learner.id, now: now)
        #expect(outcomes.map(\.id) == reviews.map(\.id))
        #expect(try await w.store.reviewCount(accountID: w.learner.id) == plan.count)

        // The same ratings made online at the same times, on a second learner's copy.
        let twin = try await w.store.createAccount(username: "twin", passwordHash: "x", now: Date())
        let revision = Revision(store: w.store)
        var twins: [Pair] = []
        for pair in w.pairs { twins.append(try await w.store.savePair(accountID: twin.id, Pair(english: pair.english, welsh: pair.welsh), pairLimit: nil, now: Date())) }
        for step in plan {
            try await revision.rate(accountID: twin.id, pairID: twins[step.0].id!, direction: .englishToWelsh, rating: step.1, seconds: 4,
                                    now: start.addingTimeInterval(step.2))
        }
        for (pair, twinPair) in zip(w.pairs, twins) {
            let offline = try await w.store.card(accountID: w.learner.id, pairID: pair.id!, direction: .englishToWelsh)
            let online = try await w.store.card(accountID: twin.id, pairID: twinPair.id!, direction: .englishToWelsh)
            #expect(offline != nil && offline == online)
        }

        // Sent again, whole: nothing changes.
        let before = try await w.store.card(accountID: w.learner.id, pairID: w.pairs[0].id!, direction: .englishToWelsh)
        let resent = try await w.offline.apply(reviews, accountID: w.learner.id, now: now.addingTimeInterval(60))
        #expect(resent.allSatisfy { if case .alreadyApplied = $0.outcome { true } else { false } })
        #expect(resent.first?.outcome == .alreadyApplied(card: before))
        #expect(try await w.store.reviewCount(accountID: w.learner.id) == plan.count)
        #expect(try await w.store.card(accountID: w.learner.id, pairID: w.pairs[0].id!, direction: .englishToWelsh) == before)
    }

    /// Two devices of one account revise offline and sync at random: batches cut anywhere, sent
    /// again (a lost answer), interleaved, one device's clock days off, a review of a pair deleted
    /// meanwhile. Nothing is lost, nothing applied twice, and every card ends as a plain replay
    /// of the sends in the order they arrived says it must.
    @Test func randomSyncsOfTwoDevicesEndAsTheServersOwnReplay() async throws {
        var random = SeededRandom(seed: 2026_11_28)
        let scheduler = Scheduler()
        // One database, a new learner each session: a fresh database per session was most of the
        // test's time (17 s of 20 in a debug build), and accounts share nothing.
        let shared = try await world(pairs: 0)
        for session in 0..<200 {
            let learner = try await shared.store.createAccount(username: "learner\(session)", passwordHash: "x", now: Date())
            var pairs: [Pair] = []
            for i in 0..<3 {
                pairs.append(try await shared.store.savePair(accountID: learner.id, Pair(english: "word \(i)", welsh: "gair \(i)"),
                                                             pairLimit: nil, now: Date()))
            }
            let w = World(store: shared.store, offline: shared.offline, learner: learner, other: shared.other, pairs: pairs)
            let start = Date(timeIntervalSince1970: 1_790_000_000 + Double(session) * 86_400)
            // What each device made, in the order it made it; one device's clock runs days off.
            let skew = [0.0, Double(Int.random(in: -3...3, using: &random)) * 86_400 + Double(Int.random(in: -600...600, using: &random))]
            var made: [[OfflineRevision.Review]] = [[], []]
            var clock = [0.0, 0.0]
            for device in 0..<2 {
                for n in 0..<Int.random(in: 0...10, using: &random) {
                    clock[device] += Double(Int.random(in: 1...7_200, using: &random))
                    let pair = w.pairs[Int.random(in: 0..<w.pairs.count, using: &random)]
                    made[device].append(try OfflineRevision.Review(
                        id: "s\(session)-d\(device)-\(n)-op", pairID: pair.id!, direction: Bool.random(using: &random) ? .englishToWelsh : .welshToEnglish,
                        rating: Rating(rawValue: Int.random(in: 1...4, using: &random))!, at: start.addingTimeInterval(clock[device] + skew[device]), seconds: 3))
                }
            }
            if session % 10 == 0, let doomed = made[1].first {
                try await w.store.deletePair(accountID: w.learner.id, pairID: doomed.pairID)
            }
            // Sends: a device sends some of what it made so far, from anywhere in its queue (it
            // resends what it never heard back about); at the end each sends everything.
            var sends: [[OfflineRevision.Review]] = []
            for _ in 0..<Int.random(in: 0...6, using: &random) {
                let device = Int.random(in: 0..<2, using: &random)
                guard !made[device].isEmpty else { continue }
                let upTo = Int.random(in: 1...made[device].count, using: &random)
                let from = Int.random(in: 0..<upTo, using: &random)
                sends.append(Array(made[device][from..<upTo]))
            }
            sends += [made[0], made[1]].shuffled(using: &random)

            // The plain replay: each id once, a batch in the order made, each at its device's
            // time kept between the card's last review and the moment the batch arrived (and no
            // more than `oldestDeviceTime` before it).
            var replayed: [String: Card] = [:]
            var applied = Set<String>()
            let kept = Set(try await w.store.allPairs(accountID: w.learner.id).compactMap(\.id))
            for (k, batch) in sends.enumerated() {
                let now = start.addingTimeInterval(30 * 86_400 + Double(k) * 60)
                let outcomes = try await w.offline.apply(batch, accountID: w.learner.id, now: now)
                for review in batch.enumerated().sorted(by: { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }).map(\.element) {
                    let outcome = outcomes.first { $0.id == review.id }?.outcome
                    guard kept.contains(review.pairID) else { #expect(outcome == .gone); continue }
                    let key = "\(review.pairID)-\(review.direction)"
                    guard applied.insert(review.id).inserted else {
                        #expect(outcome == .alreadyApplied(card: replayed[key]), "session \(session): \(review.id) applied twice")
                        continue
                    }
                    var at = OfflineRevision.deviceTime(review.at, now: now)
                    if let last = replayed[key]?.lastReview, at < last { at = last }
                    replayed[key] = scheduler.review(replayed[key] ?? Card(due: at), rating: review.rating, at: at).card
                    #expect(outcome == .applied(card: replayed[key]!, at: at), "session \(session): \(review.id)")
                }
            }
            #expect(try await w.store.reviewCount(accountID: w.learner.id) == applied.count)
            for pair in w.pairs where kept.contains(pair.id!) {
                for direction in Direction.allCases {
                    let stored = try await w.store.card(accountID: w.learner.id, pairID: pair.id!, direction: direction)
                    #expect(stored == replayed["\(pair.id!)-\(direction)"], "session \(session)")
                }
            }
        }
    }

    @Test func aWrongClockCannotScheduleBeforeTheLastReviewOrAfterNow() async throws {
        let w = try await world(pairs: 1)
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        let pair = w.pairs[0]
        // A clock a year ahead: the review is kept at the moment it arrives.
        let ahead = try await w.offline.apply([try review("ahead-clock-1", pair, .good, at: now.addingTimeInterval(365 * 86_400))],
                                              accountID: w.learner.id, now: now)
        #expect(ahead.first?.outcome == .applied(card: try #require(try await w.store.card(accountID: w.learner.id, pairID: pair.id!, direction: .englishToWelsh)), at: now))
        // A clock a year behind: kept at the card's last review, never before it.
        let later = now.addingTimeInterval(120)
        let behind = try await w.offline.apply([try review("behind-clock-1", pair, .good, at: now.addingTimeInterval(-365 * 86_400))],
                                               accountID: w.learner.id, now: later)
        guard case .applied(let card, let at) = behind.first?.outcome else { Issue.record("not applied: \(behind)"); return }
        #expect(at == now && card.lastReview == now)
        #expect(card.due >= now)
        // A card never reviewed, from a clock reset to 1970: taken as made 30 days ago at most.
        let other = w.pairs.count > 1 ? w.pairs[1] : try await w.store.savePair(accountID: w.learner.id, Pair(english: "dog", welsh: "ci"),
                                                                                 pairLimit: nil, now: now)
        let reset = try await w.offline.apply([try review("reset-clock-1", other, .good, at: Date(timeIntervalSince1970: 0))],
                                              accountID: w.learner.id, now: later)
        guard case .applied(_, let taken) = reset.first?.outcome else { Issue.record("not applied: \(reset)"); return }
        #expect(taken == later.addingTimeInterval(-OfflineRevision.oldestDeviceTime))
    }

    @Test func aDeletedOrAnothersPairIsGoneAndTheRestIsApplied() async throws {
        let w = try await world(pairs: 2)
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        try await w.store.deletePair(accountID: w.learner.id, pairID: w.pairs[1].id!)
        let outcomes = try await w.offline.apply([try review("kept-pair-1", w.pairs[0], .good, at: now),
                                                  try review("deleted-pair", w.pairs[1], .good, at: now)], accountID: w.learner.id, now: now)
        #expect(outcomes.map(\.outcome.isApplied) == [true, false])
        #expect(outcomes.last?.outcome == .gone)
        // Another learner's device naming her pair reaches nothing.
        let theirs = try await w.offline.apply([try review("not-mine-01", w.pairs[0], .again, at: now)], accountID: w.other.id, now: now)
        #expect(theirs.first?.outcome == .gone)
        #expect(try await w.store.reviewCount(accountID: w.other.id) == 0)
        #expect(try await w.store.reviewCount(accountID: w.learner.id) == 1)
    }

    @Test func malformedIdsAndOversizedBatchesAreRefused() async throws {
        let w = try await world(pairs: 1)
        for id in ["", "short", String(repeating: "a", count: 65), "has space here", "semi;colon;id", "ünïcödé-id"] {
            #expect(throws: OfflineRevisionError.operationID(id)) { _ = try review(id, w.pairs[0], .good, at: Date()) }
        }
        let many = try (0...OfflineRevision.batchLimit).map { try review("operation-\($0)", w.pairs[0], .good, at: Date()) }
        await #expect(throws: OfflineRevisionError.tooMany(many.count)) { _ = try await w.offline.apply(many, accountID: w.learner.id, now: Date()) }
        #expect(try await w.store.reviewCount(accountID: w.learner.id) == 0)
    }

    @Test func thePackHoldsBothDirectionsWithinTheDaysAllowance() async throws {
        let w = try await world(pairs: 30)
        let pack = try await w.offline.pack(accountID: w.learner.id, now: Date())
        #expect(pack.queues.map(\.direction) == Direction.allCases)
        // Twenty new cards a day by default.
        #expect(pack.queues.allSatisfy { $0.cards.count == StudySettings.standard.newCardsPerDay })
        #expect(pack.scheduler.desiredRetention == StudySettings.standard.desiredRetention)
        #expect(try await w.offline.pack(accountID: w.other.id, now: Date()).queues.allSatisfy(\.cards.isEmpty))
    }
}

extension OfflineRevision.Outcome {
    var isApplied: Bool {
        if case .applied = self { true } else { false }
    }
}
