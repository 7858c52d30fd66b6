import ArgumentParser
import FolioApp
import FolioCore
import Foundation
import Monologues
import Vocabulary

extension MonologuesCommand {
    struct Rehearse: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Learn a favourite by heart, line by line, in the terminal: each line's cue and help, your line typed and checked.",
            discussion: """
                Lines due come first, then new ones in the speech's order. Type the line and press Enter; accept the \
                proposed rating with Enter or type 1–4. An empty line shows the line instead (rate yourself 1–4). \
                q stops. Each line is scheduled by FSRS, as Vocabulary's cards are.
                folio monologues rehearse macbeth-2-1-macbeth-6.2 --user alice
                """)

        @OptionGroup var store: StoreOptions
        @OptionGroup var user: UserOptions
        @Flag(help: "Print where each line stands and stop.") var status = false
        @Flag(help: "Forget this speech's rehearsal and start from nothing.") var restart = false
        @Argument(help: "The monologue's id; it must be one of the user's favourites.") var id: String

        func run() async throws {
            let (database, account) = try await user.open(store)
            let library = try await database.currentLibrary().library
            let rehearsal = Rehearsal(favourites: Favourites(store: database))
            if restart {
                try await rehearsal.restart(id, accountID: account.id, in: library)
                print("Rehearsal of \(id) started again from nothing.")
            }
            var plan = try await rehearsal.plan(id, accountID: account.id, in: library, now: Date())
            let m = plan.item.monologue
            print("\(m.title) — \(m.character): \(plan.progress.summary)\(Self.counts(plan)).")
            if status { return Self.printLines(plan) }
            guard plan.next != nil else { return print(Self.rest(plan)) }
            print("Type each line and press Enter. An empty line shows it instead; q stops.")
            var asked = 0
            while let line = plan.next {
                print("")
                print("Line \(line.number) of \(plan.lines.count)\(line.isNew ? " · new" : "") · \(line.prompt.label.lowercased())")
                print(line.drill.cue.isEmpty ? "(The speech begins.)" : "Cue: \(line.drill.cue)")
                let help = line.prompt.show(line.drill.text)
                if !help.isEmpty { print("Help: \(help)") }
                print("> ", terminator: "")
                guard let typed = readLine(), typed.trimmingCharacters(in: .whitespaces).lowercased() != "q" else { break }
                let now = Date()
                let rating: Rating
                let outcomes = rehearsal.outcomes(line, now: now)
                if typed.trimmingCharacters(in: .whitespaces).isEmpty {
                    print("The line: \(line.drill.text)")
                    guard let chosen = Self.askRating(outcomes, proposed: nil, now: now) else { break }
                    rating = chosen
                } else {
                    let checked = try await rehearsal.check(id, line: line.number, answer: typed, accountID: account.id, in: library, now: now)
                    switch checked.verdict {
                    case .exact: print("\(checked.verdict.label).")
                    case .close(let slips): print("\(checked.verdict.label): \(slips.joined(separator: "; ")). The line: \(line.drill.text)")
                    case .wrong: print("\(checked.verdict.label). The line: \(line.drill.text)")
                    }
                    guard let chosen = Self.askRating(outcomes, proposed: checked.proposed, now: now) else { break }
                    rating = chosen
                }
                plan = try await rehearsal.rate(id, line: line.number, rating: rating, accountID: account.id, in: library, now: Date()).plan
                asked += 1
            }
            print("")
            print("Rehearsed \(asked) line\(asked == 1 ? "" : "s"): \(plan.progress.summary)\(Self.counts(plan)).")
            if plan.next == nil { print(Self.rest(plan)) }
        }

        /// Reads a rating: Enter takes the proposed one, 1–4 chooses; nil at the end of input.
        static func askRating(_ outcomes: [(rating: Rating, due: Date)], proposed: Rating?, now: Date) -> Rating? {
            let choices = outcomes.map { "\($0.rating.rawValue) \($0.rating.name) \(interval(now, $0.due))" }.joined(separator: ", ")
            while true {
                print("Rating [\(proposed.map { "Enter: \($0.name); " } ?? "")\(choices)]: ", terminator: "")
                guard let answer = readLine()?.trimmingCharacters(in: .whitespaces) else { return nil }
                if answer.isEmpty, let proposed { return proposed }
                if let choice = Int(answer), let rating = Rating(rawValue: choice) { return rating }
                print("Type 1, 2, 3 or 4\(proposed == nil ? "" : ", or press Enter for \(proposed!.name)").")
            }
        }

        static func counts(_ plan: Rehearsal.Plan) -> String {
            let parts = [plan.due > 0 ? "\(plan.due) due" : nil, plan.new > 0 ? "\(plan.new) new" : nil].compactMap { $0 }
            return parts.isEmpty ? "" : " (\(parts.joined(separator: ", ")))"
        }

        static func rest(_ plan: Rehearsal.Plan) -> String {
            guard !plan.lines.isEmpty else { return "This cut has no spoken lines to learn." }
            return plan.nextDue.map { "Nothing to rehearse now; the next line comes back \(interval(plan.now, $0))." } ?? "Nothing to rehearse now."
        }

        static func printLines(_ plan: Rehearsal.Plan) {
            for line in plan.lines {
                let when = line.progress.map { $0.card.due <= plan.now ? "due now" : "due \(interval(plan.now, $0.card.due))" } ?? "new"
                let perfect = line.isWordPerfect ? " · word-perfect" : ""
                let misses = (line.progress?.misses ?? 0) > 0 ? " · missed \(line.progress!.misses)×" : ""
                print("\(String(line.number).leftPadded(3))  \(when)\(perfect)\(misses) · \(line.prompt.label.lowercased()): \(line.drill.text)")
            }
        }

        /// "in 10 min", "in 3 d": how long from `now`.
        static func interval(_ now: Date, _ due: Date) -> String {
            let seconds = max(0, due.timeIntervalSince(now))
            if seconds < 3_570 { return "in \(max(1, Int((seconds / 60).rounded()))) min" }
            if seconds < 84_600 { return "in \(Int((seconds / 3_600).rounded())) h" }
            return "in \(Int((seconds / 86_400).rounded())) d"
        }
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
