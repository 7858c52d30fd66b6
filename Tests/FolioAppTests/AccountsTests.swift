import FolioApp
import FolioCore
import FolioStore
import Foundation
import Synchronization
import Testing

/// Accounts and passwords, as the pages and the terminal both make and check them.
@Suite struct AccountsTests {
    /// A stand-in for bcrypt that counts its work: a reversible "hash" is enough to test the flow.
    final class Counting: PasswordHasher {
        let verified = Mutex(0)
        func hash(_ password: String) async throws -> String { "h:" + password }
        func verify(_ password: String, hash: String) async throws -> Bool {
            verified.withLock { $0 += 1 }
            return hash == "h:" + password
        }
    }

    @Test func signUpSignInAndChangeAPassword() async throws {
        let store = try AppDatabase.inMemory()
        let hasher = Counting()
        let accounts = Accounts(store: store, passwords: hasher, decoyHash: "h:decoy-nobody-types")
        await #expect(throws: AccountError.self) { try await accounts.newAccount(username: "a", password: "correct horse") }
        await #expect(throws: AccountError.self) {
            try await accounts.newAccount(username: "viola", password: "correct horse", confirmation: "different horse")
        }
        let viola = try await accounts.create(try await accounts.newAccount(username: " viola ", password: "correct horse",
                                                                            confirmation: "correct horse"))
        #expect(viola.username == "viola")
        // A taken name is refused before any hashing, whatever its case.
        await #expect(throws: AccountError.usernameTaken("Viola")) { try await accounts.newAccount(username: "Viola", password: "battery staple") }

        #expect(try await accounts.signIn(username: "viola", password: "correct horse")?.id == viola.id)
        #expect(try await accounts.signIn(username: "viola", password: "wrong horse") == nil)
        // An unknown name is checked against the decoy: the same work, the same answer.
        let before = hasher.verified.withLock { $0 }
        #expect(try await accounts.signIn(username: "nobody", password: "correct horse") == nil)
        #expect(hasher.verified.withLock { $0 } == before + 1)

        try await store.createSession(accountID: viola.id, token: "old-browser", lifetime: 3600, now: Date())
        #expect(throws: AccountError.self) { try accounts.checkNewPassword("short", confirmation: "short", for: viola) }
        #expect(try await accounts.isPassword("correct horse", of: viola))
        try await accounts.changePassword(of: viola, to: "battery staple", keeping: "this-browser", sessionLifetime: 3600)
        #expect(try await accounts.signIn(username: "viola", password: "battery staple")?.id == viola.id)
        #expect(try await accounts.signIn(username: "viola", password: "correct horse") == nil)
        // Every other browser is logged out; this one keeps its new session.
        #expect(try await store.account(sessionToken: "old-browser", now: Date()) == nil)
        #expect(try await store.account(sessionToken: "this-browser", now: Date())?.id == viola.id)
    }
}
