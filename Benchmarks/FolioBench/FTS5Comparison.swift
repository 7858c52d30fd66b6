import Foundation
import GRDB
import GRDBSQLite
import Monologues

/// SQLite's FTS5 on the same speeches and queries as Folio's search: a porter-stemmed full-text
/// table in memory over each speech's spoken text, character and play, asked for its first
/// twenty by rank through one prepared statement, called through SQLite's C interface so that
/// nothing but SQLite is timed. The yardstick the search is held to: a general engine that
/// stems, ranks and pages, timed in the same run on the same machine.
struct FTS5Search {
    private let queue: DatabaseQueue

    init(_ library: MonologueLibrary) throws {
        queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: "CREATE VIRTUAL TABLE speech USING fts5(text, character, play, tokenize = 'porter')")
            for (number, m) in library.monologues.enumerated() {
                try db.execute(sql: "INSERT INTO speech(rowid, text, character, play) VALUES (?, ?, ?, ?)",
                               arguments: [number, m.spokenText, m.character, m.play])
            }
        }
    }

    /// `query`'s words as FTS5 terms, all required, as Folio requires them.
    static func match(_ query: String) -> String {
        query.split(whereSeparator: { $0 == " " || $0 == "," }).map { "\"\($0)\"" }.joined(separator: " ")
    }

    /// The median time of `runs` searches for `query`, and how many it found the last time.
    func median(_ query: String, runs: Int) throws -> (seconds: Double, found: Int) {
        try queue.inDatabase { db in
            var statement: OpaquePointer?
            guard sqlite3_prepare_v2(db.sqliteConnection, "SELECT rowid FROM speech WHERE speech MATCH ?1 ORDER BY rank LIMIT 20",
                                     -1, &statement, nil) == SQLITE_OK else { throw DatabaseError(message: "FTS5 statement") }
            defer { sqlite3_finalize(statement) }
            let match = Self.match(query)
            var found = 0
            let times = (0..<runs).map { _ in
                FolioBench.measure {
                    match.withCString { text in
                        sqlite3_bind_text(statement, 1, text, -1, nil)
                        found = 0
                        while sqlite3_step(statement) == SQLITE_ROW { found += Int(sqlite3_column_int64(statement, 0) >= 0 ? 1 : 0) }
                        sqlite3_reset(statement)
                    }
                }
            }
            return (FolioBench.median(times), found)
        }
    }
}

/// `folio-bench PLAYS_DIR search-guard [FLOOR]`: the test command's guard on in-process search,
/// a ratio in one run and never an absolute time. Each of the four seed-comparison queries is
/// timed on Folio's index and on FTS5; the guard fails when Folio is less than `floor` times
/// faster on any of them. With the debug build's optimised FolioCore and Monologues, the test
/// command's build, the slowest ratio was 6.5–7.3× until the index stopped allocating a set per
/// field per term and looking each form of a word up twice; then 15.6–16.1× (release: 5.1–6.7×
/// before, 12.6–13.1× after, one run on one machine). With a scratch per search kept for the next
/// and the query's words read once, release went from 12.3–15.9× to 24.9–28.4× (five interleaved
/// runs each, a busy machine), debug to 28.3×. The test command's floor, 10×, fails a search
/// that becomes between twice and three times as slow; the goal was 20×.
enum SearchGuard {
    static let queries = ["Hamlet revenge blood", "love death night", "king crown blood", "fool wise folly"]

    static func run(_ library: MonologueLibrary, floor: Double) throws -> Bool {
        let fts = try FTS5Search(library)
        var worst = Double.infinity
        for query in queries {
            let prepared = library.prepare(query)
            // Interleaved rounds, so that a slow moment of the machine falls on both alike.
            var ours: [Double] = [], theirs: [Double] = []
            var found = 0, ftsFound = 0
            for _ in 0..<5 {
                ours.append(FolioBench.median((0..<400).map { _ in FolioBench.measure { found = library.searchNumbers(prepared, limit: 20).total } }))
                let (seconds, count) = try fts.median(query, runs: 40)
                theirs.append(seconds)
                ftsFound = count
            }
            let ratio = FolioBench.median(theirs) / FolioBench.median(ours)
            worst = min(worst, ratio)
            print(String(format: "search-guard: \"%@\": Folio %.1f µs (%d found), FTS5 %.1f µs (first %d): %.1f× faster",
                         query, FolioBench.median(ours) * 1e6, found, FolioBench.median(theirs) * 1e6, ftsFound, ratio))
        }
        let passed = worst >= floor
        print(String(format: "search-guard: the slowest ratio is %.1f× (floor %.0f×): %@", worst, floor, passed ? "passed" : "FAILED"))
        return passed
    }
}
