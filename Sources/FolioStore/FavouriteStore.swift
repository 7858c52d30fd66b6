import FolioCore
import Foundation
import GRDB
import Monologues

/// What users keep of the monologue library: favourites with their edits, and options. Every
/// query names the account, so one user's rows are never reachable from another's requests.
extension AppDatabase {
    /// Adds a favourite; adding one twice keeps the first (and its edits).
    public func addFavourite(accountID: Account.ID, monologueID: String, now: Date = Date()) async throws {
        try await writer.write { db in
            guard try MonologueRecord.filter(key: monologueID).filter(MonologueRecord.Columns.retired == false).fetchCount(db) > 0 else {
                throw MonologueError.notFound(id: monologueID)
            }
            try db.execute(sql: "INSERT OR IGNORE INTO favourite (accountId, monologueId, createdAt) VALUES (?, ?, ?)",
                           arguments: [accountID, monologueID, now])
        }
    }

    public func removeFavourite(accountID: Account.ID, monologueID: String) async throws {
        try await writer.write { db in
            try db.execute(sql: "DELETE FROM favourite WHERE accountId = ? AND monologueId = ?", arguments: [accountID, monologueID])
        }
    }

    /// Saves a favourite's edits (nil fields: as in the library). Not a favourite: not found.
    public func saveFavouriteEdits(accountID: Account.ID, _ favourite: Favourite, now: Date = Date()) async throws {
        let tags = try favourite.tags.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
        try await writer.write { db in
            try db.execute(sql: """
                UPDATE favourite SET text = ?, notes = ?, tags = ?, gender = ?, editedAt = MAX(COALESCE(editedAt, ?), ?)
                WHERE accountId = ? AND monologueId = ?
                """, arguments: [favourite.text, favourite.notes, tags, favourite.gender?.rawValue,
                                 now, now, accountID, favourite.monologueID])
            if db.changesCount == 0 { throw MonologueError.notFound(id: favourite.monologueID) }
        }
    }

    public func saveFavouriteEdits(accountID: Account.ID, _ favourite: Favourite, madeAt: Date) async throws -> Bool {
        let tags = try favourite.tags.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
        return try await writer.write { db in
            try db.execute(sql: """
                UPDATE favourite SET text = ?, notes = ?, tags = ?, gender = ?, editedAt = ?
                WHERE accountId = ? AND monologueId = ? AND (editedAt IS NULL OR editedAt <= ?)
                """, arguments: [favourite.text, favourite.notes, tags, favourite.gender?.rawValue,
                                 madeAt, accountID, favourite.monologueID, madeAt])
            if db.changesCount > 0 { return true }
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM favourite WHERE accountId = ? AND monologueId = ?",
                                    arguments: [accountID, favourite.monologueID]) ?? false else {
                throw MonologueError.notFound(id: favourite.monologueID)
            }
            return false
        }
    }

    /// Forgets a favourite's edits: it shows the library's current version again.
    public func restoreFavourite(accountID: Account.ID, monologueID: String) async throws {
        try await saveFavouriteEdits(accountID: accountID, Favourite(monologueID: monologueID))
    }

    public func saveMonologueOptions(accountID: Account.ID, _ options: MonologueOptions) async throws {
        try await writer.write { db in
            try MonologueOptionsRecord(accountId: accountID, options).save(db)
        }
    }

    public var favourites: FavouriteRepository { FavouriteRepository(reader: writer) }
}

/// Reads of what one user keeps.
public struct FavouriteRepository: Sendable {
    let reader: any DatabaseReader

    /// One page of the account's favourites, newest first, and how many there are: two
    /// statements however many favourites, both walking `favourite_on_accountId_createdAt`.
    /// Favourites of monologues the library retired are left out of both.
    public func page(accountID: Account.ID, limit: Int, offset: Int) async throws -> Page<Favourite> {
        try await reader.read { db in
            let total = try Int.fetchOne(db, sql: """
                SELECT COUNT(*) FROM favourite f JOIN monologue m ON m.id = f.monologueId WHERE f.accountId = ? AND NOT m.retired
                """, arguments: [accountID]) ?? 0
            let items = try FavouriteRecord.fetchAll(db, sql: """
                SELECT f.* FROM favourite f JOIN monologue m ON m.id = f.monologueId WHERE f.accountId = ? AND NOT m.retired
                ORDER BY f.createdAt DESC, f.monologueId LIMIT ? OFFSET ?
                """, arguments: [accountID, max(0, limit), max(0, offset)]).map { try $0.favourite() }
            return Page(total: total, items: items, limit: limit, offset: offset)
        }
    }

    /// The account's favourites among `monologueIDs` (a page of search results), in one statement.
    public func favourites(accountID: Account.ID, among monologueIDs: [String]) async throws -> [Favourite] {
        guard !monologueIDs.isEmpty else { return [] }
        return try await reader.read { db in
            try FavouriteRecord.filter(sql: "accountId = ?", arguments: [accountID])
                .filter(monologueIDs.contains(Column("monologueId"))).fetchAll(db).map { try $0.favourite() }
        }
    }

    /// The tags the account gave its favourites, by monologue id: only favourites whose tags were
    /// edited, and only that column, so search and the tags page never load every edited text.
    public func personalTags(accountID: Account.ID) async throws -> [String: [String]] {
        try await reader.read { db in
            var tags: [String: [String]] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT monologueId, tags FROM favourite WHERE accountId = ? AND tags IS NOT NULL",
                                        arguments: [accountID]) {
                let id: String = row[0]
                tags[id] = try FavouriteRecord.decodeTags(row[1], id: id)
            }
            return tags
        }
    }

    /// The genders the account gave its favourites, by monologue id: only that column of the
    /// favourites whose gender was changed, as search needs it on every query.
    public func personalGenders(accountID: Account.ID) async throws -> [String: Gender] {
        try await reader.read { db in
            var genders: [String: Gender] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT monologueId, gender FROM favourite WHERE accountId = ? AND gender IS NOT NULL",
                                        arguments: [accountID]) {
                let id: String = row[0], raw: String = row[1]
                guard let gender = Gender(rawValue: raw) else { throw StoreError.corruptRow(table: FavouriteRecord.databaseTableName, id: id) }
                genders[id] = gender
            }
            return genders
        }
    }

    public func favourite(accountID: Account.ID, monologueID: String) async throws -> Favourite? {
        try await reader.read { db in
            try FavouriteRecord.filter(sql: "accountId = ? AND monologueId = ?", arguments: [accountID, monologueID])
                .fetchOne(db)?.favourite()
        }
    }

    public func monologueOptions(accountID: Account.ID) async throws -> MonologueOptions? {
        try await reader.read { db in
            try MonologueOptionsRecord.fetchOne(db, key: accountID)?.options
        }
    }
}


extension FavouriteRecord {
    func favourite() throws -> Favourite {
        Favourite(monologueID: monologueId, text: text, notes: notes, tags: try tags.map { try Self.decodeTags($0, id: monologueId) },
                  gender: gender.flatMap(Gender.init(rawValue:)))
    }

    static func decodeTags(_ json: String, id: String) throws -> [String] {
        guard let list = try? JSONDecoder().decode([String].self, from: Data(json.utf8)) else {
            throw StoreError.corruptRow(table: databaseTableName, id: id)
        }
        return list
    }
}
