import Crypto
import FolioCore
import Foundation
import GRDB

/// How a session token is kept: its SHA-256, in hex. The token is 256 random bits, so a fast
/// hash is enough; a slow one (as for passwords) would only slow every request down.
enum SessionDigest {
    static func of(_ token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }
}

/// Accounts, sessions and log-in throttling. Passwords arrive here already hashed: the store
/// never sees one in clear.
extension AppDatabase {
    /// Creates an account; a username taken in any letter case is refused.
    public func createAccount(username: String, passwordHash: String, now: Date = Date()) async throws -> Account {
        try await writer.write { db in
            if try AccountRecord.filter(sql: "username = ? COLLATE NOCASE", arguments: [username]).fetchCount(db) > 0 {
                throw AccountError.usernameTaken(username)
            }
            var record = AccountRecord(id: nil, username: username, passwordHash: passwordHash, createdAt: now)
            try record.insert(db)
            return Account(id: record.id!, username: record.username)
        }
    }

    public func updatePasswordHash(accountID: Int64, to hash: String) async throws {
        try await writer.write { db in
            try db.execute(sql: "UPDATE account SET passwordHash = ? WHERE id = ?", arguments: [hash, accountID])
        }
    }

    /// A new session for an account; the token is what the browser's cookie holds.
    public func createSession(accountID: Int64, token: String, lifetime: TimeInterval, now: Date = Date()) async throws {
        try await writer.write { db in
            try SessionRecord(tokenDigest: SessionDigest.of(token), accountId: accountID, createdAt: now,
                              expiresAt: now.addingTimeInterval(lifetime)).insert(db)
            // Old sessions are swept when new ones begin, so the table never grows without bound.
            try db.execute(sql: "DELETE FROM session WHERE expiresAt < ?", arguments: [now])
        }
    }

    public func deleteSession(token: String) async throws {
        try await writer.write { db in _ = try SessionRecord.deleteOne(db, key: SessionDigest.of(token)) }
    }

    /// Ends every session of an account but one: after a password change, other browsers are logged out.
    public func deleteSessions(accountID: Int64, except token: String?) async throws {
        try await writer.write { db in
            try db.execute(sql: "DELETE FROM session WHERE accountId = ? AND tokenDigest IS NOT ?",
                           arguments: [accountID, token.map(SessionDigest.of)])
        }
    }

    public func recordLoginFailure(keys: [String], now: Date = Date()) async throws {
        try await writer.write { db in
            for key in keys {
                var record = LoginFailureRecord(id: nil, key: key, at: now)
                try record.insert(db)
            }
            try db.execute(sql: "DELETE FROM loginFailure WHERE at < ?", arguments: [now.addingTimeInterval(-86_400)])
        }
    }

    public func clearLoginFailures(keys: [String]) async throws {
        try await writer.write { db in
            for key in keys { try db.execute(sql: "DELETE FROM loginFailure WHERE key = ?", arguments: [key]) }
        }
    }

    public var accounts: AccountRepository { AccountRepository(reader: writer) }
}

/// Reads of accounts and sessions.
public struct AccountRepository: Sendable {
    let reader: any DatabaseReader

    /// The account and its password hash, for checking a log-in.
    public func credentials(username: String) async throws -> (account: Account, passwordHash: String)? {
        try await reader.read { db in
            guard let record = try AccountRecord.filter(sql: "username = ? COLLATE NOCASE", arguments: [username]).fetchOne(db),
                  let id = record.id else { return nil }
            return (Account(id: id, username: record.username), record.passwordHash)
        }
    }

    public func passwordHash(accountID: Int64) async throws -> String? {
        try await reader.read { db in try AccountRecord.fetchOne(db, key: accountID)?.passwordHash }
    }

    /// The account a session token belongs to, if the session has not expired.
    public func account(sessionToken token: String, now: Date = Date()) async throws -> Account? {
        try await reader.read { db in
            guard let session = try SessionRecord.fetchOne(db, key: SessionDigest.of(token)), session.expiresAt > now,
                  let record = try AccountRecord.fetchOne(db, key: session.accountId), let id = record.id else { return nil }
            return Account(id: id, username: record.username)
        }
    }

    /// Failed log-ins under `key` since `since`, and when the oldest of them happened.
    public func loginFailures(key: String, since: Date) async throws -> (count: Int, oldest: Date?) {
        try await reader.read { db in
            let row = try Row.fetchOne(db, sql: "SELECT COUNT(*), MIN(at) FROM loginFailure WHERE key = ? AND at >= ?", arguments: [key, since])
            return (row?[0] ?? 0, row?[1])
        }
    }
}
