import FolioApp
import FolioCore
import Foundation
import GRDB
import Vocabulary

/// The vocabulary's rows as its queries select them. The queries stay SQL (they name the index
/// to use and fold accents with `instr`); what they return is read by column name here, once.

/// A pair's own columns: `id, english, welsh, note, type` (its tags come from their table).
struct PairColumns: FetchableRecord {
    enum Columns {
        static let id = Column("id")
        static let english = Column("english")
        static let welsh = Column("welsh")
        static let note = Column("note")
        static let type = Column("type")
    }

    var id: PairID
    var english: String
    var welsh: String
    var note: String
    var type: String

    init(id: PairID, english: String, welsh: String, note: String, type: String) {
        self.id = id
        self.english = english
        self.welsh = welsh
        self.note = note
        self.type = type
    }

    init(row: Row) throws {
        id = row[Columns.id]
        english = row[Columns.english]
        welsh = row[Columns.welsh]
        note = row[Columns.note]
        type = row[Columns.type]
    }

    func pair(tags: [String]) -> Pair {
        Pair(id: id, english: english, welsh: welsh, note: note, type: type, tags: tags)
    }
}

/// A card's scheduling columns: `state, step, stability, difficulty, due, lastReview`.
struct CardColumns: FetchableRecord {
    enum Columns {
        static let state = Column("state")
        static let step = Column("step")
        static let stability = Column("stability")
        static let difficulty = Column("difficulty")
        static let due = Column("due")
        static let lastReview = Column("lastReview")
    }

    /// Nil for a state the scheduler does not know: such a card is left out, not guessed at.
    var card: Card?

    init(row: Row) throws {
        card = CardState(rawValue: row[Columns.state]).map { state in
            Card(state: state, step: row[Columns.step], stability: row[Columns.stability], difficulty: row[Columns.difficulty],
                 due: row[Columns.due], lastReview: row[Columns.lastReview])
        }
    }
}

/// A due card with its pair: the pair's columns and the card's, in one row.
struct DueColumns: FetchableRecord {
    var pair: PairColumns
    var card: CardColumns

    init(row: Row) throws {
        pair = try PairColumns(row: row)
        card = try CardColumns(row: row)
    }
}

/// One review: `rating, reviewedAt, duration`.
struct ReviewColumns: FetchableRecord {
    enum Columns {
        static let rating = Column("rating")
        static let reviewedAt = Column("reviewedAt")
        static let duration = Column("duration")
    }

    /// Nil for a rating the scheduler does not know.
    var log: ReviewLog?

    init(row: Row) throws {
        log = Rating(rawValue: row[Columns.rating]).map { ReviewLog(rating: $0, date: row[Columns.reviewedAt], duration: row[Columns.duration]) }
    }
}

/// A tag with the number of pairs carrying it: `name, count`.
extension VocabularyTag: FetchableRecord {
    public init(row: Row) throws {
        self.init(name: row["name"], count: row["count"])
    }
}

/// One of an account's tags: a row of `vocabTag`.
struct VocabularyTagRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "vocabTag"

    enum Columns {
        static let accountId = Column(CodingKeys.accountId)
    }

    var id: Int64?
    var accountId: Account.ID
    var name: String

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

/// A tag's name beside the pair that carries it: `pairId, name`.
struct PairTagName: FetchableRecord {
    var pairId: PairID
    var name: String

    init(row: Row) throws {
        pairId = row["pairId"]
        name = row["name"]
    }
}
