import FolioCore
import Foundation
import GRDB
import Vocabulary

/// Writes of the vocabulary trainer. Every statement names the account, so one user can never
/// reach another's pairs, tags, cards or reviews.
extension AppDatabase {
    /// Saves a new pair (no id) or changes one of the account's pairs. Tags are matched to the
    /// account's existing tags whatever their case, so no near-duplicate tag ever arises.
    @discardableResult
    public func savePair(accountID: Int64, _ pair: Pair, now: Date = Date()) async throws -> Pair {
        try await writer.write { db in try Self.savePair(db, accountID: accountID, pair, now: now) }
    }

    /// Saves many pairs in one transaction: all of them, or none if one fails.
    @discardableResult
    public func importPairs(accountID: Int64, _ pairs: [Pair], now: Date = Date()) async throws -> Int {
        try await writer.write { db in
            for pair in pairs { _ = try Self.savePair(db, accountID: accountID, pair, now: now) }
            return pairs.count
        }
    }

    public func deletePair(accountID: Int64, pairID: Int64) async throws {
        try await writer.write { db in
            try db.execute(sql: "DELETE FROM vocabPair WHERE id = ? AND accountId = ?", arguments: [pairID, accountID])
            guard db.changesCount > 0 else { throw StoreError.notFound(what: "pair", id: String(pairID)) }
            try Self.dropUnusedTags(db, accountID: accountID)
        }
    }

    /// Stores a review: the card's new state and the review itself, together.
    public func recordReview(accountID: Int64, pairID: Int64, direction: Direction, card: Card, log: ReviewLog) async throws {
        try await writer.write { db in
            guard try Self.owns(db, accountID: accountID, pairID: pairID) else {
                throw StoreError.notFound(what: "pair", id: String(pairID))
            }
            try db.execute(sql: """
                INSERT INTO vocabCard (pairId, direction, state, step, stability, difficulty, due, lastReview)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(pairId, direction) DO UPDATE SET state = excluded.state, step = excluded.step,
                  stability = excluded.stability, difficulty = excluded.difficulty, due = excluded.due,
                  lastReview = excluded.lastReview
                """, arguments: [pairID, direction.rawValue, card.state.rawValue, card.step, card.stability, card.difficulty,
                                 card.due, card.lastReview])
            try db.execute(sql: "INSERT INTO vocabReview (pairId, direction, rating, reviewedAt, duration) VALUES (?, ?, ?, ?, ?)",
                           arguments: [pairID, direction.rawValue, log.rating.rawValue, log.date, log.duration])
        }
    }

    public var vocabulary: VocabularyRepository { VocabularyRepository(reader: writer) }

    // MARK: - Inside a transaction

    static func owns(_ db: Database, accountID: Int64, pairID: Int64) throws -> Bool {
        try Int.fetchOne(db, sql: "SELECT 1 FROM vocabPair WHERE id = ? AND accountId = ?", arguments: [pairID, accountID]) != nil
    }

    static func savePair(_ db: Database, accountID: Int64, _ pair: Pair, now: Date) throws -> Pair {
        let existing = try String.fetchAll(db, sql: "SELECT name FROM vocabTag WHERE accountId = ?", arguments: [accountID])
        var saved = try pair.validated(existingTags: existing)
        if let id = saved.id {
            try db.execute(sql: """
                UPDATE vocabPair SET english = ?, welsh = ?, note = ?, type = ?, updatedAt = ? WHERE id = ? AND accountId = ?
                """, arguments: [saved.english, saved.welsh, saved.note, saved.type, now, id, accountID])
            guard db.changesCount > 0 else { throw StoreError.notFound(what: "pair", id: String(id)) }
            try db.execute(sql: "DELETE FROM vocabPairTag WHERE pairId = ?", arguments: [id])
        } else {
            try db.execute(sql: """
                INSERT INTO vocabPair (accountId, english, welsh, note, type, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?, ?)
                """, arguments: [accountID, saved.english, saved.welsh, saved.note, saved.type, now, now])
            saved.id = db.lastInsertedRowID
        }
        for tag in saved.tags {
            try db.execute(sql: "INSERT OR IGNORE INTO vocabTag (accountId, name) VALUES (?, ?)", arguments: [accountID, tag])
            try db.execute(sql: """
                INSERT OR IGNORE INTO vocabPairTag (pairId, tagId)
                SELECT ?, id FROM vocabTag WHERE accountId = ? AND name = ?
                """, arguments: [saved.id, accountID, tag])
        }
        try dropUnusedTags(db, accountID: accountID)
        return saved
    }

    /// A tag no pair carries any more is gone from the tag list, as a user would expect.
    static func dropUnusedTags(_ db: Database, accountID: Int64) throws {
        try db.execute(sql: """
            DELETE FROM vocabTag WHERE accountId = ? AND id NOT IN (SELECT tagId FROM vocabPairTag)
            """, arguments: [accountID])
    }
}

/// A pair due for revision in one direction, with its card (nil while the pair is new).
public struct DuePair: Sendable, Hashable {
    public var pair: Pair
    public var card: Card?
}

/// Reads of one account's vocabulary.
public struct VocabularyRepository: Sendable {
    let reader: any DatabaseReader

    /// The account's pairs, alphabetical by English then Welsh, tags included.
    public func pairs(accountID: Int64) async throws -> [Pair] {
        try await reader.read { db in try Self.pairs(db, accountID: accountID, where: "", arguments: []) }
    }

    public func pair(accountID: Int64, id: Int64) async throws -> Pair? {
        try await reader.read { db in try Self.pairs(db, accountID: accountID, where: "AND p.id = ?", arguments: [id]).first }
    }

    /// Every tag of the account with the number of pairs carrying it.
    public func tags(accountID: Int64) async throws -> [(name: String, count: Int)] {
        try await reader.read { db in
            try Row.fetchAll(db, sql: """
                SELECT t.name, COUNT(pt.pairId) FROM vocabTag t LEFT JOIN vocabPairTag pt ON pt.tagId = t.id
                WHERE t.accountId = ? GROUP BY t.id ORDER BY t.name COLLATE NOCASE
                """, arguments: [accountID]).map { (name: $0[0] as String, count: $0[1] as Int) }
        }
    }

    /// What a revision session serves, in order: cards due by `now` (most overdue first), then
    /// pairs never revised in this direction. Only pairs with both sides, and with `tag` if given.
    public func revisionQueue(accountID: Int64, tag: String?, direction: Direction, now: Date, limit: Int = 50) async throws -> [DuePair] {
        try await reader.read { db in
            var pairs = try Self.pairs(db, accountID: accountID, where: "AND p.english <> '' AND p.welsh <> ''", arguments: [])
            if let tag { pairs = pairs.filter { $0.tags.contains { $0.caseInsensitiveCompare(tag) == .orderedSame } } }
            var cards: [Int64: Card] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT c.pairId, c.state, c.step, c.stability, c.difficulty, c.due, c.lastReview FROM vocabCard c
                JOIN vocabPair p ON p.id = c.pairId WHERE p.accountId = ? AND c.direction = ?
                """, arguments: [accountID, direction.rawValue]) {
                guard let state = CardState(rawValue: row[1]) else { continue }
                cards[row[0]] = Card(state: state, step: row[2], stability: row[3], difficulty: row[4], due: row[5], lastReview: row[6])
            }
            let due = pairs.compactMap { p -> DuePair? in
                guard let card = cards[p.id!], card.due <= now else { return nil }
                return DuePair(pair: p, card: card)
            }.sorted { $0.card!.due < $1.card!.due }
            let new = pairs.filter { cards[$0.id!] == nil }.map { DuePair(pair: $0, card: nil) }
            return Array((due + new).prefix(limit))
        }
    }

    /// The stored card of a pair in a direction, if it has been revised that way.
    public func card(accountID: Int64, pairID: Int64, direction: Direction) async throws -> Card? {
        try await reader.read { db in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT c.state, c.step, c.stability, c.difficulty, c.due, c.lastReview FROM vocabCard c
                JOIN vocabPair p ON p.id = c.pairId WHERE p.accountId = ? AND c.pairId = ? AND c.direction = ?
                """, arguments: [accountID, pairID, direction.rawValue]), let state = CardState(rawValue: row[0]) else { return nil }
            return Card(state: state, step: row[1], stability: row[2], difficulty: row[3], due: row[4], lastReview: row[5])
        }
    }

    /// Number of reviews stored for the account.
    public func reviewCount(accountID: Int64) async throws -> Int {
        try await reader.read { db in
            try Int.fetchOne(db, sql: """
                SELECT COUNT(*) FROM vocabReview r JOIN vocabPair p ON p.id = r.pairId WHERE p.accountId = ?
                """, arguments: [accountID]) ?? 0
        }
    }

    static func pairs(_ db: Database, accountID: Int64, where clause: String, arguments: StatementArguments) throws -> [Pair] {
        var tagsByPair: [Int64: [String]] = [:]
        for row in try Row.fetchAll(db, sql: """
            SELECT pt.pairId, t.name FROM vocabPairTag pt JOIN vocabTag t ON t.id = pt.tagId
            WHERE t.accountId = ? ORDER BY t.name COLLATE NOCASE
            """, arguments: [accountID]) {
            tagsByPair[row[0], default: []].append(row[1])
        }
        return try Row.fetchAll(db, sql: """
            SELECT p.id, p.english, p.welsh, p.note, p.type FROM vocabPair p WHERE p.accountId = ? \(clause)
            ORDER BY p.english COLLATE NOCASE, p.welsh COLLATE NOCASE, p.id
            """, arguments: [accountID] + arguments).map { row in
            let id: Int64 = row[0]
            return Pair(id: id, english: row[1], welsh: row[2], note: row[3], type: row[4], tags: tagsByPair[id] ?? [])
        }
    }
}
