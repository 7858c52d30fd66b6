import Foundation

/// Elo ratings: a number per player that rises when they beat someone and falls when they lose,
/// by more the more surprising the result was, so that in time the difference between two
/// ratings predicts who wins.
public struct EloRating: Sendable, Hashable {
    /// Where every player starts.
    public static let initial = 1500.0

    /// The K-factor: the most one duel moves a rating (all of it for a win nobody expected).
    public var k: Double

    public init(k: Double = 32) {
        self.k = k
    }

    /// The share of a game `rating` is expected to take against `opponent`: a half when the two
    /// are level, about three quarters for 200 points ahead, and the two players' shares add up to 1.
    public static func expectedScore(of rating: Double, against opponent: Double) -> Double {
        1 / (1 + pow(10, (opponent - rating) / 400))
    }

    /// The ratings of the players at a table after a game `winner` (an index into `ratings`) won.
    ///
    /// The winner beat each of the others, and each of those wins is scored as a duel, all from
    /// the ratings before the game. Ghost names a winner and nobody's place after it, so the
    /// losers are not compared with each other. Each duel's K is divided by the number of the
    /// winner's opponents: a table of eight moves the winner's rating no more than a duel would,
    /// and none of the losers' by more. What one player gains in a duel the other loses, so the
    /// table's ratings add up to the same after as before.
    ///
    /// Fewer than two players, or a winner who is not one of them, changes nothing.
    public func ratings(after ratings: [Double], winner: Int) -> [Double] {
        guard ratings.count >= 2, ratings.indices.contains(winner) else { return ratings }
        let duelK = k / Double(ratings.count - 1)
        var after = ratings
        for loser in ratings.indices where loser != winner {
            let gain = duelK * (1 - Self.expectedScore(of: ratings[winner], against: ratings[loser]))
            after[winner] += gain
            after[loser] -= gain
        }
        return after
    }
}
