import FolioApp
import FolioCore
import FolioDigest
import Foundation

/// How a session token is kept: its SHA-256, in hex. The token is 256 random bits, so a fast
/// hash is enough; a slow one (as for passwords) would only slow every request down.
enum SessionDigest {
    static func of(_ token: String) -> String {
        Digest.hex(Digest.sha256(Data(token.utf8)))
    }
}

/// The statement behind every signed-in request, prepared once per connection on PostgreSQL
/// (planning was 0.27 ms of the 0.44 ms PostgreSQL spent on a review's statements).
private enum SessionAccount: SQLPreparedName {}

/// Accounts, sessions and log-in throttling, written once for both engines. Passwords arrive
/// here already hashed: the store never sees one in clear.
extension AccountStore where Self: SQLDatabase {
    /// Creates an account; a username taken in any letter case is refused (by the unique index on
    /// the folded name too, for two sign-ups at once).
    public func createAccount(username: String, passwordHash: String, now: Date = Date()) async throws -> Account {
        do {
            return try await transaction { db in
                if try await db.value("SELECT 1 FROM account WHERE \(nocaseColumn: "username") = \(nocase: username)", as: Int.self) != nil {
                    throw AccountError.usernameTaken(username)
                }
                let id = try await db.value("""
                    INSERT INTO account (username, passwordHash, createdAt) VALUES (\(username), \(passwordHash), \(now)) RETURNING id
                    """, as: Int64.self) ?? 0
                return Account(id: Account.ID(id), username: username)
            }
        } catch where isUniqueViolation(error) {
            throw AccountError.usernameTaken(username)
        }
    }

    public func updatePasswordHash(accountID: Account.ID, to hash: String) async throws {
        try await transaction { db in try await db.execute("UPDATE account SET passwordHash = \(hash) WHERE id = \(accountID)") }
    }

    /// The account and its password hash, for checking a log-in.
    public func credentials(username: String) async throws -> (account: Account, passwordHash: String)? {
        try await reading { db in
            try await db.row("SELECT id, username, passwordHash FROM account WHERE \(nocaseColumn: "username") = \(nocase: username)",
                             as: CredentialsRow.self)
        }.map { (Account(id: $0.id, username: $0.username), $0.passwordHash) }
    }

    public func passwordHash(accountID: Account.ID) async throws -> String? {
        try await reading { db in try await db.value("SELECT passwordHash FROM account WHERE id = \(accountID)", as: String.self) }
    }

    /// A new session for an account; the token is what the browser's cookie holds.
    public func createSession(accountID: Account.ID, token: String, lifetime: TimeInterval, now: Date = Date()) async throws {
        try await transaction { db in
            try await db.execute("""
                INSERT INTO session (tokenDigest, accountId, createdAt, expiresAt)
                VALUES (\(SessionDigest.of(token)), \(accountID), \(now), \(now.addingTimeInterval(lifetime)))
                """)
            // Old sessions are swept when new ones begin, so the table never grows without bound.
            try await db.execute("DELETE FROM session WHERE expiresAt < \(now)")
        }
    }

    /// The account a session token belongs to, if the session has not expired: every signed-in
    /// request asks this, in one statement.
    public func account(sessionToken token: String, now: Date = Date()) async throws -> Account? {
        try await reading { db in
            try await db.rows("""
                SELECT a.id, a.username FROM session s JOIN account a ON a.id = s.accountId
                WHERE s.tokenDigest = \(SessionDigest.of(token)) AND s.expiresAt > \(now)
                """, as: AccountRow.self, prepared: SessionAccount.self).first.map { Account(id: $0.id, username: $0.username) }
        }
    }

    public func deleteSession(token: String) async throws {
        try await transaction { db in try await db.execute("DELETE FROM session WHERE tokenDigest = \(SessionDigest.of(token))") }
    }

    /// Ends every session of an account but one: after a password change, other browsers are logged out.
    public func deleteSessions(accountID: Account.ID, except token: String?) async throws {
        try await transaction { db in
            try await db.execute("""
                DELETE FROM session WHERE accountId = \(accountID) AND tokenDigest IS DISTINCT FROM \(token.map(SessionDigest.of))
                """)
        }
    }

    /// Reserves one log-in attempt for a username from a network, or says how long to wait first.
    ///
    /// The attempt is written before the password is checked, in the same transaction as the
    /// count, under locks on the network and on the username and network (taken in that order by
    /// every attempt), so guesses sent at once, to one instance or several, cannot all pass the
    /// count before any is recorded: each sees the ones before it. A failed check leaves the row
    /// as a failure; a correct one calls `releaseLoginAttempts`. Nothing is counted per username
    /// alone, so other networks' failures never lock anyone out; a network's failures across all
    /// usernames have a budget of their own (`LoginBackoff.failuresPerNetwork`).
    public func reserveLoginAttempt(username: String, network: String, backoff: LoginBackoff,
                                    now: Date = Date()) async throws -> AttemptReservation {
        let name = username.lowercased()
        return try await transaction { db in
            try await db.lock("login-network:\(network)")
            try await db.lock("login:\(name)\u{0}\(network)")
            try await db.execute("DELETE FROM loginAttempt WHERE at < \(now.addingTimeInterval(-backoff.memory))")
            let mine = try await db.row("SELECT COUNT(*) AS count, MAX(at) AS at FROM loginAttempt WHERE username = \(name) AND network = \(network)",
                                        as: CountRow.self)
            // Below the free failures nothing waits: a concurrent attempt that read the clock
            // later but reached the writer first must not make this one look early.
            let backoffWait = backoff.wait(afterFailures: mine?.count ?? 0)
            if backoffWait > 0, let latest = mine?.at {
                // Never longer than the backoff itself: an attempt that read the clock before a
                // concurrent one was recorded would otherwise be told to wait a second or so more.
                let wait = min(backoffWait, latest.addingTimeInterval(backoffWait).timeIntervalSince(now))
                if wait > 0 { return .wait(seconds: max(1, Int(wait.rounded(.up)))) }
            }
            let recent = try await db.row("""
                SELECT COUNT(*) AS count, MIN(at) AS at FROM loginAttempt WHERE network = \(network) AND at >= \(now.addingTimeInterval(-backoff.networkWindow))
                """, as: CountRow.self)
            if let wait = backoff.networkWait(failures: recent?.count ?? 0, oldest: recent?.at, now: now) { return .wait(seconds: wait) }
            let id = try await db.value("INSERT INTO loginAttempt (username, network, at) VALUES (\(name), \(network), \(now)) RETURNING id",
                                        as: Int64.self)
            return .reserved(id: id ?? 0)
        }
    }

    /// Takes back a reserved attempt whose password was never checked (the server was too busy to).
    public func withdrawLoginAttempt(id: Int64) async throws {
        try await transaction { db in try await db.execute("DELETE FROM loginAttempt WHERE id = \(id)") }
    }

    /// A correct password: the failures of this username from this network are forgotten (and
    /// the attempt reserved for it with them). Other networks' counts are left alone.
    public func releaseLoginAttempts(username: String, network: String) async throws {
        try await transaction { db in
            try await db.execute("DELETE FROM loginAttempt WHERE username = \(username.lowercased()) AND network = \(network)")
        }
    }

    /// Reserves one registration from a network, or says how long until the oldest of the last
    /// hour's `perHour` ages out. Counted in the database so every server instance agrees.
    public func reserveRegistration(network: String, perHour: Int, now: Date = Date()) async throws -> AttemptReservation {
        try await transaction { db in
            try await db.lock("registration:\(network)")
            let hourAgo = now.addingTimeInterval(-3600)
            try await db.execute("DELETE FROM registrationAttempt WHERE at < \(hourAgo)")
            let row = try await db.row("SELECT COUNT(*) AS count, MIN(at) AS at FROM registrationAttempt WHERE network = \(network)",
                                       as: CountRow.self)
            if let row, row.count >= perHour, let oldest = row.at {
                return .wait(seconds: max(1, Int(oldest.addingTimeInterval(3600).timeIntervalSince(now).rounded(.up))))
            }
            let id = try await db.value("INSERT INTO registrationAttempt (network, at) VALUES (\(network), \(now)) RETURNING id", as: Int64.self)
            return .reserved(id: id ?? 0)
        }
    }

    /// Takes back a reserved registration that created no account (the server was too busy to hash).
    public func withdrawRegistration(id: Int64) async throws {
        try await transaction { db in try await db.execute("DELETE FROM registrationAttempt WHERE id = \(id)") }
    }

    /// A random secret of this installation, made on first use and kept in the database, so every
    /// server instance over it derives the same values (CSRF tokens) and a restart keeps them.
    public func serverSecret(named name: String) async throws -> Data {
        var generator = SystemRandomNumberGenerator()
        let fresh = Data((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
        return try await transaction { db in
            // Two instances starting at once both try; the first insert wins and both read it.
            try await db.execute("INSERT INTO serverSecret (name, value) VALUES (\(name), \(fresh)) ON CONFLICT (name) DO NOTHING")
            return try await db.value("SELECT value FROM serverSecret WHERE name = \(name)", as: Data.self) ?? fresh
        }
    }
}

private struct AccountRow: Decodable {
    let id: Account.ID
    let username: String
}

private struct CredentialsRow: Decodable {
    let id: Account.ID
    let username: String
    let passwordHash: String
}

/// A count of attempts and the time of the latest or earliest.
private struct CountRow: Decodable {
    let count: Int
    let at: Date?
}
