import FolioApp
import FolioCore
import Foundation
import Ghost

/// Ghost's uploaded word lists, written once for both engines.
extension SQLDatabase {
    /// Keeps an upload, refused past `limit` lists: counted under the account's word-list lock, in
    /// the same transaction as the write, so two uploads at once cannot both pass the count.
    public func saveWordList(accountID: Account.ID, _ upload: WordListUpload, limit: Int, now: Date) async throws -> StoredWordList {
        try await transaction { db in
            try await db.lock("word-lists:\(accountID.rawValue)")
            let kept = try await db.value("SELECT COUNT(*) FROM ghostWordList WHERE accountId = \(accountID) AND deletedAt IS NULL",
                                          as: Int.self) ?? 0
            guard kept < limit else { throw GhostError.tooManyWordLists(limit: limit) }
            let id = try await db.value("""
                INSERT INTO ghostWordList (accountId, name, words, wordCount, createdAt)
                VALUES (\(accountID), \(upload.name), \(upload.text), \(upload.wordCount), \(now)) RETURNING id
                """, as: Int64.self) ?? 0
            return StoredWordList(id: id, accountID: accountID, name: upload.name, wordCount: upload.wordCount, createdAt: now, words: nil)
        }
    }

    /// The account's lists, newest first, without their words.
    public func wordLists(accountID: Account.ID) async throws -> [StoredWordList] {
        try await reading { db in
            try await db.rows("""
                SELECT id, accountId, name, wordCount, createdAt FROM ghostWordList WHERE accountId = \(accountID) AND deletedAt IS NULL
                ORDER BY createdAt DESC, id DESC
                """, as: WordListRow.self).map(\.stored)
        }
    }

    /// A list with its words, deleted or not: a game played on it still replays.
    public func wordList(id: Int64) async throws -> StoredWordList? {
        try await reading { db in
            try await db.row("SELECT id, accountId, name, wordCount, createdAt, words FROM ghostWordList WHERE id = \(id)",
                             as: WordListRow.self)?.stored
        }
    }

    public func wordListNames(ids: [Int64]) async throws -> [Int64: String] {
        guard !ids.isEmpty else { return [:] }
        return try await reading { db in
            Dictionary(try await db.rows("SELECT id, accountId, name, wordCount, createdAt FROM ghostWordList WHERE id \(oneOf: ids)",
                                         as: WordListRow.self).map { ($0.id, $0.name) },
                       uniquingKeysWith: { first, _ in first })
        }
    }

    /// Hides a list from its owner's choices; true when it was theirs and shown.
    public func deleteWordList(id: Int64, accountID: Account.ID) async throws -> Bool {
        try await transaction { db in
            try await db.execute("""
                UPDATE ghostWordList SET deletedAt = \(Date()) WHERE id = \(id) AND accountId = \(accountID) AND deletedAt IS NULL
                """) > 0
        }
    }
}

private struct WordListRow: Decodable {
    let id: Int64
    let accountId: Account.ID
    let name: String
    let wordCount: Int
    let createdAt: Date
    var words: String?

    var stored: StoredWordList {
        StoredWordList(id: id, accountID: accountId, name: name, wordCount: wordCount, createdAt: createdAt, words: words)
    }
}
