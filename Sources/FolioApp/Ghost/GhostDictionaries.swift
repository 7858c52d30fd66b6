import Foundation
import Ghost
import Synchronization

/// The word lists and solvers of Ghost games, loaded on first use and kept: an English list
/// loads and solves in milliseconds, and every game on the same list and minimum shares one.
public final class GhostDictionaries: Sendable {
    private struct Key: Hashable {
        let dictionary: GhostDictionary
        let minimumLength: Int
    }

    private let paths: [GhostDictionary: String]
    private let solvers = Mutex<[Key: Solver]>([:])

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

    public func solver(for match: Match) throws(GhostError) -> Solver {
        try solver(match.dictionary, minimumLength: match.minimumLength)
    }
}
