import FolioApp
import FolioCore
import FolioStore
import Foundation
import Vocabulary

/// `folio-bench vocab-stats`: statistics and the next review for a learner at the floors the
/// product is stated for — 25,000 pairs and 50,000 reviews over a year — in a fresh SQLite file,
/// each beside a baseline measured in the same run.
enum VocabStatsBench {
    static func run() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("folio-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try AppDatabase.open(in: DataDirectory(path: directory.path))
        let account = try await database.createAccount(username: "learner", passwordHash: "x", now: Date())
        try await ScaleSeed.step("25000 pairs") { try await ScaleSeed.pairs(25_000, account: account, database) }
        try await ScaleSeed.step("50000 reviews") { try await ScaleSeed.reviews(50_000, account: account, database) }
        let revision = Revision(store: database)
        let now = Date()
        var stats: [Double] = [], naive: [Double] = [], next: [Double] = [], count: [Double] = []
        for _ in 0..<15 {
            stats.append(try await time { _ = try await revision.statistics(accountID: account.id, now: now) })
            naive.append(try await time { _ = try await naiveHours(database, account: account) })
            next.append(try await time { _ = try await revision.queue(accountID: account.id, tag: nil, direction: .englishToWelsh, now: now, limit: 1) })
            count.append(try await time { _ = try await database.pairCount(accountID: account.id) })
        }
        FolioBench.report("statistics (25,000 pairs, 50,000 reviews)", stats, unit: .milliseconds, bar: "50 ms")
        FolioBench.report("  baseline: every review read and grouped in Swift", naive, unit: .milliseconds, bar: nil)
        FolioBench.report("next review (queue of 1, daily limits applied)", next, unit: .milliseconds, bar: "5 ms")
        FolioBench.report("  baseline: counting the pairs", count, unit: .milliseconds, bar: nil)
    }

    static func time(_ body: () async throws -> Void) async rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try await body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// What the store's hourly grouping replaces: every review of the year read as a row.
    static func naiveHours(_ database: AppDatabase, account: Account) async throws -> Int {
        try await database.reader.read { db in
            var perHour: [Int: Int] = [:]
            let rows = try Date.fetchAll(db, sql: "SELECT reviewedAt FROM vocabReview WHERE accountId = ?", arguments: [account.id])
            for date in rows { perHour[Int(date.timeIntervalSince1970) / 3_600, default: 0] += 1 }
            return perHour.count
        }
    }
}
