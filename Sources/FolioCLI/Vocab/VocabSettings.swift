import ArgumentParser
import FolioApp
import FolioCore
import Foundation
import Vocabulary

extension VocabCommand {
    struct Settings: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show or change a user's daily limits: new cards and reviews a day, when a day starts, time zone, desired retention.",
            discussion: "folio vocab settings --user alice --new-per-day 10 --day-starts 4 --time-zone Europe/London")

        @OptionGroup var store: StoreOptions
        @OptionGroup var user: UserOptions
        @Option(help: "New cards a day (0–1000), both directions together.") var newPerDay: Int?
        @Option(help: "Reviews of learned cards a day (0–10000).") var reviewsPerDay: Int?
        @Option(help: "The hour a new day starts (0–23).") var dayStarts: Int?
        @Option(help: "A time zone name, e.g. Europe/London.") var timeZone: String?
        @Option(help: "Desired retention, 0.70–0.97.") var retention: Double?
        @Option(help: "Lapses that make a pair a leech (2–99).") var leechAfter: Int?

        func run() async throws {
            let (database, account) = try await user.open(store)
            let revision = Revision(store: database)
            if newPerDay != nil || reviewsPerDay != nil || dayStarts != nil || timeZone != nil || retention != nil || leechAfter != nil {
                try await revision.saveSettings(accountID: account.id, newCardsPerDay: newPerDay, reviewsPerDay: reviewsPerDay,
                                                dayStartHour: dayStarts, timeZone: timeZone, desiredRetention: retention,
                                                leechThreshold: leechAfter)
            }
            let today = try await revision.today(accountID: account.id, now: Date())
            let s = today.settings
            print("New cards a day: \(s.newCardsPerDay) (\(today.studied.newCards) seen today, \(today.allowance.newCards) left)")
            print("Reviews a day: \(s.reviewsPerDay) (\(today.studied.reviews) done today, \(today.allowance.reviews) left)")
            print("A new day starts at \(String(format: "%02d:00", s.dayStartHour)), \(s.timeZone)")
            print("Desired retention: \(String(format: "%.2f", s.desiredRetention))")
            print("A leech after \(s.leechThreshold) lapses")
        }
    }

    struct Undo: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Take back a user's last rating: the card is as it was before.")
        @OptionGroup var store: StoreOptions
        @OptionGroup var user: UserOptions

        func run() async throws {
            let (database, account) = try await user.open(store)
            let undone = try await Revision(store: database).undo(accountID: account.id)
            let pair = try await PairBook(store: database, pairLimit: nil).pair(undone.pairID, accountID: account.id)
            print("Took back \(undone.rating.name) for \(pair.english) → \(pair.welsh) (\(undone.direction.title)).")
        }
    }

    struct Suspend: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Keep a pair out of revision (or, with --resume, let it back in).")
        @OptionGroup var store: StoreOptions
        @OptionGroup var user: UserOptions
        @Flag(help: "Let the pair back into revision.") var resume = false
        @Argument(help: "The pair's id.") var id: PairID

        func run() async throws {
            let (database, account) = try await user.open(store)
            try await Revision(store: database).suspend(accountID: account.id, pairID: id, !resume)
            print(resume ? "Pair \(id) is back in revision." : "Pair \(id) is suspended: it is not asked until you resume it.")
        }
    }

    struct Today: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "What a user may revise today, for all pairs and for each tag, within the daily limits.")

        @OptionGroup var store: StoreOptions
        @OptionGroup var user: UserOptions
        @Option(help: "Which side is asked for.") var direction: Direction = .englishToWelsh

        func run() async throws {
            let (database, account) = try await user.open(store)
            let overview = try await Revision(store: database).overview(accountID: account.id, direction: direction, now: Date())
            let today = overview.today
            print("Today: \(today.studied.newCards) of \(today.settings.newCardsPerDay) new cards, "
                  + "\(today.studied.reviews) of \(today.settings.reviewsPerDay) reviews.")
            for line in [overview.all] + overview.tags where line.tag == nil || line.due + line.new + line.waiting > 0 {
                let held = line.waiting > 0 ? " (\(line.waiting) more after today's limits)" : ""
                print("\(line.tag ?? "All pairs"): \(line.due) due, \(line.new) new\(held)")
            }
        }
    }
}
