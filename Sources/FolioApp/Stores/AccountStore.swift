import FolioCore
import Foundation

/// Where accounts, sessions, log-in and sign-up throttles and the server's secrets are kept.
/// Throttles live in the store, not in a process, so every instance of a server counts the same
/// attempts.
public protocol AccountStore: Sendable {
    /// A new account; `AccountError.usernameTaken` when the name is in use.
    func createAccount(username: String, passwordHash: String, now: Date) async throws -> Account
    func updatePasswordHash(accountID: Account.ID, to hash: String) async throws
    /// The account and its bcrypt hash, by username whatever its case (names differ by more than case).
    func credentials(username: String) async throws -> (account: Account, passwordHash: String)?
    func passwordHash(accountID: Account.ID) async throws -> String?

    func createSession(accountID: Account.ID, token: String, lifetime: TimeInterval, now: Date) async throws
    /// The account a live session token belongs to; nil when unknown or expired.
    func account(sessionToken token: String, now: Date) async throws -> Account?
    func deleteSession(token: String) async throws
    /// Ends every session of the account but `token` (a password change keeps the current one).
    func deleteSessions(accountID: Account.ID, except token: String?) async throws

    /// Counts a log-in attempt of `username` from `network` before its password is checked, or
    /// says how long to wait.
    func reserveLoginAttempt(username: String, network: String, backoff: LoginBackoff, now: Date) async throws -> AttemptReservation
    /// Forgets a reserved attempt that never reached the password check.
    func withdrawLoginAttempt(id: Int64) async throws
    /// A successful log-in forgets the failures of that username from that network.
    func releaseLoginAttempts(username: String, network: String) async throws
    func reserveRegistration(network: String, perHour: Int, now: Date) async throws -> AttemptReservation
    func withdrawRegistration(id: Int64) async throws

    /// A random secret made once per store and kept in it, so that every instance signs alike.
    func serverSecret(named name: String) async throws -> Data
}

/// Whether an attempt may go ahead (and is now counted) or must wait.
public enum AttemptReservation: Sendable, Equatable {
    /// Counted; `id` names the row, to withdraw it if the attempt never happened.
    case reserved(id: Int64)
    case wait(seconds: Int)
}

/// How long failed log-ins of one username from one network make the next wait: nothing for the
/// first `freeFailures`, then `firstWait`, doubling with each further failure up to `longestWait`.
/// Five free tries cover typing mistakes; 30 s doubling to 15 min lets a network try at most
/// about a hundred passwords a day against one account.
public struct LoginBackoff: Sendable, Equatable {
    public var freeFailures = 5
    public var firstWait: TimeInterval = 30
    public var longestWait: TimeInterval = 15 * 60
    /// Failures older than this are forgotten.
    public var memory: TimeInterval = 86_400
    /// Failed attempts one network may make across every username in `networkWindow`, after
    /// which its next attempt waits instead of costing a bcrypt check. Counting per username
    /// alone let a flood of made-up names through uncounted: 40 threads of them, each a decoy
    /// hash, held genuine log-ins back 9.7 s. Fifty in ten minutes is more than a household or
    /// an office mistypes; a correct password forgets its own attempt, and other networks are
    /// never held back by this one's failures.
    public var failuresPerNetwork = 50
    public var networkWindow: TimeInterval = 600

    public init() {}

    public func wait(afterFailures failures: Int) -> TimeInterval {
        guard failures >= freeFailures else { return 0 }
        let doublings = min(failures - freeFailures, 30)
        return min(longestWait, firstWait * Double(1 << doublings))
    }

    /// How long a network that has `failures` in the window, the oldest at `oldest`, waits now.
    public func networkWait(failures: Int, oldest: Date?, now: Date) -> Int? {
        guard failures >= failuresPerNetwork else { return nil }
        let wait = (oldest ?? now).addingTimeInterval(networkWindow).timeIntervalSince(now)
        return max(1, Int(wait.rounded(.up)))
    }
}
