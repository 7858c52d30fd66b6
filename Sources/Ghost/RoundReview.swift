/// Where a round's loser went wrong: the first of their moves that turned a won position into a
/// lost one, a bluff or completed word they let pass, or the fact that they never had a winning
/// move.
///
/// With two players in the round, "won" means against perfect play (the solver). With more, it
/// means safe even if every other player played against the loser (`TableSearch`), and the
/// review says that it assumes so. A round lost by failing to name a word is about vocabulary,
/// not position, and the review says which word would have done.
public struct RoundReview: Sendable, Equatable {
    public enum Finding: Sendable, Equatable {
        /// At `fragment` the loser could have won with `winning` but played `played` (nil:
        /// challenged instead).
        case threwAwayWin(fragment: String, played: SuperghostMove?, winning: [SuperghostMove])
        /// Classic rules: at `fragment`, a completed word (`word` true) or a bluff, the loser
        /// played on where a challenge would have won the round.
        case missedChallenge(fragment: String, word: Bool)
        /// Every position the loser moved from was already lost; `fragment` is the first.
        case lostFromStart(fragment: String)
        /// Challenged at `fragment`, the loser named no counting word; `example` would have
        /// done (nil: there is none, the letter was a bluff).
        case couldNotNameWord(fragment: String, example: String?)
        /// The loser ran out of time at `fragment`, where `winning` would have won (empty: every
        /// letter loses there). The round's summary already says the time ran out; this says
        /// what the position held.
        case ranOutOfTime(fragment: String, winning: [SuperghostMove])
        /// The positions were too many to search within the review's budget.
        case notReviewed
    }

    public let loser: Int
    public let finding: Finding
    /// True when more than two players were in the round, so the review assumes every other
    /// player played against the loser.
    public let assumesEveryoneAgainstLoser: Bool
    public let variant: Rules.Variant

    public init(round: Game.RoundResult, lexicon: Lexicon) {
        loser = round.loser
        assumesEveryoneAgainstLoser = round.contenders.count > 2
        variant = round.rules.variant
        finding = Self.find(round, lexicon: lexicon)
    }

    static func find(_ round: Game.RoundResult, lexicon: Lexicon) -> Finding {
        let variant = round.rules.variant
        switch round.reason {
        case .timedOut:
            return timedOut(round, lexicon: lexicon)
        case .conceded, .invalidAnswer:
            return .couldNotNameWord(fragment: round.fragment, example: lexicon.someWord(for: round.fragment, variant: variant))
        case .completedWord, .calledWord, .failedChallenge:
            break
        }
        let words = lexicon.words
        let infixes = variant == .superghost ? lexicon.superghost?.index : nil
        if variant == .superghost && infixes == nil { return .notReviewed }
        let graph = PositionGraph(words: words, infixes: infixes)
        // The loser's decisions in order: each letter they added, then a challenge they made.
        let positions = round.positions
        var decisions: [(fragment: String, played: SuperghostMove?)] = []
        for (i, play) in round.plays.enumerated() where play.mover == round.loser {
            decisions.append((positions[i], SuperghostMove(letter: play.letter, side: play.side)))
        }
        if round.challenger == round.loser {
            decisions.append((round.fragment, nil))
        }
        var search = round.contenders.count > 2 ? TableSearch(graph: graph, players: round.contenders.count) : nil
        for decision in decisions {
            let node = graph.node(decision.fragment)
            // A position play can go on from: a word is behind it, and it is not one.
            let playable = node.map { !graph.isWord($0) } ?? false
            if round.rules.challenges == .classic, decision.played != nil, !decision.fragment.isEmpty, !playable {
                return .missedChallenge(fragment: decision.fragment, word: node != nil)
            }
            let winning: [SuperghostMove]?
            if search != nil {
                guard playable else { continue }
                // A playable position the search could not settle within its budget.
                guard let safe = search!.safeMoves(at: decision.fragment) else { return .notReviewed }
                winning = safe
            } else {
                winning = try? lexicon.winningMoves(at: decision.fragment, variant: variant)
            }
            guard let winning, !winning.isEmpty else { continue }
            if let played = decision.played, winning.contains(played) { continue }
            return .threwAwayWin(fragment: decision.fragment, played: decision.played, winning: winning)
        }
        return .lostFromStart(fragment: decisions.first?.fragment ?? "")
    }

    /// What would have won where the loser's time ran out.
    static func timedOut(_ round: Game.RoundResult, lexicon: Lexicon) -> Finding {
        let variant = round.rules.variant
        let infixes = variant == .superghost ? lexicon.superghost?.index : nil
        if variant == .superghost && infixes == nil { return .notReviewed }
        let winning: [SuperghostMove]?
        if round.contenders.count > 2 {
            var search = TableSearch(graph: PositionGraph(words: lexicon.words, infixes: infixes), players: round.contenders.count)
            winning = search.safeMoves(at: round.fragment)
        } else {
            winning = try? lexicon.winningMoves(at: round.fragment, variant: variant)
        }
        guard let winning else { return .notReviewed }
        return .ranOutOfTime(fragment: round.fragment, winning: winning)
    }

    /// One sentence for the players, naming the loser, or speaking to them as "you" (`SeatNaming`).
    public func sentence(names: [String], you: Int? = nil) -> String {
        let n = SeatNaming(names: names, you: you, unknown: "The loser")
        let against = assumesEveryoneAgainstLoser ? " (assuming every other player plays against \(n.object(loser)))" : ""
        switch finding {
        case .threwAwayWin(let fragment, let played, let winning):
            let options = Self.list(winning.map(describe))
            // Where a won position became a lost one, said as what happened there: "position
            // became lost", with the name twice, read as jargon on a phone.
            let at = fragment.isEmpty ? "At the start" : "At “\(fragment)”"
            if let played {
                return "\(at), \(n.object(loser)) played \(describe(played)), but \(options) would have won\(against)."
            }
            return "\(at), \(n.object(loser)) challenged, but \(options) would have won\(against)."
        case .missedChallenge(let fragment, let word):
            return word
                ? "\(n.subject(loser)) played on after “\(fragment)”, a word: calling it with a challenge would have won the round."
                : "\(n.subject(loser)) played on after “\(fragment)”, which no word \(variant == .superghost ? "contains" : "starts with"): a challenge would have won the round."
        case .lostFromStart(let fragment):
            let was = n.verb(loser, "was", "were")
            if fragment.isEmpty {
                return assumesEveryoneAgainstLoser
                    ? "\(n.subject(loser)) \(was) lost from the start\(against)."
                    : "\(n.subject(loser)) \(was) lost from the start: with this dictionary the first player cannot win against perfect play."
            }
            return "\(n.subject(loser)) \(was) lost from the first turn at “\(fragment)”: no move from there wins against perfect play\(against)."
        case .couldNotNameWord(let fragment, let example):
            let relation = variant == .superghost ? "with “\(fragment)” in it" : "starting with “\(fragment)”"
            if let example {
                return "\(n.subject(loser)) could not name a word \(relation): “\(example)” would have done."
            }
            return "\(n.subject(loser)) could not name a word \(relation): there is none, so the challenge was right."
        case .ranOutOfTime(let fragment, let winning):
            let at = fragment.isEmpty ? "At the start" : "At “\(fragment)”"
            if winning.isEmpty {
                return "\(at), every letter loses against perfect play\(against): \(n.possessive(loser)) round was lost before the time ran out."
            }
            return "\(at), \(n.object(loser)) could have won with \(Self.list(winning.map(describe)))\(against)."
        case .notReviewed:
            return "This round had too many positions to review."
        }
    }

    /// “a”, or in Superghost “a” at the start / at the end.
    func describe(_ move: SuperghostMove) -> String {
        variant == .superghost ? "“\(move.letter)” at the \(move.side.rawValue)" : "“\(move.letter)”"
    }

    static func list(_ items: [String]) -> String {
        switch items.count {
        case 0: ""
        case 1: items[0]
        default: items.dropLast().joined(separator: ", ") + " or " + items.last!
        }
    }
}
