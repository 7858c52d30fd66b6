import FolioCore
import Ghost

/// A finished game as it moves Elo ratings: the accounts that sat at it, in seat order, and
/// which of them won. Each engine builds one inside the write that records the game's results,
/// and so reads and changes the ratings where no other game can change them in between.
public struct RatedGame: Sendable, Equatable {
    public let dictionary: GhostDictionary
    /// Different accounts, in the order of their seats.
    public let accounts: [Account.ID]
    /// The winner's index in `accounts`.
    public let winner: Int

    /// Nil when the game moves nobody's rating:
    /// - fewer than two different accounts sat at it. A game against computers, or one account's
    ///   hot-seat game, says nothing about how the account plays people (it may still count for
    ///   wins and losses, see `StoredMatch.countsForScores`).
    /// - it was played on an uploaded word list, which its owner could make to be won.
    /// - the winner is a computer or a person without an account. Ghost names a winner and
    ///   nobody's place after it, so there is nothing fair to rank the accounts that lost by;
    ///   counting rounds lost would rate them by whom the winner happened to pick on. Nobody's
    ///   rating changes, rather than guessing.
    public init?(_ stored: StoredMatch, standings: [Match.Standing]) {
        var accounts: [Account.ID] = []
        var winner: Int?
        for standing in standings.sorted(by: { $0.seat < $1.seat }) {
            guard stored.seatAccounts.indices.contains(standing.seat), let account = stored.seatAccounts[standing.seat] else { continue }
            if !accounts.contains(account) { accounts.append(account) }
            if standing.won { winner = accounts.firstIndex(of: account) }
        }
        guard accounts.count >= 2, let winner, stored.match.wordList == nil else { return nil }
        self.dictionary = stored.match.dictionary
        self.accounts = accounts
        self.winner = winner
    }

    /// The accounts' ratings after the game, from their ratings before it. An account missing
    /// from `before` has no rated game on this dictionary yet and starts at `EloRating.initial`.
    public func ratings(after before: [Account.ID: Double], elo: EloRating = EloRating()) -> [Account.ID: Double] {
        let after = elo.ratings(after: accounts.map { before[$0] ?? EloRating.initial }, winner: winner)
        return Dictionary(uniqueKeysWithValues: zip(accounts, after))
    }
}
