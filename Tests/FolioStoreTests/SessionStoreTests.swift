import Foundation
import GRDB
import Testing
@testable import FolioStore

@Suite struct SessionStoreTests {
    /// SHA-256 of "abc", from FIPS 180-2's examples.
    static let abcDigest = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"

    @Test func theDatabaseKeepsADigestThatCannotStandInForTheToken() async throws {
        let database = try AppDatabase.inMemory()
        let hamlet = try await database.createAccount(username: "hamlet", passwordHash: "$2b$04$x")
        try await database.createSession(accountID: hamlet.id, token: "abc", lifetime: 3600)

        let stored = try await database.reader.read { db in try String.fetchAll(db, sql: "SELECT tokenDigest FROM session") }
        #expect(stored == [Self.abcDigest])
        #expect(try await database.account(sessionToken: "abc")?.username == "hamlet")
        // Someone holding a copy of the database holds digests, which are not tokens.
        #expect(try await database.account(sessionToken: Self.abcDigest) == nil)
    }

    @Test func signingOutAndChangingAPasswordEndTheRightSessions() async throws {
        let database = try AppDatabase.inMemory()
        let hamlet = try await database.createAccount(username: "hamlet", passwordHash: "$2b$04$x")
        let ophelia = try await database.createAccount(username: "ophelia", passwordHash: "$2b$04$y")
        for token in ["laptop", "phone", "tablet"] {
            try await database.createSession(accountID: hamlet.id, token: token, lifetime: 3600)
        }
        try await database.createSession(accountID: ophelia.id, token: "hers", lifetime: 3600)

        try await database.deleteSession(token: "tablet")
        #expect(try await database.account(sessionToken: "tablet") == nil)
        try await database.deleteSessions(accountID: hamlet.id, except: "laptop")
        #expect(try await database.account(sessionToken: "laptop")?.username == "hamlet")
        #expect(try await database.account(sessionToken: "phone") == nil)
        #expect(try await database.account(sessionToken: "hers")?.username == "ophelia")
    }

    @Test func sessionsFromBeforeDigestsStillSignIn() async throws {
        let queue = try DatabaseQueue()
        try AppDatabase.migrator.migrate(queue, upTo: "v6-characters")
        try await queue.write { db in
            try db.execute(sql: "INSERT INTO account (username, passwordHash, createdAt) VALUES ('yorick', '$2b$04$z', ?)",
                           arguments: [Date()])
            try db.execute(sql: "INSERT INTO session (token, accountId, createdAt, expiresAt) VALUES ('abc', 1, ?, ?)",
                           arguments: [Date(), Date().addingTimeInterval(3600)])
        }
        let database = try AppDatabase(queue)
        #expect(try await database.account(sessionToken: "abc")?.username == "yorick")
        let stored = try await database.reader.read { db in try String.fetchAll(db, sql: "SELECT tokenDigest FROM session") }
        #expect(stored == [Self.abcDigest])
    }

    @Test func logInAttemptsWaitLongerAfterEachFailureUpToACap() async throws {
        let database = try AppDatabase.inMemory()
        let backoff = LoginBackoff()
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        func reserve(_ at: Date) async throws -> AttemptReservation {
            try await database.reserveLoginAttempt(username: "Hamlet", network: "192.0.2.7", backoff: backoff, now: at)
        }
        for _ in 0..<5 { #expect(try await reserve(start) != .wait(seconds: 30)) }
        #expect(try await reserve(start) == .wait(seconds: 30))
        #expect(try await reserve(start.addingTimeInterval(20)) == .wait(seconds: 10))
        // An attempt whose clock was read before the last failure was recorded (guesses sent at
        // once reach the writer in any order) waits the backoff, not a moment more.
        #expect(try await reserve(start.addingTimeInterval(-0.4)) == .wait(seconds: 30))
        var now = start.addingTimeInterval(30)
        var expected: [Int] = []
        var waits: [Int] = []
        for failures in 6...12 {
            guard case .reserved = try await reserve(now) else { Issue.record("refused after its wait"); return }
            guard case .wait(let seconds) = try await reserve(now) else { Issue.record("no wait after \(failures)"); return }
            waits.append(seconds)
            expected.append(min(900, 30 << (failures - 5)))
            now = now.addingTimeInterval(TimeInterval(seconds))
        }
        #expect(waits == expected)
        #expect(waits.last == 900)
        // Failures are forgotten after a day.
        #expect(try await reserve(now.addingTimeInterval(86_401)) != .wait(seconds: 900))
    }

    @Test func failuresCountPerUsernameAndNetworkTogether() async throws {
        let database = try AppDatabase.inMemory()
        let backoff = LoginBackoff()
        // One moment for every attempt: on a busy machine the first wait (30 s) could otherwise
        // run out between two lines of the test (it did, in a run that took 328 s).
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        for _ in 0..<5 { _ = try await database.reserveLoginAttempt(username: "ophelia", network: "198.51.100.1", backoff: backoff, now: now) }
        #expect(try await database.reserveLoginAttempt(username: "OPHELIA", network: "198.51.100.1", backoff: backoff, now: now).isWait)
        // The owner elsewhere, and another account from the attacker's network, are not held back.
        #expect(try await !database.reserveLoginAttempt(username: "ophelia", network: "203.0.113.9", backoff: backoff, now: now).isWait)
        #expect(try await !database.reserveLoginAttempt(username: "laertes", network: "198.51.100.1", backoff: backoff, now: now).isWait)
        // A success forgets only its own pair.
        try await database.releaseLoginAttempts(username: "ophelia", network: "203.0.113.9")
        #expect(try await database.reserveLoginAttempt(username: "ophelia", network: "198.51.100.1", backoff: backoff, now: now).isWait)
        try await database.releaseLoginAttempts(username: "Ophelia", network: "198.51.100.1")
        #expect(try await !database.reserveLoginAttempt(username: "ophelia", network: "198.51.100.1", backoff: backoff, now: now).isWait)
    }

    @Test func concurrentReservationsNeverPassTheLimit() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("folio-throttle-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try AppDatabase.open(in: DataDirectory(path: directory.path))
        let reservations = try await withThrowingTaskGroup(of: AttemptReservation.self) { group in
            for _ in 0..<20 {
                group.addTask { try await database.reserveLoginAttempt(username: "hamlet", network: "192.0.2.1", backoff: LoginBackoff()) }
            }
            return try await group.reduce(into: [AttemptReservation]()) { $0.append($1) }
        }
        #expect(reservations.filter { !$0.isWait }.count == 5)
        // A withdrawn reservation (a check that never ran) gives its place back.
        let ids = reservations.compactMap { if case .reserved(let id) = $0 { id } else { nil } }
        try await database.withdrawLoginAttempt(id: ids[0])
        #expect(try await !database.reserveLoginAttempt(username: "hamlet", network: "192.0.2.1", backoff: LoginBackoff()).isWait)
    }

    @Test func registrationsAreCountedPerNetworkPerHour() async throws {
        let database = try AppDatabase.inMemory()
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(try await !database.reserveRegistration(network: "192.0.2.1", perHour: 2, now: start).isWait)
        let second = try await database.reserveRegistration(network: "192.0.2.1", perHour: 2, now: start.addingTimeInterval(600))
        #expect(try await database.reserveRegistration(network: "192.0.2.1", perHour: 2, now: start.addingTimeInterval(1200))
            == .wait(seconds: 2400))
        #expect(try await !database.reserveRegistration(network: "192.0.2.2", perHour: 2, now: start.addingTimeInterval(1200)).isWait)
        if case .reserved(let id) = second { try await database.withdrawRegistration(id: id) }
        #expect(try await !database.reserveRegistration(network: "192.0.2.1", perHour: 2, now: start.addingTimeInterval(1200)).isWait)
        #expect(try await !database.reserveRegistration(network: "192.0.2.1", perHour: 2, now: start.addingTimeInterval(3601)).isWait)
    }

    @Test func theServerSecretIsMadeOnceAndSharedByEveryOpening() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("folio-secret-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try AppDatabase.open(in: DataDirectory(path: directory.path))
        let second = try AppDatabase.open(in: DataDirectory(path: directory.path))
        async let a = first.serverSecret(named: "csrf")
        async let b = second.serverSecret(named: "csrf")
        let (x, y) = try await (a, b)
        #expect(x.count == 32)
        #expect(x == y)
        #expect(try await first.serverSecret(named: "csrf") == x)
        #expect(try await first.serverSecret(named: "other") != x)
        #expect(try await AppDatabase.inMemory().serverSecret(named: "csrf") != x)
    }
}

extension AttemptReservation {
    var isWait: Bool {
        if case .wait = self { true } else { false }
    }
}
