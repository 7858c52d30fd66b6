import FolioApp
import Foundation
import Hummingbird
import Monologues
import Vocabulary

/// A favourite's rehearsal as the API answers it: progress, the line to ask now with its cue and
/// prompt, and where each line stands. The lines' words are not repeated here: the favourite's
/// text holds them, and the answer to a line comes back once it has been tried.
struct RehearsalJSON: ResponseEncodable {
    struct Next: Encodable {
        let line: Int
        let cue: String
        /// The line as its help shows it: first letters, words hidden as underscores, or "".
        let prompt: String
        let help: String
    }

    struct LineState: Encodable {
        let line: Int
        let isNew: Bool
        /// "learning", "review" or "relearning"; nil for a line never asked.
        let state: String?
        /// ISO 8601.
        let due: String?
        let help: String
        let wordPerfect: Bool
        let reviews: Int
        let misses: Int

        init(_ line: Rehearsal.Line) {
            self.line = line.number
            isNew = line.isNew
            state = line.progress?.card.state.name.lowercased()
            due = line.progress?.card.due.formatted(.iso8601)
            help = line.prompt.name
            wordPerfect = line.isWordPerfect
            reviews = line.progress?.reviews ?? 0
            misses = line.progress?.misses ?? 0
        }
    }

    let monologueId: String
    let progress: Rehearsal.Progress
    /// "word-perfect on 14 of 22 lines".
    let summary: String
    let due: Int
    let new: Int
    let next: Next?
    /// When nothing is asked now, when the first line comes back (ISO 8601).
    let nextDue: String?
    let lines: [LineState]

    init(_ plan: Rehearsal.Plan) {
        monologueId = plan.item.favourite.monologueID
        progress = plan.progress
        summary = plan.progress.summary
        due = plan.due
        new = plan.new
        next = plan.next.map { Next(line: $0.number, cue: $0.drill.cue, prompt: $0.prompt.show($0.drill.text), help: $0.prompt.name) }
        nextDue = plan.next == nil ? plan.nextDue?.formatted(.iso8601) : nil
        lines = plan.lines.map(LineState.init)
    }
}

/// A line tried through the API: how the answer compared, the line itself, the rating stored and
/// the rehearsal after it.
struct RehearsedJSON: ResponseEncodable {
    /// "exact", "close" or "wrong"; nil when the actor rated the line without typing it.
    let verdict: String?
    /// For a close answer, each slip as "expected → typed".
    let slips: [String]
    let expected: String
    let proposedRating: Int?
    let rating: Int
    let line: RehearsalJSON.LineState
    let rehearsal: RehearsalJSON
}

extension DrillCheck.Verdict {
    var name: String {
        switch self {
        case .exact: "exact"
        case .close: "close"
        case .wrong: "wrong"
        }
    }

    var slips: [String] {
        if case .close(let slips) = self { return slips }
        return []
    }
}
