import FolioCore
import FolioStore
import Foundation

/// Limits failed log-ins per username and per address, counted in the database so every server
/// instance sees the same numbers.
struct LoginThrottle: Sendable {
    let database: AppDatabase
    var window: TimeInterval = 15 * 60
    var perUsername = 5
    var perAddress = 30

    static func keys(username: String, address: String) -> (user: String, address: String) {
        ("user:" + username.lowercased(), "addr:" + address)
    }

    /// Throws `tooManyAttempts` with the wait until the oldest counted failure expires.
    func check(username: String, address: String, now: Date = Date()) async throws {
        let keys = Self.keys(username: username, address: address)
        for (key, limit) in [(keys.user, perUsername), (keys.address, perAddress)] {
            let failures = try await database.accounts.loginFailures(key: key, since: now.addingTimeInterval(-window))
            if failures.count >= limit, let oldest = failures.oldest {
                throw AccountError.tooManyAttempts(retryAfterSeconds: max(1, Int(oldest.addingTimeInterval(window).timeIntervalSince(now).rounded(.up))))
            }
        }
    }

    func failed(username: String, address: String) async throws {
        let keys = Self.keys(username: username, address: address)
        try await database.recordLoginFailure(keys: [keys.user, keys.address])
    }

    func succeeded(username: String) async throws {
        try await database.clearLoginFailures(keys: [Self.keys(username: username, address: "").user])
    }
}
