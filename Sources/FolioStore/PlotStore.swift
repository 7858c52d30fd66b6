import FolioApp
import FolioCore
import Foundation

/// Kept plots and saved grammars, written once for both engines.
extension PlotStore where Self: SQLDatabase {
    /// Keeps a plot; keeping one already kept changes nothing.
    public func keepPlot(accountID: Account.ID, ids: String, seed: UInt64?, text: String, now: Date = Date()) async throws {
        try await transaction { db in
            try await Self.insertKeptPlot(db, accountID: accountID, ids: ids, seed: seed, text: text, at: now)
        }
    }

    public func setPlotKept(accountID: Account.ID, ids: String, seed: UInt64?, text: String, kept: Bool, changedAt: Date,
                            onlyIfLater: Bool) async throws -> Bool {
        try await transaction { db in
            guard try await KeptChange.record(db, accountID: accountID, item: "plot:\(ids)", changedAt: changedAt, onlyIfLater: onlyIfLater) else {
                return false
            }
            if kept {
                try await Self.insertKeptPlot(db, accountID: accountID, ids: ids, seed: seed, text: text, at: changedAt)
            } else {
                try await db.execute("DELETE FROM plotFavourite WHERE accountId = \(accountID) AND plotIds = \(ids)")
            }
            return true
        }
    }

    private static func insertKeptPlot(_ db: any SQLConnection, accountID: Account.ID, ids: String, seed: UInt64?, text: String,
                                       at time: Date) async throws {
        try await db.execute("""
            INSERT INTO plotFavourite (accountId, plotIds, seed, text, createdAt)
            VALUES (\(accountID), \(ids), \(seed.map { Int64(bitPattern: $0) }), \(text), \(time)) ON CONFLICT DO NOTHING
            """)
    }

    public func forgetPlot(accountID: Account.ID, ids: String) async throws {
        let deleted = try await transaction { db in
            try await db.execute("DELETE FROM plotFavourite WHERE accountId = \(accountID) AND plotIds = \(ids)")
        }
        guard deleted > 0 else { throw StoreError.notFound(what: "kept plot", id: ids) }
    }

    /// Whether the account keeps the plot with these entry ids.
    public func isKept(accountID: Account.ID, ids: String) async throws -> Bool {
        try await reading { db in
            try await db.value("SELECT 1 FROM plotFavourite WHERE accountId = \(accountID) AND plotIds = \(ids)", as: Int.self) != nil
        }
    }

    /// A page of the account's kept plots, newest first, from the index on (accountId, createdAt).
    public func keptPlots(accountID: Account.ID, limit: Int, offset: Int) async throws -> Page<SavedPlot> {
        try await reading { db in
            let total = try await db.value("SELECT COUNT(*) FROM plotFavourite WHERE accountId = \(accountID)", as: Int.self) ?? 0
            let items = try await db.rows("""
                SELECT plotIds, seed, text, createdAt FROM plotFavourite WHERE accountId = \(accountID)
                ORDER BY createdAt DESC, plotIds LIMIT \(max(0, limit)) OFFSET \(max(0, offset))
                """, as: KeptPlotRow.self).map { SavedPlot(ids: $0.plotIds, seed: $0.seed.map { UInt64(bitPattern: $0) }, text: $0.text, createdAt: $0.createdAt) }
            return Page(total: total, items: items, limit: limit, offset: offset)
        }
    }

    /// Saves a grammar under a name; a name the account already uses (in any letter case) is
    /// replaced. A new name is refused with `GrammarQuotaError` once the account keeps `limit`
    /// grammars, checked in the same transaction as the write, under the account's grammar lock,
    /// so two saves at once (on two instances too) cannot both take the last place.
    @discardableResult
    public func saveGrammar(accountID: Account.ID, name: String, json: String, limit: Int = .max, now: Date = Date()) async throws -> SavedGrammar {
        try await transaction { db in
            try await db.lock("grammars:\(accountID.rawValue)")
            if let replaced = try await db.row("""
                UPDATE plotGrammar SET json = \(json), updatedAt = \(now)
                WHERE accountId = \(accountID) AND \(nocaseColumn: "name") = \(nocase: name) RETURNING id, name
                """, as: ReplacedGrammar.self) {
                return SavedGrammar(id: replaced.id, name: replaced.name, json: json, updatedAt: now)
            }
            let count = try await db.value("SELECT COUNT(*) FROM plotGrammar WHERE accountId = \(accountID)", as: Int.self) ?? 0
            guard count < limit else { throw GrammarQuotaError.reached(limit: limit) }
            let id = try await db.value("""
                INSERT INTO plotGrammar (accountId, name, json, createdAt, updatedAt)
                VALUES (\(accountID), \(name), \(json), \(now), \(now)) RETURNING id
                """, as: Int64.self) ?? 0
            return SavedGrammar(id: id, name: name, json: json, updatedAt: now)
        }
    }

    public func deleteGrammar(accountID: Account.ID, id: Int64) async throws {
        let deleted = try await transaction { db in
            try await db.execute("DELETE FROM plotGrammar WHERE accountId = \(accountID) AND id = \(id)")
        }
        guard deleted > 0 else { throw StoreError.notFound(what: "grammar", id: String(id)) }
    }

    /// A page of the account's grammars by name.
    public func grammars(accountID: Account.ID, limit: Int, offset: Int) async throws -> Page<SavedGrammar> {
        try await reading { db in
            let total = try await db.value("SELECT COUNT(*) FROM plotGrammar WHERE accountId = \(accountID)", as: Int.self) ?? 0
            let items = try await db.rows("""
                SELECT id, name, json, updatedAt FROM plotGrammar WHERE accountId = \(accountID)
                ORDER BY \(nocaseColumn: "name"), id LIMIT \(max(0, limit)) OFFSET \(max(0, offset))
                """, as: GrammarRow.self).map(\.saved)
            return Page(total: total, items: items, limit: limit, offset: offset)
        }
    }

    public func grammar(accountID: Account.ID, id: Int64) async throws -> SavedGrammar? {
        try await reading { db in
            try await db.row("SELECT id, name, json, updatedAt FROM plotGrammar WHERE accountId = \(accountID) AND id = \(id)",
                             as: GrammarRow.self)?.saved
        }
    }
}

private struct KeptPlotRow: Decodable {
    let plotIds: String
    let seed: Int64?
    let text: String
    let createdAt: Date
}

private struct ReplacedGrammar: Decodable {
    let id: Int64
    let name: String
}

private struct GrammarRow: Decodable {
    let id: Int64
    let name: String
    let json: String
    let updatedAt: Date

    var saved: SavedGrammar { SavedGrammar(id: id, name: name, json: json, updatedAt: updatedAt) }
}

/// When an account last kept or let go of something (`keptChange`): the rule that a change made
/// on a device and sent late never undoes a later one.
enum KeptChange {
    /// With `onlyIfLater`, records the change only when no later one is recorded (false then: the
    /// later change stands); else always, keeping the later of the two times. An equal time is the
    /// same change sent again: recorded again.
    static func record(_ db: any SQLConnection, accountID: Account.ID, item: String, changedAt: Date, onlyIfLater: Bool) async throws -> Bool {
        let update: SQL = onlyIfLater ? "changedAt = excluded.changedAt WHERE keptChange.changedAt <= excluded.changedAt"
            : "changedAt = \(greatest: "keptChange.changedAt", "excluded.changedAt")"
        return try await db.value("""
            INSERT INTO keptChange (accountId, item, changedAt) VALUES (\(accountID), \(item), \(changedAt))
            ON CONFLICT (accountId, item) DO UPDATE SET \(update)
            RETURNING accountId
            """, as: Int64.self) != nil
    }
}
