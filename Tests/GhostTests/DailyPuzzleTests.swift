import FolioCore
import FolioTestSupport
import Testing
@testable import Ghost

/// The daily puzzle's choice of position and the streak's arithmetic.
@Suite struct DailyPuzzleTests {
    let words = try! WordList(words: ["abbey", "abbot", "abide", "able", "about", "above", "acid", "acorn", "actor", "adore",
                                      "aerial", "afar", "agent", "aged", "ahead", "aisle", "akin", "alarm", "album", "alert"],
                              minimumLength: 4)

    @Test func everyCandidateHasExactlyOneWinningLetterAmongSeveral() throws {
        let solver = Solver(words: words)
        let oracle = GhostOracle(Set(["abbey", "abbot", "abide", "able", "about", "above", "acid", "acorn", "actor", "adore",
                                      "aerial", "afar", "agent", "aged", "ahead", "aisle", "akin", "alarm", "album", "alert"]))
        let candidates = DailyPuzzle.candidates(solver)
        #expect(!candidates.isEmpty)
        for fragment in candidates {
            #expect(DailyPuzzle.depths.contains(fragment.count))
            #expect(oracle.winningLetters(fragment).count == 1, "\(fragment)")
            #expect(words.nextLetters(fragment).count >= DailyPuzzle.minimumChoices, "\(fragment)")
        }
    }

    @Test func aDayAlwaysGetsTheSamePuzzleAndDaysDiffer() throws {
        // Many positions of the kind: 400 words over a few letters.
        var random = SeededRandom(seed: 4)
        let many = (0..<400).map { _ in String((0..<Int.random(in: 4...7, using: &random)).map { _ in "abcdefg".randomElement(using: &random)! }) }
        let solver = Solver(words: try WordList(words: many, minimumLength: 4))
        #expect(DailyPuzzle.candidates(solver).count > 10)
        let puzzle = try #require(DailyPuzzle.make(day: 20_000, solver: solver))
        #expect(DailyPuzzle.make(day: 20_000, solver: solver) == puzzle)
        #expect(puzzle.isSolved(by: puzzle.answer) && puzzle.choices.contains(puzzle.answer))
        #expect(try solver.winningLetters(puzzle.fragment) == [String(puzzle.answer)])
        let week = Set((20_000..<20_030).compactMap { DailyPuzzle.make(day: $0, solver: solver)?.fragment })
        #expect(week.count > 1)
    }

    @Test func aStreakCountsDaysInARowUpToTodayOrYesterday() {
        #expect(PuzzleStreak.length(solvedDays: [10, 9, 8, 6], today: 10) == 3)
        #expect(PuzzleStreak.length(solvedDays: [9, 8], today: 10) == 2)
        #expect(PuzzleStreak.length(solvedDays: [8, 7], today: 10) == 0)
        #expect(PuzzleStreak.length(solvedDays: [], today: 10) == 0)
    }
}
