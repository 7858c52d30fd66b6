import Foundation

/// A table as `folio database copy` moves it: its columns, each of a kind both engines store
/// alike, and the columns that order it (its primary key), by which it is read a batch at a time.
public struct CopyTable: Sendable {
    public enum Kind: Sendable {
        case integer, real, text, blob
        /// Stored as 0/1 by SQLite and as boolean by PostgreSQL; copied as 0/1.
        case bool
        /// Copied as whole milliseconds since 1970: SQLite keeps dates to the millisecond.
        case date
    }

    public let name: String
    public let columns: [(name: String, kind: Kind)]
    /// The primary key's columns; empty for a table without one (read whole, it is small).
    public let key: [String]

    var keyIndexes: [Int] { key.map { name in columns.firstIndex { $0.name == name }! } }

    init(_ name: String, _ columns: [(String, Kind)], key: [String]) {
        self.name = name
        self.columns = columns.map { (name: $0.0, kind: $0.1) }
        self.key = key
    }

    /// Every table of Folio's schema, parents before the tables that refer to them. The engines'
    /// own bookkeeping (which migrations ran) is not copied: each target has its own.
    public static let all: [CopyTable] = [
        CopyTable("library", [("id", .integer), ("revision", .integer), ("importedAt", .date), ("source", .text)], key: ["id"]),
        CopyTable("monologue", [("id", .text), ("title", .text), ("sortTitle", .text), ("play", .text), ("character", .text),
                                ("gender", .text), ("tone", .text), ("genre", .text), ("act", .integer), ("scene", .integer),
                                ("location", .text), ("notes", .text), ("text", .text), ("wordCount", .integer), ("lineCount", .integer),
                                ("seconds", .integer), ("length", .text), ("verse", .bool), ("tags", .text), ("revision", .integer),
                                ("retired", .bool), ("longerCut", .text)], key: ["id"]),
        CopyTable("account", [("id", .integer), ("username", .text), ("passwordHash", .text), ("createdAt", .date)], key: ["id"]),
        CopyTable("session", [("tokenDigest", .text), ("accountId", .integer), ("createdAt", .date), ("expiresAt", .date)], key: ["tokenDigest"]),
        CopyTable("loginAttempt", [("id", .integer), ("username", .text), ("network", .text), ("at", .date)], key: ["id"]),
        CopyTable("registrationAttempt", [("id", .integer), ("network", .text), ("at", .date)], key: ["id"]),
        CopyTable("serverSecret", [("name", .text), ("value", .blob)], key: ["name"]),
        CopyTable("monologueOptions", [("accountId", .integer), ("gender", .text), ("tone", .text), ("length", .text), ("textSize", .text),
                                        ("form", .text), ("play", .text), ("age", .text), ("fresh", .bool)],
                  key: ["accountId"]),
        CopyTable("favourite", [("accountId", .integer), ("monologueId", .text), ("createdAt", .date), ("text", .text), ("notes", .text),
                                ("tags", .text), ("gender", .text), ("editedAt", .date)], key: ["accountId", "monologueId"]),
        CopyTable("rehearsedLine", [("accountId", .integer), ("monologueId", .text), ("lineKey", .text), ("state", .integer),
                                    ("step", .integer), ("stability", .real), ("difficulty", .real), ("due", .date),
                                    ("lastReview", .date), ("help", .integer), ("wordPerfect", .bool), ("reviews", .integer),
                                    ("misses", .integer)], key: ["accountId", "monologueId", "lineKey"]),
        CopyTable("vocabPair", [("id", .integer), ("accountId", .integer), ("english", .text), ("welsh", .text), ("note", .text),
                                ("type", .text), ("createdAt", .date), ("updatedAt", .date), ("searchKey", .text), ("suspended", .bool)],
                  key: ["id"]),
        CopyTable("vocabTag", [("id", .integer), ("accountId", .integer), ("name", .text)], key: ["id"]),
        CopyTable("vocabPairTag", [("pairId", .integer), ("tagId", .integer)], key: ["pairId", "tagId"]),
        CopyTable("vocabCard", [("pairId", .integer), ("direction", .text), ("state", .integer), ("step", .integer), ("stability", .real),
                                ("difficulty", .real), ("due", .date), ("lastReview", .date), ("accountId", .integer), ("lapses", .integer)],
                  key: ["pairId", "direction"]),
        CopyTable("vocabReview", [("id", .integer), ("pairId", .integer), ("direction", .text), ("rating", .integer), ("reviewedAt", .date),
                                  ("duration", .real), ("accountId", .integer), ("kind", .text), ("undoable", .bool),
                                  ("prevState", .integer), ("prevStep", .integer), ("prevStability", .real), ("prevDifficulty", .real),
                                  ("prevDue", .date), ("prevLastReview", .date), ("prevLapses", .integer), ("lapses", .integer)], key: ["id"]),
        CopyTable("syncOperation", [("accountId", .integer), ("id", .text), ("appliedAt", .date), ("result", .integer)], key: ["accountId", "id"]),
        CopyTable("vocabSettings", [("accountId", .integer), ("newCardsPerDay", .integer), ("reviewsPerDay", .integer),
                                    ("dayStartHour", .integer), ("timeZone", .text), ("desiredRetention", .real),
                                    ("leechThreshold", .integer), ("weights", .text)], key: ["accountId"]),
        CopyTable("ghostWordList", [("id", .integer), ("accountId", .integer), ("name", .text), ("words", .text), ("wordCount", .integer),
                                    ("createdAt", .date), ("deletedAt", .date)], key: ["id"]),
        CopyTable("ghostGame", [("id", .text), ("mode", .text), ("status", .text), ("dictionary", .text), ("minLength", .integer),
                                ("challenges", .text), ("variant", .text), ("firstPlayer", .integer), ("listed", .bool),
                                ("turnSeconds", .integer), ("wordListId", .integer), ("ownerId", .integer), ("version", .integer), ("createdAt", .date),
                                ("updatedAt", .date)], key: ["id"]),
        CopyTable("ghostSeat", [("gameId", .text), ("seat", .integer), ("name", .text), ("kind", .text), ("accountId", .integer)],
                  key: ["gameId", "seat"]),
        CopyTable("ghostMove", [("gameId", .text), ("seq", .integer), ("action", .text), ("at", .date)], key: ["gameId", "seq"]),
        CopyTable("ghostPuzzleAnswer", [("accountId", .integer), ("day", .integer), ("letter", .text), ("correct", .bool),
                                        ("answeredAt", .date)], key: ["accountId", "day"]),
        CopyTable("ghostResult", [("gameId", .text), ("accountId", .integer), ("dictionary", .text), ("minLength", .integer), ("won", .bool),
                                  ("rounds", .integer), ("roundsLost", .integer), ("finishedAt", .date)], key: ["gameId", "accountId"]),
        CopyTable("ghostAnonymousStart", [("address", .text), ("startedAt", .date)], key: []),
        CopyTable("ghostRating", [("accountId", .integer), ("dictionary", .text), ("rating", .real), ("ratedGames", .integer), ("updatedAt", .date)],
                  key: ["accountId", "dictionary"]),
        CopyTable("ghostPreferences", [("accountId", .integer), ("dictionary", .text), ("minLength", .integer), ("challenges", .text),
                                       ("variant", .text)], key: ["accountId"]),
        CopyTable("plotFavourite", [("accountId", .integer), ("plotIds", .text), ("seed", .integer), ("text", .text), ("createdAt", .date)],
                  key: ["accountId", "plotIds"]),
        CopyTable("plotGrammar", [("id", .integer), ("accountId", .integer), ("name", .text), ("json", .text), ("createdAt", .date),
                                  ("updatedAt", .date)], key: ["id"]),
        CopyTable("characterCatalogue", [("id", .integer), ("revision", .integer), ("json", .text), ("updatedAt", .date)], key: ["id"]),
        CopyTable("keptChange", [("accountId", .integer), ("item", .text), ("changedAt", .date)], key: ["accountId", "item"]),
        CopyTable("characterFavourite", [("accountId", .integer), ("characterId", .integer), ("createdAt", .date)],
                  key: ["accountId", "characterId"]),
    ]
}

/// One cell as it is copied: the same value whichever engine it came from.
public enum CopyValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)

    /// A date as whole milliseconds. The 1 µs allowance keeps an exact millisecond exact when
    /// the engine handed it back as a Double a hair below it.
    static func date(_ date: Date?) -> CopyValue {
        guard let date else { return .null }
        return .integer(Int64((date.timeIntervalSince1970 * 1000 + 0.001).rounded(.down)))
    }

    var date: Date? {
        guard case .integer(let milliseconds) = self else { return nil }
        return Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}

/// An engine that `folio database copy` can read from and write to, table by table.
public protocol CopyableDatabase: FolioDatabase {
    /// Up to `limit` rows of `table` in key order, after the row whose key is `after`.
    func copyRows(_ table: CopyTable, after: [CopyValue]?, limit: Int) async throws -> [[CopyValue]]
    /// Inserts rows, keeping their ids, in one transaction.
    func insertCopiedRows(_ table: CopyTable, _ rows: [[CopyValue]]) async throws
    func copiedRowCount(_ table: CopyTable) async throws -> Int
    /// Deletes every row of every table (children first), for a copy told to replace.
    func deleteAllCopiedRows() async throws
    /// After the rows are in: new rows get ids after the copied ones.
    func finishCopy() async throws
}
