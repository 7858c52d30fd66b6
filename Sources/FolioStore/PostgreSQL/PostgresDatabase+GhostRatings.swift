// The PostgreSQL engine: built with the PostgreSQL trait (on by default).
#if PostgreSQL
import FolioApp
import FolioCore
import Foundation
import Ghost
import PostgresNIO

/// Ghost ratings on PostgreSQL.
extension PostgresDatabase {
    /// Moves the ratings of a finished game's accounts, inside the transaction that records its
    /// results (`updateMatch`). Two games that finish at once on two instances each lock the
    /// rating rows they read (`FOR UPDATE`) until they commit, so the second reads what the
    /// first wrote instead of overwriting it. An account rated for the first time gets its row
    /// first, so there is a row to lock; a game inserting the same row at the same moment waits
    /// for the first to commit, then finds it. Rows are taken in account order, so two games
    /// sharing accounts never wait on each other in a circle (and should PostgreSQL still break
    /// a deadlock, `write` runs the move again).
    static func rate(_ connection: PostgresConnection, _ logger: Logger, _ game: RatedGame, at date: Date) async throws {
        let dictionary = game.dictionary.rawValue
        let ids = game.accounts.map(\.rawValue).sorted()
        try await connection.run("""
            INSERT INTO ghostRating (accountId, dictionary, rating, ratedGames, updatedAt)
            SELECT id, \(dictionary), \(EloRating.initial), 0, \(date) FROM unnest(\(ids)) AS u(id) ORDER BY id
            ON CONFLICT (accountId, dictionary) DO NOTHING
            """, logger)
        let rows = try await connection.all("""
            SELECT accountId, rating FROM ghostRating WHERE dictionary = \(dictionary) AND accountId = ANY(\(ids))
            ORDER BY accountId FOR UPDATE
            """, logger, as: (Int64, Double).self)
        let before = Dictionary(rows.map { (Account.ID(rawValue: $0.0), $0.1) }, uniquingKeysWith: { a, _ in a })
        let after = game.ratings(after: before).sorted { $0.key.rawValue < $1.key.rawValue }
        try await connection.run("""
            UPDATE ghostRating r SET rating = u.rating, ratedGames = r.ratedGames + 1, updatedAt = \(date)
            FROM unnest(\(after.map(\.key.rawValue)), \(after.map(\.value))) AS u(accountId, rating)
            WHERE r.accountId = u.accountId AND r.dictionary = \(dictionary)
            """, logger)
    }
}
#endif
