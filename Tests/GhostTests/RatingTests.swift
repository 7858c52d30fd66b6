import Foundation
import Ghost
import Testing

/// Elo ratings after a game, checked against values worked out by hand.
@Suite struct RatingTests {
    let elo = EloRating()

    func close(_ a: [Double], _ b: [Double], within tolerance: Double = 0.0001) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) < tolerance }
    }

    @Test func theExpectedScoreIsAHalfWhenLevelAndSharesAddUpToOne() {
        #expect(EloRating.expectedScore(of: 1500, against: 1500) == 0.5)
        // 1 / (1 + 10^(-200/400)) = 1 / (1 + 0.316228) = 0.759747
        #expect(abs(EloRating.expectedScore(of: 1600, against: 1400) - 0.759747) < 0.000001)
        #expect(abs(EloRating.expectedScore(of: 1600, against: 1400) + EloRating.expectedScore(of: 1400, against: 1600) - 1) < 1e-12)
        // 400 points ahead: ten to one.
        #expect(abs(EloRating.expectedScore(of: 1900, against: 1500) - 10.0 / 11) < 1e-12)
    }

    @Test func aDuelBetweenLevelPlayersMovesEachBySixteen() {
        #expect(elo.ratings(after: [1500, 1500], winner: 0) == [1516, 1484])
        #expect(elo.ratings(after: [1500, 1500], winner: 1) == [1484, 1516])
    }

    @Test func anUpsetMovesMoreThanAnExpectedWin() {
        // The favourite wins: 32 × (1 − 0.759747) = 7.688 points.
        #expect(close(elo.ratings(after: [1600, 1400], winner: 0), [1607.6881, 1392.3119]))
        // The outsider wins: 32 × (1 − 0.240253) = 24.312 points.
        #expect(close(elo.ratings(after: [1600, 1400], winner: 1), [1575.6881, 1424.3119]))
    }

    @Test func theOrderOfTheSeatsDoesNotMatter() {
        let forwards = elo.ratings(after: [1712.5, 1433, 1500], winner: 1)
        let backwards = elo.ratings(after: [1500, 1433, 1712.5], winner: 1)
        #expect(close(forwards, backwards.reversed()))
        let duel = elo.ratings(after: [1550, 1480], winner: 0)
        #expect(close(duel, elo.ratings(after: [1480, 1550], winner: 1).reversed()))
    }

    @Test func whatTheWinnerGainsTheOthersLose() {
        for ratings in [[1500.0, 1500], [1820, 1310.5], [1500, 1600, 1700], [1200, 1900, 1500, 1450, 1610]] {
            for winner in ratings.indices {
                let after = elo.ratings(after: ratings, winner: winner)
                #expect(abs(after.reduce(0, +) - ratings.reduce(0, +)) < 1e-9, "\(ratings), winner \(winner)")
                #expect(after[winner] > ratings[winner])
                #expect(after.indices.filter { $0 != winner }.allSatisfy { after[$0] < ratings[$0] })
            }
        }
    }

    @Test func aBigTableMovesTheWinnerNoMoreThanADuel() {
        // Three level players: K is 32 / 2 = 16 a duel, so the winner takes 8 from each.
        #expect(elo.ratings(after: [1500, 1500, 1500], winner: 0) == [1516, 1492, 1492])
        // Eight level players: 7 duels of K 32/7, each worth half of it: 16 in all, as in a duel.
        let eight = elo.ratings(after: Array(repeating: 1500, count: 8), winner: 3)
        #expect(abs(eight[3] - 1516) < 1e-9)
        #expect(eight.indices.filter { $0 != 3 }.allSatisfy { abs(eight[$0] - (1500 - 16.0 / 7)) < 1e-9 })
        // However strong the opposition, the winner never gains more than K.
        let upset = elo.ratings(after: [1000, 2400, 2400, 2400], winner: 0)
        #expect(upset[0] - 1000 < 32 && upset[0] - 1000 > 31.9)
        // A larger K moves ratings proportionally further.
        #expect(EloRating(k: 16).ratings(after: [1500, 1500], winner: 0) == [1508, 1492])
    }

    @Test func nothingChangesWithoutAnOpponentOrAWinner() {
        #expect(elo.ratings(after: [1500], winner: 0) == [1500])
        #expect(elo.ratings(after: [1500, 1600], winner: 2) == [1500, 1600])
        #expect(elo.ratings(after: [], winner: 0) == [])
    }
}
