import FolioDigest
import FolioCore
import Foundation
import GRDB

/// How a session token is kept: its SHA-256, in hex. The token is 256 random bits, so a fast
/// hash is enough; a slow one (as for passwords) would only slow every request down.
enum SessionDigest {
    static func of(_ token: String) -> String {
        Digest.hex(Digest.sha256(Data(token.utf8)))
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

    public func updatePasswordHash(accountID: Account.ID, to hash: String) async throws {
        try await writer.write { db in
            try db.execute(sql: "UPDATE account SET passwordHash = ? WHERE id = ?", arguments: [hash, accountID])
        }
    }

    /// A new session for an account; the token is what the browser's cookie holds.
    public func createSession(accountID: Account.ID, token: String, lifetime: TimeInterval, now: Date = Date()) async throws {
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
    public func deleteSessions(accountID: Account.ID, except token: String?) async throws {
        try await writer.write { db in
            try db.execute(sql: "DELETE FROM session WHERE accountId = ? AND tokenDigest IS NOT ?",
                           arguments: [accountID, token.map(SessionDigest.of)])
        }
    }

    /// Reserves one log-in attempt for a username from a network, or says how long to wait first.
    ///
    /// The attempt is written before the password is checked, in the same transaction as the
    /// count, so guesses sent at once cannot all pass the count before any is recorded: the
    /// writer serialises them and each sees the ones before it. A failed check leaves the row as
    /// a failure; a correct one calls `releaseLoginAttempts`. Nothing is counted per username
    /// alone, so other networks' failures never lock anyone out; a network's failures across
    /// all usernames have a budget of their own (`LoginBackoff.failuresPerNetwork`).
    public func reserveLoginAttempt(username: String, network: String, backoff: LoginBackoff,
                                    now: Date = Date()) async throws -> AttemptReservation {
        try await writer.write { db in
            try db.execute(sql: "DELETE FROM loginAttempt WHERE at < ?", arguments: [now.addingTimeInterval(-backoff.memory)])
            let row = try Row.fetchOne(db, sql: "SELECT COUNT(*), MAX(at) FROM loginAttempt WHERE username = ? AND network = ?",
                                       arguments: [username.lowercased(), network])
            let failures: Int = row?[0] ?? 0
            // Below the free failures nothing waits: a concurrent attempt that read the clock
            // later but reached the writer first must not make this one look early.
            let backoffWait = backoff.wait(afterFailures: failures)
            if backoffWait > 0, let latest: Date = row?[1] {
                // Never longer than the backoff itself: an attempt that read the clock before a
                // concurrent one was recorded would otherwise be told to wait a second or so more.
                let wait = min(backoffWait, latest.addingTimeInterval(backoffWait).timeIntervalSince(now))
                if wait > 0 { return .wait(seconds: max(1, Int(wait.rounded(.up)))) }
            }
            let recent = try Row.fetchOne(db, sql: "SELECT COUNT(*), MIN(at) FROM loginAttempt WHERE network = ? AND at >= ?",
                                          arguments: [network, now.addingTimeInterval(-backoff.networkWindow)])
            if let wait = backoff.networkWait(failures: recent?[0] ?? 0, oldest: recent?[1], now: now) { return .wait(seconds: wait) }
            try db.execute(sql: "INSERT INTO loginAttempt (username, network, at) VALUES (?, ?, ?)",
                           arguments: [username.lowercased(), network, now])
            return .reserved(id: db.lastInsertedRowID)
        }
    }

    /// Takes back a reserved attempt whose password was never checked (the server was too busy to).
    public func withdrawLoginAttempt(id: Int64) async throws {
        try await writer.write { db in try db.execute(sql: "DELETE FROM loginAttempt WHERE id = ?", arguments: [id]) }
    }

    /// A correct password: the failures of this username from this network are forgotten (and
    /// the attempt reserved for it with them). Other networks' counts are left alone.
    public func releaseLoginAttempts(username: String, network: String) async throws {
        try await writer.write { db in
            try db.execute(sql: "DELETE FROM loginAttempt WHERE username = ? AND network = ?", arguments: [username.lowercased(), network])
        }
    }

    /// Reserves one registration from a network, or says how long until the oldest of the last
    /// hour's `perHour` ages out. Counted in the database so every server instance agrees.
    public func reserveRegistration(network: String, perHour: Int, now: Date = Date()) async throws -> AttemptReservation {
        try await writer.write { db in
            let hourAgo = now.addingTimeInterval(-3600)
            try db.execute(sql: "DELETE FROM registrationAttempt WHERE at < ?", arguments: [hourAgo])
            let row = try Row.fetchOne(db, sql: "SELECT COUNT(*), MIN(at) FROM registrationAttempt WHERE network = ?", arguments: [network])
            if let count: Int = row?[0], count >= perHour, let oldest: Date = row?[1] {
                return .wait(seconds: max(1, Int(oldest.addingTimeInterval(3600).timeIntervalSince(now).rounded(.up))))
            }
            try db.execute(sql: "INSERT INTO registrationAttempt (network, at) VALUES (?, ?)", arguments: [network, now])
            return .reserved(id: db.lastInsertedRowID)
        }
    }

    /// Takes back a reserved registration that created no account (the server was too busy to hash).
    public func withdrawRegistration(id: Int64) async throws {
        try await writer.write { db in try db.execute(sql: "DELETE FROM registrationAttempt WHERE id = ?", arguments: [id]) }
    }

    /// A random secret of this installation, made on first use and kept in the database, so every
    /// server instance over it derives the same values (CSRF tokens) and a restart keeps them.
    public func serverSecret(named name: String) async throws -> Data {
        try await writer.write { db in
            var generator = SystemRandomNumberGenerator()
            let fresh = Data((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
            // Two instances starting at once both try; the first insert wins and both read it.
            try db.execute(sql: "INSERT OR IGNORE INTO serverSecret (name, value) VALUES (?, ?)", arguments: [name, fresh])
            return try Data.fetchOne(db, sql: "SELECT value FROM serverSecret WHERE name = ?", arguments: [name]) ?? fresh
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

    public func passwordHash(accountID: Account.ID) async throws -> String? {
        try await reader.read { db in try AccountRecord.fetchOne(db, key: accountID)?.passwordHash }
    }

    /// The account a session token belongs to, if the session has not expired.
    public func account(sessionToken token: String, now: Date = Date()) async throws -> Account? {
        // Every signed-in request asks this. One statement, prepared once per connection: two
        // query-interface fetches were compiled (and authorised column by column) on every
        // request, a seventh of the server's CPU under a load of vocabulary reviews.
        try await reader.read { db in
            guard let row = try Row.fetchOne(db.cachedStatement(sql: """
                SELECT a.id, a.username, s.expiresAt FROM session s JOIN account a ON a.id = s.accountId WHERE s.tokenDigest = ?
                """), arguments: [SessionDigest.of(token)]) else { return nil }
            let expiresAt: Date = row["expiresAt"]
            guard expiresAt > now else { return nil }
            return Account(id: row["id"], username: row["username"])
        }
    }

}


