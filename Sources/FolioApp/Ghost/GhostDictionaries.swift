import Foundation
import Ghost
import Synchronization

/// The word lists and solvers of Ghost games, loaded on first use and kept: an English list
/// loads and solves in milliseconds, and every game on the same list and minimum shares one.
/// The Superghost index of a list is built the first time a Superghost game uses it (about a
/// second for English) and kept beside it: one index a list, built at the shortest minimum
/// length and viewed at the others, each with its own solver.
///
/// Requests get a list through `prepared`, which reads and indexes it on `builds` (the
/// server's runs off the cooperative pool, a few at once): the first Superghost games on the
/// nine built-in lists, started together, used to build under a lock on the pool's two threads
/// and held every other request back 1.8 s. Two requests for the same list share one build.
public final class GhostDictionaries: Sendable {
    private struct Key: Hashable {
        let dictionary: GhostDictionary
        let minimumLength: Int
    }

    private struct Build: Hashable {
        let key: Key
        let variant: Rules.Variant
    }

    private let paths: [GhostDictionary: String]
    private let solvers = Mutex<[Key: Solver]>([:])
    private let superghosts = Mutex<[Key: SuperghostSolver]>([:])
    /// Built under `building`, which is the only writer.
    private let indexes = Mutex<[GhostDictionary: InfixIndex]>([:])
    /// One build of an infix index at a time: two games asking at once wait for the first build
    /// rather than both spending the memory and the second.
    private let building = Mutex<Void>(())
    private let preparing = Mutex<[Build: Task<Lexicon, any Error>]>([:])
    /// Uploaded lists that games are being played on.
    public let uploaded: UploadedLexicons
    /// Where lists are read and indexes built for requests.
    public let builds: any WorkRunner

    public init(paths: [GhostDictionary: String], builds: any WorkRunner = InPlaceWork(),
                uploadedByteBudget: Int = UploadedLexicons.standardByteBudget, uploadedPin: Duration = UploadedLexicons.standardPin) {
        self.paths = paths
        self.builds = builds
        uploaded = UploadedLexicons(byteBudget: uploadedByteBudget, pinned: uploadedPin)
    }

    public func solver(_ dictionary: GhostDictionary, minimumLength: Int) throws(GhostError) -> Solver {
        let key = Key(dictionary: dictionary, minimumLength: minimumLength)
        if let solver = solvers.withLock({ $0[key] }) { return solver }
        let solver = try Solver.load(dictionary, path: paths[dictionary], minimumLength: minimumLength)
        solvers.withLock { $0[key] = solver }
        return solver
    }

    /// The list with what `variant` needs: for Superghost, its infix index and solver. Reads
    /// and builds where it is called: the terminal's way (requests use `prepared`).
    public func lexicon(_ dictionary: GhostDictionary, minimumLength: Int, variant: Rules.Variant) throws(GhostError) -> Lexicon {
        let solver = try solver(dictionary, minimumLength: minimumLength)
        guard variant == .superghost else { return Lexicon(solver: solver) }
        let key = Key(dictionary: dictionary, minimumLength: minimumLength)
        if let superghost = superghosts.withLock({ $0[key] }) { return Lexicon(solver: solver, superghost: superghost) }
        let superghost = try building.withLock { _ throws(GhostError) in
            if let built = superghosts.withLock({ $0[key] }) { return built }
            let index: InfixIndex
            if minimumLength < WordList.allowedMinimumLengths.lowerBound {
                // Shorter than any game plays (the terminal may ask): an index of its own.
                index = InfixIndex(words: solver.words)
            } else if let kept = indexes.withLock({ $0[dictionary] }) {
                index = kept
            } else {
                let shortest = try self.solver(dictionary, minimumLength: WordList.allowedMinimumLengths.lowerBound)
                index = InfixIndex(words: shortest.words)
                indexes.withLock { $0[dictionary] = index }
            }
            let built = SuperghostSolver(index: index.atMinimumLength(of: solver.words))
            superghosts.withLock { $0[key] = built }
            return built
        }
        return Lexicon(solver: solver, superghost: superghost)
    }

    /// The built-in list, read and indexed on `builds` if it is not ready yet.
    public func prepared(_ dictionary: GhostDictionary, minimumLength: Int, variant: Rules.Variant) async throws -> Lexicon {
        if let ready = readyLexicon(dictionary, minimumLength: minimumLength, variant: variant) { return ready }
        let build = Build(key: Key(dictionary: dictionary, minimumLength: minimumLength), variant: variant)
        let task = preparing.withLock { preparing in
            if let under = preparing[build] { return under }
            let task = Task { [builds] in
                try await builds.run { _ in try self.lexicon(dictionary, minimumLength: minimumLength, variant: variant) }
            }
            preparing[build] = task
            return task
        }
        // Only this build's entry: after a failed build a newer one may stand there already.
        defer { preparing.withLock { if $0[build] == task { $0[build] = nil } } }
        return try await task.value
    }

    /// The match's lexicon if nothing needs reading or building for it: what refereeing inside a
    /// write asks for, so that no list is read and no index built while the writer is held.
    public func readyLexicon(for match: Match) -> Lexicon? {
        if match.wordList != nil { return uploaded.lexicon(for: match) }
        return readyLexicon(match.dictionary, minimumLength: match.minimumLength, variant: match.rules.variant)
    }

    private func readyLexicon(_ dictionary: GhostDictionary, minimumLength: Int, variant: Rules.Variant) -> Lexicon? {
        let key = Key(dictionary: dictionary, minimumLength: minimumLength)
        guard let solver = solvers.withLock({ $0[key] }) else { return nil }
        guard variant == .superghost else { return Lexicon(solver: solver) }
        return superghosts.withLock { $0[key] }.map { Lexicon(solver: solver, superghost: $0) }
    }
}
