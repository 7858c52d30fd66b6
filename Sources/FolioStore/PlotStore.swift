import FolioCore
import Foundation
import GRDB

extension AppDatabase {
    /// Keeps a plot; keeping one already kept changes nothing.
    public func keepPlot(accountID: Account.ID, ids: String, seed: UInt64?, text: String, now: Date = Date()) async throws {
        try await writer.write { db in
            try KeptPlotRecord(accountId: accountID, plotIds: ids, seed: seed.map { Int64(bitPattern: $0) }, text: text, createdAt: now)
                .insert(db, onConflict: .ignore)
        }
    }

    public func setPlotKept(accountID: Account.ID, ids: String, seed: UInt64?, text: String, kept: Bool, changedAt: Date,
                            onlyIfLater: Bool) async throws -> Bool {
        try await writer.write { db in
            guard try Self.recordChange(db, accountID: accountID, item: "plot:\(ids)", changedAt: changedAt, onlyIfLater: onlyIfLater) else {
                return false
            }
            if kept {
                try KeptPlotRecord(accountId: accountID, plotIds: ids, seed: seed.map { Int64(bitPattern: $0) }, text: text, createdAt: changedAt)
                    .insert(db, onConflict: .ignore)
            } else {
                try KeptPlotRecord.of(accountID).filter(KeptPlotRecord.Columns.plotIds == ids).deleteAll(db)
            }
            return true
        }
    }

    /// Records when `item` was last kept or let go (`keptChange`). With `onlyIfLater`, only when
    /// no later change is recorded (false then: the later change stands); else always, keeping the
    /// later of the two times. An equal time is the same change sent again: recorded again.
    static func recordChange(_ db: Database, accountID: Account.ID, item: String, changedAt: Date, onlyIfLater: Bool) throws -> Bool {
        let update = onlyIfLater ? "changedAt = excluded.changedAt WHERE excluded.changedAt >= keptChange.changedAt"
            : "changedAt = MAX(keptChange.changedAt, excluded.changedAt)"
        try db.execute(sql: """
            INSERT INTO keptChange (accountId, item, changedAt) VALUES (?, ?, ?)
            ON CONFLICT (accountId, item) DO UPDATE SET \(update)
            """, arguments: [accountID, item, changedAt])
        return db.changesCount > 0
    }

    public func forgetPlot(accountID: Account.ID, ids: String) async throws {
        try await writer.write { db in
            let deleted = try KeptPlotRecord.of(accountID).filter(KeptPlotRecord.Columns.plotIds == ids).deleteAll(db)
            guard deleted > 0 else { throw StoreError.notFound(what: "kept plot", id: ids) }
        }
    }

    /// Saves a grammar under a name; a name the account already uses is replaced. A new name is
    /// refused with `GrammarQuotaError` once the account keeps `limit` grammars (replacing one
    /// never counts twice), checked in the same transaction as the write so no race passes it.
    @discardableResult
    public func saveGrammar(accountID: Account.ID, name: String, json: String, limit: Int = .max, now: Date = Date()) async throws -> SavedGrammar {
        try await writer.write { db in
            // The name column compares without regard to case, so "Animals" replaces "animals".
            if var existing = try GrammarRecord.of(accountID).filter(GrammarRecord.Columns.name == name).fetchOne(db) {
                existing.json = json
                existing.updatedAt = now
                try existing.update(db)
                return existing.savedGrammar
            }
            guard try GrammarRecord.of(accountID).fetchCount(db) < limit else { throw GrammarQuotaError.reached(limit: limit) }
            var grammar = GrammarRecord(id: nil, accountId: accountID, name: name, json: json, createdAt: now, updatedAt: now)
            try grammar.insert(db)
            return grammar.savedGrammar
        }
    }

    public func deleteGrammar(accountID: Account.ID, id: Int64) async throws {
        try await writer.write { db in
            let deleted = try GrammarRecord.of(accountID).filter(GrammarRecord.Columns.id == id).deleteAll(db)
            guard deleted > 0 else { throw StoreError.notFound(what: "grammar", id: String(id)) }
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
            let total = try KeptPlotRecord.of(accountID).fetchCount(db)
            let items = try KeptPlotRecord.of(accountID)
                .order(KeptPlotRecord.Columns.createdAt.desc, KeptPlotRecord.Columns.plotIds)
                .limit(limit, offset: offset).fetchAll(db).map(\.savedPlot)
            return Page(total: total, items: items, limit: limit, offset: offset)
        }
    }

    /// Whether the account keeps the plot with these entry ids.
    public func isKept(accountID: Account.ID, ids: String) async throws -> Bool {
        try await reader.read { db in
            try KeptPlotRecord.of(accountID).filter(KeptPlotRecord.Columns.plotIds == ids).isEmpty(db) == false
        }
    }

    public func grammars(accountID: Account.ID, limit: Int, offset: Int) async throws -> Page<SavedGrammar> {
        try await reader.read { db in
            let total = try GrammarRecord.of(accountID).fetchCount(db)
            let items = try GrammarRecord.of(accountID).order(GrammarRecord.Columns.name)
                .limit(limit, offset: offset).fetchAll(db).map(\.savedGrammar)
            return Page(total: total, items: items, limit: limit, offset: offset)
        }
    }

    public func grammar(accountID: Account.ID, id: Int64) async throws -> SavedGrammar? {
        try await reader.read { db in
            try GrammarRecord.of(accountID).filter(GrammarRecord.Columns.id == id).fetchOne(db)?.savedGrammar
        }
    }
}
