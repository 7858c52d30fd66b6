import FolioCore
import Foundation
import GRDB

/// A plot an account keeps.
public struct SavedPlot: Sendable, Hashable, Codable {
    /// "s3-p12-m40": the entries, which reproduce the plot.
    public var ids: String
    public var seed: UInt64?
    public var text: String
    public var createdAt: Date
}

/// A Tracery grammar an account loaded, as the JSON it was given.
public struct SavedGrammar: Sendable, Hashable, Codable {
    public var id: Int64
    public var name: String
    public var json: String
    public var updatedAt: Date
}

extension AppDatabase {
    /// Keeps a plot; keeping one already kept changes nothing.
    public func keepPlot(accountID: Int64, ids: String, seed: UInt64?, text: String, now: Date = Date()) async throws {
        try await writer.write { db in
            try db.execute(sql: """
                INSERT OR IGNORE INTO plotFavourite (accountId, plotIds, seed, text, createdAt) VALUES (?, ?, ?, ?, ?)
                """, arguments: [accountID, ids, seed.map { Int64(bitPattern: $0) }, text, now])
        }
    }

    public func forgetPlot(accountID: Int64, ids: String) async throws {
        try await writer.write { db in
            try db.execute(sql: "DELETE FROM plotFavourite WHERE accountId = ? AND plotIds = ?", arguments: [accountID, ids])
            guard db.changesCount > 0 else { throw StoreError.notFound(what: "kept plot", id: ids) }
        }
    }

    /// Saves a grammar under a name; a name the account already uses is replaced.
    @discardableResult
    public func saveGrammar(accountID: Int64, name: String, json: String, now: Date = Date()) async throws -> SavedGrammar {
        try await writer.write { db in
            try db.execute(sql: """
                INSERT INTO plotGrammar (accountId, name, json, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT(accountId, name) DO UPDATE SET json = excluded.json, updatedAt = excluded.updatedAt
                """, arguments: [accountID, name, json, now, now])
            let id = try Int64.fetchOne(db, sql: "SELECT id FROM plotGrammar WHERE accountId = ? AND name = ?", arguments: [accountID, name])!
            return SavedGrammar(id: id, name: name, json: json, updatedAt: now)
        }
    }

    public func deleteGrammar(accountID: Int64, id: Int64) async throws {
        try await writer.write { db in
            try db.execute(sql: "DELETE FROM plotGrammar WHERE id = ? AND accountId = ?", arguments: [id, accountID])
            guard db.changesCount > 0 else { throw StoreError.notFound(what: "grammar", id: String(id)) }
        }
    }

    public var plots: PlotRepository { PlotRepository(reader: writer) }
}

/// Reads of one account's plots and grammars.
public struct PlotRepository: Sendable {
    let reader: any DatabaseReader

    public func kept(accountID: Int64) async throws -> [SavedPlot] {
        try await reader.read { db in
            try Row.fetchAll(db, sql: "SELECT plotIds, seed, text, createdAt FROM plotFavourite WHERE accountId = ? ORDER BY createdAt DESC, plotIds",
                             arguments: [accountID]).map { row in
                SavedPlot(ids: row["plotIds"], seed: (row["seed"] as Int64?).map { UInt64(bitPattern: $0) }, text: row["text"],
                          createdAt: row["createdAt"])
            }
        }
    }

    public func grammars(accountID: Int64) async throws -> [SavedGrammar] {
        try await reader.read { db in
            try Row.fetchAll(db, sql: "SELECT id, name, json, updatedAt FROM plotGrammar WHERE accountId = ? ORDER BY name",
                             arguments: [accountID]).map(Self.grammar)
        }
    }

    public func grammar(accountID: Int64, id: Int64) async throws -> SavedGrammar? {
        try await reader.read { db in
            try Row.fetchOne(db, sql: "SELECT id, name, json, updatedAt FROM plotGrammar WHERE id = ? AND accountId = ?",
                             arguments: [id, accountID]).map(Self.grammar)
        }
    }

    static func grammar(_ row: Row) -> SavedGrammar {
        SavedGrammar(id: row["id"], name: row["name"], json: row["json"], updatedAt: row["updatedAt"])
    }
}
