import FolioCore
import Foundation

/// Hashes and checks passwords. The server's runs bcrypt on a few threads of its own with a
/// short queue, so a burst of sign-ups never holds other requests back.
public protocol PasswordHasher: Sendable {
    func hash(_ password: String) async throws -> String
    func verify(_ password: String, hash: String) async throws -> Bool
}

/// How hard passwords are hashed, wherever they are: the server's pool and the terminal alike.
public enum PasswordRules {
    /// bcrypt's cost: about a quarter of a second a hash on one core.
    public static let bcryptCost: UInt8 = 12
}

/// Accounts and their passwords, the same from the web pages and the terminal: the rules a
/// name and a password must keep, creating an account, checking a log-in without telling which
/// names exist, and changing a password. Sessions and throttles belong to the face that has them.
public struct Accounts: Sendable {
    public let store: any AccountStore
    public let passwords: any PasswordHasher
    /// A real hash of a random string, checked when a name is unknown so that a log-in takes as
    /// long whether the name exists or not; nil where nobody can time it (the terminal).
    public let decoyHash: String?

    public init(store: any AccountStore, passwords: any PasswordHasher, decoyHash: String? = nil) {
        self.store = store
        self.passwords = passwords
        self.decoyHash = decoyHash
    }

    /// A new account's name and password, checked against the rules; `confirmation` nil where the
    /// face asks only once (the terminal reads standard input).
    public struct NewAccount: Sendable {
        public let username: String
        fileprivate let password: String
    }

    /// Checks a sign-up before anything costly: the rules, then that the name is free (the
    /// store checks again, atomically, as the account is written).
    public func newAccount(username: String, password: String, confirmation: String? = nil) async throws -> NewAccount {
        let name = try AccountRules.validate(username: username)
        try AccountRules.validate(password: password, confirmation: confirmation, username: name)
        if try await store.credentials(username: name) != nil { throw AccountError.usernameTaken(name) }
        return NewAccount(username: name, password: password)
    }

    /// Hashes the password and writes the account.
    public func create(_ new: NewAccount, now: Date = Date()) async throws -> Account {
        try await store.createAccount(username: new.username, passwordHash: try await passwords.hash(new.password), now: now)
    }

    /// The account these credentials sign in, or nil. An unknown name costs the same bcrypt time
    /// as a known one. (Check `AccountRules.validateShape(password:)` first: a password no
    /// account can have is no guess, and need not be counted or hashed.)
    public func signIn(username: String, password: String) async throws -> Account? {
        let stored = try await store.credentials(username: username.trimmingSpaces)
        guard let hash = stored?.passwordHash ?? decoyHash else { return nil }
        let matches = try await passwords.verify(password, hash: hash)
        return matches ? stored?.account : nil
    }

    /// Whether `password` is the account's.
    public func isPassword(_ password: String, of account: Account) async throws -> Bool {
        guard let hash = try await store.passwordHash(accountID: account.id) else { return false }
        return try await passwords.verify(password, hash: hash)
    }

    /// Checks a new password against the rules, before the current one is checked.
    public func checkNewPassword(_ new: String, confirmation: String, for account: Account) throws(AccountError) {
        try AccountRules.validate(password: new, confirmation: confirmation, username: account.username)
    }

    /// Sets a new password and ends every session of the account but `keeping` (the browser that
    /// changed it, given a new session first).
    public func changePassword(of account: Account, to new: String, keeping token: String, sessionLifetime: TimeInterval,
                               now: Date = Date()) async throws {
        try await store.updatePasswordHash(accountID: account.id, to: try await passwords.hash(new))
        try await store.createSession(accountID: account.id, token: token, lifetime: sessionLifetime, now: now)
        try await store.deleteSessions(accountID: account.id, except: token)
    }

    /// The account named on a command line.
    public func account(named username: String) async throws -> Account? {
        try await store.credentials(username: username)?.account
    }
}
