// The PostgreSQL engine: built with the PostgreSQL trait (on by default).
#if PostgreSQL
import FolioApp
import FolioCore
import Foundation
import Monologues
import PostgresNIO

/// The monologue library on PostgreSQL: the same rows and revisions as on SQLite (see
/// `AppDatabase.importMonologues`), written under one lock so two imports never interleave.
extension PostgresDatabase: LibraryStore {
    /// Every column but `longerCut`, which `upsert` passes apart: an array parameter cannot
    /// carry NULLs, so an empty string stands for none there.
    static let monologueFields = """
        id, title, sortTitle, play, "character", gender, tone, genre, act, scene, location, notes, text,
        wordCount, lineCount, seconds, length, verse, tags, revision, retired
        """
    static let monologueColumns = monologueFields + ", longerCut"

    public func importMonologues(_ monologues: [Monologue], source: String) async throws -> LibraryImportSummary {
        try await write { connection in
            try await connection.lock("library", logger)
            let current = try await Self.revision(connection, logger)
            let next = current + 1
            var existing: [String: MonologueRecord] = [:]
            for record in try await Self.monologueRecords(connection, logger, where: "TRUE") { existing[record.id] = record }
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
            try await Self.upsert(writes, connection, logger)
            if summary.added + summary.changed + summary.retired > 0 { summary.revision = next }
            try await Self.saveLibrary(revision: summary.revision, source: source, connection, logger)
            return summary
        }
    }

    public func correctMonologue(_ monologue: Monologue) async throws -> Int {
        try await write { connection in
            try await connection.lock("library", logger)
            guard let old = try await Self.monologueRecords(connection, logger, where: "id = $1", monologue.id).first, !old.retired else {
                throw MonologueError.notFound(id: monologue.id)
            }
            let next = try await Self.revision(connection, logger) + 1
            try await Self.upsert([MonologueRecord(monologue, revision: next)], connection, logger)
            try await connection.run("""
                INSERT INTO library (id, revision) VALUES (1, \(next)) ON CONFLICT (id) DO UPDATE SET revision = excluded.revision
                """, logger)
            return next
        }
    }

    public func applyLibraryChanges(_ changes: LibraryChanges, source: String) async throws -> LibraryImportSummary {
        try await write { connection in
            try await connection.lock("library", logger)
            var summary = LibraryImportSummary(added: 0, changed: 0, retired: 0, unchanged: 0, revision: changes.latestUpdateCount)
            let known = Set(try await connection.all("SELECT id FROM monologue WHERE id = ANY(\(changes.monologues.map(\.id)))",
                                                     logger, as: String.self))
            for monologue in changes.monologues {
                if known.contains(monologue.id) { summary.changed += 1 } else { summary.added += 1 }
            }
            try await Self.upsert(changes.monologues.map { MonologueRecord($0, revision: changes.latestUpdateCount) }, connection, logger)
            if !changes.retired.isEmpty {
                summary.retired = try await connection.changes("""
                    UPDATE monologue SET retired = TRUE, revision = \(changes.latestUpdateCount) WHERE id = ANY(\(changes.retired))
                    """, logger)
            }
            try await Self.saveLibrary(revision: changes.latestUpdateCount, source: source, connection, logger)
            return summary
        }
    }

    public func libraryRevision() async throws -> Int {
        try await read { try await Self.revision($0, logger) }
    }

    public func libraryOrigin() async throws -> (source: String?, revision: Int) {
        try await read { connection in
            let row = try await connection.all("SELECT source, revision FROM library WHERE id = 1", logger, as: (String?, Int).self).first
            return (row?.0, row?.1 ?? 0)
        }
    }

    public func librarySnapshot() async throws -> (revision: Int, monologues: [Monologue]) {
        // One transaction, so the revision and the rows agree even while an import commits.
        try await write { connection in
            try await connection.run("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY", logger)
            let revision = try await Self.revision(connection, logger)
            let rows = try await Self.monologueRecords(connection, logger, where: "NOT retired ORDER BY sortTitle")
            return (revision, try rows.map { try $0.monologue() })
        }
    }

    public func libraryChanges(since revision: Int) async throws -> LibraryChanges {
        try await write { connection in
            try await connection.run("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY", logger)
            let latest = try await Self.revision(connection, logger)
            let rows = try await Self.monologueRecords(connection, logger, where: "revision > $1 ORDER BY revision, id", revision)
            return LibraryChanges(latestUpdateCount: latest, monologues: try rows.filter { !$0.retired }.map { try $0.monologue() },
                                  retired: rows.filter(\.retired).map(\.id))
        }
    }

    // MARK: - Inside a transaction

    static func revision(_ connection: PostgresConnection, _ logger: Logger) async throws -> Int {
        try await connection.value("SELECT revision FROM library WHERE id = 1", logger, as: Int.self) ?? 0
    }

    static func saveLibrary(revision: Int, source: String, _ connection: PostgresConnection, _ logger: Logger) async throws {
        try await connection.run("""
            INSERT INTO library (id, revision, importedAt, source) VALUES (1, \(revision), \(Date()), \(source))
            ON CONFLICT (id) DO UPDATE SET revision = excluded.revision, importedAt = excluded.importedAt, source = excluded.source
            """, logger)
    }

    /// The monologue rows matching `condition` (SQL after WHERE, with `$1` bound to `argument`).
    static func monologueRecords(_ connection: PostgresConnection, _ logger: Logger, where condition: String,
                                 _ argument: (any PostgresDynamicTypeEncodable)? = nil) async throws -> [MonologueRecord] {
        var bindings = PostgresBindings()
        if let argument { bindings.append(argument) }
        let rows = try await connection.query(PostgresQuery(unsafeSQL: "SELECT \(monologueColumns) FROM monologue WHERE \(condition)",
                                                            binds: bindings), logger: logger)
        var records: [MonologueRecord] = []
        for try await row in rows {
            let (id, title, sortTitle, play, character, gender, tone, genre, act, scene, location, notes, text,
                 wordCount, lineCount, seconds, length, verse, tags, revision, retired, longerCut) =
                try row.decode((String, String, String, String, String, String, String, String, Int, Int, String, String, String,
                                Int, Int, Int, String, Bool, String, Int, Bool, String?).self)
            records.append(MonologueRecord(id: id, title: title, sortTitle: sortTitle, play: play, character: character, gender: gender,
                                           tone: tone, genre: genre, act: act, scene: scene, location: location, notes: notes, text: text,
                                           wordCount: wordCount, lineCount: lineCount, seconds: seconds, length: length, verse: verse,
                                           tags: tags, longerCut: longerCut, revision: revision, retired: retired))
        }
        return records
    }

    /// Inserts or replaces whole monologue rows, a statement of arrays per 500 rows.
    static func upsert(_ records: [MonologueRecord], _ connection: PostgresConnection, _ logger: Logger) async throws {
        for start in stride(from: 0, to: records.count, by: 500) {
            let slice = records[start..<min(records.count, start + 500)]
            func column<T>(_ path: KeyPath<MonologueRecord, T>) -> [T] { slice.map { $0[keyPath: path] } }
            try await connection.run("""
                INSERT INTO monologue (\(unescaped: monologueColumns))
                SELECT \(unescaped: monologueFields), NULLIF(longerCut, '')
                FROM unnest(\(column(\.id)), \(column(\.title)), \(column(\.sortTitle)), \(column(\.play)), \(column(\.character)),
                  \(column(\.gender)), \(column(\.tone)), \(column(\.genre)), \(column(\.act)), \(column(\.scene)), \(column(\.location)),
                  \(column(\.notes)), \(column(\.text)), \(column(\.wordCount)), \(column(\.lineCount)), \(column(\.seconds)),
                  \(column(\.length)), \(column(\.verse)), \(column(\.tags)), \(column(\.revision)), \(column(\.retired)),
                  \(slice.map { $0.longerCut ?? "" })) AS given (\(unescaped: monologueColumns))
                ON CONFLICT (id) DO UPDATE SET title = excluded.title, sortTitle = excluded.sortTitle, play = excluded.play,
                  "character" = excluded."character", gender = excluded.gender, tone = excluded.tone, genre = excluded.genre,
                  act = excluded.act, scene = excluded.scene, location = excluded.location, notes = excluded.notes, text = excluded.text,
                  wordCount = excluded.wordCount, lineCount = excluded.lineCount, seconds = excluded.seconds, length = excluded.length,
                  verse = excluded.verse, tags = excluded.tags, revision = excluded.revision, retired = excluded.retired,
                  longerCut = excluded.longerCut
                """, logger)
        }
    }
}
#endif
