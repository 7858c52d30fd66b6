// The PostgreSQL engine: built with the PostgreSQL trait (on by default).
#if PostgreSQL
import FolioApp
import FolioCore
import Foundation
import Monologues
import PostgresNIO

extension PostgresDatabase: FavouriteStore {
    static let favouriteColumns = "f.monologueId, f.createdAt, f.text, f.notes, f.tags, f.gender, f.editedAt"

    public func addFavourite(accountID: Account.ID, monologueID: String, now: Date) async throws {
        try await write { connection in
            guard try await connection.value("SELECT 1 FROM monologue WHERE id = \(monologueID) AND NOT retired", logger, as: Int32.self) != nil else {
                throw MonologueError.notFound(id: monologueID)
            }
            try await connection.run("""
                INSERT INTO favourite (accountId, monologueId, createdAt) VALUES (\(accountID.rawValue), \(monologueID), \(now))
                ON CONFLICT DO NOTHING
                """, logger)
        }
    }

    public func removeFavourite(accountID: Account.ID, monologueID: String) async throws {
        try await write { connection in
            try await connection.run("DELETE FROM favourite WHERE accountId = \(accountID.rawValue) AND monologueId = \(monologueID)", logger)
        }
    }

    public func saveFavouriteEdits(accountID: Account.ID, _ favourite: Favourite, now: Date) async throws {
        let tags = try favourite.tags.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
        let changed = try await write { connection in
            try await connection.changes("""
                UPDATE favourite SET text = \(favourite.text), notes = \(favourite.notes), tags = \(tags),
                  gender = \(favourite.gender?.rawValue), editedAt = GREATEST(editedAt, \(now))
                WHERE accountId = \(accountID.rawValue) AND monologueId = \(favourite.monologueID)
                """, logger)
        }
        if changed == 0 { throw MonologueError.notFound(id: favourite.monologueID) }
    }

    public func saveFavouriteEdits(accountID: Account.ID, _ favourite: Favourite, madeAt: Date) async throws -> Bool {
        let tags = try favourite.tags.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
        return try await write { connection in
            let changed = try await connection.changes("""
                UPDATE favourite SET text = \(favourite.text), notes = \(favourite.notes), tags = \(tags),
                  gender = \(favourite.gender?.rawValue), editedAt = \(madeAt)
                WHERE accountId = \(accountID.rawValue) AND monologueId = \(favourite.monologueID) AND (editedAt IS NULL OR editedAt <= \(madeAt))
                """, logger)
            if changed > 0 { return true }
            let exists = try await connection.all("""
                SELECT 1 FROM favourite WHERE accountId = \(accountID.rawValue) AND monologueId = \(favourite.monologueID)
                """, logger, as: Int.self)
            guard !exists.isEmpty else { throw MonologueError.notFound(id: favourite.monologueID) }
            return false
        }
    }

    public func restoreFavourite(accountID: Account.ID, monologueID: String) async throws {
        try await saveFavouriteEdits(accountID: accountID, Favourite(monologueID: monologueID), now: Date())
    }

    public func favouritePage(accountID: Account.ID, limit: Int, offset: Int) async throws -> Page<Favourite> {
        try await read { connection in
            let total = try await connection.value("""
                SELECT COUNT(*) FROM favourite f JOIN monologue m ON m.id = f.monologueId WHERE f.accountId = \(accountID.rawValue) AND NOT m.retired
                """, logger, as: Int.self) ?? 0
            let items = try await Self.favourites(connection, logger, """
                SELECT \(unescaped: Self.favouriteColumns) FROM favourite f JOIN monologue m ON m.id = f.monologueId
                WHERE f.accountId = \(accountID.rawValue) AND NOT m.retired
                ORDER BY f.createdAt DESC, f.monologueId LIMIT \(max(0, limit)) OFFSET \(max(0, offset))
                """)
            return Page(total: total, items: items, limit: limit, offset: offset)
        }
    }

    public func favourite(accountID: Account.ID, monologueID: String) async throws -> Favourite? {
        try await read { connection in
            try await Self.favourites(connection, logger, """
                SELECT \(unescaped: Self.favouriteColumns) FROM favourite f WHERE f.accountId = \(accountID.rawValue) AND f.monologueId = \(monologueID)
                """).first
        }
    }

    public func favourites(accountID: Account.ID, among monologueIDs: [String]) async throws -> [Favourite] {
        guard !monologueIDs.isEmpty else { return [] }
        return try await read { connection in
            try await Self.favourites(connection, logger, """
                SELECT \(unescaped: Self.favouriteColumns) FROM favourite f
                WHERE f.accountId = \(accountID.rawValue) AND f.monologueId = ANY(\(monologueIDs))
                """)
        }
    }

    public func personalTags(accountID: Account.ID) async throws -> [String: [String]] {
        try await read { connection in
            var tags: [String: [String]] = [:]
            for (id, json) in try await connection.all("""
                SELECT monologueId, tags FROM favourite WHERE accountId = \(accountID.rawValue) AND tags IS NOT NULL
                """, logger, as: (String, String).self) {
                tags[id] = try FavouriteRecord.decodeTags(json, id: id)
            }
            return tags
        }
    }

    public func personalGenders(accountID: Account.ID) async throws -> [String: Gender] {
        try await read { connection in
            var genders: [String: Gender] = [:]
            for (id, raw) in try await connection.all("""
                SELECT monologueId, gender FROM favourite WHERE accountId = \(accountID.rawValue) AND gender IS NOT NULL
                """, logger, as: (String, String).self) {
                guard let gender = Gender(rawValue: raw) else { throw StoreError.corruptRow(table: FavouriteRecord.databaseTableName, id: id) }
                genders[id] = gender
            }
            return genders
        }
    }

    public func saveMonologueOptions(accountID: Account.ID, _ options: MonologueOptions) async throws {
        try await write { connection in
            try await connection.run("""
                INSERT INTO monologueOptions (accountId, gender, tone, length, textSize, form, play, age, fresh)
                VALUES (\(accountID.rawValue), \(options.gender?.rawValue), \(options.tone?.rawValue), \(options.length?.rawValue),
                        \(options.textSize.rawValue), \(options.form?.rawValue), \(options.play), \(options.age?.rawValue), \(options.fresh))
                ON CONFLICT (accountId) DO UPDATE SET gender = excluded.gender, tone = excluded.tone, length = excluded.length,
                  textSize = excluded.textSize, form = excluded.form, play = excluded.play, age = excluded.age, fresh = excluded.fresh
                """, logger)
        }
    }

    public func monologueOptions(accountID: Account.ID) async throws -> MonologueOptions? {
        try await read { connection in
            try await connection.all("""
                SELECT gender, tone, length, textSize, form, play, age, fresh FROM monologueOptions WHERE accountId = \(accountID.rawValue)
                """, logger, as: (String?, String?, String?, String, String?, String?, String?, Bool).self).first.map {
                MonologueOptions(gender: $0.0, tone: $0.1, length: $0.2, textSize: $0.3, form: $0.4, play: $0.5, age: $0.6,
                                 fresh: $0.7 ? "1" : nil)
            }
        }
    }

    static func favourites(_ connection: PostgresConnection, _ logger: Logger, _ query: PostgresQuery) async throws -> [Favourite] {
        try await connection.all(query, logger, as: (String, Date, String?, String?, String?, String?, Date?).self).map { row in
            try FavouriteRecord(accountId: Account.ID(0), monologueId: row.0, createdAt: row.1, text: row.2, notes: row.3, tags: row.4,
                                gender: row.5, editedAt: row.6).favourite()
        }
    }
}
#endif
