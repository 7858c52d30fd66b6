import FolioApp
import Foundation
import Monologues

/// The monologue library, written once for both engines. Every write takes the library's lock
/// (PostgreSQL: two imports on two instances never interleave; SQLite's one writer is alone).
extension LibraryStore where Self: SQLDatabase {
    /// Makes the stored library equal to `monologues`, touching only what differs.
    ///
    /// New and changed monologues get the next revision number, so `changes(since:)` can hand out
    /// exactly what moved; ids that disappear are retired rather than deleted, so what users
    /// keep that refers to them survives. Re-importing the same corpus changes nothing.
    @discardableResult
    public func importMonologues(_ monologues: [Monologue], source: String) async throws -> LibraryImportSummary {
        try await transaction { db in try await LibraryWrites.importMonologues(db, monologues, source: source) }
    }

    /// Corrects one monologue of the library in place. The revision count moves on, so copies
    /// that sync from this one pick the correction up, and favourites of it that were never
    /// edited show it (restoring an edited one brings the corrected text back).
    @discardableResult
    public func correctMonologue(_ monologue: Monologue) async throws -> Int {
        try await transaction { db in try await LibraryWrites.correct(db, monologue) }
    }

    /// Brings the library up to date with another Folio's changes feed. A copy that last synced
    /// from the same source asked only for what changed since; the revision count becomes the
    /// source's, so the next sync asks from there.
    @discardableResult
    public func applyLibraryChanges(_ changes: LibraryChanges, source: String) async throws -> LibraryImportSummary {
        try await transaction { db in try await LibraryWrites.apply(db, changes, source: source) }
    }

    /// The library's revision count: 0 before the first import.
    public func libraryRevision() async throws -> Int {
        try await reading { db in try await LibraryWrites.revision(db) }
    }

    /// Where the library last came from (a corpus path or another Folio's address) and its revision.
    public func libraryOrigin() async throws -> (source: String?, revision: Int) {
        let library = try await reading { db in try await db.row("SELECT * FROM library WHERE id = 1", as: LibraryRecord.self) }
        return (library?.source, library?.revision ?? 0)
    }

    /// Every current monologue, with the revision they belong to, read from one snapshot so the
    /// two agree even while an import commits.
    public func librarySnapshot() async throws -> (revision: Int, monologues: [Monologue]) {
        try await snapshot { db in
            let revision = try await LibraryWrites.revision(db)
            let rows = try await db.rows("SELECT * FROM monologue WHERE NOT retired ORDER BY sortTitle", as: MonologueRecord.self)
            return (revision, try rows.map { try $0.monologue() })
        }
    }

    /// Monologues changed after revision `since`, and the ids retired since then.
    public func libraryChanges(since: Int) async throws -> LibraryChanges {
        try await snapshot { db in
            let revision = try await LibraryWrites.revision(db)
            let rows = try await db.rows("SELECT * FROM monologue WHERE revision > \(since) ORDER BY revision, id", as: MonologueRecord.self)
            return LibraryChanges(latestUpdateCount: revision, monologues: try rows.filter { !$0.retired }.map { try $0.monologue() },
                                  retired: rows.filter(\.retired).map(\.id))
        }
    }
}

/// The library's writes, inside a transaction: shared by the stores' async methods and SQLite's
/// synchronous ones (`AppDatabase.importMonologues`), which the command line and tests call.
enum LibraryWrites {
    static func revision(_ db: any SQLConnection) async throws -> Int {
        try await db.value("SELECT revision FROM library WHERE id = 1", as: Int.self) ?? 0
    }

    static func importMonologues(_ db: any SQLConnection, _ monologues: [Monologue], source: String) async throws -> LibraryImportSummary {
        try await db.lock("library")
        let current = try await revision(db)
        let next = current + 1
        var existing: [String: MonologueRecord] = [:]
        for record in try await db.rows("SELECT * FROM monologue", as: MonologueRecord.self) { existing[record.id] = record }
        var summary = LibraryImportSummary(added: 0, changed: 0, retired: 0, unchanged: 0, revision: current)
        var seen = Set<String>()
        var writes: [MonologueRecord] = []
        for monologue in monologues {
            seen.insert(monologue.id)
            let fresh = MonologueRecord(monologue, revision: next)
            if let old = existing[monologue.id] {
                var comparable = old
                comparable.revision = next
                if comparable == fresh {
                    summary.unchanged += 1
                    continue
                }
                summary.changed += 1
            } else {
                summary.added += 1
            }
            writes.append(fresh)
        }
        for (id, var old) in existing where !seen.contains(id) && !old.retired {
            old.retired = true
            old.revision = next
            writes.append(old)
            summary.retired += 1
        }
        try await upsert(writes, db)
        if summary.added + summary.changed + summary.retired > 0 { summary.revision = next }
        try await saveLibrary(db, revision: summary.revision, source: source)
        return summary
    }

    static func correct(_ db: any SQLConnection, _ monologue: Monologue) async throws -> Int {
        try await db.lock("library")
        guard let old = try await db.row("SELECT * FROM monologue WHERE id = \(monologue.id)", as: MonologueRecord.self), !old.retired else {
            throw MonologueError.notFound(id: monologue.id)
        }
        let next = try await revision(db) + 1
        try await upsert([MonologueRecord(monologue, revision: next)], db)
        try await db.execute("INSERT INTO library (id, revision) VALUES (1, \(next)) ON CONFLICT (id) DO UPDATE SET revision = excluded.revision")
        return next
    }

    static func apply(_ db: any SQLConnection, _ changes: LibraryChanges, source: String) async throws -> LibraryImportSummary {
        try await db.lock("library")
        var summary = LibraryImportSummary(added: 0, changed: 0, retired: 0, unchanged: 0, revision: changes.latestUpdateCount)
        let ids = changes.monologues.map(\.id)
        let known = ids.isEmpty ? [] : Set(try await db.column("SELECT id FROM monologue WHERE id \(oneOf: ids)", as: String.self))
        for monologue in changes.monologues {
            if known.contains(monologue.id) { summary.changed += 1 } else { summary.added += 1 }
        }
        try await upsert(changes.monologues.map { MonologueRecord($0, revision: changes.latestUpdateCount) }, db)
        if !changes.retired.isEmpty {
            summary.retired = try await db.execute("""
                UPDATE monologue SET retired = \(true), revision = \(changes.latestUpdateCount) WHERE id \(oneOf: changes.retired)
                """)
        }
        try await saveLibrary(db, revision: changes.latestUpdateCount, source: source)
        return summary
    }

    static func saveLibrary(_ db: any SQLConnection, revision: Int, source: String) async throws {
        try await db.execute("""
            INSERT INTO library (id, revision, importedAt, source) VALUES (1, \(revision), \(Date()), \(source))
            ON CONFLICT (id) DO UPDATE SET revision = excluded.revision, importedAt = excluded.importedAt, source = excluded.source
            """)
    }

    /// Inserts or replaces whole monologue rows, 400 rows a statement (8,800 values: under both
    /// engines' limits on values bound to one statement).
    static func upsert(_ records: [MonologueRecord], _ db: any SQLConnection) async throws {
        for start in stride(from: 0, to: records.count, by: 400) {
            let rows = records[start..<min(records.count, start + 400)].map { r -> SQL in
                """
                (\(r.id), \(r.title), \(r.sortTitle), \(r.play), \(r.character), \(r.gender), \(r.tone), \(r.genre), \(r.act), \(r.scene), \
                \(r.location), \(r.notes), \(r.text), \(r.wordCount), \(r.lineCount), \(r.seconds), \(r.length), \(r.verse), \(r.tags), \
                \(r.longerCut), \(r.revision), \(r.retired))
                """
            }
            try await db.execute("""
                INSERT INTO monologue (id, title, sortTitle, play, "character", gender, tone, genre, act, scene, location, notes, text,
                  wordCount, lineCount, seconds, length, verse, tags, longerCut, revision, retired)
                VALUES \(SQL.joined(rows, separator: ",\n"))
                ON CONFLICT (id) DO UPDATE SET title = excluded.title, sortTitle = excluded.sortTitle, play = excluded.play,
                  "character" = excluded."character", gender = excluded.gender, tone = excluded.tone, genre = excluded.genre,
                  act = excluded.act, scene = excluded.scene, location = excluded.location, notes = excluded.notes, text = excluded.text,
                  wordCount = excluded.wordCount, lineCount = excluded.lineCount, seconds = excluded.seconds, length = excluded.length,
                  verse = excluded.verse, tags = excluded.tags, revision = excluded.revision, retired = excluded.retired,
                  longerCut = excluded.longerCut
                """)
        }
    }
}
