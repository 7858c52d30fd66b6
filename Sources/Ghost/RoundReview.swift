/// Where a round's loser went wrong under perfect play: the first of their moves that turned a
/// won position into a lost one, or the fact that they never had a winning move.
///
/// Perfect play is the two-player solver's, so rounds with more than two players in are not
/// reviewed. A round lost by failing to name a word is about vocabulary, not position, and the
/// review says which word would have done.
public struct RoundReview: Sendable, Equatable {
    public enum Finding: Sendable, Equatable {
        /// At `fragment` the loser could have won with `winningLetters` but played `played`
        /// (nil: challenged instead).
        case threwAwayWin(fragment: String, played: Character?, winningLetters: [Character])
        /// Every position the loser moved from was already lost; `fragment` is the first.
        case lostFromStart(fragment: String)
        /// Challenged at `fragment`, the loser named no counting word; `example` would have done.
        case couldNotNameWord(fragment: String, example: String?)
        /// More than two players were in the round.
        case notReviewed
    }

    public let loser: Int
    public let finding: Finding

    public init(round: Game.RoundResult, solver: Solver) {
        loser = round.loser
        finding = Self.find(round, solver: solver)
    }

    static func find(_ round: Game.RoundResult, solver: Solver) -> Finding {
        guard round.contenders.count == 2 else { return .notReviewed }
        switch round.reason {
        case .conceded, .invalidAnswer:
            return .couldNotNameWord(fragment: round.fragment, example: solver.words.someWord(startingWith: round.fragment))
        case .completedWord, .failedChallenge:
            break
        }
        // The loser's decisions in order: each letter they added, then a challenge they made.
        var decisions: [(fragment: String, played: Character?)] = []
        let letters = Array(round.fragment)
        for (i, mover) in round.movers.enumerated() where mover == round.loser {
            decisions.append((String(letters[..<i]), letters[i]))
        }
        if round.challenger == round.loser {
            decisions.append((round.fragment, nil))
        }
        for decision in decisions {
            guard let winning = try? solver.winningLetters(decision.fragment), !winning.isEmpty else { continue }
            if let played = decision.played, winning.contains(played) { continue }
            return .threwAwayWin(fragment: decision.fragment, played: decision.played, winningLetters: winning)
        }
        return .lostFromStart(fragment: decisions.first?.fragment ?? "")
    }

    /// One sentence for the players, naming the loser.
    public func sentence(names: [String]) -> String {
        let name = names.indices.contains(loser) ? names[loser] : "The loser"
        switch finding {
        case .threwAwayWin(let fragment, let played, let winning):
            let options = Self.list(winning.map { "“\($0)”" })
            let at = fragment.isEmpty ? "at the start" : "at “\(fragment)”"
            if let played {
                return "\(name)’s position became lost \(at): \(name) played “\(played)”, but \(options) would have won."
            }
            return "\(name)’s position became lost \(at): \(name) challenged, but \(options) would have won."
        case .lostFromStart(let fragment):
            if fragment.isEmpty {
                return "\(name) was lost from the start: with this dictionary the first player cannot win against perfect play."
            }
            return "\(name) was lost from the first turn at “\(fragment)”: no letter from there wins against perfect play."
        case .couldNotNameWord(let fragment, let example):
            if let example {
                return "\(name) could not name a word starting with “\(fragment)”: “\(example)” would have done."
            }
            return "\(name) could not name a word starting with “\(fragment)”."
        case .notReviewed:
            return "Perfect-play review covers rounds between two players."
        }
    }

    static func list(_ items: [String]) -> String {
        switch items.count {
        case 0: ""
        case 1: items[0]
        default: items.dropLast().joined(separator: ", ") + " or " + items.last!
        }
    }
}
