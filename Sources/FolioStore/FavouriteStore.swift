import FolioApp
import FolioCore
import Foundation
import Monologues

/// What users keep of the monologue library: favourites with their edits, and options, written
/// once for both engines. Every query names the account, so one user's rows are never reachable
/// from another's requests.
extension FavouriteStore where Self: SQLDatabase {
    /// Adds a favourite; adding one twice keeps the first (and its edits).
    public func addFavourite(accountID: Account.ID, monologueID: String, now: Date = Date()) async throws {
        try await transaction { db in
            guard try await db.value("SELECT 1 FROM monologue WHERE id = \(monologueID) AND NOT retired", as: Int.self) != nil else {
                throw MonologueError.notFound(id: monologueID)
            }
            try await db.execute("""
                INSERT INTO favourite (accountId, monologueId, createdAt) VALUES (\(accountID), \(monologueID), \(now))
                ON CONFLICT DO NOTHING
                """)
        }
    }

    public func removeFavourite(accountID: Account.ID, monologueID: String) async throws {
        try await transaction { db in
            try await db.execute("DELETE FROM favourite WHERE accountId = \(accountID) AND monologueId = \(monologueID)")
        }
    }

    /// Saves a favourite's edits (nil fields: as in the library). Not a favourite: not found.
    public func saveFavouriteEdits(accountID: Account.ID, _ favourite: Favourite, now: Date = Date()) async throws {
        let tags = try FavouriteRecord.encodeTags(favourite.tags)
        let changed = try await transaction { db in
            try await db.execute("""
                UPDATE favourite SET text = \(favourite.text), notes = \(favourite.notes), tags = \(tags),
                  gender = \(favourite.gender?.rawValue), editedAt = \(greatest: "COALESCE(editedAt, \(now))", "\(now)")
                WHERE accountId = \(accountID) AND monologueId = \(favourite.monologueID)
                """)
        }
        if changed == 0 { throw MonologueError.notFound(id: favourite.monologueID) }
    }

    /// Saves edits made at `madeAt` (on a device, sent late): only when no later change of the
    /// favourite is recorded, else false and the later change stands.
    public func saveFavouriteEdits(accountID: Account.ID, _ favourite: Favourite, madeAt: Date) async throws -> Bool {
        let tags = try FavouriteRecord.encodeTags(favourite.tags)
        return try await transaction { db in
            let changed = try await db.execute("""
                UPDATE favourite SET text = \(favourite.text), notes = \(favourite.notes), tags = \(tags),
                  gender = \(favourite.gender?.rawValue), editedAt = \(madeAt)
                WHERE accountId = \(accountID) AND monologueId = \(favourite.monologueID) AND (editedAt IS NULL OR editedAt <= \(madeAt))
                """)
            if changed > 0 { return true }
            guard try await db.value("SELECT 1 FROM favourite WHERE accountId = \(accountID) AND monologueId = \(favourite.monologueID)",
                                     as: Int.self) != nil else {
                throw MonologueError.notFound(id: favourite.monologueID)
            }
            return false
        }
    }

    /// Forgets a favourite's edits: it shows the library's current version again.
    public func restoreFavourite(accountID: Account.ID, monologueID: String) async throws {
        try await saveFavouriteEdits(accountID: accountID, Favourite(monologueID: monologueID), now: Date())
    }

    /// One page of the account's favourites, newest first, and how many there are: two
    /// statements however many favourites, both walking `favourite_on_accountId_createdAt`.
    /// Favourites of monologues the library retired are left out of both.
    public func favouritePage(accountID: Account.ID, limit: Int, offset: Int) async throws -> Page<Favourite> {
        try await reading { db in
            let total = try await db.value("""
                SELECT COUNT(*) FROM favourite f JOIN monologue m ON m.id = f.monologueId WHERE f.accountId = \(accountID) AND NOT m.retired
                """, as: Int.self) ?? 0
            let items = try await db.rows("""
                SELECT f.* FROM favourite f JOIN monologue m ON m.id = f.monologueId WHERE f.accountId = \(accountID) AND NOT m.retired
                ORDER BY f.createdAt DESC, f.monologueId LIMIT \(max(0, limit)) OFFSET \(max(0, offset))
                """, as: FavouriteRecord.self).map { try $0.favourite() }
            return Page(total: total, items: items, limit: limit, offset: offset)
        }
    }

    public func favourite(accountID: Account.ID, monologueID: String) async throws -> Favourite? {
        try await reading { db in
            try await db.row("SELECT * FROM favourite WHERE accountId = \(accountID) AND monologueId = \(monologueID)",
                             as: FavouriteRecord.self)?.favourite()
        }
    }

    /// The account's favourites among `monologueIDs` (a page of search results), in one statement.
    public func favourites(accountID: Account.ID, among monologueIDs: [String]) async throws -> [Favourite] {
        guard !monologueIDs.isEmpty else { return [] }
        return try await reading { db in
            try await db.rows("SELECT * FROM favourite WHERE accountId = \(accountID) AND monologueId \(oneOf: monologueIDs)",
                              as: FavouriteRecord.self).map { try $0.favourite() }
        }
    }

    /// The tags the account gave its favourites, by monologue id: only favourites whose tags were
    /// edited, and only that column, so search and the tags page never load every edited text.
    public func personalTags(accountID: Account.ID) async throws -> [String: [String]] {
        try await reading { db in
            var tags: [String: [String]] = [:]
            for row in try await db.rows("SELECT monologueId, tags AS value FROM favourite WHERE accountId = \(accountID) AND tags IS NOT NULL",
                                         as: PersonalColumn.self) {
                tags[row.monologueId] = try FavouriteRecord.decodeTags(row.value, id: row.monologueId)
            }
            return tags
        }
    }

    /// The genders the account gave its favourites, by monologue id: only that column of the
    /// favourites whose gender was changed, as search needs it on every query.
    public func personalGenders(accountID: Account.ID) async throws -> [String: Gender] {
        try await reading { db in
            var genders: [String: Gender] = [:]
            for row in try await db.rows("SELECT monologueId, gender AS value FROM favourite WHERE accountId = \(accountID) AND gender IS NOT NULL",
                                         as: PersonalColumn.self) {
                guard let gender = Gender(rawValue: row.value) else {
                    throw StoreError.corruptRow(table: FavouriteRecord.databaseTableName, id: row.monologueId)
                }
                genders[row.monologueId] = gender
            }
            return genders
        }
    }

    public func saveMonologueOptions(accountID: Account.ID, _ options: MonologueOptions) async throws {
        let o = MonologueOptionsRecord(accountId: accountID, options)
        try await transaction { db in
            try await db.execute("""
                INSERT INTO monologueOptions (accountId, gender, tone, length, textSize, form, play, age, fresh)
                VALUES (\(accountID), \(o.gender), \(o.tone), \(o.length), \(o.textSize), \(o.form), \(o.play), \(o.age), \(o.fresh))
                ON CONFLICT (accountId) DO UPDATE SET gender = excluded.gender, tone = excluded.tone, length = excluded.length,
                  textSize = excluded.textSize, form = excluded.form, play = excluded.play, age = excluded.age, fresh = excluded.fresh
                """)
        }
    }

    public func monologueOptions(accountID: Account.ID) async throws -> MonologueOptions? {
        try await reading { db in
            try await db.row("SELECT * FROM monologueOptions WHERE accountId = \(accountID)", as: MonologueOptionsRecord.self)?.options
        }
    }
}

/// A favourite's id and one of its columns (its tags, its gender), read as `value`.
private struct PersonalColumn: Decodable {
    let monologueId: String
    let value: String
}

extension FavouriteRecord {
    func favourite() throws -> Favourite {
        Favourite(monologueID: monologueId, text: text, notes: notes, tags: try tags.map { try Self.decodeTags($0, id: monologueId) },
                  gender: gender.flatMap(Gender.init(rawValue:)))
    }

    static func encodeTags(_ tags: [String]?) throws -> String? {
        try tags.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
    }

    static func decodeTags(_ json: String, id: String) throws -> [String] {
        guard let list = try? JSONDecoder().decode([String].self, from: Data(json.utf8)) else {
            throw StoreError.corruptRow(table: databaseTableName, id: id)
        }
        return list
    }
}
