/// A dictionary as a table plays it: the word list and its solver, and, for Superghost, the
/// index of every infix and the solver over it. The infix index costs about a second to build
/// for English, so it is built only for lists that Superghost games use.
public struct Lexicon: Sendable {
    public let solver: Solver
    public let superghost: SuperghostSolver?

    public init(solver: Solver, superghost: SuperghostSolver? = nil) {
        self.solver = solver
        self.superghost = superghost
    }

    /// Both solvers over `words`.
    public init(words: WordList, variant: Rules.Variant = .ghost) {
        solver = Solver(words: words)
        superghost = variant == .superghost ? SuperghostSolver(words: words) : nil
    }

    public var words: WordList { solver.words }
}

extension Lexicon {
    /// The two-player solver's answer for the variant: the moves that keep a win for the player
    /// to move at `fragment`.
    public func winningMoves(at fragment: String, variant: Rules.Variant) throws(GhostError) -> [SuperghostMove] {
        switch variant {
        case .ghost: try solver.winningLetters(fragment).map { SuperghostMove(letter: $0, side: .end) }
        case .superghost: try superghostSolver().winningMoves(fragment)
        }
    }

    public func winsToMove(at fragment: String, variant: Rules.Variant) throws(GhostError) -> Bool {
        switch variant {
        case .ghost: try solver.winsToMove(fragment)
        case .superghost: try superghostSolver().winsToMove(fragment)
        }
    }

    /// A perfect player's move: the quickest win, or in a lost position the longest round.
    public func bestMove(at fragment: String, variant: Rules.Variant) throws(GhostError) -> SuperghostMove {
        switch variant {
        case .ghost: SuperghostMove(letter: try solver.bestMove(fragment), side: .end)
        case .superghost: try superghostSolver().bestMove(fragment)
        }
    }

    /// The shortest counting word that answers a challenge at `fragment`, if there is one.
    public func someWord(for fragment: String, variant: Rules.Variant) -> String? {
        switch variant {
        case .ghost: words.someWord(startingWith: fragment)
        case .superghost: superghost?.index.someWord(containing: fragment)
        }
    }

    private func superghostSolver() throws(GhostError) -> SuperghostSolver {
        // A Superghost game is always given a lexicon with its solver; without one, no position is playable.
        guard let superghost else { throw .notAnInfix("") }
        return superghost
    }
}
