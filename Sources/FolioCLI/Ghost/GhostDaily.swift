import ArgumentParser
import FolioCore
import Foundation
import Ghost

extension GhostCommand {
    struct Daily: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "The day's puzzle: a position where exactly one letter wins (English, minimum 4).",
            discussion: "The same puzzle the web app poses that day (UTC). The answer is printed only with --reveal.")
        @Option(help: "The day, as YYYY-MM-DD (UTC); today when left out.") var date: String?
        @Flag(help: "Print the winning letter too.") var reveal = false
        @Option(help: "Another English list, one word a line, instead of Debian's.") var words: String?
        @OptionGroup var output: OutputOptions

        struct Answer: Encodable {
            let date: String
            let fragment: String
            let choices: [String]
            let answer: String?
            let movesAfter: Int?
        }

        func run() async throws {
            let day = try Self.day(date)
            let solver = try Solver.load(.english, path: words, minimumLength: WordList.defaultMinimumLength)
            guard let puzzle = DailyPuzzle.make(day: day, solver: solver) else { throw GhostError.emptyDictionary }
            let shown = Date(timeIntervalSince1970: TimeInterval(day) * 86_400).formatted(.iso8601.year().month().day().dateSeparator(.dash))
            let answer = Answer(date: shown, fragment: puzzle.fragment, choices: puzzle.choices.map(String.init),
                                answer: reveal ? String(puzzle.answer) : nil, movesAfter: reveal ? puzzle.movesAfter : nil)
            if output.json { return try printJSON(answer) }
            print("Ghost puzzle for \(shown): your move at “\(puzzle.fragment)”. One of \(answer.choices.joined(separator: ", ")) wins.")
            if reveal {
                print("The winning letter: \(puzzle.answer); perfect play then ends the round \(puzzle.movesAfter) letters later.")
            }
        }

        /// Days since 1970 of YYYY-MM-DD, or of today.
        static func day(_ text: String?) throws -> Int {
            guard let text else { return Int((Date().timeIntervalSince1970 / 86_400).rounded(.down)) }
            let parts = text.split(separator: "-").compactMap { Int($0) }
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            guard parts.count == 3, (1...9999).contains(parts[0]),
                  let date = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2])),
                  calendar.component(.month, from: date) == parts[1] else {
                throw ValidationError("--date must be a day as YYYY-MM-DD, such as 2026-11-25, not \(text).")
            }
            return Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
        }
    }
}
