// The PostgreSQL engine: built with the PostgreSQL trait (on by default).
#if PostgreSQL
import FolioApp
import FolioCore
import Foundation
import PostgresNIO
import Vocabulary

// The statements of the hottest paths — the session behind every signed-in request, a review,
// a Ghost move — as prepared statements: PostgreSQL parses and plans each once per connection
// instead of on every call. Measured under `scripts/load.sh --instances`, planning was 0.27 ms
// of the 0.44 ms PostgreSQL spent on the statements of one review (pg_stat_statements with
// track_planning), and PostgreSQL's CPU is what limits writes.

extension PostgresConnection {
    /// Every row of a prepared statement.
    func rows<Statement: PostgresPreparedStatement>(_ statement: Statement, _ logger: Logger) async throws -> [Statement.Row] {
        var result: [Statement.Row] = []
        for try await row in try await execute(statement, logger: logger) { result.append(row) }
        return result
    }
}

/// One of an account's pairs.
struct PairStatement: PostgresPreparedStatement {
    static let sql = "SELECT p.id, p.english, p.welsh, p.note, p.type FROM vocabPair p WHERE p.accountId = $1 AND p.id = $2"
    typealias Row = (Int64, String, String, String, String)
    let accountID: Int64
    let pairID: Int64

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 2)
        bindings.append(accountID)
        bindings.append(pairID)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
}

/// The tags of some pairs, in the order lists show them.
struct PairTagsStatement: PostgresPreparedStatement {
    static let sql = """
        SELECT pt.pairId, t.name FROM vocabPairTag pt JOIN vocabTag t ON t.id = pt.tagId
        WHERE pt.pairId = ANY($1) ORDER BY folio_nocase(t.name), t.id
        """
    typealias Row = (Int64, String)
    let pairIDs: [Int64]

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 1)
        bindings.append(pairIDs)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
}

/// A pair's card in one direction.
struct CardStatement: PostgresPreparedStatement {
    static let sql = """
        SELECT c.state, c.step, c.stability, c.difficulty, c.due, c.lastReview FROM vocabCard c
        JOIN vocabPair p ON p.id = c.pairId WHERE p.accountId = $1 AND c.pairId = $2 AND c.direction = $3
        """
    typealias Row = (Int, Int?, Double?, Double?, Date, Date?)
    let accountID: Int64
    let pairID: Int64
    let direction: String

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 3)
        bindings.append(accountID)
        bindings.append(pairID)
        bindings.append(direction)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
}

/// A review: the card and the log line, for the account's own pair only (see `recordReview`).
struct RecordReviewStatement: PostgresPreparedStatement {
    // One statement: the card and the log line (with the card as it was, and its lapses) are
    // written only if the pair is the account's. Every sub-statement sees the rows as they were
    // before it, so `before` is the card before this review.
    static let sql = """
        WITH owned AS (SELECT id FROM vocabPair WHERE id = $1 AND accountId = $2),
        before AS (SELECT state, step, stability, difficulty, due, lastReview, lapses FROM vocabCard WHERE pairId = $1 AND direction = $3),
        counted AS (
          -- ReviewKind(storedState:) and isLapse: no card yet is new, a learned card (state 2) rated Again (1) a lapse.
          SELECT CASE WHEN NOT EXISTS (SELECT 1 FROM before) THEN 'new' WHEN (SELECT state FROM before) = 2 THEN 'review' ELSE 'learning' END AS kind,
            COALESCE((SELECT lapses FROM before), 0) AS lapsesBefore,
            COALESCE((SELECT lapses FROM before), 0) + CASE WHEN (SELECT state FROM before) = 2 AND $10 = 1 THEN 1 ELSE 0 END AS lapses),
        card AS (
          INSERT INTO vocabCard (pairId, accountId, direction, state, step, stability, difficulty, due, lastReview, lapses)
          SELECT id, $2, $3, $4, $5, $6, $7, $8, $9, (SELECT lapses FROM counted) FROM owned
          ON CONFLICT (pairId, direction) DO UPDATE SET state = excluded.state, step = excluded.step,
            stability = excluded.stability, difficulty = excluded.difficulty, due = excluded.due, lastReview = excluded.lastReview,
            lapses = excluded.lapses
          RETURNING pairId)
        INSERT INTO vocabReview (pairId, accountId, direction, rating, reviewedAt, duration, kind, undoable,
          prevState, prevStep, prevStability, prevDifficulty, prevDue, prevLastReview, prevLapses, lapses)
        SELECT pairId, $2, $3, $10, $11, $12, (SELECT kind FROM counted), true,
          (SELECT state FROM before), (SELECT step FROM before), (SELECT stability FROM before), (SELECT difficulty FROM before),
          (SELECT due FROM before), (SELECT lastReview FROM before), (SELECT lapsesBefore FROM counted), (SELECT lapses FROM counted)
        FROM card
        RETURNING lapses
        """
    // The types PostgreSQL cannot tell from a NULL: the step and the card's figures.
    static let bindingDataTypes: [PostgresDataType] = [.int8, .int8, .text, .int8, .int8, .float8, .float8, .timestamptz,
                                                       .timestamptz, .int8, .timestamptz, .float8]
    typealias Row = Int64
    let pairID: Int64
    let accountID: Int64
    let direction: String
    let state: Int
    let step: Int?
    let stability: Double?
    let difficulty: Double?
    let due: Date
    let lastReview: Date?
    let rating: Int
    let reviewedAt: Date
    let duration: Double?

    init(accountID: Account.ID, pairID: PairID, direction: Direction, card: Card, log: ReviewLog) {
        self.pairID = pairID.rawValue
        self.accountID = accountID.rawValue
        self.direction = direction.rawValue
        state = card.state.rawValue
        step = card.step
        stability = card.stability
        difficulty = card.difficulty
        due = card.due
        lastReview = card.lastReview
        rating = log.rating.rawValue
        reviewedAt = log.date
        duration = ReviewLog.acceptedDuration(log.duration)
    }

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 12)
        bindings.append(pairID)
        bindings.append(accountID)
        bindings.append(direction)
        bindings.append(state)
        bindings.append(step)
        bindings.append(stability)
        bindings.append(difficulty)
        bindings.append(due)
        bindings.append(lastReview)
        bindings.append(rating)
        bindings.append(reviewedAt)
        bindings.append(duration)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
}

/// A Ghost game with its seats and actions (see `PostgresDatabase.match`), locked for a move.
struct GhostMatchForUpdateStatement: PostgresPreparedStatement {
    static let sql = GhostMatchColumns.select + " FOR UPDATE OF g"
    typealias Row = GhostMatchColumns.Row
    let id: String

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 1)
        bindings.append(id)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
}

/// The same, to read.
struct GhostMatchStatement: PostgresPreparedStatement {
    static let sql = GhostMatchColumns.select
    typealias Row = GhostMatchColumns.Row
    let id: String

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 1)
        bindings.append(id)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
}

enum GhostMatchColumns {
    static let select = """
        SELECT g.id, g.mode, g.status, g.dictionary, g.minLength, g.challenges, g.variant, g.firstPlayer, g.ownerId, g.version,
          g.createdAt, g.updatedAt, g.listed, g.turnSeconds, g.wordListId,
          ARRAY(SELECT seat FROM ghostSeat WHERE gameId = g.id ORDER BY seat),
          ARRAY(SELECT name FROM ghostSeat WHERE gameId = g.id ORDER BY seat),
          ARRAY(SELECT kind FROM ghostSeat WHERE gameId = g.id ORDER BY seat),
          ARRAY(SELECT COALESCE(accountId, 0) FROM ghostSeat WHERE gameId = g.id ORDER BY seat),
          ARRAY(SELECT action FROM ghostMove WHERE gameId = g.id ORDER BY seq)
        FROM ghostGame g WHERE g.id = $1
        """
    typealias Row = (String, String, String, String, Int, String, String, Int, Int64?, Int, Date, Date, Bool, Int, Int64?, [Int], [String],
                     [String], [Int64], [String])
}

/// A move's actions appended to a game's log.
struct AppendMovesStatement: PostgresPreparedStatement {
    static let sql = """
        INSERT INTO ghostMove (gameId, seq, action, at)
        SELECT $1, $2 + seq - 1, action, $4 FROM unnest($3::text[]) WITH ORDINALITY AS m(action, seq)
        """
    typealias Row = ()
    let id: String
    let start: Int
    let actions: [String]
    let at: Date

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 4)
        bindings.append(id)
        bindings.append(start)
        bindings.append(actions)
        bindings.append(at)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {}
}

/// A game's new status and version, announced on `folio_ghost` when the transaction commits.
struct AdvanceGameStatement: PostgresPreparedStatement {
    static let sql = """
        WITH moved AS (
          UPDATE ghostGame SET status = $2, updatedAt = $3, version = version + 1 WHERE id = $1 RETURNING id, version)
        SELECT version FROM moved, pg_notify('\(PostgresDatabase.ghostChannel)', moved.id || ' ' || moved.version)
        """
    typealias Row = Int
    let id: String
    let status: String
    let at: Date

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 3)
        bindings.append(id)
        bindings.append(status)
        bindings.append(at)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
}
#endif
