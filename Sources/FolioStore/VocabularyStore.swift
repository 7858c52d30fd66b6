import FolioCore
import Foundation
import GRDB
import Vocabulary

/// Writes of the vocabulary trainer. Every statement names the account, so one user can never
/// reach another's pairs, tags, cards or reviews.
extension AppDatabase {
    /// Saves a new pair (no id) or changes one of the account's pairs. Tags are matched to the
    /// account's existing tags whatever their case, so no near-duplicate tag ever arises.
    /// A new pair past `pairLimit` (the operator's quota; nil for none) is refused.
    @discardableResult
    public func savePair(accountID: Account.ID, _ pair: Pair, pairLimit: Int? = nil, now: Date = Date()) async throws -> Pair {
        try await writer.write { db in
            if pair.id == nil, let pairLimit { try Self.checkRoom(db, accountID: accountID, adding: 1, limit: pairLimit) }
            return try Self.savePair(db, accountID: accountID, pair, now: now)
        }
    }

    /// Saves many new pairs: all of them, or none if one is invalid or they would pass `pairLimit`.
    ///
    /// The single writer is held only for the inserts, which SQLite does on its own: the pairs are
    /// validated, their tags folded and their rows and tag links encoded as JSON arrays before any
    /// transaction starts, and inside one an `INSERT … SELECT FROM json_each` writes the pairs and
    /// one more their tag links. Binding each value from Swift instead held the writer ~150 ms for
    /// 8,000 rows in a debug build; saving them one by one held it 3.4 s.
    ///
    /// A big import is written `importChunk` rows at a time, each chunk a transaction of its own,
    /// so another account's write waits for one chunk, never the whole import: a maximum import
    /// (49,990 rows) in one transaction held the writer about a second, and another account's
    /// writes waited up to 1,078 ms. It stays all or nothing: the import is recorded first (a
    /// `vocabImport` row, its pairs carrying its id), the quota is checked again once every
    /// chunk is in, and an import that fails, or that a crash left unfinished, is taken out
    /// again chunk by chunk (`discardUnfinishedImports`). Until its last chunk is in, the
    /// importing account may see some of its pairs; no other account sees any.
    @discardableResult
    public func importPairs(accountID: Account.ID, _ pairs: [Pair], pairLimit: Int? = nil, now: Date = Date()) async throws -> Int {
        let batch = try ImportBatch(pairs.map { try $0.validated() })
        guard batch.count > 0 else { return 0 }
        guard batch.count > Self.importChunk else {
            return try await writer.write { db in
                if let pairLimit { try Self.checkRoom(db, accountID: accountID, adding: batch.count, limit: pairLimit) }
                let tagIDs = try Self.importTags(db, accountID: accountID, batch)
                try Self.insertChunk(db, accountID: accountID, batch.chunks[0], tagIDs: tagIDs, importID: nil, now: now)
                return batch.count
            }
        }
        try await discardUnfinishedImports(startedBefore: now.addingTimeInterval(-Self.unfinishedImportAge))
        let (importID, tagIDs) = try await writer.write { db -> (Int64, String) in
            if let pairLimit { try Self.checkRoom(db, accountID: accountID, adding: batch.count, limit: pairLimit) }
            let tagIDs = try Self.importTags(db, accountID: accountID, batch)
            try db.execute(sql: "INSERT INTO vocabImport (accountId, startedAt) VALUES (?, ?)", arguments: [accountID, now])
            return (db.lastInsertedRowID, tagIDs)
        }
        do {
            for chunk in batch.chunks {
                try await writer.write { db in
                    try Self.checkImportGoesOn(db, importID)
                    try Self.insertChunk(db, accountID: accountID, chunk, tagIDs: tagIDs, importID: importID, now: now)
                }
            }
            try await writer.write { db in
                // Others may have added pairs meanwhile: the quota holds for what is there now.
                if let pairLimit { try Self.checkRoom(db, accountID: accountID, adding: 0, limit: pairLimit) }
                try db.execute(sql: "DELETE FROM vocabImport WHERE id = ?", arguments: [importID])
                guard db.changesCount == 1 else { throw VocabularyError.importInterrupted }
            }
        } catch {
            try await discardImport(importID)
            if case VocabularyError.quotaReached(let limit, _, _) = error {
                let stored = try await writer.read { db in
                    try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM vocabPair WHERE accountId = ?", arguments: [accountID]) ?? 0
                }
                throw VocabularyError.quotaReached(limit: limit, stored: stored, adding: batch.count)
            }
            throw error
        }
        return batch.count
    }

    /// Rows an import writes in one transaction: about 15 ms of the writer in SQLite itself
    /// (50,000 rows and their tag links took 330 ms in one).
    static let importChunk = 2_000
    /// An import still unfinished after this long was cut short (the process stopped): it is
    /// taken out when a server starts and at the next big import. A running import takes
    /// seconds, and finds out at its next chunk if it was taken out (`importInterrupted`).
    public static let unfinishedImportAge: TimeInterval = 600

    private static func checkImportGoesOn(_ db: Database, _ importID: Int64) throws {
        guard try Int.fetchOne(db, sql: "SELECT 1 FROM vocabImport WHERE id = ?", arguments: [importID]) != nil else {
            throw VocabularyError.importInterrupted
        }
    }

    /// Takes out the pairs of imports started before `date` that never finished.
    public func discardUnfinishedImports(startedBefore date: Date) async throws {
        let stale = try await writer.read { db in
            try Int64.fetchAll(db, sql: "SELECT id FROM vocabImport WHERE startedAt < ?", arguments: [date])
        }
        for id in stale { try await discardImport(id) }
    }

    /// Removes an import's pairs a chunk at a time (their cards, reviews and tag links go with
    /// them), then the import itself and any tag it left unused.
    private func discardImport(_ id: Int64) async throws {
        while try await writer.write({ db -> Bool in
            try db.execute(sql: "DELETE FROM vocabPair WHERE id IN (SELECT id FROM vocabPair WHERE importId = ? LIMIT ?)",
                           arguments: [id, Self.importChunk])
            return db.changesCount > 0
        }) {}
        try await writer.write { db in
            if let accountID = try Int64.fetchOne(db, sql: "SELECT accountId FROM vocabImport WHERE id = ?", arguments: [id]) {
                try Self.dropUnusedTags(db, accountID: Account.ID(rawValue: accountID))
            }
            try db.execute(sql: "DELETE FROM vocabImport WHERE id = ?", arguments: [id])
        }
    }

    /// The ids of the batch's tags, `[id, …]` as JSON in the batch's order, made for the account
    /// where it has none of that name yet (tags it has keep their spelling, as a typed tag joins
    /// an existing one).
    private static func importTags(_ db: Database, accountID: Account.ID, _ batch: ImportBatch) throws -> String {
        var tagIDs: [String: Int64] = [:]
        for tag in try VocabularyTagRecord.filter(VocabularyTagRecord.Columns.accountId == accountID).fetchAll(db) {
            tagIDs[TextFolding.fold(tag.name)] = tag.id
        }
        for (name, key) in batch.tags where tagIDs[key] == nil {
            var tag = VocabularyTagRecord(id: nil, accountId: accountID, name: name)
            try tag.insert(db)
            tagIDs[key] = tag.id
        }
        return "[" + batch.tags.map { String(tagIDs[$0.key] ?? 0) }.joined(separator: ",") + "]"
    }

    /// Writes one chunk's pairs and their tag links.
    private static func insertChunk(_ db: Database, accountID: Account.ID, _ chunk: ImportBatch.Chunk, tagIDs: String,
                                    importID: Int64?, now: Date) throws {
        try db.execute(sql: """
            INSERT INTO vocabPair (accountId, english, welsh, note, type, searchKey, createdAt, updatedAt, importId)
            SELECT ?1, value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, ?2, ?2, ?4
            FROM json_each(?3) ORDER BY key
            """, arguments: [accountID, now, chunk.pairsJSON, importID])
        // One statement's rows get consecutive ids: with AUTOINCREMENT each is one more than
        // the largest so far, and this transaction is the only writer.
        let firstID = db.lastInsertedRowID - Int64(chunk.count) + 1
        try db.execute(sql: """
            INSERT OR IGNORE INTO vocabPairTag (pairId, tagId)
            SELECT ?1 + (value ->> 0), json_extract(?2, '$[' || (value ->> 1) || ']') FROM json_each(?3)
            """, arguments: [firstID, tagIDs, chunk.linksJSON])
    }

    public func deletePair(accountID: Account.ID, pairID: PairID) async throws {
        try await writer.write { db in
            try db.execute(sql: "DELETE FROM vocabPair WHERE id = ? AND accountId = ?", arguments: [pairID, accountID])
            guard db.changesCount > 0 else { throw StoreError.notFound(what: "pair", id: pairID.description) }
            try Self.dropUnusedTags(db, accountID: accountID)
        }
    }

    /// A pair's change sent from a device: the operation claimed, and the result it gave kept,
    /// in the same transaction as the change; a change found too late or of a pair gone claims
    /// nothing, so a resend is judged again and answered alike.
    public func applyPairChange(accountID: Account.ID, operation: String, change: PairChange, at: Date,
                                pairLimit: Int?) async throws -> PairChangeResult {
        try await writer.write { db in
            if let claimed = try Row.fetchOne(db, sql: "SELECT result FROM syncOperation WHERE accountId = ? AND id = ?",
                                              arguments: [accountID, operation]) {
                return .alreadyApplied((claimed["result"] as Int64?).map { PairID($0) })
            }
            let result: PairChangeResult
            switch change {
            case .add(var pair):
                if let pairLimit { try Self.checkRoom(db, accountID: accountID, adding: 1, limit: pairLimit) }
                pair.id = nil
                result = .applied(try Self.savePair(db, accountID: accountID, pair, now: at).id)
            case .edit(let id, var pair):
                if let refusal = try Self.refusal(db, accountID: accountID, pairID: id, at: at) { return refusal }
                pair.id = id
                result = .applied(try Self.savePair(db, accountID: accountID, pair, now: at).id)
            case .delete(let id):
                if let refusal = try Self.refusal(db, accountID: accountID, pairID: id, at: at) { return refusal }
                try db.execute(sql: "DELETE FROM vocabPair WHERE id = ? AND accountId = ?", arguments: [id, accountID])
                try Self.dropUnusedTags(db, accountID: accountID)
                result = .applied(nil)
            }
            try db.execute(sql: "INSERT INTO syncOperation (accountId, id, appliedAt, result) VALUES (?, ?, ?, ?)",
                           arguments: [accountID, operation, Date(), change.isAdd ? result.pairID : nil])
            return result
        }
    }

    /// Why a device's change of pair `pairID` made at `at` is not made: the pair is gone, or was
    /// changed later. Nil when it may be made.
    private static func refusal(_ db: Database, accountID: Account.ID, pairID: PairID, at: Date) throws -> PairChangeResult? {
        guard let updatedAt = try Date.fetchOne(db, sql: "SELECT updatedAt FROM vocabPair WHERE id = ? AND accountId = ?",
                                                arguments: [pairID, accountID]) else { return .gone }
        return updatedAt > at ? .later : nil
    }

    /// Stores a review: the card's new state and the review itself, together.
    @discardableResult
    public func recordReview(accountID: Account.ID, pairID: PairID, direction: Direction, card: Card, log: ReviewLog) async throws -> Int {
        try await writer.write { db in
            try Self.recordReview(db, accountID: accountID, pairID: pairID, direction: direction, card: card, log: log)
        }
    }

    /// A review sent from a device: its operation id claimed in the same transaction as the
    /// review, so a resend finds it claimed and a review refused (another's pair) claims nothing.
    public func recordReview(accountID: Account.ID, operation: String, pairID: PairID, direction: Direction, card: Card,
                             log: ReviewLog) async throws -> Int? {
        try await writer.write { db in
            try db.execute(sql: "INSERT INTO syncOperation (accountId, id, appliedAt) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                           arguments: [accountID, operation, Date()])
            guard db.changesCount > 0 else { return nil }
            return try Self.recordReview(db, accountID: accountID, pairID: pairID, direction: direction, card: card, log: log)
        }
    }

    private static func recordReview(_ db: Database, accountID: Account.ID, pairID: PairID, direction: Direction, card: Card,
                                     log: ReviewLog) throws -> Int {
        guard try Self.owns(db, accountID: accountID, pairID: pairID) else {
            throw StoreError.notFound(what: "pair", id: pairID.description)
        }
        // Statements prepared once per connection, here and in the reads a review makes:
        // compiling each anew was about a fifth of a review's CPU.
        let before = try Row.fetchOne(db.cachedStatement(sql: """
            SELECT state, step, stability, difficulty, due, lastReview, lapses FROM vocabCard WHERE pairId = ? AND direction = ?
            """), arguments: [pairID, direction.rawValue])
        let kind = ReviewKind(storedState: before?["state"])
        let lapsesBefore: Int = before?["lapses"] ?? 0
        let lapses = lapsesBefore + (kind.isLapse(log.rating) ? 1 : 0)
        try db.cachedStatement(sql: """
            INSERT INTO vocabCard (pairId, accountId, direction, state, step, stability, difficulty, due, lastReview, lapses)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(pairId, direction) DO UPDATE SET state = excluded.state, step = excluded.step,
              stability = excluded.stability, difficulty = excluded.difficulty, due = excluded.due,
              lastReview = excluded.lastReview, lapses = excluded.lapses
            """).execute(arguments: [pairID, accountID, direction.rawValue, card.state.rawValue, card.step, card.stability,
                             card.difficulty, card.due, card.lastReview, lapses])
        var arguments: StatementArguments = [pairID, accountID, direction.rawValue, log.rating.rawValue, log.date,
                                             ReviewLog.acceptedDuration(log.duration), kind.rawValue]
        arguments += [before?["state"] as Int?, before?["step"] as Int?, before?["stability"] as Double?,
                      before?["difficulty"] as Double?, before?["due"] as Date?, before?["lastReview"] as Date?, lapsesBefore, lapses]
        try db.cachedStatement(sql: """
            INSERT INTO vocabReview (pairId, accountId, direction, rating, reviewedAt, duration, kind, undoable,
              prevState, prevStep, prevStability, prevDifficulty, prevDue, prevLastReview, prevLapses, lapses)
            VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?)
            """).execute(arguments: arguments)
        return lapses
    }

    public func undoLastReview(accountID: Account.ID) async throws -> UndoneReview? {
        try await writer.write { db in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT id, pairId, direction, rating, undoable, prevState, prevStep, prevStability, prevDifficulty, prevDue,
                  prevLastReview, prevLapses, lapses
                FROM vocabReview WHERE accountId = ? ORDER BY reviewedAt DESC, id DESC LIMIT 1
                """, arguments: [accountID]), row["undoable"] as Bool,
                let direction = Direction(rawValue: row["direction"]), let rating = Rating(rawValue: row["rating"]) else { return nil }
            let pairID: PairID = row["pairId"]
            var card: Card?
            if let stateValue: Int = row["prevState"] {
                guard let state = CardState(rawValue: stateValue), let due: Date = row["prevDue"] else {
                    throw StoreError.corruptRow(table: "vocabReview", id: String(row["id"] as Int64))
                }
                card = Card(state: state, step: row["prevStep"], stability: row["prevStability"], difficulty: row["prevDifficulty"],
                            due: due, lastReview: row["prevLastReview"])
                try db.execute(sql: """
                    UPDATE vocabCard SET state = ?, step = ?, stability = ?, difficulty = ?, due = ?, lastReview = ?, lapses = ?
                    WHERE pairId = ? AND direction = ?
                    """, arguments: [stateValue, card?.step, card?.stability, card?.difficulty, due, card?.lastReview,
                                     row["prevLapses"] as Int, pairID, direction.rawValue])
            } else {
                try db.execute(sql: "DELETE FROM vocabCard WHERE pairId = ? AND direction = ?", arguments: [pairID, direction.rawValue])
            }
            try db.execute(sql: "DELETE FROM vocabReview WHERE id = ?", arguments: [row["id"] as Int64])
            return UndoneReview(pairID: pairID, direction: direction, rating: rating, card: card, lapsesBefore: row["prevLapses"],
                                lapsesAfter: row["lapses"])
        }
    }

    public func setSuspended(accountID: Account.ID, pairID: PairID, _ suspended: Bool) async throws {
        try await writer.write { db in
            try db.execute(sql: "UPDATE vocabPair SET suspended = ? WHERE id = ? AND accountId = ?", arguments: [suspended, pairID, accountID])
            if db.changesCount == 0 { throw StoreError.notFound(what: "pair", id: pairID.description) }
        }
    }

    public func saveStudySettings(accountID: Account.ID, _ settings: StudySettings) async throws {
        try await writer.write { db in
            try db.execute(sql: """
                INSERT INTO vocabSettings (accountId, newCardsPerDay, reviewsPerDay, dayStartHour, timeZone, desiredRetention, leechThreshold,
                  weights)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (accountId) DO UPDATE SET newCardsPerDay = excluded.newCardsPerDay, reviewsPerDay = excluded.reviewsPerDay,
                  dayStartHour = excluded.dayStartHour, timeZone = excluded.timeZone, desiredRetention = excluded.desiredRetention,
                  leechThreshold = excluded.leechThreshold, weights = excluded.weights
                """, arguments: [accountID, settings.newCardsPerDay, settings.reviewsPerDay, settings.dayStartHour, settings.timeZone,
                                 settings.desiredRetention, settings.leechThreshold, try settings.encodedWeights()])
        }
    }

    public var vocabulary: VocabularyRepository { VocabularyRepository(reader: writer) }

    // MARK: - Inside a transaction

    /// An import's validated pairs, encoded for the write before the writer is taken.
    private struct ImportBatch: Sendable {
        /// One transaction's pairs, encoded for it alone: a chunk that read its rows out of the
        /// whole import's JSON walked all of it, and a maximum import's chunks then held the
        /// writer 70–180 ms each in a debug build (another account's write waited up to 399 ms
        /// beside other work) for what SQLite inserts in a tenth of that.
        struct Chunk: Sendable {
            var count: Int
            /// `[[english, welsh, note, type, searchKey], …]`, in the order the rows came.
            var pairsJSON: String
            /// `[[pair's index in the chunk, index into `tags`], …]`, in the pairs' order: the
            /// transaction maps each tag's index to its id.
            var linksJSON: String
        }

        var count: Int
        /// Each distinct tag of the import as first spelled, with its folded key.
        var tags: [(name: String, key: String)]
        /// `importChunk` pairs each, the last maybe fewer.
        var chunks: [Chunk]

        init(_ pairs: [Pair]) throws {
            count = pairs.count
            var indexByKey: [String: Int] = [:]
            var tags: [(name: String, key: String)] = []
            var chunks: [Chunk] = []
            let encoder = JSONEncoder()
            for start in stride(from: 0, to: pairs.count, by: AppDatabase.importChunk) {
                let part = pairs[start ..< min(pairs.count, start + AppDatabase.importChunk)]
                let rows = part.map { [$0.english, $0.welsh, $0.note, $0.type, $0.searchKey] }
                var links = "["
                links.reserveCapacity(part.count * 12)
                var separator = ""
                for (position, pair) in part.enumerated() {
                    var indexes: Set<Int> = []
                    for tag in pair.tags {
                        let key = TextFolding.fold(tag)
                        if let index = indexByKey[key] {
                            indexes.insert(index)
                        } else {
                            indexByKey[key] = tags.count
                            indexes.insert(tags.count)
                            tags.append((tag, key))
                        }
                    }
                    for index in indexes.sorted() {
                        links += separator + "[" + String(position) + "," + String(index) + "]"
                        separator = ","
                    }
                }
                chunks.append(Chunk(count: part.count, pairsJSON: String(decoding: try encoder.encode(rows), as: UTF8.self),
                                    linksJSON: links + "]"))
            }
            self.tags = tags
            self.chunks = chunks
        }
    }

    static func owns(_ db: Database, accountID: Account.ID, pairID: PairID) throws -> Bool {
        try Int.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM vocabPair WHERE id = ? AND accountId = ?"), arguments: [pairID, accountID]) != nil
    }

    static func checkRoom(_ db: Database, accountID: Account.ID, adding: Int, limit: Int) throws {
        let stored = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM vocabPair WHERE accountId = ?", arguments: [accountID]) ?? 0
        if stored + adding > limit { throw VocabularyError.quotaReached(limit: limit, stored: stored, adding: adding) }
    }

    static func savePair(_ db: Database, accountID: Account.ID, _ pair: Pair, now: Date) throws -> Pair {
        let existing = try String.fetchAll(db, sql: "SELECT name FROM vocabTag WHERE accountId = ?", arguments: [accountID])
        var saved = try pair.validated(existingTags: existing)
        if let id = saved.id {
            try db.execute(sql: """
                UPDATE vocabPair SET english = ?, welsh = ?, note = ?, type = ?, searchKey = ?, updatedAt = ?
                WHERE id = ? AND accountId = ?
                """, arguments: [saved.english, saved.welsh, saved.note, saved.type, saved.searchKey, now, id, accountID])
            guard db.changesCount > 0 else { throw StoreError.notFound(what: "pair", id: id.description) }
            try db.execute(sql: "DELETE FROM vocabPairTag WHERE pairId = ?", arguments: [id])
        } else {
            try db.execute(sql: """
                INSERT INTO vocabPair (accountId, english, welsh, note, type, searchKey, createdAt, updatedAt)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [accountID, saved.english, saved.welsh, saved.note, saved.type, saved.searchKey, now, now])
            saved.id = PairID(db.lastInsertedRowID)
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

    /// A tag no pair carries any more is gone from the tag list, as a user would expect. Each of
    /// the account's tags is one index lookup, never a scan of every account's pair tags.
    static func dropUnusedTags(_ db: Database, accountID: Account.ID) throws {
        try db.execute(sql: """
            DELETE FROM vocabTag WHERE accountId = ?
              AND NOT EXISTS (SELECT 1 FROM vocabPairTag pt WHERE pt.tagId = vocabTag.id)
            """, arguments: [accountID])
    }
}





/// Reads of one account's vocabulary. Every query starts from an index on the account, so its
/// cost grows with that account's rows only.
public struct VocabularyRepository: Sendable {
    let reader: any DatabaseReader

    /// Every pair of the account, alphabetical by English then Welsh, tags included: an export.
    public func pairs(accountID: Account.ID) async throws -> [Pair] {
        try await reader.read { db in
            try Self.pairs(db, accountID: accountID, filter: PairFilter(), limit: Int(Int32.max), offset: 0).items
        }
    }

    /// A page of the account's pairs in the same order, narrowed by `filter`.
    public func pairs(accountID: Account.ID, filter: PairFilter, limit: Int, offset: Int) async throws -> Page<Pair> {
        try await reader.read { db in try Self.pairs(db, accountID: accountID, filter: filter, limit: limit, offset: offset) }
    }

    public func pair(accountID: Account.ID, id: PairID) async throws -> Pair? {
        try await reader.read { db in try Self.pair(db, accountID: accountID, id: id) }
    }

    static func pair(_ db: Database, accountID: Account.ID, id: PairID) throws -> Pair? {
        guard let row = try PairColumns.fetchOne(db.cachedStatement(sql: """
            SELECT p.id, p.english, p.welsh, p.note, p.type FROM vocabPair p WHERE p.accountId = ? AND p.id = ?
            """), arguments: [accountID, id]) else { return nil }
        let tags = try String.fetchAll(db.cachedStatement(sql: """
            SELECT t.name FROM vocabPairTag pt JOIN vocabTag t ON t.id = pt.tagId WHERE pt.pairId = ? ORDER BY t.name
            """), arguments: [row.id])
        return row.pair(tags: tags)
    }

    public func revisionInputs(accountID: Account.ID, pairID: PairID, direction: Direction) async throws -> RevisionInputs {
        try await reader.read { db in
            RevisionInputs(pair: try Self.pair(db, accountID: accountID, id: pairID),
                           card: try Self.card(db, accountID: accountID, pairID: pairID, direction: direction),
                           settings: try Self.studySettings(db, accountID: accountID))
        }
    }

    /// How many pairs the account keeps.
    public func pairCount(accountID: Account.ID) async throws -> Int {
        try await reader.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM vocabPair WHERE accountId = ?", arguments: [accountID]) ?? 0
        }
    }

    public func pairsVersion(accountID: Account.ID) async throws -> [Int64] {
        try await reader.read { db in
            // Times are stored as text to the millisecond; summed as whole milliseconds, exactly.
            let row = try Row.fetchOne(db, sql: """
                SELECT COUNT(*), COALESCE(SUM(id), 0), COALESCE(SUM(CAST(ROUND((julianday(updatedAt) - 2440587.5) * 86400000.0) AS INTEGER)), 0)
                FROM vocabPair WHERE accountId = ?
                """, arguments: [accountID])
            return [row?[0] ?? 0, row?[1] ?? 0, row?[2] ?? 0]
        }
    }

    /// A page of the account's tags, alphabetical, each with the number of pairs carrying it.
    public func tags(accountID: Account.ID, limit: Int, offset: Int) async throws -> Page<VocabularyTag> {
        try await reader.read { db in
            let total = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM vocabTag WHERE accountId = ?", arguments: [accountID]) ?? 0
            let items = try VocabularyTag.fetchAll(db, sql: """
                SELECT t.name AS name, (SELECT COUNT(*) FROM vocabPairTag pt WHERE pt.tagId = t.id) AS count FROM vocabTag t
                WHERE t.accountId = ? ORDER BY t.name LIMIT ? OFFSET ?
                """, arguments: [accountID, limit, offset])
            return Page(total: total, items: items, limit: limit, offset: offset)
        }
    }

    /// What a revision session serves, in order: cards due by `now` (most overdue first), then
    /// pairs never revised in this direction (alphabetical). Only pairs with both sides, and with
    /// `tag` if given. Both halves are index ranges of the account's own rows, cut at `limit`.
    public func revisionQueue(accountID: Account.ID, tag: String?, direction: Direction, now: Date, limit: Int = 50,
                              allowance: StudiedToday = StudiedToday(newCards: .max, reviews: .max)) async throws -> [DuePair] {
        try await reader.read { db in
            var tagClause = ""
            var tagArguments: StatementArguments = []
            if let tag, !tag.isEmpty {
                guard let tagID = try Self.tagID(db, accountID: accountID, name: tag) else { return [] }
                tagClause = "AND p.id IN (SELECT pairId FROM vocabPairTag WHERE tagId = ?)"
                tagArguments = [tagID]
            }
            // Cards in their learning steps come whatever the day's limit; learned ones up to it.
            // Two walks of the (accountId, direction, due) index, merged by due date.
            func due(_ stateClause: String, _ count: Int) throws -> [DueColumns] {
                guard count > 0 else { return [] }
                return try DueColumns.fetchAll(db, sql: """
                    SELECT p.id, p.english, p.welsh, p.note, p.type, c.state, c.step, c.stability, c.difficulty, c.due, c.lastReview
                    FROM vocabCard c JOIN vocabPair p ON p.id = c.pairId
                    WHERE c.accountId = ? AND c.direction = ? AND c.due <= ? AND \(stateClause)
                      AND p.english <> '' AND p.welsh <> '' AND NOT p.suspended \(tagClause)
                    ORDER BY c.due LIMIT ?
                    """, arguments: [accountID, direction.rawValue, now] + tagArguments + [count])
            }
            let learned = CardState.review.rawValue
            let dueRows = (try due("c.state <> \(learned)", limit) + due("c.state = \(learned)", min(limit, allowance.reviews)))
                .sorted { ($0.card.card?.due ?? now) < ($1.card.card?.due ?? now) }.prefix(limit)
            var queue: [(PairColumns, Card?)] = dueRows.compactMap { row in row.card.card.map { (row.pair, $0) } }
            let newCount = min(limit - queue.count, allowance.newCards)
            if newCount > 0 {
                let newRows = try PairColumns.fetchAll(db, sql: """
                    SELECT p.id, p.english, p.welsh, p.note, p.type FROM vocabPair p INDEXED BY vocabPair_on_accountId_english_welsh
                    WHERE p.accountId = ? AND p.english <> '' AND p.welsh <> '' AND NOT p.suspended \(tagClause)
                      AND NOT EXISTS (SELECT 1 FROM vocabCard c WHERE c.pairId = p.id AND c.direction = ?)
                    ORDER BY p.english COLLATE NOCASE, p.welsh COLLATE NOCASE, p.id LIMIT ?
                    """, arguments: [accountID] + tagArguments + [direction.rawValue, newCount])
                queue += newRows.map { ($0, nil) }
            }
            let pairs = try Self.withTags(db, queue.map(\.0))
            return zip(pairs, queue).map { DuePair(pair: $0, card: $1.1) }
        }
    }

    /// What waits in `direction` at `now`: for all pairs, then (`byTag`) for each tag by name.
    /// Counted over every pair and card by the indexes alone, less what the few pairs that cannot
    /// be revised (a side empty, or suspended) hold, found by their partial index: joining every
    /// tagged pair to its pair and card took 114 ms at 25,000 pairs and 20 tags, this 21 ms.
    public func revisionCounts(accountID: Account.ID, direction: Direction, now: Date, byTag: Bool) async throws -> [RevisionCount] {
        try await reader.read { db in
            let learned = CardState.review.rawValue
            // The same count, by tag when the tag is not nil: pairs, their cards in this direction,
            // and of those the due ones in their learning steps and learned.
            struct Tally { var pairs = 0, cards = 0, learning = 0, review = 0 }
            func line(_ tag: String?, _ all: Tally, less: Tally) -> RevisionCount {
                RevisionCount(tag: tag, learning: all.learning - less.learning, review: all.review - less.review,
                              new: (all.pairs - less.pairs) - (all.cards - less.cards))
            }
            var total = Tally()
            total.pairs = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM vocabPair WHERE accountId = ?", arguments: [accountID]) ?? 0
            if let row = try Row.fetchOne(db, sql: """
                SELECT COUNT(*), COALESCE(SUM(due <= ? AND state <> \(learned)), 0), COALESCE(SUM(due <= ? AND state = \(learned)), 0)
                FROM vocabCard WHERE accountId = ? AND direction = ?
                """, arguments: [now, now, accountID, direction.rawValue]) {
                (total.cards, total.learning, total.review) = (row[0], row[1], row[2])
            }
            // The pairs that cannot be revised, each once for all pairs and once for each tag.
            var unrevisable = Tally(), unrevisableByTag: [Int64: Tally] = [:], seen = Set<Int64>()
            let rows = try Row.fetchCursor(db, sql: """
                SELECT p.id, c.pairId IS NOT NULL, COALESCE(c.due <= ? AND c.state <> \(learned), 0),
                  COALESCE(c.due <= ? AND c.state = \(learned), 0), pt.tagId
                FROM vocabPair p INDEXED BY vocabPair_unrevisable
                LEFT JOIN vocabCard c ON c.pairId = p.id AND c.direction = ? LEFT JOIN vocabPairTag pt ON pt.pairId = p.id
                WHERE p.accountId = ? AND (p.english = '' OR p.welsh = '' OR p.suspended)
                """, arguments: [now, now, direction.rawValue, accountID])
            while let row = try rows.next() {
                let id: Int64 = row[0], card: Bool = row[1], learning: Int = row[2], review: Int = row[3]
                func add(_ tally: inout Tally) {
                    tally.pairs += 1
                    tally.cards += card ? 1 : 0
                    tally.learning += learning
                    tally.review += review
                }
                if seen.insert(id).inserted { add(&unrevisable) }
                if let tag: Int64 = row[4] { add(&unrevisableByTag[tag, default: Tally()]) }
            }
            var counts = [line(nil, total, less: unrevisable)]
            guard byTag else { return counts }
            var cardsByTag: [Int64: Tally] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT pt.tagId, COUNT(*), COALESCE(SUM(c.due <= ? AND c.state <> \(learned)), 0),
                  COALESCE(SUM(c.due <= ? AND c.state = \(learned)), 0)
                FROM vocabCard c CROSS JOIN vocabPairTag pt ON pt.pairId = c.pairId
                WHERE c.accountId = ? AND c.direction = ? GROUP BY pt.tagId
                """, arguments: [now, now, accountID, direction.rawValue]) {
                cardsByTag[row[0]] = Tally(cards: row[1], learning: row[2], review: row[3])
            }
            for row in try Row.fetchAll(db, sql: """
                SELECT t.id, t.name, COUNT(*) FROM vocabTag t JOIN vocabPairTag pt ON pt.tagId = t.id
                WHERE t.accountId = ? GROUP BY t.id ORDER BY t.name COLLATE NOCASE, t.id
                """, arguments: [accountID]) {
                let tag: Int64 = row[0]
                var all = cardsByTag[tag] ?? Tally()
                all.pairs = row[2]
                let less = unrevisableByTag[tag] ?? Tally()
                // A tag only on pairs that cannot be revised has nothing to offer, as before.
                guard all.pairs > less.pairs else { continue }
                counts.append(line(row[1], all, less: less))
            }
            return counts
        }
    }

    /// New cards first seen and reviews of learned cards since `since`, by the review log's
    /// `(accountId, reviewedAt)` index.
    public func studied(accountID: Account.ID, since: Date) async throws -> StudiedToday {
        try await reader.read { db in
            let row = try Row.fetchOne(db, sql: """
                SELECT COALESCE(SUM(kind = 'new'), 0), COALESCE(SUM(kind = 'review'), 0) FROM vocabReview
                WHERE accountId = ? AND reviewedAt >= ?
                """, arguments: [accountID, since])
            return StudiedToday(newCards: row?[0] ?? 0, reviews: row?[1] ?? 0)
        }
    }

    public func studySettings(accountID: Account.ID) async throws -> StudySettings? {
        try await reader.read { db in try Self.studySettings(db, accountID: accountID) }
    }

    static func studySettings(_ db: Database, accountID: Account.ID) throws -> StudySettings? {
        try Row.fetchOne(db.cachedStatement(sql: """
            SELECT newCardsPerDay, reviewsPerDay, dayStartHour, timeZone, desiredRetention, leechThreshold, weights FROM vocabSettings
            WHERE accountId = ?
            """), arguments: [accountID]).map {
            StudySettings(newCardsPerDay: $0[0], reviewsPerDay: $0[1], dayStartHour: $0[2], timeZone: $0[3], desiredRetention: $0[4],
                          leechThreshold: $0[5], parameters: try StudySettings.decodeWeights($0[6], accountID: accountID))
        }
    }

    /// One statement over the `(accountId, reviewedAt)` index, grouped by the hour the stored
    /// text starts with: a year of reviews comes back as at most 8,784 rows.
    public func reviewHours(accountID: Account.ID, since: Date) async throws -> [StudyStatistics.HourCount] {
        try await reader.read { db in
            // Grouped by the stored text's first 13 characters ("2026-11-25 14"), read as dates only
            // once per hour: converting every row's date in SQL cost more than reading the rows.
            try Row.fetchAll(db, sql: """
                SELECT substr(reviewedAt, 1, 13) AS hour, COUNT(*), COALESCE(SUM(kind = 'review'), 0),
                  COALESCE(SUM(kind = 'review' AND rating > 1), 0)
                FROM vocabReview WHERE accountId = ? AND reviewedAt >= ? GROUP BY hour ORDER BY hour
                """, arguments: [accountID, since]).compactMap { row in
                Self.hourStart(row[0]).map {
                    StudyStatistics.HourCount(hour: $0, reviews: row[1], learnedReviews: row[2], recalled: row[3])
                }
            }
        }
    }

    public func dueHours(accountID: Account.ID, until: Date) async throws -> [DueHour] {
        try await reader.read { db in
            // One range of the (accountId, direction, due) index per direction.
            var hours: [String: Int] = [:]
            for direction in Direction.allCases {
                for row in try Row.fetchAll(db, sql: """
                    SELECT substr(c.due, 1, 13) AS hour, COUNT(*) FROM vocabCard c JOIN vocabPair p ON p.id = c.pairId
                    WHERE c.accountId = ? AND c.direction = ? AND c.due < ? AND NOT p.suspended GROUP BY hour
                    """, arguments: [accountID, direction.rawValue, until]) {
                    hours[row[0], default: 0] += row[1] as Int
                }
            }
            return hours.compactMap { text, cards in Self.hourStart(text).map { DueHour(hour: $0, cards: cards) } }.sorted { $0.hour < $1.hour }
        }
    }

    public func hardestPairs(accountID: Account.ID, limit: Int) async throws -> [StudyStatistics.HardPair] {
        try await reader.read { db in
            try Row.fetchAll(db, sql: """
                SELECT p.id, p.english, p.welsh, SUM(c.lapses) AS lapses, MAX(c.difficulty) AS difficulty
                FROM vocabCard c JOIN vocabPair p ON p.id = c.pairId
                WHERE c.accountId = ? AND c.lapses > 0
                GROUP BY p.id ORDER BY lapses DESC, difficulty DESC, p.id LIMIT ?
                """, arguments: [accountID, max(0, limit)]).map {
                StudyStatistics.HardPair(pairID: PairID($0[0] as Int64), english: $0[1], welsh: $0[2], lapses: $0[3], difficulty: $0[4])
            }
        }
    }

    public func reviewHistory(accountID: Account.ID, limit: Int) async throws -> [CardHistory] {
        try await reader.read { db in
            var reviews: [(pairID: PairID, direction: Direction, log: ReviewLog)] = []
            let rows = try Row.fetchCursor(db, sql: """
                SELECT pairId, direction, rating, reviewedAt, duration FROM vocabReview WHERE accountId = ?
                ORDER BY pairId, direction, reviewedAt, id LIMIT ?
                """, arguments: [accountID, max(0, limit)])
            while let row = try rows.next() {
                guard let direction = Direction(rawValue: row[1]), let rating = Rating(rawValue: row[2]) else { continue }
                reviews.append((PairID(row[0] as Int64), direction, ReviewLog(rating: rating, date: row[3], duration: row[4])))
            }
            return CardHistory.grouping(reviews)
        }
    }

    /// "2026-11-25 14" (the start of a stored date) as the start of that hour, UTC.
    static func hourStart(_ text: String) -> Date? {
        let digits = text.utf8.split(whereSeparator: { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: " ") })
            .map { Int(String(decoding: $0, as: UTF8.self)) }
        guard digits.count == 4, let y = digits[0], let m = digits[1], let d = digits[2], let h = digits[3] else { return nil }
        // Days from 1970-01-01 to the date (Howard Hinnant's days_from_civil).
        let yy = m <= 2 ? y - 1 : y
        let era = (yy >= 0 ? yy : yy - 399) / 400
        let yoe = yy - era * 400
        let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        let days = era * 146_097 + doe - 719_468
        return Date(timeIntervalSince1970: Double(days * 86_400 + h * 3_600))
    }

    public func suspendedPairs(accountID: Account.ID, among pairIDs: [PairID]) async throws -> Set<PairID> {
        guard !pairIDs.isEmpty else { return [] }
        return try await reader.read { db in
            let ids = try Int64.fetchAll(db, sql: "SELECT id FROM vocabPair WHERE accountId = ? AND suspended"
                                             + " AND id IN (\(pairIDs.map { _ in "?" }.joined(separator: ",")))",
                                         arguments: [accountID] + StatementArguments(pairIDs.map(\.rawValue)))
            return Set(ids.map { PairID($0) })
        }
    }

    /// The stored card of a pair in a direction, if it has been revised that way.
    public func card(accountID: Account.ID, pairID: PairID, direction: Direction) async throws -> Card? {
        try await reader.read { db in try Self.card(db, accountID: accountID, pairID: pairID, direction: direction) }
    }

    static func card(_ db: Database, accountID: Account.ID, pairID: PairID, direction: Direction) throws -> Card? {
        try CardColumns.fetchOne(db.cachedStatement(sql: """
            SELECT c.state, c.step, c.stability, c.difficulty, c.due, c.lastReview FROM vocabCard c
            JOIN vocabPair p ON p.id = c.pairId WHERE p.accountId = ? AND c.pairId = ? AND c.direction = ?
            """), arguments: [accountID, pairID, direction.rawValue])?.card
    }

    /// Number of reviews stored for the account.
    public func reviewCount(accountID: Account.ID) async throws -> Int {
        try await reader.read { db in
            try Int.fetchOne(db, sql: """
                SELECT COUNT(*) FROM vocabReview r JOIN vocabPair p ON p.id = r.pairId WHERE p.accountId = ?
                """, arguments: [accountID]) ?? 0
        }
    }

    /// A page of one pair's reviews in both directions, latest first: nothing for another's pair.
    public func reviews(accountID: Account.ID, pairID: PairID, limit: Int, offset: Int) async throws -> Page<ReviewLog> {
        try await reader.read { db in
            guard try AppDatabase.owns(db, accountID: accountID, pairID: pairID) else {
                return Page(total: 0, items: [], limit: limit, offset: offset)
            }
            let total = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM vocabReview WHERE pairId = ?", arguments: [pairID]) ?? 0
            let items = try ReviewColumns.fetchAll(db, sql: """
                SELECT rating, reviewedAt, duration FROM vocabReview WHERE pairId = ? ORDER BY reviewedAt DESC, id DESC LIMIT ? OFFSET ?
                """, arguments: [pairID, limit, offset]).compactMap(\.log)
            return Page(total: total, items: items, limit: limit, offset: offset)
        }
    }

    // MARK: - Queries

    /// The SQL of a filtered pair list, shared by the page and its count so they always agree.
    /// The search is a substring test of each of the account's folded search keys (one bounded
    /// scan of its rows: 25,000 pairs in a few milliseconds); the tag is an index lookup.
    static func filterClause(_ db: Database, accountID: Account.ID, filter: PairFilter) throws -> (sql: String, arguments: StatementArguments)? {
        var sql = "p.accountId = ?"
        var arguments: StatementArguments = [accountID]
        let query = String(filter.query.prefix(500))
        let needle = Pair.searchNeedle(query)
        if !needle.isEmpty {
            // The query anywhere, or a radical form of it in the Welsh side (after the key's line break).
            let radicals = Pair.mutationNeedles(query)
            sql += " AND (instr(p.searchKey, ?) > 0"
                + String(repeating: " OR instr(substr(p.searchKey, instr(p.searchKey, char(10)) + 1), ?) > 0", count: radicals.count) + ")"
            arguments += [needle]
            for radical in radicals { arguments += [radical] }
        }
        if let tag = filter.tag {
            guard let tagID = try tagID(db, accountID: accountID, name: tag) else { return nil }
            sql += " AND p.id IN (SELECT pairId FROM vocabPairTag WHERE tagId = ?)"
            arguments += [tagID]
        }
        return (sql, arguments)
    }

    static func pairs(_ db: Database, accountID: Account.ID, filter: PairFilter, limit: Int, offset: Int) throws -> Page<Pair> {
        guard let clause = try filterClause(db, accountID: accountID, filter: filter) else {
            return Page(total: 0, items: [], limit: limit, offset: offset)
        }
        let total = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM vocabPair p WHERE \(clause.sql)", arguments: clause.arguments) ?? 0
        let rows = try PairColumns.fetchAll(db, sql: """
            SELECT p.id, p.english, p.welsh, p.note, p.type FROM vocabPair p INDEXED BY vocabPair_on_accountId_english_welsh
            WHERE \(clause.sql) ORDER BY p.english COLLATE NOCASE, p.welsh COLLATE NOCASE, p.id LIMIT ? OFFSET ?
            """, arguments: clause.arguments + [limit, offset])
        return Page(total: total, items: try withTags(db, rows), limit: limit, offset: offset)
    }

    static func tagID(_ db: Database, accountID: Account.ID, name: String) throws -> Int64? {
        // The name column compares without regard to ASCII case, as tags are matched when saved.
        try Int64.fetchOne(db, sql: "SELECT id FROM vocabTag WHERE accountId = ? AND name = ?", arguments: [accountID, name])
    }

    /// The pairs of these rows, with the tags of those pairs only.
    static func withTags(_ db: Database, _ rows: [PairColumns]) throws -> [Pair] {
        let ids = rows.map(\.id)
        var tagsByPair: [PairID: [String]] = [:]
        // In slices, as SQLite takes at most 32,766 arguments in one statement.
        for start in stride(from: 0, to: ids.count, by: 10_000) {
            let slice = Array(ids[start..<min(start + 10_000, ids.count)])
            for tag in try PairTagName.fetchAll(db, sql: """
                SELECT pt.pairId, t.name FROM vocabPairTag pt JOIN vocabTag t ON t.id = pt.tagId
                WHERE pt.pairId IN (\(databaseQuestionMarks(count: slice.count))) ORDER BY t.name
                """, arguments: StatementArguments(slice)) {
                tagsByPair[tag.pairId, default: []].append(tag.name)
            }
        }
        return rows.map { $0.pair(tags: tagsByPair[$0.id] ?? []) }
    }
}
