import ArgumentParser
import FolioApp
import FolioCore
import FolioStore
import Foundation
import Monologues
import Vocabulary

extension VocabCommand {
    struct Review: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Revise in the terminal: due pairs first, then new ones. Type the answer; accept the proposed rating with Enter or type 1–4.",
            discussion: "Typing aids: w^ → ŵ, y^ → ŷ, a^ → â and so on. An empty answer ends the session.")
        @OptionGroup var store: StoreOptions
        @OptionGroup var user: UserOptions
        @Option(help: "Only pairs with this tag.") var tag: String?
        @Option(help: "Which side is asked for.") var direction: Direction = .englishToWelsh
        @Option(help: "At most this many pairs.") var count = 20

        func run() async throws {
            let way = direction
            let (database, account) = try await user.open(store)
            let revision = Revision(store: database)
            let queue = try await revision.queue(accountID: account.id, tag: tag, direction: way, now: Date(), limit: count)
            guard !queue.isEmpty else { return print("Nothing to revise\(tag.map { " in \($0)" } ?? ""). Add pairs with `folio vocab add`.") }
            var done = 0
            for item in queue {
                print("\(way.from): \(way.prompt(for: item.pair))")
                print("\(way.to)? ", terminator: "")
                let started = Date()
                guard let typed = readLine(), !typed.isEmpty else { break }
                let checked = Revision.check(typed, against: item.pair, direction: way)
                let result = checked.result
                switch result.verdict {
                case .right, .wrong: print("\(result.label): \(result.expected)")
                case .almost: print("\(result.label): \(result.difference?.summary ?? result.expected)")
                }
                let proposed = checked.proposed
                print("Rating [\(proposed.rawValue) \(proposed.name); 1 Again, 2 Hard, 3 Good, 4 Easy]: ", terminator: "")
                let answer = readLine() ?? ""
                let rating = Int(answer.trimmingCharacters(in: .whitespaces)).flatMap(Rating.init(rawValue:)) ?? proposed
                let now = Date()
                try await revision.rate(accountID: account.id, pairID: item.pair.id!, direction: way, rating: rating,
                                        seconds: now.timeIntervalSince(started), now: now)
                done += 1
            }
            print("Revised \(done) pair\(done == 1 ? "" : "s").")
        }
    }
}
