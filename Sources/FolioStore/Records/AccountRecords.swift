import Foundation
import GRDB

struct AccountRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "account"
    var id: Int64?
    var username: String
    var passwordHash: String
    var createdAt: Date

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

/// A session, found by the SHA-256 of its token: the cookie's value is never stored, so a copy
/// of the database (a backup, say) cannot be used to sign in as anyone.
struct SessionRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "session"
    var tokenDigest: String
    var accountId: Int64
    var createdAt: Date
    var expiresAt: Date
}

struct MonologueOptionsRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "monologueOptions"
    var accountId: Int64
    var gender: String?
    var tone: String?
    var length: String?
    var textSize: String
}

struct FavouriteRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "favourite"
    var accountId: Int64
    var monologueId: String
    var createdAt: Date
    var text: String?
    var notes: String?
    /// JSON array of strings, or NULL for the library's tags.
    var tags: String?
    var gender: String?
    var editedAt: Date?
}
