import GRDB
import Monologues

/// Reads of the monologue library.
public struct MonologueRepository: Sendable {
    let reader: any DatabaseReader

    /// The library's revision count: 0 before the first import.
    public func revision() async throws -> Int {
        try await reader.read { db in try LibraryRecord.fetchOne(db, key: 1)?.revision ?? 0 }
    }

    /// Where the library last came from (a corpus path or another Folio's address) and its revision.
    public func origin() async throws -> (source: String?, revision: Int) {
        try await reader.read { db in
            let library = try LibraryRecord.fetchOne(db, key: 1)
            return (library?.source, library?.revision ?? 0)
        }
    }

    /// Every current monologue, with the revision they belong to, read in one transaction.
    public func snapshot() async throws -> (revision: Int, monologues: [Monologue]) {
        try await reader.read { db in
            let revision = try LibraryRecord.fetchOne(db, key: 1)?.revision ?? 0
            let rows = try MonologueRecord.filter(MonologueRecord.Columns.retired == false)
                .order(MonologueRecord.Columns.sortTitle).fetchAll(db)
            return (revision, try rows.map { try $0.monologue() })
        }
    }

    /// Monologues changed after revision `since`, and the ids retired since then.
    public func changes(since: Int) async throws -> LibraryChanges {
        try await reader.read { db in
            let revision = try LibraryRecord.fetchOne(db, key: 1)?.revision ?? 0
            let rows = try MonologueRecord.filter(MonologueRecord.Columns.revision > since)
                .order(MonologueRecord.Columns.revision, MonologueRecord.Columns.id).fetchAll(db)
            let changed = try rows.filter { !$0.retired }.map { try $0.monologue() }
            let retired = rows.filter(\.retired).map(\.id)
            return LibraryChanges(latestUpdateCount: revision, monologues: changed, retired: retired)
        }
    }
}

