import FolioApp
import HummingbirdBcrypt

/// bcrypt for the terminal, at the server's cost. One person at a keyboard waits for one hash:
/// none of the server's pool, queue or throttles (which stay with FolioServer, which FolioCLI
/// does not link).
struct TerminalPasswords: PasswordHasher {
    func hash(_ password: String) async throws -> String {
        Bcrypt.hash(password, cost: PasswordRules.bcryptCost)
    }

    func verify(_ password: String, hash: String) async throws -> Bool {
        Bcrypt.verify(password, hash: hash)
    }
}
