import FolioApp
import FolioCore
import Foundation
import Vocabulary

/// One rehearsed line of a favourite, as `rehearsedLine` stores it.
struct RehearsedLineRecord: Codable {
    static let databaseTableName = "rehearsedLine"

    var accountId: Account.ID
    var monologueId: String
    var lineKey: String
    var state: Int
    var step: Int?
    var stability: Double?
    var difficulty: Double?
    var due: Date
    var lastReview: Date?
    var help: Int
    var wordPerfect: Bool
    var reviews: Int
    var misses: Int

    init(accountID: Account.ID, monologueID: String, _ line: RehearsedLine) {
        accountId = accountID
        monologueId = monologueID
        lineKey = line.key
        state = line.card.state.rawValue
        step = line.card.step
        stability = line.card.stability
        difficulty = line.card.difficulty
        due = line.card.due
        lastReview = line.card.lastReview
        help = line.help
        wordPerfect = line.wordPerfect
        reviews = line.reviews
        misses = line.misses
    }

    /// A state the scheduler does not know is a damaged row: said, not guessed at.
    func line() throws -> RehearsedLine {
        guard let cardState = CardState(rawValue: state) else {
            throw StoreError.corruptRow(table: Self.databaseTableName, id: "\(monologueId) \(lineKey)")
        }
        return RehearsedLine(key: lineKey, card: Card(state: cardState, step: step, stability: stability, difficulty: difficulty,
                                                      due: due, lastReview: lastReview),
                             help: help, wordPerfect: wordPerfect, reviews: reviews, misses: misses)
    }
}
