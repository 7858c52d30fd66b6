import FolioCore
import Foundation
import Ghost
import GRDB

/// Ghost ratings on SQLite.
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
}

/// The choices each account last started a game with, written once for both engines.
extension SQLDatabase {
    public func saveGhostPreferences(accountID: Account.ID, _ preferences: GhostPreferences) async throws {
        try await transaction { db in
            try await db.execute("""
                INSERT INTO ghostPreferences (accountId, dictionary, minLength, challenges, variant)
                VALUES (\(accountID), \(preferences.dictionary.rawValue), \(preferences.minimumLength),
                        \(preferences.rules.challenges.rawValue), \(preferences.rules.variant.rawValue))
                ON CONFLICT (accountId) DO UPDATE SET dictionary = excluded.dictionary, minLength = excluded.minLength,
                  challenges = excluded.challenges, variant = excluded.variant
                """)
        }
    }

    public func ghostPreferences(accountID: Account.ID) async throws -> GhostPreferences? {
        try await reading { db in
            try await db.row("SELECT dictionary, minLength, challenges, variant FROM ghostPreferences WHERE accountId = \(accountID)",
                             as: PreferencesRow.self).map {
                GhostPreferences(dictionary: $0.dictionary, minimumLength: $0.minLength, challenges: $0.challenges, variant: $0.variant)
            }
        }
    }
}

private struct PreferencesRow: Decodable {
    let dictionary: String
    let minLength: Int
    let challenges: String
    let variant: String
}
