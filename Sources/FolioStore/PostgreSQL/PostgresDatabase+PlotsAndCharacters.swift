// The PostgreSQL engine: built with the PostgreSQL trait (on by default).
#if PostgreSQL
import Characters
import FolioApp
import FolioCore
import Foundation
import PostgresNIO

extension PostgresDatabase: PlotStore {
    public func keepPlot(accountID: Account.ID, ids: String, seed: UInt64?, text: String, now: Date) async throws {
        try await write { connection in
            try await connection.run("""
                INSERT INTO plotFavourite (accountId, plotIds, seed, text, createdAt)
                VALUES (\(accountID.rawValue), \(ids), \(seed.map { Int64(bitPattern: $0) }), \(text), \(now)) ON CONFLICT DO NOTHING
                """, logger)
        }
    }

    public func setPlotKept(accountID: Account.ID, ids: String, seed: UInt64?, text: String, kept: Bool, changedAt: Date,
                            onlyIfLater: Bool) async throws -> Bool {
        try await write { connection in
            guard try await recordChange(connection, accountID: accountID, item: "plot:\(ids)", changedAt: changedAt,
                                         onlyIfLater: onlyIfLater) else { return false }
            if kept {
                try await connection.run("""
                    INSERT INTO plotFavourite (accountId, plotIds, seed, text, createdAt)
                    VALUES (\(accountID.rawValue), \(ids), \(seed.map { Int64(bitPattern: $0) }), \(text), \(changedAt)) ON CONFLICT DO NOTHING
                    """, logger)
            } else {
                try await connection.run("DELETE FROM plotFavourite WHERE accountId = \(accountID.rawValue) AND plotIds = \(ids)", logger)
            }
            return true
        }
    }

    /// As SQLite's `recordChange`: when `item` was last kept or let go.
    func recordChange(_ connection: PostgresConnection, accountID: Account.ID, item: String, changedAt: Date,
                      onlyIfLater: Bool) async throws -> Bool {
        let update = onlyIfLater ? "changedAt = EXCLUDED.changedAt WHERE keptChange.changedAt <= EXCLUDED.changedAt"
            : "changedAt = GREATEST(keptChange.changedAt, EXCLUDED.changedAt)"
        return try await !connection.all("""
            INSERT INTO keptChange (accountId, item, changedAt) VALUES (\(accountID.rawValue), \(item), \(changedAt))
            ON CONFLICT (accountId, item) DO UPDATE SET \(unescaped: update)
            RETURNING accountId
            """, logger, as: Int64.self).isEmpty
    }

    public func forgetPlot(accountID: Account.ID, ids: String) async throws {
        let deleted = try await write { connection in
            try await connection.changes("DELETE FROM plotFavourite WHERE accountId = \(accountID.rawValue) AND plotIds = \(ids)", logger)
        }
        guard deleted > 0 else { throw StoreError.notFound(what: "kept plot", id: ids) }
    }

    public func isKept(accountID: Account.ID, ids: String) async throws -> Bool {
        try await read { connection in
            try await connection.value("SELECT 1 FROM plotFavourite WHERE accountId = \(accountID.rawValue) AND plotIds = \(ids)",
                                       logger, as: Int32.self) != nil
        }
    }

    public func keptPlots(accountID: Account.ID, limit: Int, offset: Int) async throws -> Page<SavedPlot> {
        try await read { connection in
            let total = try await connection.value("SELECT COUNT(*) FROM plotFavourite WHERE accountId = \(accountID.rawValue)",
                                                   logger, as: Int.self) ?? 0
            let items = try await connection.all("""
                SELECT plotIds, seed, text, createdAt FROM plotFavourite WHERE accountId = \(accountID.rawValue)
                ORDER BY createdAt DESC, plotIds LIMIT \(max(0, limit)) OFFSET \(max(0, offset))
                """, logger, as: (String, Int64?, String, Date).self).map {
                SavedPlot(ids: $0.0, seed: $0.1.map { UInt64(bitPattern: $0) }, text: $0.2, createdAt: $0.3)
            }
            return Page(total: total, items: items, limit: limit, offset: offset)
        }
    }

    /// A new name past `limit` is refused under the account's grammar lock, so two saves at
    /// once on two instances cannot both take the last place.
    public func saveGrammar(accountID: Account.ID, name: String, json: String, limit: Int, now: Date) async throws -> SavedGrammar {
        try await write { connection in
            try await connection.lock("grammars:\(accountID.rawValue)", logger)
            if let (id, storedName) = try await connection.all("""
                UPDATE plotGrammar SET json = \(json), updatedAt = \(now)
                WHERE accountId = \(accountID.rawValue) AND folio_nocase(name) = folio_nocase(\(name)) RETURNING id, name
                """, logger, as: (Int64, String).self).first {
                return SavedGrammar(id: id, name: storedName, json: json, updatedAt: now)
            }
            let count = try await connection.value("SELECT COUNT(*) FROM plotGrammar WHERE accountId = \(accountID.rawValue)",
                                                   logger, as: Int.self) ?? 0
            guard count < limit else { throw GrammarQuotaError.reached(limit: limit) }
            let id = try await connection.value("""
                INSERT INTO plotGrammar (accountId, name, json, createdAt, updatedAt)
                VALUES (\(accountID.rawValue), \(name), \(json), \(now), \(now)) RETURNING id
                """, logger, as: Int64.self)
            return SavedGrammar(id: id ?? 0, name: name, json: json, updatedAt: now)
        }
    }

    public func deleteGrammar(accountID: Account.ID, id: Int64) async throws {
        let deleted = try await write { connection in
            try await connection.changes("DELETE FROM plotGrammar WHERE accountId = \(accountID.rawValue) AND id = \(id)", logger)
        }
        guard deleted > 0 else { throw StoreError.notFound(what: "grammar", id: String(id)) }
    }

    public func grammars(accountID: Account.ID, limit: Int, offset: Int) async throws -> Page<SavedGrammar> {
        try await read { connection in
            let total = try await connection.value("SELECT COUNT(*) FROM plotGrammar WHERE accountId = \(accountID.rawValue)",
                                                   logger, as: Int.self) ?? 0
            let items = try await connection.all("""
                SELECT id, name, json, updatedAt FROM plotGrammar WHERE accountId = \(accountID.rawValue)
                ORDER BY folio_nocase(name), id LIMIT \(max(0, limit)) OFFSET \(max(0, offset))
                """, logger, as: (Int64, String, String, Date).self).map { SavedGrammar(id: $0.0, name: $0.1, json: $0.2, updatedAt: $0.3) }
            return Page(total: total, items: items, limit: limit, offset: offset)
        }
    }

    public func grammar(accountID: Account.ID, id: Int64) async throws -> SavedGrammar? {
        try await read { connection in
            try await connection.all("""
                SELECT id, name, json, updatedAt FROM plotGrammar WHERE accountId = \(accountID.rawValue) AND id = \(id)
                """, logger, as: (Int64, String, String, Date).self).first.map { SavedGrammar(id: $0.0, name: $0.1, json: $0.2, updatedAt: $0.3) }
        }
    }
}

extension PostgresDatabase: CharacterStore {
    public func saveCatalogue(_ catalogue: Catalogue, now: Date) async throws -> Int {
        let json = String(decoding: try JSONEncoder().encode(catalogue), as: UTF8.self)
        return try await write { connection in
            try await connection.value("""
                INSERT INTO characterCatalogue (id, revision, json, updatedAt) VALUES (1, 1, \(json), \(now))
                ON CONFLICT (id) DO UPDATE SET revision = characterCatalogue.revision + 1, json = excluded.json, updatedAt = excluded.updatedAt
                RETURNING revision
                """, logger, as: Int.self) ?? 1
        }
    }

    public func storedCatalogue() async throws -> (catalogue: Catalogue, revision: Int)? {
        let row = try await read { connection in
            try await connection.all("SELECT revision, json FROM characterCatalogue WHERE id = 1", logger, as: (Int, String).self).first
        }
        guard let (revision, json) = row else { return nil }
        do {
            return (try JSONDecoder().decode(Catalogue.self, from: Data(json.utf8)), revision)
        } catch {
            throw StoreError.corruptRow(table: "characterCatalogue", id: "1")
        }
    }

    public func catalogueRevision() async throws -> Int {
        try await read { try await $0.value("SELECT revision FROM characterCatalogue WHERE id = 1", logger, as: Int.self) ?? 0 }
    }

    public func keepCharacter(accountID: Account.ID, characterID: Int, now: Date) async throws {
        try await write { connection in
            try await connection.run("""
                INSERT INTO characterFavourite (accountId, characterId, createdAt) VALUES (\(accountID.rawValue), \(characterID), \(now))
                ON CONFLICT DO NOTHING
                """, logger)
        }
    }

    public func forgetCharacter(accountID: Account.ID, characterID: Int) async throws {
        let deleted = try await write { connection in
            try await connection.changes("""
                DELETE FROM characterFavourite WHERE accountId = \(accountID.rawValue) AND characterId = \(characterID)
                """, logger)
        }
        guard deleted > 0 else { throw StoreError.notFound(what: "favourite character", id: String(characterID)) }
    }

    public func setCharacterKept(accountID: Account.ID, characterID: Int, kept: Bool, changedAt: Date, onlyIfLater: Bool) async throws -> Bool {
        try await write { connection in
            guard try await recordChange(connection, accountID: accountID, item: "character:\(characterID)", changedAt: changedAt,
                                         onlyIfLater: onlyIfLater) else { return false }
            if kept {
                try await connection.run("""
                    INSERT INTO characterFavourite (accountId, characterId, createdAt) VALUES (\(accountID.rawValue), \(characterID), \(changedAt))
                    ON CONFLICT DO NOTHING
                    """, logger)
            } else {
                try await connection.run("""
                    DELETE FROM characterFavourite WHERE accountId = \(accountID.rawValue) AND characterId = \(characterID)
                    """, logger)
            }
            return true
        }
    }

    public func keptCharacters(accountID: Account.ID) async throws -> [Int] {
        try await read { connection in
            try await connection.all("""
                SELECT characterId FROM characterFavourite WHERE accountId = \(accountID.rawValue) ORDER BY createdAt DESC, characterId
                """, logger, as: Int.self)
        }
    }

    public func keptCharacters(accountID: Account.ID, limit: Int, offset: Int) async throws -> Page<Int> {
        try await read { connection in
            let total = try await connection.value("SELECT COUNT(*) FROM characterFavourite WHERE accountId = \(accountID.rawValue)",
                                                   logger, as: Int.self) ?? 0
            let ids = try await connection.all("""
                SELECT characterId FROM characterFavourite WHERE accountId = \(accountID.rawValue)
                ORDER BY createdAt DESC, characterId LIMIT \(max(0, limit)) OFFSET \(max(0, offset))
                """, logger, as: Int.self)
            return Page(total: total, items: ids, limit: limit, offset: offset)
        }
    }

    public func keepsCharacter(accountID: Account.ID, characterID: Int) async throws -> Bool {
        try await read { connection in
            try await connection.value("""
                SELECT 1 FROM characterFavourite WHERE accountId = \(accountID.rawValue) AND characterId = \(characterID)
                """, logger, as: Int32.self) != nil
        }
    }
}
#endif
