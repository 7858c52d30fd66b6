import FolioCore
import Foundation
import Ghost
import GRDB

/// Ghost ratings and the choices each account last started a game with, on SQLite.
extension AppDatabase {
    /// Moves the ratings of a finished game's accounts, inside the write that records its
    /// results (`updateMatch`): SQLite's one writer means no other game's result can land
    /// between reading a rating and storing the new one.
    static func rate(_ db: Database, _ game: RatedGame, at date: Date) throws {
        let dictionary = game.dictionary.rawValue
        var before: [Account.ID: Double] = [:]
        let rows = try Row.fetchAll(db, sql: """
            SELECT accountId, rating FROM ghostRating WHERE dictionary = ? AND accountId IN (\(databaseQuestionMarks(count: game.accounts.count)))
            """, arguments: StatementArguments([dictionary]) + StatementArguments(game.accounts))
        for row in rows { before[row["accountId"]] = row["rating"] }
        for (account, rating) in game.ratings(after: before) {
            try db.execute(sql: """
                INSERT INTO ghostRating (accountId, dictionary, rating, ratedGames, updatedAt) VALUES (?, ?, ?, 1, ?)
                ON CONFLICT (accountId, dictionary) DO UPDATE SET rating = excluded.rating, ratedGames = ratedGames + 1, updatedAt = excluded.updatedAt
                """, arguments: [account, dictionary, rating, date])
        }
    }

    public func saveGhostPreferences(accountID: Account.ID, _ preferences: GhostPreferences) async throws {
        try await writer.write { db in
            try db.execute(sql: """
                INSERT INTO ghostPreferences (accountId, dictionary, minLength, challenges, variant) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (accountId) DO UPDATE SET dictionary = excluded.dictionary, minLength = excluded.minLength,
                  challenges = excluded.challenges, variant = excluded.variant
                """, arguments: [accountID, preferences.dictionary.rawValue, preferences.minimumLength,
                                 preferences.rules.challenges.rawValue, preferences.rules.variant.rawValue])
        }
    }

    public func ghostPreferences(accountID: Account.ID) async throws -> GhostPreferences? {
        try await ghost.preferences(accountID: accountID)
    }
}

extension GhostRepository {
    public func preferences(accountID: Account.ID) async throws -> GhostPreferences? {
        try await reader.read { db in
            try Row.fetchOne(db, sql: "SELECT dictionary, minLength, challenges, variant FROM ghostPreferences WHERE accountId = ?",
                             arguments: [accountID]).map {
                GhostPreferences(dictionary: $0["dictionary"], minimumLength: $0["minLength"], challenges: $0["challenges"], variant: $0["variant"])
            }
        }
    }
}
