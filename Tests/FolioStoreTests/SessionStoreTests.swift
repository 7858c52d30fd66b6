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
        #expect(try await database.accounts.account(sessionToken: "abc")?.username == "hamlet")
        // Someone holding a copy of the database holds digests, which are not tokens.
        #expect(try await database.accounts.account(sessionToken: Self.abcDigest) == nil)
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
        #expect(try await database.accounts.account(sessionToken: "tablet") == nil)
        try await database.deleteSessions(accountID: hamlet.id, except: "laptop")
        #expect(try await database.accounts.account(sessionToken: "laptop")?.username == "hamlet")
        #expect(try await database.accounts.account(sessionToken: "phone") == nil)
        #expect(try await database.accounts.account(sessionToken: "hers")?.username == "ophelia")
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
        #expect(try await database.accounts.account(sessionToken: "abc")?.username == "yorick")
        let stored = try await database.reader.read { db in try String.fetchAll(db, sql: "SELECT tokenDigest FROM session") }
        #expect(stored == [Self.abcDigest])
    }
}
