import FolioApp
import FolioCore
import FolioStore
import Foundation
import Testing
import Vocabulary

/// Pairs added, edited and deleted on a device without a connection, sent when it is back: each
/// change made once, and of two changes to one pair the later stands, whichever arrives first.
@Suite struct OfflinePairsTests {
    struct World {
        let store: AppDatabase
        let offline: OfflinePairs
        let learner: Account
        let other: Account
    }

    func world(pairLimit: Int? = nil) async throws -> World {
        let store = try AppDatabase.inMemory()
        let learner = try await store.createAccount(username: "learner", passwordHash: "x", now: Date())
        let other = try await store.createAccount(username: "other", passwordHash: "x", now: Date())
        return World(store: store, offline: OfflinePairs(book: PairBook(store: store, pairLimit: pairLimit)), learner: learner, other: other)
    }

    func change(_ id: String, _ change: PairChange, at: Date) throws -> OfflinePairs.Change {
        try OfflinePairs.Change(id: id, change: change, madeAt: at)
    }

    let start = Date(timeIntervalSince1970: 1_790_000_000)

    @Test func aPairAddedEditedAndDeletedOnADeviceIsChangedOnceWhateverIsSentAgain() async throws {
        let w = try await world()
        let man = try await w.store.savePair(accountID: w.learner.id, Pair(english: "man", welsh: "gŵr"), pairLimit: nil, now: start)
        let batch = [
            try change("add-cat-0001", .add(Pair(english: "cat", welsh: "cath", tags: ["animals"])), at: start.addingTimeInterval(10)),
            try change("edit-man-0001", .edit(man.id!, Pair(english: "man", welsh: "dyn", note: "also gŵr")), at: start.addingTimeInterval(20)),
        ]
        let now = start.addingTimeInterval(3_600)
        let first = try await w.offline.apply(batch, accountID: w.learner.id, now: now)
        guard case .applied(let cat?) = first[0].outcome else { Issue.record("not added: \(first)"); return }
        #expect(cat.english == "cat" && cat.tags == ["Animals"])
        #expect(first[1].outcome == .applied(Pair(id: man.id, english: "man", welsh: "dyn", note: "also gŵr")))
        // Sent again (the answer was lost): the same pair answered, nothing added or changed.
        let again = try await w.offline.apply(batch, accountID: w.learner.id, now: now.addingTimeInterval(60))
        #expect(again.map(\.outcome) == [.alreadyApplied(cat), .alreadyApplied(Pair(id: man.id, english: "man", welsh: "dyn", note: "also gŵr"))])
        #expect(try await w.store.pairCount(accountID: w.learner.id) == 2)
        // Deleted on the device later; an edit of it sent after that is gone.
        let deleted = try await w.offline.apply([try change("delete-cat-01", .delete(cat.id!), at: start.addingTimeInterval(30)),
                                                 try change("edit-cat-0001", .edit(cat.id!, Pair(english: "kitten")), at: start.addingTimeInterval(40))],
                                                accountID: w.learner.id, now: now.addingTimeInterval(120))
        #expect(deleted.map(\.outcome) == [.applied(nil), .gone])
        // And the other account's device reaches none of the learner's pairs.
        let other = try await w.offline.apply([try change("other-edit-01", .edit(man.id!, Pair(english: "x")), at: now),
                                               try change("other-delete1", .delete(man.id!), at: now)],
                                              accountID: w.other.id, now: now.addingTimeInterval(180))
        #expect(other.map(\.outcome) == [.gone, .gone])
        #expect(try await w.store.pair(accountID: w.learner.id, id: man.id!)?.welsh == "dyn")
    }

    @Test func theLaterChangeStandsWhicheverArrivesFirstAndAWrongClockCannotWin() async throws {
        let w = try await world()
        let man = try await w.store.savePair(accountID: w.learner.id, Pair(english: "man", welsh: "gŵr"), pairLimit: nil, now: start)
        let now = start.addingTimeInterval(3_600)
        // The phone's edit (made at +20 min) arrives after the laptop's (made at +40 min): the laptop's stands.
        #expect(try await w.offline.apply([try change("laptop-edit-1", .edit(man.id!, Pair(english: "man", welsh: "dyn")), at: start.addingTimeInterval(2_400))],
                                          accountID: w.learner.id, now: now).map(\.outcome)
                == [.applied(Pair(id: man.id, english: "man", welsh: "dyn"))])
        #expect(try await w.offline.apply([try change("phone-edit-01", .edit(man.id!, Pair(english: "man", welsh: "gwr")), at: start.addingTimeInterval(1_200))],
                                          accountID: w.learner.id, now: now).map(\.outcome)
                == [.later(Pair(id: man.id, english: "man", welsh: "dyn"))])
        // A clock a year ahead is taken as now: an edit made online a minute later still wins over it.
        _ = try await w.offline.apply([try change("ahead-edit-01", .edit(man.id!, Pair(english: "man", welsh: "gwryw")), at: now.addingTimeInterval(365 * 86_400))],
                                      accountID: w.learner.id, now: now)
        _ = try await PairBook(store: w.store, pairLimit: nil).edit(man.id!, accountID: w.learner.id, now: now.addingTimeInterval(60)) { $0.note = "online" }
        #expect(try await w.offline.apply([try change("ahead-edit-02", .edit(man.id!, Pair(english: "man", welsh: "x")), at: now.addingTimeInterval(365 * 86_400))],
                                          accountID: w.learner.id, now: now.addingTimeInterval(30)).map(\.outcome)
                == [.later(Pair(id: man.id, english: "man", welsh: "gwryw", note: "online"))])
    }

    @Test func anEditOfSomeFieldsKeepsTheOthersAsChangedMeanwhile() async throws {
        let w = try await world()
        let cat = try await w.store.savePair(accountID: w.learner.id, Pair(english: "cat", welsh: "cath"), pairLimit: nil, now: start)
        // The desktop writes a note; later the phone, offline since before it, changes the tags only.
        _ = try await PairBook(store: w.store, pairLimit: nil).edit(cat.id!, accountID: w.learner.id, now: start.addingTimeInterval(60)) { $0.note = "desktop note" }
        let phone = try change("phone-tags-01", .edit(cat.id!, Pair(english: "cat", welsh: "cath", tags: ["Animals"])), at: start.addingTimeInterval(120))
        var tagsOnly = phone
        tagsOnly.fields = [.tags]
        let outcomes = try await w.offline.apply([tagsOnly], accountID: w.learner.id, now: start.addingTimeInterval(600))
        #expect(outcomes.map(\.outcome) == [.applied(Pair(id: cat.id, english: "cat", welsh: "cath", note: "desktop note", tags: ["Animals"]))])
        // Every field sent (no list), the phone's empty note stands, as the later change.
        let whole = try change("phone-whole-1", .edit(cat.id!, Pair(english: "cat", welsh: "cath")), at: start.addingTimeInterval(130))
        #expect(try await w.offline.apply([whole], accountID: w.learner.id, now: start.addingTimeInterval(600)).map(\.outcome)
                == [.applied(Pair(id: cat.id, english: "cat", welsh: "cath"))])
    }

    @Test func aPairThatCannotBeKeptIsRefusedWithItsReasonAndTheRestIsMade() async throws {
        let w = try await world(pairLimit: 1)
        let outcomes = try await w.offline.apply([try change("empty-add-001", .add(Pair(note: "no sides")), at: start),
                                                  try change("fine-add-0001", .add(Pair(english: "one")), at: start.addingTimeInterval(1)),
                                                  try change("over-quota-01", .add(Pair(english: "two")), at: start.addingTimeInterval(2))],
                                                 accountID: w.learner.id, now: start.addingTimeInterval(60))
        #expect(outcomes[0].outcome == .refused("Fill in the English, the Welsh or both."))
        #expect(outcomes[1].outcome.isApplied)
        guard case .refused(let message) = outcomes[2].outcome else { Issue.record("\(outcomes[2])"); return }
        #expect(message.contains("1"))
        #expect(try await w.store.pairCount(accountID: w.learner.id) == 1)
    }

    @Test func malformedIdsAndOversizedBatchesAreRefused() async throws {
        #expect(throws: OfflineRevisionError.operationID("x")) { try change("x", .delete(PairID(1)), at: start) }
        let w = try await world()
        let many = try (0...OfflinePairs.batchLimit).map { try change("many-\($0)-op", .add(Pair(english: "w\($0)")), at: start) }
        await #expect(throws: OfflinePairsError.tooMany(OfflinePairs.batchLimit + 1)) {
            _ = try await w.offline.apply(many, accountID: w.learner.id, now: start)
        }
        #expect(try await w.store.pairCount(accountID: w.learner.id) == 0)
    }

    /// Two devices of one account change its pairs offline and sync at random: batches cut
    /// anywhere and sent again (a lost answer), interleaved, one device's clock days off, a change
    /// of a pair the device itself added sent once the server has named it, pairs that cannot be
    /// kept. Nothing is lost, nothing made twice, and every pair ends as a plain replay of the sends
    /// in the order they arrived says it must.
    @Test func randomSyncsOfTwoDevicesEndAsTheServersOwnReplay() async throws {
        var random = SeededRandom(seed: 2026_11_28_2)
        let shared = try await world()
        let words = ["cat", "dog", "man", "tree", "bread", ""]
        for session in 0..<200 {
            let learner = try await shared.store.createAccount(username: "learner\(session)", passwordHash: "x", now: start)
            let sessionStart = start.addingTimeInterval(Double(session) * 86_400)
            var model: [PairID: (pair: Pair, updatedAt: Date)] = [:]
            for i in 0..<3 {
                let pair = try await shared.store.savePair(accountID: learner.id, Pair(english: "word \(i)", welsh: "gair \(i)"), pairLimit: nil, now: sessionStart)
                model[pair.id!] = (pair, sessionStart)
            }
            // What each device made, in order: a target is a pair the server has, or the n-th change
            // (an add) of the same device.
            enum Target { case server(PairID), added(Int) }
            struct Made { let id: String; let kind: String; let target: Target?; let pair: Pair?; let at: Date }
            let skew = [0.0, Double(Int.random(in: -3...3, using: &random)) * 86_400 + Double(Int.random(in: -600...600, using: &random))]
            var made: [[Made]] = [[], []]
            for device in 0..<2 {
                var clock = 0.0
                var known: [Target] = model.keys.sorted { $0.rawValue < $1.rawValue }.map { .server($0) }
                for n in 0..<Int.random(in: 0...10, using: &random) {
                    clock += Double(Int.random(in: 1...7_200, using: &random))
                    let at = sessionStart.addingTimeInterval(clock + skew[device])
                    let fields = Pair(english: words.randomElement(using: &random)!, welsh: words.randomElement(using: &random)!,
                                      tags: Bool.random(using: &random) ? ["Food"] : [])
                    let id = "s\(session)-d\(device)-\(n)-op"
                    switch Int.random(in: 0..<3, using: &random) {
                    case 0:
                        made[device].append(Made(id: id, kind: "add", target: nil, pair: fields, at: at))
                        known.append(.added(n))
                    case 1 where !known.isEmpty:
                        made[device].append(Made(id: id, kind: "edit", target: known.randomElement(using: &random)!, pair: fields, at: at))
                    default:
                        guard !known.isEmpty else { continue }
                        made[device].append(Made(id: id, kind: "delete", target: known.randomElement(using: &random)!, pair: nil, at: at))
                    }
                }
            }
            // What each device has heard of its adds: the pair the server made (nil: refused).
            var named: [[Int: PairID?]] = [[:], [:]]
            // The changes a device has had an answer for (or dropped: a change of a pair whose add was refused).
            var answered = Set<String>()
            func changes(_ device: Int, _ indexes: [Int]) throws -> [OfflinePairs.Change] {
                var batch: [OfflinePairs.Change] = []
                for m in indexes.map({ made[device][$0] }) {
                    let change: PairChange
                    switch (m.kind, m.target) {
                    case ("add", _): change = .add(m.pair!)
                    case (let kind, .server(let id)?): change = kind == "edit" ? .edit(id, m.pair!) : .delete(id)
                    case (let kind, .added(let n)?):
                        // A change of a pair added here waits for the add's answer; of one refused, it is dropped.
                        guard let heard = named[device][n] else { return batch }
                        guard let id = heard else { answered.insert(m.id); continue }
                        change = kind == "edit" ? .edit(id, m.pair!) : .delete(id)
                    default: continue
                    }
                    batch.append(try OfflinePairs.Change(id: m.id, change: change, madeAt: m.at))
                }
                return batch
            }
            var sends: [(device: Int, indexes: [Int])] = []
            for _ in 0..<Int.random(in: 0...6, using: &random) {
                let device = Int.random(in: 0..<2, using: &random)
                guard !made[device].isEmpty else { continue }
                let upTo = Int.random(in: 1...made[device].count, using: &random)
                sends.append((device, Array(Int.random(in: 0..<upTo, using: &random)..<upTo)))
            }
            // Then each device sends what it has not heard back about, as often as it takes for
            // the changes of pairs it added to go after their adds.
            var finalRounds = 0

            // The plain replay: each id once, a batch in the order made, at its device's time kept
            // within the last 30 days; an edit or deletion only of a pair there and not changed later.
            var applied: [String: PairID?] = [:]
            var k = 0
            while true {
                if k == sends.count {
                    let pending = (0..<2).map { device in made[device].indices.filter { !answered.contains(made[device][$0].id) } }
                    guard pending.contains(where: { !$0.isEmpty }), finalRounds < 20 else { break }
                    finalRounds += 1
                    for device in [0, 1].shuffled(using: &random) where !pending[device].isEmpty { sends.append((device, pending[device])) }
                }
                let send = sends[k]
                k += 1
                let batch = try changes(send.device, send.indexes)
                answered.formUnion(batch.map(\.id))
                let now = sessionStart.addingTimeInterval(30 * 86_400 + Double(k) * 60)
                let outcomes = try await shared.offline.apply(batch, accountID: learner.id, now: now)
                for change in batch.enumerated().sorted(by: { ($0.element.madeAt, $0.offset) < ($1.element.madeAt, $1.offset) }).map(\.element) {
                    let outcome = outcomes.first { $0.id == change.id }?.outcome
                    let at = OfflineRevision.deviceTime(change.madeAt, now: now)
                    let expected: OfflinePairs.Outcome
                    if let first = applied[change.id] {
                        switch change.change {
                        case .add: expected = .alreadyApplied(first.flatMap { model[$0]?.pair })
                        case .edit(let id, _), .delete(let id): expected = .alreadyApplied(model[id]?.pair)
                        }
                    } else {
                        switch change.change {
                        case .add(let pair):
                            guard case .applied(let added?)? = outcome else {
                                #expect(outcome == .refused("Fill in the English, the Welsh or both."), "session \(session): \(change.id)")
                                #expect(pair.english.isEmpty && pair.welsh.isEmpty)
                                if let n = made[send.device].firstIndex(where: { $0.id == change.id }) { named[send.device][n] = .some(nil) }
                                continue
                            }
                            model[added.id!] = (Pair(id: added.id, english: pair.english, welsh: pair.welsh, tags: pair.tags), at)
                            applied[change.id] = added.id
                            expected = .applied(model[added.id!]!.pair)
                        case .edit(let id, let pair):
                            if let stored = model[id] {
                                if stored.updatedAt > at {
                                    expected = .later(stored.pair)
                                } else if pair.english.isEmpty && pair.welsh.isEmpty {
                                    expected = .refused("Fill in the English, the Welsh or both.")
                                } else {
                                    model[id] = (Pair(id: id, english: pair.english, welsh: pair.welsh, tags: pair.tags), at)
                                    applied[change.id] = .some(nil)
                                    expected = .applied(model[id]!.pair)
                                }
                            } else {
                                expected = .gone
                            }
                        case .delete(let id):
                            if let stored = model[id] {
                                if stored.updatedAt > at {
                                    expected = .later(stored.pair)
                                } else {
                                    model[id] = nil
                                    applied[change.id] = .some(nil)
                                    expected = .applied(nil)
                                }
                            } else {
                                expected = .gone
                            }
                        }
                    }
                    #expect(outcome == expected, "session \(session): \(change.id)")
                    if case .add = change.change, let n = made[send.device].firstIndex(where: { $0.id == change.id }) {
                        named[send.device][n] = .some(applied[change.id] ?? nil)
                    }
                }
            }
            #expect(finalRounds < 20, "session \(session): changes left unsent")
            #expect(Set(try await shared.store.allPairs(accountID: learner.id)) == Set(model.values.map(\.pair)), "session \(session)")
        }
    }
}

extension OfflinePairs.Outcome {
    var isApplied: Bool {
        if case .applied = self { true } else { false }
    }
}
