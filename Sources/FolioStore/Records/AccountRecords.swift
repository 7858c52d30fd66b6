import FolioApp
import FolioCore
import Foundation
import GRDB
import Monologues

struct AccountRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "account"
    var id: Account.ID?
    var username: String
    var passwordHash: String
    var createdAt: Date

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = Account.ID(inserted.rowID)
    }
}

/// A session, found by the SHA-256 of its token: the cookie's value is never stored, so a copy
/// of the database (a backup, say) cannot be used to sign in as anyone.
struct SessionRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "session"
    var tokenDigest: String
    var accountId: Account.ID
    var createdAt: Date
    var expiresAt: Date
}

struct MonologueOptionsRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "monologueOptions"
    var accountId: Account.ID
    var gender: String?
    var tone: String?
    var length: String?
    var textSize: String
    var form: String?
    var play: String?
    var age: String?
    var fresh: Bool

    init(accountId: Account.ID, _ options: MonologueOptions) {
        self.accountId = accountId
        gender = options.gender?.rawValue
        tone = options.tone?.rawValue
        length = options.length?.rawValue
        textSize = options.textSize.rawValue
        form = options.form?.rawValue
        play = options.play
        age = options.age?.rawValue
        fresh = options.fresh
    }

    var options: MonologueOptions {
        MonologueOptions(gender: gender, tone: tone, length: length, textSize: textSize, form: form, play: play, age: age,
                         fresh: fresh ? "1" : nil)
    }
}

struct FavouriteRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "favourite"
    var accountId: Account.ID
    var monologueId: String
    var createdAt: Date
    var text: String?
    var notes: String?
    /// JSON array of strings, or NULL for the library's tags.
    var tags: String?
    var gender: String?
    /// When the favourite was last changed — edited, or restored to the library's text — so that an
    /// edit made offline and sent later yields to a later change (nil: never changed).
    var editedAt: Date?
}

/// Every identifier is stored, bound and read as its number.
extension Identifier: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { rawValue.databaseValue }

    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Identifier? {
        Int64.fromDatabaseValue(dbValue).map(Identifier.init(rawValue:))
    }
}

/// A game's id is stored as its text. One that is not a well-formed id reads as nil, so a
/// damaged row is reported rather than trusted.
extension MatchID: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { rawValue.databaseValue }

    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> MatchID? {
        String.fromDatabaseValue(dbValue).flatMap(MatchID.init(rawValue:))
    }
}
