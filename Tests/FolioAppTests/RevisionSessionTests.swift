import FolioApp
import FolioCore
import FolioStore
import Foundation
import Testing
import Vocabulary

/// A sitting of revision: the order of its cards, a card rated Again coming back, its state in a
/// token, its summary, and the intervals the rating buttons show.
@Suite struct RevisionSessionTests {
    func due(_ id: Int64) -> DuePair { DuePair(pair: Pair(id: PairID(id), english: "e\(id)", welsh: "w\(id)"), card: nil) }

    @Test func aCardRatedAgainComesBackAfterOtherAnswersOrWhenNothingElseIsLeft() {
        var session = RevisionSession(size: 10)
        let queue = (1...5).map(due)
        #expect(session.next(queue: queue) == .fresh(due(1)))
        session.record(PairID(1), verdict: .wrong, rating: .again)
        for id in Int64(2)...4 {
            #expect(session.next(queue: queue) == .fresh(due(id)))
            session.record(PairID(id), verdict: .right, rating: .good)
        }
        // Three answers later its turn has come, ahead of pair 5.
        #expect(session.next(queue: queue) == .again(PairID(1)))
        session.record(PairID(1), verdict: .almost, rating: .hard)
        #expect(session.next(queue: queue) == .fresh(due(5)))
        session.record(PairID(5), verdict: .wrong, rating: .again)
        // Nothing new is left: pair 5 comes back at once, and again after each Again.
        #expect(session.next(queue: queue) == .again(PairID(5)))
        session.record(PairID(5), verdict: .wrong, rating: .again)
        #expect(session.next(queue: queue) == .again(PairID(5)))
        session.record(PairID(5), verdict: .right, rating: .good)
        #expect(session.next(queue: queue) == .finished)
        #expect((session.answered, session.right, session.almost, session.wrong) == (8, 4, 1, 3))
        #expect(session.seen == (1...5).map { PairID($0) })
    }

    @Test func aSessionStopsAtItsSize() {
        var session = RevisionSession(size: 10)
        let queue = (1...30).map(due)
        for _ in 0..<10 {
            guard case .fresh(let next) = session.next(queue: queue) else { Issue.record("no fresh card"); return }
            session.record(next.pair.id!, verdict: .right, rating: .good)
        }
        #expect(session.next(queue: queue) == .finished)
        #expect(session.planned(unseenInQueue: 20) == 10)
        #expect(RevisionSession(size: 7).size == RevisionSession.defaultSize)
    }

    @Test func theTokenCarriesTheSessionAndRefusesWhatNoSessionWrites() throws {
        var session = RevisionSession(size: 20)
        session.record(PairID(12), verdict: .wrong, rating: .again)
        session.record(PairID(7), verdict: .right, rating: .easy)
        session.record(PairID(9), verdict: nil, rating: .hard)
        let token = session.token
        #expect(token == "3-1-0-1.12-7-9.12_4.9_n")
        #expect(try RevisionSession(token: "3-1-0-1.12-7-9.12_4", size: 20).last == nil, "a token from before `last`")
        #expect(try RevisionSession(token: token, size: 20) == session)
        #expect(try RevisionSession(token: "", size: 50) == RevisionSession(size: 50))
        for bad in ["x", "1-1-0-0..", "3-1-0-1.12-7-9", "1-5-0-0.1.", "3-1-0-1.12-12.", "2-0-0-0.1-2-3.", "3-1-0-1.12-7-9.44_4",
                    "3-1-0-1.12-7-9.12_x", "999999-0-0-0..", "1-0-0-0.0.", "1-0-0-0.-1.", "3-1-0-1.12-7-9.12_4.44_n",
                    "3-1-0-1.12-7-9.12_4.9_q", "3-1-0-1.12-7-9.12_4_x", "0-0-0-0.5.", "3-1-0-1.12-7-9.12_4.9_n.x"] {
            #expect(throws: RevisionError.session, "\(bad)") { try RevisionSession(token: bad, size: 20) }
        }
        // More pairs than a session of that size asks is no session's token.
        let eleven = (1...11).map(String.init).joined(separator: "-")
        #expect(throws: RevisionError.session) { try RevisionSession(token: "11-0-0-0.\(eleven).", size: 10) }
    }

    /// Undo: the answer leaves the counts (the summary said "4 answers" of 3 cards), and the card
    /// is asked again at once as a retake, never as one "rated Again".
    @Test func aRatingTakenBackLeavesTheCountsAndIsAskedAgainAsARetake() throws {
        var session = RevisionSession(size: 10)
        let queue = (1...3).map(due)
        session.record(PairID(1), verdict: .right, rating: .easy)
        session.takeBack(PairID(1))
        #expect((session.answered, session.right) == (0, 0))
        #expect(session.next(queue: queue) == .again(PairID(1)) && session.isRetake(PairID(1)))
        #expect(try RevisionSession(token: session.token, size: 10) == session)
        session.record(PairID(1), verdict: .right, rating: .good)
        #expect((session.answered, session.right) == (1, 1) && !session.isRetake(PairID(1)) && session.returns.isEmpty)
        session.record(PairID(2), verdict: .wrong, rating: .again)
        // A rating taken back elsewhere (not this session's last answer) counts nothing out.
        session.takeBack(PairID(1))
        #expect((session.answered, session.right, session.wrong) == (2, 1, 1))
        #expect(session.next(queue: queue) == .again(PairID(1)))
        #expect(try RevisionSession(token: session.token, size: 10) == session)
    }

    struct World {
        let store: AppDatabase
        let revision: Revision
        let learner: Account
        let other: Account
        let pairs: [Pair]
    }

    func world() async throws -> World {
        let store = try AppDatabase.inMemory()
        let learner = try await store.createAccount(username: "learner", passwordHash: "x", now: Date())
        let other = try await store.createAccount(username: "other", passwordHash: "x", now: Date())
        var pairs: [Pair] = []
        for (english, welsh) in [("bread", "bara"), ("man", "gŵr"), ("woman", "gwraig")] {
            pairs.append(try await store.savePair(accountID: learner.id, Pair(english: english, welsh: welsh, tags: ["Basics"]),
                                                  pairLimit: nil, now: Date()))
        }
        return World(store: store, revision: Revision(store: store), learner: learner, other: other, pairs: pairs)
    }

    @Test func aSessionOverTheStoreBringsBackAgainAndEndsWithASummary() async throws {
        let w = try await world()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        var session = RevisionSession(size: 10)
        var asked: [String] = []
        while true {
            let step = try await w.revision.next(in: session, accountID: w.learner.id, tag: "Basics", direction: .englishToWelsh, now: now)
            session = step.session
            guard let pair = step.pair else { break }
            #expect(step.planned == 3)
            asked.append(pair.english + (step.isReturn ? " again" : ""))
            // bread is wrong the first time only.
            let wrong = pair.english == "bread" && !step.isReturn
            let rating: Rating = wrong ? .again : .good
            try await w.revision.rate(accountID: w.learner.id, pairID: pair.id!, direction: .englishToWelsh, rating: rating, seconds: 2, now: now)
            session.record(pair.id!, verdict: wrong ? .wrong : .right, rating: rating)
            if asked.count > 10 { Issue.record("no end: \(asked)"); break }
        }
        #expect(asked == ["bread", "man", "woman", "bread again"])
        let summary = try await w.revision.summary(of: session, accountID: w.learner.id, tag: "Basics", direction: .englishToWelsh, now: now)
        #expect(summary.cards.map(\.pair.english) == ["bread", "man", "woman"])
        #expect(summary.cards.allSatisfy { $0.card != nil })
        #expect(summary.nextDue == now.addingTimeInterval(600))
        #expect(summary.waiting == 0)
        #expect((session.right, session.almost, session.wrong) == (3, 0, 1))
        // The other direction is all new.
        let other = try await w.revision.summary(of: RevisionSession(), accountID: w.learner.id, tag: nil, direction: .welshToEnglish, now: now)
        #expect(other.waiting == 3 && other.cards.isEmpty)
    }

    @Test func anotherAccountsPairsNeitherComeUpNorShowInASummary() async throws {
        let w = try await world()
        var session = RevisionSession()
        session.record(w.pairs[0].id!, verdict: .wrong, rating: .again)
        let step = try await w.revision.next(in: session, accountID: w.other.id, tag: nil, direction: .englishToWelsh, now: Date())
        // The returning card is not the other account's to see: it drops out and the session ends.
        #expect(step.pair == nil && step.session.returns.isEmpty)
        let summary = try await w.revision.summary(of: session, accountID: w.other.id, tag: nil, direction: .englishToWelsh, now: Date())
        #expect(summary.cards.isEmpty)
        #expect(try await w.revision.cards(accountID: w.other.id, pairID: w.pairs[0].id!).allSatisfy { $0.card == nil })
        #expect(try await w.revision.history(accountID: w.other.id, pairID: w.pairs[0].id!, limit: 10, offset: 0).total == 0)
    }

    @Test func eachRatingsNextDueIsWhatRatingThenStores() async throws {
        let w = try await world()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let id = w.pairs[1].id!
        let fresh = try await w.revision.outcomes(accountID: w.learner.id, pairID: id, direction: .englishToWelsh, now: now)
        #expect(fresh.map(\.rating) == [.again, .hard, .good, .easy])
        // py-fsrs's defaults for a new card: 1 min, 5.5 min (the mean of the first two steps), 10 min, then days.
        #expect(fresh.map { $0.due.timeIntervalSince(now) }.prefix(3) == [60, 330, 600])
        #expect(fresh[3].due.timeIntervalSince(now) >= 86_400)
        for (rating, due) in fresh {
            let scratch = try await world()
            let card = try await scratch.revision.rate(accountID: scratch.learner.id, pairID: scratch.pairs[1].id!, direction: .englishToWelsh,
                                                       rating: rating, seconds: nil, now: now)
            #expect(card.due == due, "\(rating)")
        }
        // Later reviews grow: Good after a graduated card is days away, Again is minutes.
        try await w.revision.rate(accountID: w.learner.id, pairID: id, direction: .englishToWelsh, rating: .easy, seconds: nil, now: now)
        let later = now.addingTimeInterval(10 * 86_400)
        let review = try await w.revision.outcomes(accountID: w.learner.id, pairID: id, direction: .englishToWelsh, now: later)
        #expect(review[0].due.timeIntervalSince(later) == 600)
        #expect(review[2].due.timeIntervalSince(later) > 5 * 86_400)
        #expect(review.map(\.due) == review.map(\.due).sorted())
        // The page's history of the pair, in pages.
        let history = try await w.revision.history(accountID: w.learner.id, pairID: id, limit: 1, offset: 0)
        #expect(history.total == 1 && history.items.first?.rating == .easy)
    }
}
