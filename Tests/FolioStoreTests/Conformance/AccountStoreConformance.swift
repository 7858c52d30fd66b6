import FolioApp
import FolioCore
import Foundation
import Testing

@Suite struct AccountStoreConformance {
    @Test(arguments: StoreEngine.all) func accountsAndPasswordHashes(engine: StoreEngine) async throws {
        // Given a store with one account
        let stores = try await engine.make()
        let ann = try await stores.createAccount(username: "Ann", passwordHash: "first", now: conformanceNow)
        // When the same name is taken again, in another case
        // Then it is refused
        await #expect(throws: AccountError.usernameTaken("ANN")) {
            try await stores.createAccount(username: "ANN", passwordHash: "x", now: conformanceNow)
        }
        // And the credentials are found by name, with the hash
        let found = try #require(try await stores.credentials(username: "Ann"))
        #expect(found.account == ann && found.passwordHash == "first")
        #expect(try await stores.credentials(username: "aNN")?.account == ann)
        #expect(try await stores.credentials(username: "nobody") == nil)
        // When the hash changes, Then it reads back changed
        try await stores.updatePasswordHash(accountID: ann.id, to: "second")
        #expect(try await stores.passwordHash(accountID: ann.id) == "second")
        #expect(try await stores.passwordHash(accountID: Account.ID(ann.id.rawValue + 1000)) == nil)
    }

    @Test(arguments: StoreEngine.all) func sessionsLiveUntilTheyExpireOrEnd(engine: StoreEngine) async throws {
        // Given a session of one hour for Ann and one for Bob
        let cast = try await Cast(engine)
        let s = cast.stores
        try await s.createSession(accountID: cast.ann.id, token: "ann-1", lifetime: 3600, now: conformanceNow)
        try await s.createSession(accountID: cast.ann.id, token: "ann-2", lifetime: 3600, now: conformanceNow)
        try await s.createSession(accountID: cast.bob.id, token: "bob-1", lifetime: 3600, now: conformanceNow)
        // Then each token signs in its own account while it lives, and nobody after
        #expect(try await s.account(sessionToken: "ann-1", now: conformanceNow.addingTimeInterval(60)) == cast.ann)
        #expect(try await s.account(sessionToken: "bob-1", now: conformanceNow.addingTimeInterval(60)) == cast.bob)
        #expect(try await s.account(sessionToken: "ann-1", now: conformanceNow.addingTimeInterval(3601)) == nil)
        #expect(try await s.account(sessionToken: "unknown", now: conformanceNow) == nil)
        // When Ann ends every session but one, Then only that one and Bob's still work
        try await s.deleteSessions(accountID: cast.ann.id, except: "ann-2")
        #expect(try await s.account(sessionToken: "ann-1", now: conformanceNow) == nil)
        #expect(try await s.account(sessionToken: "ann-2", now: conformanceNow) == cast.ann)
        #expect(try await s.account(sessionToken: "bob-1", now: conformanceNow) == cast.bob)
        // When a session is deleted, Then its token is dead
        try await s.deleteSession(token: "ann-2")
        #expect(try await s.account(sessionToken: "ann-2", now: conformanceNow) == nil)
    }

    @Test(arguments: StoreEngine.all) func loginAttemptsWaitPerUsernameAndNetwork(engine: StoreEngine) async throws {
        let s = try await engine.make()
        var backoff = LoginBackoff()
        backoff.freeFailures = 2
        backoff.firstWait = 30
        // Given two failed attempts (the free ones) from one network
        for _ in 0..<2 {
            guard case .reserved = try await s.reserveLoginAttempt(username: "ann", network: "net-a", backoff: backoff, now: conformanceNow) else {
                Issue.record("a free attempt had to wait"); return
            }
        }
        // When a third comes at once, Then it waits the first wait
        #expect(try await s.reserveLoginAttempt(username: "ANN", network: "net-a", backoff: backoff, now: conformanceNow) == .wait(seconds: 30))
        // And another network, or another username, is not held back
        #expect(try await !isWait(s.reserveLoginAttempt(username: "ann", network: "net-b", backoff: backoff, now: conformanceNow)))
        #expect(try await !isWait(s.reserveLoginAttempt(username: "bob", network: "net-a", backoff: backoff, now: conformanceNow)))
        // And after the wait it may try again
        #expect(try await !isWait(s.reserveLoginAttempt(username: "ann", network: "net-a", backoff: backoff,
                                                        now: conformanceNow.addingTimeInterval(31))))
        // When the failures are released (a correct password), Then nothing waits any more
        try await s.releaseLoginAttempts(username: "Ann", network: "net-a")
        #expect(try await !isWait(s.reserveLoginAttempt(username: "ann", network: "net-a", backoff: backoff,
                                                        now: conformanceNow.addingTimeInterval(32))))
    }

    @Test(arguments: StoreEngine.all) func aNetworkSpendsOneBudgetOfFailuresAcrossUsernames(engine: StoreEngine) async throws {
        let s = try await engine.make()
        var backoff = LoginBackoff()
        backoff.failuresPerNetwork = 3
        backoff.networkWindow = 600
        // Given three failed attempts from one network, each at a made-up username
        for (n, name) in ["x1", "x2", "x3"].enumerated() {
            #expect(try await !isWait(s.reserveLoginAttempt(username: name, network: "net-a", backoff: backoff,
                                                            now: conformanceNow.addingTimeInterval(Double(n)))))
        }
        // When a fourth comes, at yet another name, Then it waits until the oldest leaves the window
        #expect(try await s.reserveLoginAttempt(username: "x4", network: "net-a", backoff: backoff,
                                                now: conformanceNow.addingTimeInterval(10)) == .wait(seconds: 590))
        // And another network, even for the same names, is not held back
        #expect(try await !isWait(s.reserveLoginAttempt(username: "x1", network: "net-b", backoff: backoff, now: conformanceNow)))
        // And a correct password forgets its own failures, making room again
        try await s.releaseLoginAttempts(username: "x3", network: "net-a")
        #expect(try await !isWait(s.reserveLoginAttempt(username: "ann", network: "net-a", backoff: backoff,
                                                        now: conformanceNow.addingTimeInterval(11))))
        // And once the window has passed, the network may try again
        #expect(try await !isWait(s.reserveLoginAttempt(username: "x5", network: "net-a", backoff: backoff,
                                                        now: conformanceNow.addingTimeInterval(601))))
    }

    @Test(arguments: StoreEngine.all) func aWithdrawnAttemptDoesNotCount(engine: StoreEngine) async throws {
        let s = try await engine.make()
        var backoff = LoginBackoff()
        backoff.freeFailures = 1
        // Given one reserved attempt that never reached the password check
        guard case .reserved(let id) = try await s.reserveLoginAttempt(username: "ann", network: "n", backoff: backoff, now: conformanceNow) else {
            Issue.record("the first attempt had to wait"); return
        }
        // When it is withdrawn, Then the next attempt is still free
        try await s.withdrawLoginAttempt(id: id)
        #expect(try await !isWait(s.reserveLoginAttempt(username: "ann", network: "n", backoff: backoff, now: conformanceNow)))
        // And the one after that waits
        #expect(try await isWait(s.reserveLoginAttempt(username: "ann", network: "n", backoff: backoff, now: conformanceNow)))
    }

    @Test(arguments: StoreEngine.all) func registrationsAreCountedPerNetworkPerHour(engine: StoreEngine) async throws {
        let s = try await engine.make()
        // Given two sign-ups allowed an hour, both used
        guard case .reserved(let first) = try await s.reserveRegistration(network: "n", perHour: 2, now: conformanceNow) else {
            Issue.record("the first sign-up had to wait"); return
        }
        _ = try await s.reserveRegistration(network: "n", perHour: 2, now: conformanceNow.addingTimeInterval(10))
        // Then a third waits until the oldest is an hour old, and another network does not
        #expect(try await s.reserveRegistration(network: "n", perHour: 2, now: conformanceNow.addingTimeInterval(20)) == .wait(seconds: 3580))
        #expect(try await !isWait(s.reserveRegistration(network: "m", perHour: 2, now: conformanceNow)))
        // When one is withdrawn, Then there is room again
        try await s.withdrawRegistration(id: first)
        #expect(try await !isWait(s.reserveRegistration(network: "n", perHour: 2, now: conformanceNow.addingTimeInterval(30))))
    }

    @Test(arguments: StoreEngine.all) func aServerSecretIsMadeOnceAndKept(engine: StoreEngine) async throws {
        let s = try await engine.make()
        let csrf = try await s.serverSecret(named: "csrf")
        #expect(csrf.count == 32)
        #expect(try await s.serverSecret(named: "csrf") == csrf)
        #expect(try await s.serverSecret(named: "other") != csrf)
    }

    func isWait(_ reservation: AttemptReservation) -> Bool {
        if case .wait = reservation { true } else { false }
    }
}
