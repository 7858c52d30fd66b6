import Characters
import FolioApp
import FolioCore
import Foundation

/// The stored character catalogue and each account's favourite characters, written once for both
/// engines.
extension CharacterStore where Self: SQLDatabase {
    /// Stores the whole catalogue, replacing the one before and moving the revision on.
    @discardableResult
    public func saveCatalogue(_ catalogue: Catalogue, now: Date = Date()) async throws -> Int {
        let json = String(decoding: try JSONEncoder().encode(catalogue), as: UTF8.self)
        return try await transaction { db in
            try await db.value("""
                INSERT INTO characterCatalogue (id, revision, json, updatedAt) VALUES (1, 1, \(json), \(now))
                ON CONFLICT (id) DO UPDATE SET revision = characterCatalogue.revision + 1, json = excluded.json, updatedAt = excluded.updatedAt
                RETURNING revision
                """, as: Int.self) ?? 1
        }
    }

    /// The stored catalogue with its revision, or nil while the bundled one is in use.
    public func storedCatalogue() async throws -> (catalogue: Catalogue, revision: Int)? {
        guard let row = try await reading({ db in
            try await db.row("SELECT revision, json FROM characterCatalogue WHERE id = 1", as: StoredCatalogueRow.self)
        }) else { return nil }
        do {
            return (try JSONDecoder().decode(Catalogue.self, from: Data(row.json.utf8)), row.revision)
        } catch {
            throw StoreError.corruptRow(table: "characterCatalogue", id: "1")
        }
    }

    public func catalogueRevision() async throws -> Int {
        try await reading { db in try await db.value("SELECT revision FROM characterCatalogue WHERE id = 1", as: Int.self) ?? 0 }
    }

    /// Keeps a character as a favourite; keeping one twice changes nothing.
    public func keepCharacter(accountID: Account.ID, characterID: Int, now: Date = Date()) async throws {
        try await transaction { db in try await Self.insertFavourite(db, accountID: accountID, characterID: characterID, at: now) }
    }

    public func forgetCharacter(accountID: Account.ID, characterID: Int) async throws {
        let deleted = try await transaction { db in try await Self.deleteFavourite(db, accountID: accountID, characterID: characterID) }
        guard deleted > 0 else { throw StoreError.notFound(what: "favourite character", id: String(characterID)) }
    }

    public func setCharacterKept(accountID: Account.ID, characterID: Int, kept: Bool, changedAt: Date, onlyIfLater: Bool) async throws -> Bool {
        try await transaction { db in
            guard try await KeptChange.record(db, accountID: accountID, item: "character:\(characterID)", changedAt: changedAt,
                                              onlyIfLater: onlyIfLater) else { return false }
            if kept {
                try await Self.insertFavourite(db, accountID: accountID, characterID: characterID, at: changedAt)
            } else {
                try await Self.deleteFavourite(db, accountID: accountID, characterID: characterID)
            }
            return true
        }
    }

    private static func insertFavourite(_ db: any SQLConnection, accountID: Account.ID, characterID: Int, at time: Date) async throws {
        try await db.execute("""
            INSERT INTO characterFavourite (accountId, characterId, createdAt) VALUES (\(accountID), \(characterID), \(time))
            ON CONFLICT DO NOTHING
            """)
    }

    @discardableResult
    private static func deleteFavourite(_ db: any SQLConnection, accountID: Account.ID, characterID: Int) async throws -> Int {
        try await db.execute("DELETE FROM characterFavourite WHERE accountId = \(accountID) AND characterId = \(characterID)")
    }

    /// The ids of an account's favourite characters, most recently kept first.
    public func keptCharacters(accountID: Account.ID) async throws -> [Int] {
        try await reading { db in
            try await db.column("""
                SELECT characterId FROM characterFavourite WHERE accountId = \(accountID) ORDER BY createdAt DESC, characterId
                """, as: Int.self)
        }
    }

    /// One page of those ids and how many there are, in two statements on
    /// `characterFavourite_on_accountId_createdAt`.
    public func keptCharacters(accountID: Account.ID, limit: Int, offset: Int) async throws -> Page<Int> {
        try await reading { db in
            let total = try await db.value("SELECT COUNT(*) FROM characterFavourite WHERE accountId = \(accountID)", as: Int.self) ?? 0
            let ids = try await db.column("""
                SELECT characterId FROM characterFavourite WHERE accountId = \(accountID)
                ORDER BY createdAt DESC, characterId LIMIT \(max(0, limit)) OFFSET \(max(0, offset))
                """, as: Int.self)
            return Page(total: total, items: ids, limit: limit, offset: offset)
        }
    }

    /// Whether the account keeps the character: one primary-key lookup.
    public func keepsCharacter(accountID: Account.ID, characterID: Int) async throws -> Bool {
        try await reading { db in
            try await db.value("SELECT 1 FROM characterFavourite WHERE accountId = \(accountID) AND characterId = \(characterID)",
                               as: Int.self) != nil
        }
    }
}

private struct StoredCatalogueRow: Decodable {
    let revision: Int
    let json: String
}
