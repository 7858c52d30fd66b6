import FolioCore
import Foundation
import Ghost

/// Where a player stands with a day's puzzle.
public struct PuzzleStatus: Sendable {
    public let puzzle: DailyPuzzle
    /// The account's answer of the day, once given.
    public let answer: PuzzleAnswer?
    /// Days solved in a row; 0 without an account.
    public let streak: Int
}

extension GhostReferee {
    /// Every daily puzzle is on Debian's English list at the default minimum, so it is the same
    /// for everyone.
    public static let puzzleDictionary = GhostDictionary.english
    /// How far back a streak is counted: a bound on what one request reads.
    public static let longestStreakCounted = 1000

    /// Today's number, in days since 1970 (UTC), by the referee's clock.
    public var today: Int { Int((clock().timeIntervalSince1970 / 86_400).rounded(.down)) }

    /// The puzzle of `day` (today when nil).
    public func dailyPuzzle(day: Int? = nil) throws -> DailyPuzzle {
        let solver = try dictionaries.solver(Self.puzzleDictionary, minimumLength: WordList.defaultMinimumLength)
        guard let puzzle = DailyPuzzle.make(day: day ?? today, solver: solver) else { throw GhostError.emptyDictionary }
        return puzzle
    }

    /// Today's puzzle, with `account`'s answer and streak.
    public func puzzleStatus(account: Account?) async throws -> PuzzleStatus {
        let puzzle = try dailyPuzzle()
        guard let account else { return PuzzleStatus(puzzle: puzzle, answer: nil, streak: 0) }
        let answers = try await store.puzzleAnswers(accountID: account.id, fromDay: puzzle.day - Self.longestStreakCounted)
        return PuzzleStatus(puzzle: puzzle, answer: answers.last { $0.day == puzzle.day }, streak: Self.streak(answers, today: puzzle.day))
    }

    /// Answers today's puzzle. An account's first answer of the day is kept and counts for its
    /// streak; a later one changes nothing. Only an account may answer: a visitor's answer
    /// used to be checked and shown, which handed anyone the day's answer to submit for a
    /// streak, and right-or-wrong alone gives it away in a few tries.
    public func answerPuzzle(letter: String, account: Account?) async throws -> PuzzleStatus {
        guard let account else { throw AccountError.notLoggedIn }
        let puzzle = try dailyPuzzle()
        let typed = letter.trimmingSpaces.lowercased()
        guard typed.count == 1, let c = typed.first, puzzle.choices.contains(c) else {
            throw GhostError.invalidLetter(String(typed.prefix(20)))
        }
        let given = PuzzleAnswer(accountID: account.id, day: puzzle.day, letter: String(c),
                                 correct: puzzle.isSolved(by: c), answeredAt: clock())
        _ = try await store.answerPuzzle(given)
        return try await puzzleStatus(account: account)
    }

    static func streak(_ answers: [PuzzleAnswer], today: Int) -> Int {
        PuzzleStreak.length(solvedDays: answers.filter(\.correct).map(\.day), today: today)
    }
}
