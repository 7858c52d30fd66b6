// The PostgreSQL engine: built with the PostgreSQL trait (on by default).
#if PostgreSQL
import FolioApp
import FolioCore
import Foundation
import PostgresNIO

extension PostgresDatabase: AccountStore {
    public func createAccount(username: String, passwordHash: String, now: Date) async throws -> Account {
        do {
            return try await write { connection in
                // The unique index on the folded name refuses a race the check cannot see.
                if try await connection.value("SELECT 1 FROM account WHERE folio_nocase(username) = folio_nocase(\(username))",
                                              logger, as: Int32.self) != nil {
                    throw AccountError.usernameTaken(username)
                }
                let id = try await connection.value("""
                    INSERT INTO account (username, passwordHash, createdAt) VALUES (\(username), \(passwordHash), \(now)) RETURNING id
                    """, logger, as: Int64.self)
                return Account(id: Account.ID(id ?? 0), username: username)
            }
        } catch where Self.sqlState(of: error) == "23505" {
            throw AccountError.usernameTaken(username)
        }
    }

    public func updatePasswordHash(accountID: Account.ID, to hash: String) async throws {
        try await write { try await $0.run("UPDATE account SET passwordHash = \(hash) WHERE id = \(accountID.rawValue)", logger) }
    }

    public func credentials(username: String) async throws -> (account: Account, passwordHash: String)? {
        try await read { connection in
            try await connection.all("""
                SELECT id, username, passwordHash FROM account WHERE folio_nocase(username) = folio_nocase(\(username))
                """, logger, as: (Int64, String, String).self).first.map { (Account(id: Account.ID($0.0), username: $0.1), $0.2) }
        }
    }

    public func passwordHash(accountID: Account.ID) async throws -> String? {
        try await read { try await $0.value("SELECT passwordHash FROM account WHERE id = \(accountID.rawValue)", logger, as: String.self) }
    }

    public func createSession(accountID: Account.ID, token: String, lifetime: TimeInterval, now: Date) async throws {
        try await write { connection in
            try await connection.run("""
                INSERT INTO session (tokenDigest, accountId, createdAt, expiresAt)
                VALUES (\(SessionDigest.of(token)), \(accountID.rawValue), \(now), \(now.addingTimeInterval(lifetime)))
                """, logger)
            // Old sessions are swept when new ones begin, so the table never grows without bound.
            try await connection.run("DELETE FROM session WHERE expiresAt < \(now)", logger)
        }
    }

    public func account(sessionToken token: String, now: Date) async throws -> Account? {
        try await read { connection in
            try await connection.rows(SessionAccountStatement(digest: SessionDigest.of(token), now: now), logger).first.map {
                Account(id: Account.ID($0.0), username: $0.1)
            }
        }
    }

    public func deleteSession(token: String) async throws {
        try await write { try await $0.run("DELETE FROM session WHERE tokenDigest = \(SessionDigest.of(token))", logger) }
    }

    public func deleteSessions(accountID: Account.ID, except token: String?) async throws {
        try await write { connection in
            try await connection.run("""
                DELETE FROM session WHERE accountId = \(accountID.rawValue) AND tokenDigest IS DISTINCT FROM \(token.map(SessionDigest.of))
                """, logger)
        }
    }

    /// As on SQLite (see `AppDatabase.reserveLoginAttempt`): counted and written in one
    /// transaction, here under a lock on the username and network, so guesses sent at once to
    /// several instances each see the ones before them.
    public func reserveLoginAttempt(username: String, network: String, backoff: LoginBackoff, now: Date) async throws -> AttemptReservation {
        let name = username.lowercased()
        return try await write { connection in
            // The network's lock first, then the pair's: every attempt takes them in this order.
            try await connection.lock("login-network:\(network)", logger)
            try await connection.lock("login:\(name)\u{0}\(network)", logger)
            try await connection.run("DELETE FROM loginAttempt WHERE at < \(now.addingTimeInterval(-backoff.memory))", logger)
            let row = try await connection.all("""
                SELECT COUNT(*), MAX(at) FROM loginAttempt WHERE username = \(name) AND network = \(network)
                """, logger, as: (Int64, Date?).self).first
            let failures = Int(row?.0 ?? 0)
            let backoffWait = backoff.wait(afterFailures: failures)
            if backoffWait > 0, let latest = row?.1 {
                let wait = min(backoffWait, latest.addingTimeInterval(backoffWait).timeIntervalSince(now))
                if wait > 0 { return .wait(seconds: max(1, Int(wait.rounded(.up)))) }
            }
            let recent = try await connection.all("""
                SELECT COUNT(*), MIN(at) FROM loginAttempt WHERE network = \(network) AND at >= \(now.addingTimeInterval(-backoff.networkWindow))
                """, logger, as: (Int64, Date?).self).first
            if let wait = backoff.networkWait(failures: Int(recent?.0 ?? 0), oldest: recent?.1, now: now) { return .wait(seconds: wait) }
            let id = try await connection.value("""
                INSERT INTO loginAttempt (username, network, at) VALUES (\(name), \(network), \(now)) RETURNING id
                """, logger, as: Int64.self)
            return .reserved(id: id ?? 0)
        }
    }

    public func withdrawLoginAttempt(id: Int64) async throws {
        try await write { try await $0.run("DELETE FROM loginAttempt WHERE id = \(id)", logger) }
    }

    public func releaseLoginAttempts(username: String, network: String) async throws {
        try await write { try await $0.run("DELETE FROM loginAttempt WHERE username = \(username.lowercased()) AND network = \(network)", logger) }
    }

    public func reserveRegistration(network: String, perHour: Int, now: Date) async throws -> AttemptReservation {
        try await write { connection in
            try await connection.lock("registration:\(network)", logger)
            let hourAgo = now.addingTimeInterval(-3600)
            try await connection.run("DELETE FROM registrationAttempt WHERE at < \(hourAgo)", logger)
            let row = try await connection.all("SELECT COUNT(*), MIN(at) FROM registrationAttempt WHERE network = \(network)",
                                               logger, as: (Int64, Date?).self).first
            if let count = row?.0, count >= perHour, let oldest = row?.1 {
                return .wait(seconds: max(1, Int(oldest.addingTimeInterval(3600).timeIntervalSince(now).rounded(.up))))
            }
            let id = try await connection.value("INSERT INTO registrationAttempt (network, at) VALUES (\(network), \(now)) RETURNING id",
                                                logger, as: Int64.self)
            return .reserved(id: id ?? 0)
        }
    }

    public func withdrawRegistration(id: Int64) async throws {
        try await write { try await $0.run("DELETE FROM registrationAttempt WHERE id = \(id)", logger) }
    }

    public func serverSecret(named name: String) async throws -> Data {
        var generator = SystemRandomNumberGenerator()
        let fresh = Data((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
        return try await write { connection in
            // Two instances starting at once both try; the first insert wins and both read it.
            try await connection.run("INSERT INTO serverSecret (name, value) VALUES (\(name), \(fresh)) ON CONFLICT (name) DO NOTHING", logger)
            return try await connection.value("SELECT value FROM serverSecret WHERE name = \(name)", logger, as: Data.self) ?? fresh
        }
    }
}
#endif
