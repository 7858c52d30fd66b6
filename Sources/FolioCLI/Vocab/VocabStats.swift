import ArgumentParser
import FolioApp
import FolioCore
import Foundation
import Vocabulary

extension VocabCommand {
    struct Stats: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "A user's record: streaks, reviews over the last year, cards coming due, true retention per month, hardest pairs.")
        @OptionGroup var store: StoreOptions
        @OptionGroup var user: UserOptions
        @Flag(help: "Print the statistics as JSON, as GET /api/v1/vocab/stats answers.") var json = false

        func run() async throws {
            let (database, account) = try await user.open(store)
            let s = try await Revision(store: database).statistics(accountID: account.id, now: Date())
            if json {
                return print(String(decoding: try JSONEncoder.folio(pretty: true).encode(s), as: UTF8.self))
            }
            print("Streak: \(s.currentStreak) day\(s.currentStreak == 1 ? "" : "s") (longest \(s.longestStreak))")
            print("Reviews in the last year: \(s.totalReviews), on \(s.days.filter { $0.reviews > 0 }.count) days")
            let coming = s.forecast.reduce(0) { $0 + $1.cards }
            print("Due today: \(s.forecast.first?.cards ?? 0); in the next \(s.forecast.count) days: \(coming)")
            print("True retention (target \(Int((s.target * 100).rounded()))%):")
            for month in s.months.suffix(6) {
                print("  \(month.month): " + (month.retention.map { "\(Int(($0 * 100).rounded()))% of \(month.reviews)" } ?? "no reviews of learned cards"))
            }
            if !s.hardest.isEmpty {
                print("Hardest pairs:")
                for pair in s.hardest { print("  \(pair.english) → \(pair.welsh) (\(pair.lapses) lapse\(pair.lapses == 1 ? "" : "s"), id \(pair.pairID))") }
            }
        }
    }
}
