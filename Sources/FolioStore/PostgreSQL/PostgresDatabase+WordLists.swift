// The PostgreSQL engine: built with the PostgreSQL trait (on by default).
#if PostgreSQL
import FolioApp
import FolioCore
import Foundation
import Ghost
import PostgresNIO

extension PostgresDatabase {
    public func saveWordList(accountID: Account.ID, _ upload: WordListUpload, limit: Int, now: Date) async throws -> StoredWordList {
        try await write { connection in
            // One account's uploads take turns, so two at once cannot both pass the count.
            try await connection.lock("word-lists:\(accountID.rawValue)", logger)
            let kept = try await connection.value("""
                SELECT COUNT(*) FROM ghostWordList WHERE accountId = \(accountID.rawValue) AND deletedAt IS NULL
                """, logger, as: Int.self) ?? 0
            guard kept < limit else { throw GhostError.tooManyWordLists(limit: limit) }
            let id = try await connection.value("""
                INSERT INTO ghostWordList (accountId, name, words, wordCount, createdAt)
                VALUES (\(accountID.rawValue), \(upload.name), \(upload.text), \(upload.wordCount), \(now)) RETURNING id
                """, logger, as: Int64.self) ?? 0
            return StoredWordList(id: id, accountID: accountID, name: upload.name, wordCount: upload.wordCount, createdAt: now, words: nil)
        }
    }

    public func wordLists(accountID: Account.ID) async throws -> [StoredWordList] {
        try await read { connection in
            try await connection.all("""
                SELECT id, name, wordCount, createdAt FROM ghostWordList WHERE accountId = \(accountID.rawValue) AND deletedAt IS NULL
                ORDER BY createdAt DESC, id DESC
                """, logger, as: (Int64, String, Int, Date).self).map {
                StoredWordList(id: $0.0, accountID: accountID, name: $0.1, wordCount: $0.2, createdAt: $0.3, words: nil)
            }
        }
    }

    public func wordList(id: Int64) async throws -> StoredWordList? {
        try await read { connection in
            try await connection.all("""
                SELECT accountId, name, wordCount, createdAt, words FROM ghostWordList WHERE id = \(id)
                """, logger, as: (Int64, String, Int, Date, String).self).first.map {
                StoredWordList(id: id, accountID: Account.ID($0.0), name: $0.1, wordCount: $0.2, createdAt: $0.3, words: $0.4)
            }
        }
    }

    public func wordListNames(ids: [Int64]) async throws -> [Int64: String] {
        guard !ids.isEmpty else { return [:] }
        return try await read { connection in
            Dictionary(try await connection.all("SELECT id, name FROM ghostWordList WHERE id = ANY(\(ids))", logger, as: (Int64, String).self)
                .map { ($0.0, $0.1) }, uniquingKeysWith: { first, _ in first })
        }
    }

    public func deleteWordList(id: Int64, accountID: Account.ID) async throws -> Bool {
        try await write { connection in
            try await connection.value("""
                WITH hidden AS (UPDATE ghostWordList SET deletedAt = \(Date()) WHERE id = \(id) AND accountId = \(accountID.rawValue)
                  AND deletedAt IS NULL RETURNING 1)
                SELECT COUNT(*) FROM hidden
                """, logger, as: Int.self) ?? 0 > 0
        }
    }
}
#endif
