import FolioCore
import Foundation
import GRDB


extension AppDatabase {
    /// Keeps a plot; keeping one already kept changes nothing.
    public func keepPlot(accountID: Account.ID, ids: String, seed: UInt64?, text: String, now: Date = Date()) async throws {
        try await writer.write { db in
            try db.execute(sql: """
                INSERT OR IGNORE INTO plotFavourite (accountId, plotIds, seed, text, createdAt) VALUES (?, ?, ?, ?, ?)
                """, arguments: [accountID, ids, seed.map { Int64(bitPattern: $0) }, text, now])
        }
    }

    public func forgetPlot(accountID: Account.ID, ids: String) async throws {
        try await writer.write { db in
            try db.execute(sql: "DELETE FROM plotFavourite WHERE accountId = ? AND plotIds = ?", arguments: [accountID, ids])
            guard db.changesCount > 0 else { throw StoreError.notFound(what: "kept plot", id: ids) }
        }
    }

    /// Saves a grammar under a name; a name the account already uses is replaced. A new name is
    /// refused with `GrammarQuotaError` once the account keeps `limit` grammars (replacing one
    /// never counts twice), checked in the same transaction as the write so no race passes it.
    @discardableResult
    public func saveGrammar(accountID: Account.ID, name: String, json: String, limit: Int = .max, now: Date = Date()) async throws -> SavedGrammar {
        try await writer.write { db in
            let replacing = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM plotGrammar WHERE accountId = ? AND name = ?)",
                                              arguments: [accountID, name]) ?? false
            if !replacing {
                let kept = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM plotGrammar WHERE accountId = ?", arguments: [accountID]) ?? 0
                guard kept < limit else { throw GrammarQuotaError.reached(limit: limit) }
            }
            try db.execute(sql: """
                INSERT INTO plotGrammar (accountId, name, json, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT(accountId, name) DO UPDATE SET json = excluded.json, updatedAt = excluded.updatedAt
                """, arguments: [accountID, name, json, now, now])
            let id = try Int64.fetchOne(db, sql: "SELECT id FROM plotGrammar WHERE accountId = ? AND name = ?", arguments: [accountID, name])!
            return SavedGrammar(id: id, name: name, json: json, updatedAt: now)
        }
    }

    public func deleteGrammar(accountID: Account.ID, id: Int64) async throws {
        try await writer.write { db in
            try db.execute(sql: "DELETE FROM plotGrammar WHERE id = ? AND accountId = ?", arguments: [id, accountID])
            guard db.changesCount > 0 else { throw StoreError.notFound(what: "grammar", id: String(id)) }
        }
    }

    public var plots: PlotRepository { PlotRepository(reader: writer) }
}


/// Reads of one account's plots and grammars. Lists come a page at a time, newest kept plots
/// first and grammars by name, each read from an index on the account.
public struct PlotRepository: Sendable {
    let reader: any DatabaseReader

    public func kept(accountID: Account.ID, limit: Int, offset: Int) async throws -> Page<SavedPlot> {
        try await reader.read { db in
            let total = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM plotFavourite WHERE accountId = ?", arguments: [accountID]) ?? 0
            let items = try Row.fetchAll(db, sql: """
                SELECT plotIds, seed, text, createdAt FROM plotFavourite WHERE accountId = ?
                ORDER BY createdAt DESC, plotIds LIMIT ? OFFSET ?
                """, arguments: [accountID, limit, offset]).map { row in
                SavedPlot(ids: row["plotIds"], seed: (row["seed"] as Int64?).map { UInt64(bitPattern: $0) }, text: row["text"],
                          createdAt: row["createdAt"])
            }
            return Page(total: total, items: items, limit: limit, offset: offset)
        }
    }

    /// Whether the account keeps the plot with these entry ids.
    public func isKept(accountID: Account.ID, ids: String) async throws -> Bool {
        try await reader.read { db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM plotFavourite WHERE accountId = ? AND plotIds = ?)",
                              arguments: [accountID, ids]) ?? false
        }
    }

    public func grammars(accountID: Account.ID, limit: Int, offset: Int) async throws -> Page<SavedGrammar> {
        try await reader.read { db in
            let total = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM plotGrammar WHERE accountId = ?", arguments: [accountID]) ?? 0
            let items = try Row.fetchAll(db, sql: """
                SELECT id, name, json, updatedAt FROM plotGrammar WHERE accountId = ? ORDER BY name LIMIT ? OFFSET ?
                """, arguments: [accountID, limit, offset]).map(Self.grammar)
            return Page(total: total, items: items, limit: limit, offset: offset)
        }
    }

    public func grammar(accountID: Account.ID, id: Int64) async throws -> SavedGrammar? {
        try await reader.read { db in
            try Row.fetchOne(db, sql: "SELECT id, name, json, updatedAt FROM plotGrammar WHERE id = ? AND accountId = ?",
                             arguments: [id, accountID]).map(Self.grammar)
        }
    }

    static func grammar(_ row: Row) -> SavedGrammar {
        SavedGrammar(id: row["id"], name: row["name"], json: row["json"], updatedAt: row["updatedAt"])
    }
}

