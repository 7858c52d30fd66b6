// The PostgreSQL engine: built with the PostgreSQL trait (on by default).
#if PostgreSQL
import FolioApp
import FolioCore
import Foundation
import PostgresNIO
import Vocabulary

/// The vocabulary trainer on PostgreSQL. Every write of an account's vocabulary holds that
/// account's lock, so a quota counted and a tag created cannot race another instance's write of
/// the same account; other accounts' writes never wait for it.
extension PostgresDatabase: VocabularyStore {
    public func savePair(accountID: Account.ID, _ pair: Pair, pairLimit: Int?, now: Date) async throws -> Pair {
        try await write { connection in
            try await Self.lockVocabulary(accountID, connection, logger)
            if pair.id == nil, let pairLimit { try await Self.checkRoom(accountID, adding: 1, limit: pairLimit, connection, logger) }
            return try await Self.savePair(accountID, pair, now: now, connection, logger)
        }
    }

    /// A pair's change sent from a device, as on SQLite: the operation claimed, with the pair an
    /// "add" made, in the same transaction as the change.
    public func applyPairChange(accountID: Account.ID, operation: String, change: PairChange, at: Date,
                                pairLimit: Int?) async throws -> PairChangeResult {
        try await write { connection in
            try await Self.lockVocabulary(accountID, connection, logger)
            if let claimed = try await connection.all("""
                SELECT result FROM syncOperation WHERE accountId = \(accountID.rawValue) AND id = \(operation)
                """, logger, as: Int64?.self).first {
                return .alreadyApplied(claimed.map { PairID($0) })
            }
            let result: PairChangeResult
            switch change {
            case .add(var pair):
                if let pairLimit { try await Self.checkRoom(accountID, adding: 1, limit: pairLimit, connection, logger) }
                pair.id = nil
                result = .applied(try await Self.savePair(accountID, pair, now: at, connection, logger).id)
            case .edit(let id, var pair):
                if let refusal = try await Self.refusal(accountID, pairID: id, at: at, connection, logger) { return refusal }
                pair.id = id
                result = .applied(try await Self.savePair(accountID, pair, now: at, connection, logger).id)
            case .delete(let id):
                if let refusal = try await Self.refusal(accountID, pairID: id, at: at, connection, logger) { return refusal }
                try await connection.run("DELETE FROM vocabPair WHERE id = \(id.rawValue) AND accountId = \(accountID.rawValue)", logger)
                try await Self.dropUnusedTags(accountID, connection, logger)
                result = .applied(nil)
            }
            let added = change.isAdd ? result.pairID?.rawValue : nil
            try await connection.run("""
                INSERT INTO syncOperation (accountId, id, appliedAt, result) VALUES (\(accountID.rawValue), \(operation), \(Date()), \(added))
                """, logger)
            return result
        }
    }

    /// Why a device's change of pair `pairID` made at `at` is not made (gone, or changed later);
    /// nil when it may be.
    private static func refusal(_ accountID: Account.ID, pairID: PairID, at: Date, _ connection: PostgresConnection,
                                _ logger: Logger) async throws -> PairChangeResult? {
        guard let updatedAt = try await connection.value("""
            SELECT updatedAt FROM vocabPair WHERE id = \(pairID.rawValue) AND accountId = \(accountID.rawValue)
            """, logger, as: Date.self) else { return .gone }
        return updatedAt > at ? .later : nil
    }

    /// Adds `pair` (no id) or replaces the account's pair with its id, tags matched to the
    /// account's whatever their case; the account's vocabulary lock is held.
    private static func savePair(_ accountID: Account.ID, _ pair: Pair, now: Date, _ connection: PostgresConnection,
                                 _ logger: Logger) async throws -> Pair {
        let existing = try await connection.all("SELECT name FROM vocabTag WHERE accountId = \(accountID.rawValue)", logger, as: String.self)
        var saved = try pair.validated(existingTags: existing)
        if let id = saved.id {
            let changed = try await connection.changes("""
                UPDATE vocabPair SET english = \(saved.english), welsh = \(saved.welsh), note = \(saved.note), type = \(saved.type),
                  searchKey = \(saved.searchKey), updatedAt = \(now)
                WHERE id = \(id.rawValue) AND accountId = \(accountID.rawValue)
                """, logger)
            guard changed > 0 else { throw StoreError.notFound(what: "pair", id: id.description) }
            try await connection.run("DELETE FROM vocabPairTag WHERE pairId = \(id.rawValue)", logger)
        } else {
            let id = try await connection.value("""
                INSERT INTO vocabPair (accountId, english, welsh, note, type, searchKey, createdAt, updatedAt)
                VALUES (\(accountID.rawValue), \(saved.english), \(saved.welsh), \(saved.note), \(saved.type), \(saved.searchKey), \(now), \(now))
                RETURNING id
                """, logger, as: Int64.self)
            saved.id = PairID(id ?? 0)
        }
        for tag in saved.tags {
            try await connection.run("INSERT INTO vocabTag (accountId, name) VALUES (\(accountID.rawValue), \(tag)) ON CONFLICT DO NOTHING", logger)
            try await connection.run("""
                INSERT INTO vocabPairTag (pairId, tagId)
                SELECT \(saved.id?.rawValue ?? 0), id FROM vocabTag WHERE accountId = \(accountID.rawValue) AND folio_nocase(name) = folio_nocase(\(tag))
                ON CONFLICT DO NOTHING
                """, logger)
        }
        try await Self.dropUnusedTags(accountID, connection, logger)
        return saved
    }

    /// All or none, as on SQLite. The pairs' ids are drawn from the sequence first, so each tag
    /// link names its pair by id rather than trusting the order rows come back in.
    public func importPairs(accountID: Account.ID, _ pairs: [Pair], pairLimit: Int?, now: Date) async throws -> Int {
        let valid = try pairs.map { try $0.validated() }
        guard !valid.isEmpty else { return 0 }
        return try await write { connection in
            try await Self.lockVocabulary(accountID, connection, logger)
            if let pairLimit { try await Self.checkRoom(accountID, adding: valid.count, limit: pairLimit, connection, logger) }
            var tagIDs: [String: Int64] = [:]
            for (id, name) in try await connection.all("SELECT id, name FROM vocabTag WHERE accountId = \(accountID.rawValue)",
                                                       logger, as: (Int64, String).self) {
                tagIDs[TextFolding.fold(name)] = id
            }
            // Tags the account already has keep their spelling, as a typed tag joins an existing one.
            for pair in valid {
                for tag in pair.tags where tagIDs[TextFolding.fold(tag)] == nil {
                    tagIDs[TextFolding.fold(tag)] = try await connection.value("""
                        INSERT INTO vocabTag (accountId, name) VALUES (\(accountID.rawValue), \(tag)) RETURNING id
                        """, logger, as: Int64.self)
                }
            }
            let ids = try await connection.all("""
                SELECT nextval(pg_get_serial_sequence('vocabpair', 'id')) FROM generate_series(1, \(valid.count))
                """, logger, as: Int64.self)
            try await connection.run("""
                INSERT INTO vocabPair (id, accountId, english, welsh, note, type, searchKey, createdAt, updatedAt)
                SELECT id, \(accountID.rawValue), english, welsh, note, type, searchKey, \(now), \(now)
                FROM unnest(\(ids), \(valid.map(\.english)), \(valid.map(\.welsh)), \(valid.map(\.note)), \(valid.map(\.type)),
                            \(valid.map(\.searchKey))) AS p(id, english, welsh, note, type, searchKey)
                """, logger)
            var linkPairs: [Int64] = []
            var linkTags: [Int64] = []
            for (index, pair) in valid.enumerated() {
                for tagID in Set(pair.tags.compactMap { tagIDs[TextFolding.fold($0)] }) {
                    linkPairs.append(ids[index])
                    linkTags.append(tagID)
                }
            }
            try await connection.run("""
                INSERT INTO vocabPairTag (pairId, tagId) SELECT * FROM unnest(\(linkPairs), \(linkTags)) ON CONFLICT DO NOTHING
                """, logger)
            return valid.count
        }
    }

    public func deletePair(accountID: Account.ID, pairID: PairID) async throws {
        try await write { connection in
            try await Self.lockVocabulary(accountID, connection, logger)
            let deleted = try await connection.changes("DELETE FROM vocabPair WHERE id = \(pairID.rawValue) AND accountId = \(accountID.rawValue)", logger)
            guard deleted > 0 else { throw StoreError.notFound(what: "pair", id: pairID.description) }
            try await Self.dropUnusedTags(accountID, connection, logger)
        }
    }

    /// One statement, so no transaction to open and commit: the card and the log line are
    /// written only if the pair is the account's, together or not at all. Five round trips
    /// (begin, check, card, log, commit) became one.
    /// One statement, so no transaction to open and commit: the card and the log line are
    /// written only if the pair is the account's, together or not at all. Five round trips
    /// (begin, check, card, log, commit) became one.
    @discardableResult
    public func recordReview(accountID: Account.ID, pairID: PairID, direction: Direction, card: Card, log: ReviewLog) async throws -> Int {
        let statement = RecordReviewStatement(accountID: accountID, pairID: pairID, direction: direction, card: card, log: log)
        let written = try await writeStatement { try await $0.rows(statement, logger).first }
        guard let written else { throw StoreError.notFound(what: "pair", id: pairID.description) }
        return Int(written)
    }

    /// A review sent from a device: its operation id claimed in the same transaction as the
    /// review, so a resend finds it claimed and a review refused (another's pair) claims nothing.
    public func recordReview(accountID: Account.ID, operation: String, pairID: PairID, direction: Direction, card: Card,
                             log: ReviewLog) async throws -> Int? {
        let statement = RecordReviewStatement(accountID: accountID, pairID: pairID, direction: direction, card: card, log: log)
        return try await write { connection in
            let claimed = try await connection.all("""
                INSERT INTO syncOperation (accountId, id, appliedAt) VALUES (\(accountID.rawValue), \(operation), \(Date()))
                ON CONFLICT DO NOTHING RETURNING accountId
                """, logger, as: Int64.self)
            guard !claimed.isEmpty else { return nil }
            guard let written = try await connection.rows(statement, logger).first else {
                throw StoreError.notFound(what: "pair", id: pairID.description)
            }
            return Int(written)
        }
    }

    public func undoLastReview(accountID: Account.ID) async throws -> UndoneReview? {
        try await write { connection in
            guard let row = try await connection.all("""
                SELECT id, pairId, direction, rating, undoable, prevState, prevStep, prevStability, prevDifficulty, prevDue,
                  prevLastReview, prevLapses, lapses
                FROM vocabReview WHERE accountId = \(accountID.rawValue) ORDER BY reviewedAt DESC, id DESC LIMIT 1 FOR UPDATE
                """, logger, as: (Int64, Int64, String, Int, Bool, Int?, Int?, Double?, Double?, Date?, Date?, Int, Int).self).first,
                row.4, let direction = Direction(rawValue: row.2), let rating = Rating(rawValue: row.3) else { return nil }
            var card: Card?
            if let stateValue = row.5 {
                guard let state = CardState(rawValue: stateValue), let due = row.9 else {
                    throw StoreError.corruptRow(table: "vocabReview", id: String(row.0))
                }
                card = Card(state: state, step: row.6, stability: row.7, difficulty: row.8, due: due, lastReview: row.10)
                try await connection.run("""
                    UPDATE vocabCard SET state = \(stateValue), step = \(row.6), stability = \(row.7), difficulty = \(row.8), due = \(due),
                      lastReview = \(row.10), lapses = \(row.11)
                    WHERE pairId = \(row.1) AND direction = \(direction.rawValue)
                    """, logger)
            } else {
                try await connection.run("DELETE FROM vocabCard WHERE pairId = \(row.1) AND direction = \(direction.rawValue)", logger)
            }
            try await connection.run("DELETE FROM vocabReview WHERE id = \(row.0)", logger)
            return UndoneReview(pairID: PairID(row.1), direction: direction, rating: rating, card: card, lapsesBefore: row.11, lapsesAfter: row.12)
        }
    }

    public func reviewHours(accountID: Account.ID, since: Date) async throws -> [StudyStatistics.HourCount] {
        try await read { connection in
            try await connection.all("""
                SELECT (floor(extract(epoch FROM reviewedAt) / 3600) * 3600)::bigint AS hour, COUNT(*),
                  COUNT(*) FILTER (WHERE kind = 'review'), COUNT(*) FILTER (WHERE kind = 'review' AND rating > 1)
                FROM vocabReview WHERE accountId = \(accountID.rawValue) AND reviewedAt >= \(since) GROUP BY hour ORDER BY hour
                """, logger, as: (Int64, Int, Int, Int).self).map {
                StudyStatistics.HourCount(hour: Date(timeIntervalSince1970: Double($0.0)), reviews: $0.1, learnedReviews: $0.2, recalled: $0.3)
            }
        }
    }

    public func dueHours(accountID: Account.ID, until: Date) async throws -> [DueHour] {
        try await read { connection in
            try await connection.all("""
                SELECT (floor(extract(epoch FROM c.due) / 3600) * 3600)::bigint AS hour, COUNT(*)
                FROM vocabCard c JOIN vocabPair p ON p.id = c.pairId
                WHERE c.accountId = \(accountID.rawValue) AND c.due < \(until) AND NOT p.suspended GROUP BY hour ORDER BY hour
                """, logger, as: (Int64, Int).self).map { DueHour(hour: Date(timeIntervalSince1970: Double($0.0)), cards: $0.1) }
        }
    }

    public func hardestPairs(accountID: Account.ID, limit: Int) async throws -> [StudyStatistics.HardPair] {
        try await read { connection in
            try await connection.all("""
                SELECT p.id, p.english, p.welsh, SUM(c.lapses)::bigint AS lapses, MAX(c.difficulty) AS difficulty
                FROM vocabCard c JOIN vocabPair p ON p.id = c.pairId
                WHERE c.accountId = \(accountID.rawValue) AND c.lapses > 0
                GROUP BY p.id, p.english, p.welsh ORDER BY lapses DESC, difficulty DESC, p.id LIMIT \(max(0, limit))
                """, logger, as: (Int64, String, String, Int, Double).self).map {
                StudyStatistics.HardPair(pairID: PairID($0.0), english: $0.1, welsh: $0.2, lapses: $0.3, difficulty: $0.4)
            }
        }
    }

    public func reviewHistory(accountID: Account.ID, limit: Int) async throws -> [CardHistory] {
        try await read { connection in
            CardHistory.grouping(try await connection.all("""
                SELECT pairId, direction, rating, reviewedAt, duration FROM vocabReview WHERE accountId = \(accountID.rawValue)
                ORDER BY pairId, direction, reviewedAt, id LIMIT \(max(0, limit))
                """, logger, as: (Int64, String, Int, Date, Double?).self).compactMap { row in
                guard let direction = Direction(rawValue: row.1), let rating = Rating(rawValue: row.2) else { return nil }
                return (PairID(row.0), direction, ReviewLog(rating: rating, date: row.3, duration: row.4))
            })
        }
    }

    public func setSuspended(accountID: Account.ID, pairID: PairID, _ suspended: Bool) async throws {
        let changed = try await write { connection in
            try await connection.changes("""
                UPDATE vocabPair SET suspended = \(suspended) WHERE id = \(pairID.rawValue) AND accountId = \(accountID.rawValue)
                """, logger)
        }
        if changed == 0 { throw StoreError.notFound(what: "pair", id: pairID.description) }
    }

    public func suspendedPairs(accountID: Account.ID, among pairIDs: [PairID]) async throws -> Set<PairID> {
        guard !pairIDs.isEmpty else { return [] }
        return try await read { connection in
            Set(try await connection.all("""
                SELECT id FROM vocabPair WHERE accountId = \(accountID.rawValue) AND suspended AND id = ANY(\(pairIDs.map(\.rawValue)))
                """, logger, as: Int64.self).map { PairID($0) })
        }
    }

    public func allPairs(accountID: Account.ID) async throws -> [Pair] {
        try await read { try await Self.pairs($0, logger, accountID: accountID, filter: PairFilter(), limit: Int(Int32.max), offset: 0).items }
    }

    public func pairs(accountID: Account.ID, filter: PairFilter, limit: Int, offset: Int) async throws -> Page<Pair> {
        try await read { try await Self.pairs($0, logger, accountID: accountID, filter: filter, limit: limit, offset: offset) }
    }

    public func pair(accountID: Account.ID, id: PairID) async throws -> Pair? {
        try await read { connection in try await Self.pair(connection, logger, accountID: accountID, id: id) }
    }

    static func pair(_ connection: PostgresConnection, _ logger: Logger, accountID: Account.ID, id: PairID) async throws -> Pair? {
        let rows = try await connection.rows(PairStatement(accountID: accountID.rawValue, pairID: id.rawValue), logger).map {
            PairColumns(id: PairID($0.0), english: $0.1, welsh: $0.2, note: $0.3, type: $0.4)
        }
        return try await withTags(connection, logger, rows).first
    }

    public func revisionInputs(accountID: Account.ID, pairID: PairID, direction: Direction) async throws -> RevisionInputs {
        try await read { connection in
            RevisionInputs(pair: try await Self.pair(connection, logger, accountID: accountID, id: pairID),
                           card: try await Self.card(connection, logger, accountID: accountID, pairID: pairID, direction: direction),
                           settings: try await Self.studySettings(connection, logger, accountID: accountID))
        }
    }

    public func pairCount(accountID: Account.ID) async throws -> Int {
        try await read { try await $0.value("SELECT COUNT(*) FROM vocabPair WHERE accountId = \(accountID.rawValue)", logger, as: Int.self) ?? 0 }
    }

    public func pairsVersion(accountID: Account.ID) async throws -> [Int64] {
        try await read { connection in
            let rows = try await connection.all("""
                SELECT COUNT(*)::bigint, COALESCE(SUM(id), 0)::bigint, COALESCE(SUM(ROUND(EXTRACT(EPOCH FROM updatedAt) * 1000)), 0)::bigint
                FROM vocabPair WHERE accountId = \(accountID.rawValue)
                """, logger, as: (Int64, Int64, Int64).self)
            return rows.first.map { [$0.0, $0.1, $0.2] } ?? [0, 0, 0]
        }
    }

    public func vocabularyTags(accountID: Account.ID, limit: Int, offset: Int) async throws -> Page<VocabularyTag> {
        try await read { connection in
            let total = try await connection.value("SELECT COUNT(*) FROM vocabTag WHERE accountId = \(accountID.rawValue)", logger, as: Int.self) ?? 0
            let items = try await connection.all("""
                SELECT t.name, (SELECT COUNT(*) FROM vocabPairTag pt WHERE pt.tagId = t.id) FROM vocabTag t
                WHERE t.accountId = \(accountID.rawValue) ORDER BY folio_nocase(t.name), t.id LIMIT \(max(0, limit)) OFFSET \(max(0, offset))
                """, logger, as: (String, Int).self).map { VocabularyTag(name: $0.0, count: $0.1) }
            return Page(total: total, items: items, limit: limit, offset: offset)
        }
    }

    public func revisionQueue(accountID: Account.ID, tag: String?, direction: Direction, now: Date, limit: Int,
                              allowance: StudiedToday) async throws -> [DuePair] {
        try await read { connection in
            var tagID: Int64?
            if let tag, !tag.isEmpty {
                guard let id = try await Self.tagID(connection, logger, accountID: accountID, name: tag) else { return [] }
                tagID = id
            }
            // Both halves bind the same five values, so the tag is $5 in each ($3, the time, is
            // unused by the second).
            let tagClause = tagID == nil ? "" : "AND p.id IN (SELECT pairId FROM vocabPairTag WHERE tagId = $5)"
            func bindings(_ count: Int) -> PostgresBindings {
                var bindings = PostgresBindings()
                bindings.append(accountID.rawValue)
                bindings.append(direction.rawValue)
                bindings.append(now)
                bindings.append(count)
                if let tagID { bindings.append(tagID) }
                return bindings
            }
            // Cards in their learning steps come whatever the day's limit; learned ones up to it.
            let learned = CardState.review.rawValue
            var due: [(PairColumns, Card)] = []
            for (stateClause, count) in [("c.state <> \(learned)", limit), ("c.state = \(learned)", min(limit, allowance.reviews))] where count > 0 {
                for try await row in try await connection.query(PostgresQuery(unsafeSQL: """
                    SELECT p.id, p.english, p.welsh, p.note, p.type, c.state, c.step, c.stability, c.difficulty, c.due, c.lastReview
                    FROM vocabCard c JOIN vocabPair p ON p.id = c.pairId
                    WHERE c.accountId = $1 AND c.direction = $2 AND c.due <= $3 AND \(stateClause)
                      AND p.english <> '' AND p.welsh <> '' AND NOT p.suspended \(tagClause)
                    ORDER BY c.due LIMIT $4
                    """, binds: bindings(count)), logger: logger).decode((Int64, String, String, String, String, Int, Int?, Double?, Double?, Date, Date?).self) {
                    guard let state = CardState(rawValue: row.5) else { continue }
                    due.append((PairColumns(id: PairID(row.0), english: row.1, welsh: row.2, note: row.3, type: row.4),
                                Card(state: state, step: row.6, stability: row.7, difficulty: row.8, due: row.9, lastReview: row.10)))
                }
            }
            var queue: [(PairColumns, Card?)] = due.sorted { $0.1.due < $1.1.due }.prefix(limit).map { ($0.0, $0.1) }
            let newCount = min(limit - queue.count, allowance.newCards)
            if newCount > 0 {
                let rows = try await Self.pairRows(connection, logger, PostgresQuery(unsafeSQL: """
                    SELECT p.id, p.english, p.welsh, p.note, p.type FROM vocabPair p
                    WHERE p.accountId = $1 AND p.english <> '' AND p.welsh <> '' AND NOT p.suspended \(tagClause)
                      AND NOT EXISTS (SELECT 1 FROM vocabCard c WHERE c.pairId = p.id AND c.direction = $2)
                    ORDER BY folio_nocase(p.english), folio_nocase(p.welsh), p.id LIMIT $4
                    """, binds: bindings(newCount)))
                queue += rows.map { ($0, nil) }
            }
            let pairs = try await Self.withTags(connection, logger, queue.map(\.0))
            return zip(pairs, queue).map { DuePair(pair: $0, card: $1.1) }
        }
    }

    public func revisionCounts(accountID: Account.ID, direction: Direction, now: Date, byTag: Bool) async throws -> [RevisionCount] {
        try await read { connection in
            let learned = CardState.review.rawValue
            let due = try await connection.all("""
                SELECT COUNT(*) FILTER (WHERE c.state <> \(learned)), COUNT(*) FILTER (WHERE c.state = \(learned))
                FROM vocabCard c JOIN vocabPair p ON p.id = c.pairId
                WHERE c.accountId = \(accountID.rawValue) AND c.direction = \(direction.rawValue) AND c.due <= \(now)
                  AND p.english <> '' AND p.welsh <> '' AND NOT p.suspended
                """, logger, as: (Int, Int).self).first ?? (0, 0)
            let new = try await connection.value("""
                SELECT COUNT(*) FROM vocabPair p WHERE p.accountId = \(accountID.rawValue) AND p.english <> '' AND p.welsh <> ''
                  AND NOT p.suspended AND NOT EXISTS (SELECT 1 FROM vocabCard c WHERE c.pairId = p.id AND c.direction = \(direction.rawValue))
                """, logger, as: Int.self) ?? 0
            var counts = [RevisionCount(tag: nil, learning: due.0, review: due.1, new: new)]
            guard byTag else { return counts }
            for row in try await connection.all("""
                SELECT t.name, COUNT(*) FILTER (WHERE c.due <= \(now) AND c.state <> \(learned)),
                  COUNT(*) FILTER (WHERE c.due <= \(now) AND c.state = \(learned)), COUNT(*) FILTER (WHERE c.pairId IS NULL)
                FROM vocabTag t JOIN vocabPairTag pt ON pt.tagId = t.id
                JOIN vocabPair p ON p.id = pt.pairId AND p.english <> '' AND p.welsh <> '' AND NOT p.suspended
                LEFT JOIN vocabCard c ON c.pairId = p.id AND c.direction = \(direction.rawValue)
                WHERE t.accountId = \(accountID.rawValue) GROUP BY t.id, t.name ORDER BY folio_nocase(t.name), t.id
                """, logger, as: (String, Int, Int, Int).self) {
                counts.append(RevisionCount(tag: row.0, learning: row.1, review: row.2, new: row.3))
            }
            return counts
        }
    }

    public func studied(accountID: Account.ID, since: Date) async throws -> StudiedToday {
        try await read { connection in
            let row = try await connection.all("""
                SELECT COUNT(*) FILTER (WHERE kind = 'new'), COUNT(*) FILTER (WHERE kind = 'review') FROM vocabReview
                WHERE accountId = \(accountID.rawValue) AND reviewedAt >= \(since)
                """, logger, as: (Int, Int).self).first ?? (0, 0)
            return StudiedToday(newCards: row.0, reviews: row.1)
        }
    }

    public func studySettings(accountID: Account.ID) async throws -> StudySettings? {
        try await read { connection in try await Self.studySettings(connection, logger, accountID: accountID) }
    }

    static func studySettings(_ connection: PostgresConnection, _ logger: Logger, accountID: Account.ID) async throws -> StudySettings? {
        try await connection.all("""
            SELECT newCardsPerDay, reviewsPerDay, dayStartHour, timeZone, desiredRetention, leechThreshold, weights FROM vocabSettings
            WHERE accountId = \(accountID.rawValue)
            """, logger, as: (Int, Int, Int, String, Double, Int, String?).self).first.map {
            StudySettings(newCardsPerDay: $0.0, reviewsPerDay: $0.1, dayStartHour: $0.2, timeZone: $0.3, desiredRetention: $0.4,
                          leechThreshold: $0.5, parameters: try StudySettings.decodeWeights($0.6, accountID: accountID))
        }
    }

    public func saveStudySettings(accountID: Account.ID, _ settings: StudySettings) async throws {
        try await write { connection in
            try await connection.run("""
                INSERT INTO vocabSettings (accountId, newCardsPerDay, reviewsPerDay, dayStartHour, timeZone, desiredRetention, leechThreshold,
                  weights)
                VALUES (\(accountID.rawValue), \(settings.newCardsPerDay), \(settings.reviewsPerDay), \(settings.dayStartHour),
                        \(settings.timeZone), \(settings.desiredRetention), \(settings.leechThreshold), \(try settings.encodedWeights()))
                ON CONFLICT (accountId) DO UPDATE SET newCardsPerDay = excluded.newCardsPerDay, reviewsPerDay = excluded.reviewsPerDay,
                  dayStartHour = excluded.dayStartHour, timeZone = excluded.timeZone, desiredRetention = excluded.desiredRetention,
                  leechThreshold = excluded.leechThreshold, weights = excluded.weights
                """, logger)
        }
    }

    public func card(accountID: Account.ID, pairID: PairID, direction: Direction) async throws -> Card? {
        try await read { connection in try await Self.card(connection, logger, accountID: accountID, pairID: pairID, direction: direction) }
    }

    static func card(_ connection: PostgresConnection, _ logger: Logger, accountID: Account.ID, pairID: PairID,
                     direction: Direction) async throws -> Card? {
        try await connection.rows(CardStatement(accountID: accountID.rawValue, pairID: pairID.rawValue, direction: direction.rawValue),
                                  logger).first.flatMap { row in
            CardState(rawValue: row.0).map { Card(state: $0, step: row.1, stability: row.2, difficulty: row.3, due: row.4, lastReview: row.5) }
        }
    }

    public func reviewCount(accountID: Account.ID) async throws -> Int {
        try await read { connection in
            try await connection.value("""
                SELECT COUNT(*) FROM vocabReview r JOIN vocabPair p ON p.id = r.pairId WHERE p.accountId = \(accountID.rawValue)
                """, logger, as: Int.self) ?? 0
        }
    }

    public func reviews(accountID: Account.ID, pairID: PairID, limit: Int, offset: Int) async throws -> Page<ReviewLog> {
        try await read { connection in
            guard try await Self.owns(accountID, pairID, connection, logger) else { return Page(total: 0, items: [], limit: limit, offset: offset) }
            let total = try await connection.value("SELECT COUNT(*) FROM vocabReview WHERE pairId = \(pairID.rawValue)", logger, as: Int.self) ?? 0
            let items = try await connection.all("""
                SELECT rating, reviewedAt, duration FROM vocabReview WHERE pairId = \(pairID.rawValue)
                ORDER BY reviewedAt DESC, id DESC LIMIT \(max(0, limit)) OFFSET \(max(0, offset))
                """, logger, as: (Int, Date, Double?).self).compactMap { row in
                Rating(rawValue: row.0).map { ReviewLog(rating: $0, date: row.1, duration: row.2) }
            }
            return Page(total: total, items: items, limit: limit, offset: offset)
        }
    }

    // MARK: - Inside a transaction

    static func lockVocabulary(_ accountID: Account.ID, _ connection: PostgresConnection, _ logger: Logger) async throws {
        try await connection.lock("vocabulary:\(accountID.rawValue)", logger)
    }

    static func owns(_ accountID: Account.ID, _ pairID: PairID, _ connection: PostgresConnection, _ logger: Logger) async throws -> Bool {
        try await connection.value("SELECT 1 FROM vocabPair WHERE id = \(pairID.rawValue) AND accountId = \(accountID.rawValue)",
                                   logger, as: Int32.self) != nil
    }

    static func checkRoom(_ accountID: Account.ID, adding: Int, limit: Int, _ connection: PostgresConnection, _ logger: Logger) async throws {
        let stored = try await connection.value("SELECT COUNT(*) FROM vocabPair WHERE accountId = \(accountID.rawValue)", logger, as: Int.self) ?? 0
        if stored + adding > limit { throw VocabularyError.quotaReached(limit: limit, stored: stored, adding: adding) }
    }

    static func dropUnusedTags(_ accountID: Account.ID, _ connection: PostgresConnection, _ logger: Logger) async throws {
        try await connection.run("""
            DELETE FROM vocabTag WHERE accountId = \(accountID.rawValue)
              AND NOT EXISTS (SELECT 1 FROM vocabPairTag pt WHERE pt.tagId = vocabTag.id)
            """, logger)
    }

    static func tagID(_ connection: PostgresConnection, _ logger: Logger, accountID: Account.ID, name: String) async throws -> Int64? {
        try await connection.value("""
            SELECT id FROM vocabTag WHERE accountId = \(accountID.rawValue) AND folio_nocase(name) = folio_nocase(\(name))
            """, logger, as: Int64.self)
    }

    static func pairRows(_ connection: PostgresConnection, _ logger: Logger, _ query: PostgresQuery) async throws -> [PairColumns] {
        try await connection.all(query, logger, as: (Int64, String, String, String, String).self).map {
            PairColumns(id: PairID($0.0), english: $0.1, welsh: $0.2, note: $0.3, type: $0.4)
        }
    }

    static func pairs(_ connection: PostgresConnection, _ logger: Logger, accountID: Account.ID, filter: PairFilter,
                      limit: Int, offset: Int) async throws -> Page<Pair> {
        var sql = "p.accountId = $1"
        var bindings = PostgresBindings()
        bindings.append(accountID.rawValue)
        let query = String(filter.query.prefix(500))
        let needle = Pair.searchNeedle(query)
        if !needle.isEmpty {
            // The query anywhere, or a radical form of it in the Welsh side (after the key's line break).
            bindings.append(needle)
            sql += " AND (strpos(p.searchKey, $\(bindings.count)) > 0"
            for radical in Pair.mutationNeedles(query) {
                bindings.append(radical)
                sql += " OR strpos(split_part(p.searchKey, E'\\n', 2), $\(bindings.count)) > 0"
            }
            sql += ")"
        }
        if let tag = filter.tag {
            guard let tagID = try await tagID(connection, logger, accountID: accountID, name: tag) else {
                return Page(total: 0, items: [], limit: limit, offset: offset)
            }
            bindings.append(tagID)
            sql += " AND p.id IN (SELECT pairId FROM vocabPairTag WHERE tagId = $\(bindings.count))"
        }
        let total = try await connection.value(PostgresQuery(unsafeSQL: "SELECT COUNT(*) FROM vocabPair p WHERE \(sql)", binds: bindings),
                                               logger, as: Int.self) ?? 0
        bindings.append(max(0, limit))
        bindings.append(max(0, offset))
        let rows = try await pairRows(connection, logger, PostgresQuery(unsafeSQL: """
            SELECT p.id, p.english, p.welsh, p.note, p.type FROM vocabPair p WHERE \(sql)
            ORDER BY folio_nocase(p.english), folio_nocase(p.welsh), p.id LIMIT $\(bindings.count - 1) OFFSET $\(bindings.count)
            """, binds: bindings))
        return Page(total: total, items: try await withTags(connection, logger, rows), limit: limit, offset: offset)
    }

    static func withTags(_ connection: PostgresConnection, _ logger: Logger, _ rows: [PairColumns]) async throws -> [Pair] {
        guard !rows.isEmpty else { return [] }
        var tagsByPair: [PairID: [String]] = [:]
        for (pairID, name) in try await connection.rows(PairTagsStatement(pairIDs: rows.map(\.id.rawValue)), logger) {
            tagsByPair[PairID(pairID), default: []].append(name)
        }
        return rows.map { $0.pair(tags: tagsByPair[$0.id] ?? []) }
    }
}
#endif
