@testable import FolioStore
import FolioTestSupport
import Foundation
import GRDB
import Monologues
import Testing

@Suite struct MonologueLibraryStoreTests {
    let first = [
        LibraryFixture.monologue("a", text: "To be, or not to be."),
        LibraryFixture.monologue("b", number: 2, text: "Alas, poor Yorick."),
        LibraryFixture.monologue("c", play: "Macbeth", character: "Macbeth", text: "Is this a dagger?"),
    ]

    @Test func importStoresTheWholeLibrary() async throws {
        let database = try AppDatabase.inMemory()
        let summary = try await database.importMonologues(first, source: "fixture")
        #expect(summary == LibraryImportSummary(added: 3, changed: 0, retired: 0, unchanged: 0, revision: 1))
        let snapshot = try await database.librarySnapshot()
        #expect(snapshot.revision == 1)
        #expect(Set(snapshot.monologues) == Set(first))
    }

    @Test func reimportingTheSameLibraryChangesNothing() async throws {
        let database = try AppDatabase.inMemory()
        try await database.importMonologues(first, source: "fixture")
        let again = try await database.importMonologues(first, source: "fixture")
        #expect(again == LibraryImportSummary(added: 0, changed: 0, retired: 0, unchanged: 3, revision: 1))
        #expect(try await database.libraryChanges(since: 1).monologues.isEmpty)
    }

    /// A library stored before monologues named a longer cut reads as having none, and the
    /// next import adds the pieces beside it without touching the rest.
    @Test func aLibraryFromBeforeLongerCutsReadsAndGainsThePieces() async throws {
        let queue = try DatabaseQueue()
        try AppDatabase.migrator.migrate(queue, upTo: "v14-monologue-finding-options")
        let whole = LibraryFixture.longerCut.filter { $0.longerCut == nil }
        try await queue.write { db in
            for m in whole {
                let tags = String(decoding: try JSONEncoder().encode(m.tags), as: UTF8.self)
                try db.execute(sql: """
                    INSERT INTO monologue (id, title, sortTitle, play, character, gender, tone, genre, act, scene, location, notes, text,
                      wordCount, lineCount, seconds, length, verse, tags, revision, retired)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, 0)
                    """, arguments: [m.id, m.title, m.sortTitle, m.play, m.character, m.gender.rawValue, m.tone.rawValue, m.genre.rawValue,
                                     m.act, m.scene, m.location, m.notes, m.text, m.wordCount, m.lineCount, m.seconds, m.length.rawValue,
                                     m.verse, tags])
            }
            try db.execute(sql: "INSERT INTO library (id, revision) VALUES (1, 1)")
        }
        let database = try AppDatabase(queue)
        #expect(Set(try await database.librarySnapshot().monologues) == Set(whole))
        let summary = try await database.importMonologues(LibraryFixture.longerCut, source: "fixture")
        #expect(summary == LibraryImportSummary(added: 1, changed: 0, retired: 0, unchanged: 3, revision: 2))
    }

    @Test func changesCarryOnlyWhatMoved() async throws {
        let database = try AppDatabase.inMemory()
        try await database.importMonologues(first, source: "fixture")
        var edited = first
        edited[1].notes = "Act V, Scene 1. A churchyard."
        edited.remove(at: 2)
        edited.append(LibraryFixture.monologue("d", play: "Othello", character: "Iago", text: "I hate the Moor."))
        let summary = try await database.importMonologues(edited, source: "fixture")
        #expect(summary == LibraryImportSummary(added: 1, changed: 1, retired: 1, unchanged: 1, revision: 2))

        let changes = try await database.libraryChanges(since: 1)
        #expect(changes.latestUpdateCount == 2)
        #expect(Set(changes.monologues.map(\.id)) == ["b", "d"])
        #expect(changes.retired == ["c"])
        #expect(try await database.libraryChanges(since: 0).monologues.count == 3)
        // A retired monologue leaves the library but is not deleted.
        #expect(Set(try await database.librarySnapshot().monologues.map(\.id)) == ["a", "b", "d"])
    }

    @Test func anEmptyDatabaseHasRevisionZero() async throws {
        let database = try AppDatabase.inMemory()
        #expect(try await database.libraryRevision() == 0)
        #expect(try await database.librarySnapshot().monologues.isEmpty)
    }

    @Test func theDatabaseFileLivesInTheDataDirectoryInWALMode() async throws {
        let directory = DataDirectory(url: FileManager.default.temporaryDirectory.appendingPathComponent("folio-store-\(UUID())"))
        defer { try? FileManager.default.removeItem(at: directory.url) }
        let database = try AppDatabase.open(in: directory)
        try await database.importMonologues(first, source: "fixture")
        #expect(FileManager.default.fileExists(atPath: directory.databaseURL.path))
        let mode = try await database.reader.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        #expect(mode == "wal")
        // Opened again, the data is still there.
        #expect(try await AppDatabase.open(in: directory).librarySnapshot().monologues.count == 3)
    }

    @Test func anUnopenableDatabaseSaysWhatToDo() throws {
        let directory = DataDirectory(path: "/proc/folio-cannot-exist")
        let error = try #require(throws: (any Error).self) { try AppDatabase.open(in: directory) }
        #expect("\(error)".contains("data directory") || "\(error)".contains("folio-cannot-exist"))
    }

    @Test func dataDirectoryResolutionOrder() {
        #expect(DataDirectory.resolve(explicit: "/x", environment: ["FOLIO_DATA_DIR": "/y"]).url.path == "/x")
        #expect(DataDirectory.resolve(explicit: nil, environment: ["FOLIO_DATA_DIR": "/y", "XDG_DATA_HOME": "/z"]).url.path == "/y")
        #expect(DataDirectory.resolve(explicit: nil, environment: ["XDG_DATA_HOME": "/z"]).url.path == "/z/folio")
        #expect(DataDirectory.resolve(explicit: nil, environment: ["HOME": "/home/u"]).url.path == "/home/u/.local/share/folio")
    }
}
