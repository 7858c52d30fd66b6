import FolioApp
import FolioCore
import Foundation
import Ghost
import GRDB

extension AppDatabase {
    public func saveWordList(accountID: Account.ID, _ upload: WordListUpload, limit: Int, now: Date) async throws -> StoredWordList {
        try await writer.write { db in
            let kept = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM ghostWordList WHERE accountId = ? AND deletedAt IS NULL",
                                        arguments: [accountID]) ?? 0
            guard kept < limit else { throw GhostError.tooManyWordLists(limit: limit) }
            try db.execute(sql: """
                INSERT INTO ghostWordList (accountId, name, words, wordCount, createdAt) VALUES (?, ?, ?, ?, ?)
                """, arguments: [accountID, upload.name, upload.text, upload.wordCount, now])
            return StoredWordList(id: db.lastInsertedRowID, accountID: accountID, name: upload.name, wordCount: upload.wordCount,
                                  createdAt: now, words: nil)
        }
    }

    public func wordLists(accountID: Account.ID) async throws -> [StoredWordList] {
        try await writer.read { db in
            try Row.fetchAll(db, sql: """
                SELECT id, name, wordCount, createdAt FROM ghostWordList WHERE accountId = ? AND deletedAt IS NULL
                ORDER BY createdAt DESC, id DESC
                """, arguments: [accountID]).map {
                StoredWordList(id: $0["id"], accountID: accountID, name: $0["name"], wordCount: $0["wordCount"], createdAt: $0["createdAt"],
                               words: nil)
            }
        }
    }

    public func wordList(id: Int64) async throws -> StoredWordList? {
        try await writer.read { db in
            try Row.fetchOne(db, sql: "SELECT accountId, name, wordCount, createdAt, words FROM ghostWordList WHERE id = ?",
                             arguments: [id]).map {
                StoredWordList(id: id, accountID: $0["accountId"], name: $0["name"], wordCount: $0["wordCount"], createdAt: $0["createdAt"],
                               words: $0["words"])
            }
        }
    }

    public func wordListNames(ids: [Int64]) async throws -> [Int64: String] {
        guard !ids.isEmpty else { return [:] }
        return try await writer.read { db in
            let marks = Array(repeating: "?", count: ids.count).joined(separator: ", ")
            return Dictionary(try Row.fetchAll(db, sql: "SELECT id, name FROM ghostWordList WHERE id IN (\(marks))",
                                               arguments: StatementArguments(ids)).map { ($0["id"], $0["name"]) },
                              uniquingKeysWith: { first, _ in first })
        }
    }

    public func deleteWordList(id: Int64, accountID: Account.ID) async throws -> Bool {
        try await writer.write { db in
            try db.execute(sql: "UPDATE ghostWordList SET deletedAt = ? WHERE id = ? AND accountId = ? AND deletedAt IS NULL",
                           arguments: [Date(), id, accountID])
            return db.changesCount > 0
        }
    }
}
