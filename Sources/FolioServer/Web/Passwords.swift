import HummingbirdBcrypt

/// bcrypt, run off the caller's thread: it is slow on purpose, and must not stall an event loop.
public enum Passwords {
    public static let standardCost: UInt8 = 12

    public static func hash(_ password: String, cost: UInt8 = standardCost) async -> String {
        await Task.detached { Bcrypt.hash(password, cost: cost) }.value
    }

    public static func verify(_ password: String, hash: String) async -> Bool {
        await Task.detached { Bcrypt.verify(password, hash: hash) }.value
    }
}
