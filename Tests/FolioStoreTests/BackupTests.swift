import FolioCore
import FolioStore
import Foundation
import GRDB
import Testing
import Vocabulary

@Suite struct BackupTests {
    func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("folio-backup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Pairs and their tags are written together, so a consistent copy never holds a pair's tag
    /// link without the tag, and holds every pair up to some moment and none after.
    func checkConsistent(_ file: URL) throws -> Int {
        let queue = try DatabaseQueue(path: file.path)
        defer { try? queue.close() }
        return try queue.read { db in
            #expect(try String.fetchAll(db, sql: "PRAGMA integrity_check") == ["ok"])
            #expect(try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").isEmpty)
            let english = try String.fetchAll(db, sql: "SELECT english FROM vocabPair ORDER BY id")
            #expect(english == english.indices.map { "word \($0)" }, "the copy skips or reorders writes")
            let untagged = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM vocabPair WHERE id NOT IN (SELECT pairId FROM vocabPairTag)")
            #expect(untagged == 0)
            return english.count
        }
    }

    @Test func aBackupTakenUnderWriteLoadRestores() async throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = try AppDatabase.open(in: DataDirectory(url: folder.appendingPathComponent("live")))
        let account = try await database.createAccount(username: "writer", passwordHash: "$2b$04$x")
        let total = 600

        // One task writes pairs one by one; the backup is taken while it is under way.
        let writes = Task {
            for i in 0..<total {
                try await database.savePair(accountID: account.id, Pair(english: "word \(i)", welsh: "gair \(i)", tags: ["batch \(i % 7)"]))
            }
        }
        while try await database.vocabulary.pairs(accountID: account.id).count < 50 { try await Task.sleep(for: .milliseconds(5)) }
        let copy = folder.appendingPathComponent("copy.sqlite")
        let summary = try database.backup(to: copy)
        try await writes.value

        let copied = try checkConsistent(copy)
        #expect(summary.vocabularyPairs == copied && summary.accounts == 1)
        #expect(copied >= 50 && copied <= total)
        #expect(!(try FileManager.default.contentsOfDirectory(atPath: folder.path).contains { $0.hasSuffix(".partial") }))

        // Restored into a fresh database, the copy is all there.
        let fresh = try AppDatabase.open(in: DataDirectory(url: folder.appendingPathComponent("fresh")))
        let safety = folder.appendingPathComponent("fresh-before.sqlite")
        try fresh.restore(from: copy, keepingCurrentAt: safety)
        let restored = try await fresh.vocabulary.pairs(accountID: account.id)
        #expect(restored.count == copied)
        #expect(try await fresh.credentials(username: "writer") != nil)

        // Restored over the live database, the later writes are gone from it but kept in the safety copy.
        let before = folder.appendingPathComponent("live-before.sqlite")
        try database.restore(from: copy, keepingCurrentAt: before)
        #expect(try await database.vocabulary.pairs(accountID: account.id).count == copied)
        #expect(try checkConsistent(before) == total)
    }

    @Test func onlyAnIntactFolioDatabaseIsRestored() async throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = try AppDatabase.open(in: DataDirectory(url: folder.appendingPathComponent("live")))
        let account = try await database.createAccount(username: "keeper", passwordHash: "$2b$04$x")
        try await database.savePair(accountID: account.id, Pair(english: "kept", welsh: "cadw"))

        let text = folder.appendingPathComponent("notes.txt")
        try "not a database".write(to: text, atomically: true, encoding: .utf8)
        let other = folder.appendingPathComponent("other.sqlite")
        let otherQueue = try DatabaseQueue(path: other.path)
        try otherQueue.inDatabase { db in try db.execute(sql: "CREATE TABLE t (x)") }
        try otherQueue.close()
        let truncated = folder.appendingPathComponent("truncated.sqlite")
        try database.backup(to: truncated)
        let bytes = try Data(contentsOf: truncated)
        try bytes.prefix(bytes.count / 2).write(to: truncated)

        for (file, reason) in [(text, "not_a_backup"), (other, "not_a_backup"), (truncated, "not_a_backup"),
                               (folder.appendingPathComponent("missing.sqlite"), "not_a_backup")] {
            #expect(throws: StoreError.self) { try database.restore(from: file, keepingCurrentAt: folder.appendingPathComponent("x.sqlite")) }
            do {
                try database.restore(from: file, keepingCurrentAt: folder.appendingPathComponent("x.sqlite"))
            } catch let error as StoreError {
                #expect(error.code == reason, "\(file.lastPathComponent): \(error.message)")
            }
        }
        #expect(try await database.vocabulary.pairs(accountID: account.id).map(\.english) == ["kept"])
        #expect(throws: StoreError.self) { try database.backup(to: URL(fileURLWithPath: "/nonexistent/folder/b.sqlite")) }
    }
}
