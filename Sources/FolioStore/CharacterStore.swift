import Characters
import FolioCore
import Foundation
import GRDB

extension AppDatabase {
    /// Stores the whole catalogue, replacing the one before and moving the revision on.
    @discardableResult
    public func saveCatalogue(_ catalogue: Catalogue, now: Date = Date()) async throws -> Int {
        let json = String(decoding: try JSONEncoder().encode(catalogue), as: UTF8.self)
        return try await writer.write { db in
            let revision = (try Int.fetchOne(db, sql: "SELECT revision FROM characterCatalogue WHERE id = 1") ?? 0) + 1
            try db.execute(sql: """
                INSERT INTO characterCatalogue (id, revision, json, updatedAt) VALUES (1, ?, ?, ?)
                ON CONFLICT(id) DO UPDATE SET revision = excluded.revision, json = excluded.json, updatedAt = excluded.updatedAt
                """, arguments: [revision, json, now])
            return revision
        }
    }

    /// Keeps a character as a favourite; keeping one twice changes nothing.
    public func keepCharacter(accountID: Account.ID, characterID: Int, now: Date = Date()) async throws {
        try await writer.write { db in
            try db.execute(sql: "INSERT OR IGNORE INTO characterFavourite (accountId, characterId, createdAt) VALUES (?, ?, ?)",
                           arguments: [accountID, characterID, now])
        }
    }

    public func forgetCharacter(accountID: Account.ID, characterID: Int) async throws {
        try await writer.write { db in
            try db.execute(sql: "DELETE FROM characterFavourite WHERE accountId = ? AND characterId = ?", arguments: [accountID, characterID])
            guard db.changesCount > 0 else { throw StoreError.notFound(what: "favourite character", id: String(characterID)) }
        }
    }

    public func setCharacterKept(accountID: Account.ID, characterID: Int, kept: Bool, changedAt: Date, onlyIfLater: Bool) async throws -> Bool {
        try await writer.write { db in
            guard try Self.recordChange(db, accountID: accountID, item: "character:\(characterID)", changedAt: changedAt,
                                        onlyIfLater: onlyIfLater) else { return false }
            if kept {
                try db.execute(sql: "INSERT OR IGNORE INTO characterFavourite (accountId, characterId, createdAt) VALUES (?, ?, ?)",
                               arguments: [accountID, characterID, changedAt])
            } else {
                try db.execute(sql: "DELETE FROM characterFavourite WHERE accountId = ? AND characterId = ?", arguments: [accountID, characterID])
            }
            return true
        }
    }

    public var characters: CharacterRepository { CharacterRepository(reader: writer) }
}

/// Reads of the stored catalogue and of favourites.
public struct CharacterRepository: Sendable {
    let reader: any DatabaseReader

    /// The stored catalogue with its revision, or nil while the bundled one is in use.
    public func catalogue() async throws -> (catalogue: Catalogue, revision: Int)? {
        let row = try await reader.read { db in
            try Row.fetchOne(db, sql: "SELECT revision, json FROM characterCatalogue WHERE id = 1").map { ($0["revision"] as Int, $0["json"] as String) }
        }
        guard let (revision, json) = row else { return nil }
        do {
            return (try JSONDecoder().decode(Catalogue.self, from: Data(json.utf8)), revision)
        } catch {
            throw StoreError.corruptRow(table: "characterCatalogue", id: "1")
        }
    }

    public func revision() async throws -> Int {
        try await reader.read { db in try Int.fetchOne(db, sql: "SELECT revision FROM characterCatalogue WHERE id = 1") ?? 0 }
    }

    /// The ids of an account's favourite characters, most recently kept first.
    public func favourites(accountID: Account.ID) async throws -> [Int] {
        try await reader.read { db in
            try Int.fetchAll(db, sql: "SELECT characterId FROM characterFavourite WHERE accountId = ? ORDER BY createdAt DESC, characterId",
                             arguments: [accountID])
        }
    }

    /// One page of those ids and how many there are, in two statements on
    /// `characterFavourite_on_accountId_createdAt`.
    public func favourites(accountID: Account.ID, limit: Int, offset: Int) async throws -> Page<Int> {
        try await reader.read { db in
            let total = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM characterFavourite WHERE accountId = ?", arguments: [accountID]) ?? 0
            let ids = try Int.fetchAll(db, sql: """
                SELECT characterId FROM characterFavourite WHERE accountId = ? ORDER BY createdAt DESC, characterId LIMIT ? OFFSET ?
                """, arguments: [accountID, max(0, limit), max(0, offset)])
            return Page(total: total, items: ids, limit: limit, offset: offset)
        }
    }

    /// Whether the account keeps the character: one primary-key lookup.
    public func isFavourite(accountID: Account.ID, characterID: Int) async throws -> Bool {
        try await reader.read { db in
            try Int.fetchOne(db, sql: "SELECT 1 FROM characterFavourite WHERE accountId = ? AND characterId = ?",
                             arguments: [accountID, characterID]) != nil
        }
    }
}
