import Foundation
import Ghost
import Synchronization

/// The word lists and solvers of Ghost games, loaded on first use and kept: an English list
/// loads and solves in milliseconds, and every game on the same list and minimum shares one.
/// The Superghost index of a list is built the first time a Superghost game uses it (about a
/// second for English) and kept beside it.
public final class GhostDictionaries: Sendable {
    private struct Key: Hashable {
        let dictionary: GhostDictionary
        let minimumLength: Int
    }

    private let paths: [GhostDictionary: String]
    private let solvers = Mutex<[Key: Solver]>([:])
    private let superghosts = Mutex<[Key: SuperghostSolver]>([:])
    /// One build of an infix index at a time: two games asking at once wait for the first build
    /// rather than both spending the memory and the second.
    private let building = Mutex<Void>(())
    /// Uploaded lists that games are being played on.
    public let uploaded = UploadedLexicons()

    public init(paths: [GhostDictionary: String]) {
        self.paths = paths
    }

    public func solver(_ dictionary: GhostDictionary, minimumLength: Int) throws(GhostError) -> Solver {
        let key = Key(dictionary: dictionary, minimumLength: minimumLength)
        if let solver = solvers.withLock({ $0[key] }) { return solver }
        let solver = try Solver.load(dictionary, path: paths[dictionary], minimumLength: minimumLength)
        solvers.withLock { $0[key] = solver }
        return solver
    }

    /// The list with what `variant` needs: for Superghost, its infix index and solver.
    public func lexicon(_ dictionary: GhostDictionary, minimumLength: Int, variant: Rules.Variant) throws(GhostError) -> Lexicon {
        let solver = try solver(dictionary, minimumLength: minimumLength)
        guard variant == .superghost else { return Lexicon(solver: solver) }
        let key = Key(dictionary: dictionary, minimumLength: minimumLength)
        if let superghost = superghosts.withLock({ $0[key] }) { return Lexicon(solver: solver, superghost: superghost) }
        let superghost = building.withLock { _ in
            if let built = superghosts.withLock({ $0[key] }) { return built }
            let built = SuperghostSolver(words: solver.words)
            superghosts.withLock { $0[key] = built }
            return built
        }
        return Lexicon(solver: solver, superghost: superghost)
    }

    /// The match's lexicon if nothing needs reading or building for it: what refereeing inside a
    /// write asks for, so that no list is read and no index built while the writer is held.
    public func readyLexicon(for match: Match) -> Lexicon? {
        if match.wordList != nil { return uploaded.lexicon(for: match) }
        let key = Key(dictionary: match.dictionary, minimumLength: match.minimumLength)
        guard let solver = solvers.withLock({ $0[key] }) else { return nil }
        guard match.rules.variant == .superghost else { return Lexicon(solver: solver) }
        return superghosts.withLock { $0[key] }.map { Lexicon(solver: solver, superghost: $0) }
    }

    /// The list a match plays on: a named dictionary, or an uploaded list, which the referee
    /// loads before it referees (`GhostReferee.loadWordList`).
    public func lexicon(for match: Match) throws -> Lexicon {
        if let list = match.wordList {
            guard let lexicon = uploaded.lexicon(for: match) else { throw GhostError.wordListNotFound(list) }
            return lexicon
        }
        return try lexicon(match.dictionary, minimumLength: match.minimumLength, variant: match.rules.variant)
    }
}
