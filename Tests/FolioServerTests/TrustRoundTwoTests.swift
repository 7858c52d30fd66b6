import FolioApp
import FolioCore
import FolioStore
import FolioTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Monologues
import Synchronization
import Testing
@testable import FolioServer

/// What one request may make the server do, bounded: audition sets made once per brief behind a
/// gate, an account's costly vocabulary work one at a time, a gate's queue that refuses rather
/// than grows, password checks shared fairly between networks, and cookies that keep to https.
@Suite struct TrustRoundTwoTests {
    @Test func auditionSetsAreMadeOncePerBriefAndRevision() async throws {
        let library = MonologueLibrary(AuditionSetsServerTests.library)
        let cache = AuditionSetCache(gate: WorkGate(capacity: 1, busyMessage: AuditionSetCache.busyMessage))
        let plan = AuditionPlan(brief: AuditionBrief(seconds: 200))
        // The same brief asked at once by many, then again: the sets are the plan's own, kept once.
        let answers = try await withThrowingTaskGroup(of: [AuditionSet].self) { group in
            for _ in 0..<8 { group.addTask { try await cache.sets(plan, in: library, revision: 1, personal: .none) } }
            return try await group.reduce(into: [[AuditionSet]]()) { $0.append($1) }
        }
        let direct = plan.sets(in: library)
        #expect(!direct.isEmpty && answers.allSatisfy { $0 == direct })
        #expect(cache.count == 1)
        // A new revision of the library, or an actor who recast a role, is a brief of its own;
        // an actor's own tags are not.
        _ = try await cache.sets(plan, in: library, revision: 2, personal: .none)
        _ = try await cache.sets(plan, in: library, revision: 2, personal: PersonalView(tags: ["x": ["mine"]]))
        #expect(cache.count == 2)
        _ = try await cache.sets(plan, in: library, revision: 2, personal: PersonalView(genders: ["hamlet-3-1-hamlet-1": .female]))
        #expect(cache.count == 3)
    }

    @Test func aGatePastItsQueueRefusesAtOnce() async throws {
        let gate = WorkGate(capacity: 1, patience: .seconds(30), queueLength: 1, busyMessage: "busy now")
        let release = DispatchSemaphore(value: 0)
        let first = Task { try await gate.run(closing: nil) { _ in release.wait() } }
        while gate.running < 1 { try await Task.sleep(for: .milliseconds(5)) }
        let second = Task { try await gate.run(closing: nil) { _ in 2 } }
        try await Task.sleep(for: .milliseconds(50))
        let start = ContinuousClock.now
        let refused = try await #require(throws: HTTPError.self) { try await gate.run(closing: nil) { _ in 3 } }
        #expect(ContinuousClock.now - start < .seconds(5), "refused without waiting out its patience")
        #expect(refused.status == .serviceUnavailable && refused.headers[.retryAfter] == "1" && refused.body == "busy now")
        release.signal()
        try await first.value
        #expect(try await second.value == 2)
    }

    @Test func anAccountHasOneExportAtATime() async throws {
        let work = AccountWork(gate: WorkGate(capacity: 4), oneAtATime: "one at a time")
        let ann = Account(id: Account.ID(rawValue: 1), username: "ann"), bob = Account(id: Account.ID(rawValue: 2), username: "bob")
        let release = DispatchSemaphore(value: 0)
        let started = Atomic<Int>(0)
        let first = Task { try await work.run(for: ann) { runner in
            try await runner.run { _ in started.add(1, ordering: .relaxed); release.wait() }
        } }
        while started.load(ordering: .relaxed) < 1 { try await Task.sleep(for: .milliseconds(5)) }
        // Ann's second is refused with a wait to come back after; Bob's goes ahead.
        let refused = try await #require(throws: HTTPError.self) { try await work.run(for: ann) { _ in 1 } }
        #expect(refused.status == .tooManyRequests && refused.headers[.retryAfter] == "1")
        #expect(try await work.run(for: bob) { runner in try await runner.run { _ in 2 } } == 2)
        release.signal()
        try await first.value
        #expect(try await work.run(for: ann) { _ in 3 } == 3)
    }

    @Test func aFloodFromOneNetworkWaitsInItsOwnLine() async throws {
        // One thread, room for eight waiting; a network may have two running or waiting.
        let passwords = Passwords(cost: 4, threads: 1, queueLength: 8)
        let release = DispatchSemaphore(value: 0)
        final class Order: Sendable { let labels = Mutex<[String]>([]) }
        let order = Order()
        func check(_ network: String, _ label: String, hold: Bool = false) -> Task<Void, any Error> {
            Task { try await Passwords.$network.withValue(network) {
                try await passwords.run { if hold { release.wait() }; order.labels.withLock { $0.append(label) } }
            } }
        }
        let flood1 = check("192.0.2.1", "flood 1", hold: true)
        while passwords.outstanding < 1 { try await Task.sleep(for: .milliseconds(5)) }
        let flood2 = check("192.0.2.1", "flood 2")
        while passwords.outstanding < 2 { try await Task.sleep(for: .milliseconds(5)) }
        // The flooding network's third is refused at once; another network's check is taken.
        let refused = try await #require(throws: HTTPError.self) {
            try await Passwords.$network.withValue("192.0.2.1") { try await passwords.run { () } }
        }
        #expect(refused.status == .serviceUnavailable)
        let genuine = check("198.51.100.7", "genuine")
        while passwords.outstanding < 3 { try await Task.sleep(for: .milliseconds(5)) }
        release.signal()
        for task in [flood1, flood2, genuine] { try await task.value }
        let ran = order.labels.withLock { $0 }
        #expect(ran == ["flood 1", "flood 2", "genuine"] || ran == ["flood 1", "genuine", "flood 2"])
    }

    @Test func aNetworkThatKeepsFailingIsCheckedOnTheLowPriorityLane() async throws {
        let passwords = Passwords(cost: 4, threads: 2, queueLength: 8)
        let hash = try await passwords.hash("the right password")
        func lane(_ network: String) async throws -> String? {
            try await Passwords.$network.withValue(network) { try await passwords.run { ThreadName.current } }
        }
        #expect(try await lane("192.0.2.1") == "folio-bcrypt")
        // Three wrong passwords within a minute: that network's checks move to the lane of their own.
        for _ in 0..<3 {
            #expect(try await !Passwords.$network.withValue("192.0.2.1") { try await passwords.verify("a wrong guess", hash: hash) })
        }
        let moved = try await lane("192.0.2.1")
        #expect(moved == "folio-bcrypt-lo", "\(String(describing: moved))")
        // Others are not moved, nor is a check named for no network.
        #expect(try await lane("198.51.100.7") == "folio-bcrypt")
        #expect(try await passwords.run { ThreadName.current } == "folio-bcrypt")
        #expect(try await Passwords.$network.withValue("198.51.100.7") { try await passwords.verify("the right password", hash: hash) })
    }

    @Test func cookiesAreSecureBehindAnHTTPSPublicURL() async throws {
        for (url, secure) in [("https://folio.example.org", true), ("http://folio.example.org", false)] {
            try await TestApp.run(TestApp.configuration(publicURL: url)) { client, _ in
                var visitor = Visitor(client)
                let form = try await visitor.get("/account/login")
                let cookies = form.headers[values: .setCookie]
                #expect(!cookies.isEmpty)
                #expect(cookies.allSatisfy { $0.contains("; Secure") == secure }, "\(url): \(cookies)")
                try await visitor.register("viola")
                #expect(visitor.cookies["folio_session"] != nil)
            }
        }
    }
}
