import FolioApp
import FolioCore
import Foundation
import Ghost
import Hummingbird

/// The day's puzzle as the API and the page show it. The answer is shown only once the viewer
/// has answered, so the JSON cannot give it away.
struct PuzzleView: ResponseEncodable, Sendable {
    struct Answered: Encodable, Sendable {
        let letter: String
        let correct: Bool
    }

    /// The day, as a date (YYYY-MM-DD, UTC).
    let date: String
    let dictionary: String
    let minLength: Int
    let fragment: String
    /// The letters that keep a word possible: the choices.
    let choices: [String]
    let answered: Answered?
    /// The only winning letter, once answered.
    let answer: String?
    /// After the answer, how many more letters the round lasts under perfect play.
    let movesAfter: Int?
    /// Days solved in a row (0 without an account).
    let streak: Int
    /// Whether the answer and the streak are kept: only for an account.
    let kept: Bool

    init(_ status: PuzzleStatus, account: Account?) {
        let puzzle = status.puzzle
        date = Date(timeIntervalSince1970: TimeInterval(puzzle.day) * 86_400)
            .formatted(.iso8601.year().month().day().dateSeparator(.dash))
        dictionary = GhostReferee.puzzleDictionary.rawValue
        minLength = WordList.defaultMinimumLength
        fragment = puzzle.fragment
        choices = puzzle.choices.map(String.init)
        answered = status.answer.map { Answered(letter: $0.letter, correct: $0.correct) }
        answer = status.answer == nil ? nil : String(puzzle.answer)
        movesAfter = status.answer == nil ? nil : puzzle.movesAfter
        streak = status.streak
        kept = account != nil
    }
}
