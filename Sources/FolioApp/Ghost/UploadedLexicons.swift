import Foundation
import Ghost
import Synchronization

/// The uploaded word lists games are being played on, read from the store and indexed when a
/// game on one needs them, and kept for the moves that follow.
///
/// What is kept is bounded in bytes, not in entries: a list may hold 150,000 words and its
/// Superghost index nearly 3 million infixes (about 130 MB), while a short list costs next to
/// nothing, so eight entries could be a megabyte or a gigabyte. Each list is costed before it
/// is built (`cost(of:variant:)`), room is made by dropping the least recently used lists, and
/// a build that cannot fit is refused with `GhostError.wordListsBusy` rather than growing past
/// the budget. A list used in the last few seconds is never dropped to make room, so a request
/// that loaded one a moment ago still finds it: an eviction mid-request used to answer 404
/// `word_list_not_found` to everyone. Builds run on the `WorkRunner` given (the server's: off
/// the cooperative pool, a few at once, a bounded queue, then 503), and two requests for the
/// same list share one build.
///
/// A list's Superghost index, the costly part, is one per list whatever the minimum length:
/// built at the shortest and viewed at the others (`InfixIndex.atMinimumLength`), so a list in
/// games at 3, 4 and 5 letters is indexed once, and only each length's word trie and solver
/// are kept per length. The index is kept while a lexicon of its list is kept or being built.
public final class UploadedLexicons: Sendable {
    struct Key: Hashable {
        let list: Int64
        let minimumLength: Int
        let variant: Rules.Variant
    }

    struct Entry {
        let lexicon: Lexicon
        let name: String
        let bytes: Int
        var used: ContinuousClock.Instant
    }

    struct SharedIndex {
        let index: InfixIndex
        let bytes: Int
    }

    /// What one build makes: the list's index when it had none yet, and the lexicon.
    struct Built: Sendable {
        let index: InfixIndex?
        let lexicon: Result<Lexicon, any Error>
    }

    private struct State {
        var lists: [Key: Entry] = [:]
        var indexes: [Int64: SharedIndex] = [:]
        var building: [Key: Task<Lexicon, any Error>] = [:]
        /// Index builds under way, for the builds of the same list at other lengths to wait on.
        var indexing: [Int64: Task<InfixIndex, any Error>] = [:]
        /// Bytes promised to builds under way.
        var reserved = 0
        var bytes: Int { lists.values.reduce(0) { $0 + $1.bytes } + indexes.values.reduce(0) { $0 + $1.bytes } + reserved }

        /// Drops the indexes no kept lexicon or build uses: their memory is free only then.
        mutating func dropUnusedIndexes(sparing: Int64? = nil) {
            for list in indexes.keys where list != sparing
                && !lists.keys.contains(where: { $0.list == list && $0.variant == .superghost })
                && !building.keys.contains(where: { $0.list == list && $0.variant == .superghost }) {
                indexes[list] = nil
            }
        }
    }

    /// 512 MB: four of the largest Superghost lists, or hundreds of ordinary ones.
    public static let standardByteBudget = 512 * 1_048_576
    /// How long a list just used is kept whatever else needs room: longer than a request takes
    /// between loading a list and refereeing on it.
    public static let standardPin = Duration.seconds(10)

    public let byteBudget: Int
    let pinned: Duration
    private let state = Mutex(State())

    public init(byteBudget: Int = UploadedLexicons.standardByteBudget, pinned: Duration = UploadedLexicons.standardPin) {
        self.byteBudget = byteBudget
        self.pinned = pinned
    }

    /// What a list's first lexicon is expected to take in memory: about 24 bytes a letter for
    /// the word trie and, for Superghost, 45 bytes an infix (measured: 3 million infixes, 130 MB),
    /// of which the solver's 5 are per length and the rest the shared index.
    public static func cost(of text: String, variant: Rules.Variant) -> Int {
        let infixes = variant == .superghost ? WordListUpload.infixBound(of: text) : 0
        return lexiconCost(bytes: text.utf8.count, infixes: infixes) + indexCost(infixes: infixes)
    }

    /// A length's own part: its word trie and, for Superghost, its solver's two arrays.
    static func lexiconCost(bytes: Int, infixes: Int) -> Int { bytes * 24 + infixes * 5 }
    /// The list's index, shared by its lengths.
    static func indexCost(infixes: Int) -> Int { infixes * 40 }

    /// The list a match plays on, if it is loaded.
    func lexicon(for match: Match) -> Lexicon? {
        guard let list = match.wordList else { return nil }
        let key = Key(list: list, minimumLength: match.minimumLength, variant: match.rules.variant)
        return state.withLock { state in
            state.lists[key]?.used = .now
            return state.lists[key]?.lexicon
        }
    }

    /// The list's name, if loaded for any game.
    func name(of list: Int64) -> String? {
        state.withLock { state in state.lists.first { $0.key.list == list }?.value.name }
    }

    /// Bytes kept and promised now (for tests and diagnostics).
    public var bytesInUse: Int { state.withLock { $0.bytes } }

    /// Superghost indexes kept now (for tests and diagnostics).
    public var indexCount: Int { state.withLock { $0.indexes.count } }

    /// The list's lexicon for games like `match`: kept, being built, or built now on `runner`.
    func load(_ list: StoredWordList, for match: Match, runner: some WorkRunner) async throws -> Lexicon {
        let key = Key(list: list.id, minimumLength: match.minimumLength, variant: match.rules.variant)
        if let kept = lexicon(for: match) { return kept }
        let words = list.words ?? ""
        let superghost = match.rules.variant == .superghost
        // The bound read once (a pass over up to 1 MB of words) for both the limit and the cost.
        let infixes = superghost ? WordListUpload.infixBound(of: words) : 0
        if infixes > WordListUpload.maximumSuperghostInfixes {
            throw GhostError.wordListTooLargeForSuperghost(limit: WordListUpload.maximumSuperghostInfixes)
        }
        let lexiconCost = Self.lexiconCost(bytes: words.utf8.count, infixes: infixes)
        let indexCost = Self.indexCost(infixes: infixes)
        let minimumLength = match.minimumLength
        // Joining a build under way, or starting one: with the list's index when kept, after
        // the build that makes it when one is under way, or making it first.
        let plan = try state.withLock { state throws -> (build: Task<Built, any Error>?, joined: Task<Lexicon, any Error>, makesIndex: Bool) in
            if let building = state.building[key] { return (nil, building, false) }
            let kept = superghost ? state.indexes[list.id]?.index : nil
            let awaited = superghost && kept == nil ? state.indexing[list.id] : nil
            let makesIndex = superghost && kept == nil && awaited == nil
            let cost = lexiconCost + (makesIndex ? indexCost : 0)
            try makeRoom(for: cost, sparing: kept == nil ? nil : list.id, in: &state)
            state.reserved += cost
            let build = Task { () async throws -> Built in
                var shared = kept
                if shared == nil, let awaited { shared = try await awaited.value }
                let index = shared
                return try await runner.run { _ in
                    let made = makesIndex ? InfixIndex(words: try WordList(text: words, minimumLength: WordList.allowedMinimumLengths.lowerBound)) : nil
                    let lexicon = Result<Lexicon, any Error> { () throws -> Lexicon in
                        let words = try WordList(text: words, minimumLength: minimumLength)
                        guard words.wordCount > 0 else { throw GhostError.emptyDictionary }
                        let superghost = (made ?? index).map { SuperghostSolver(index: $0.atMinimumLength(of: words)) }
                        return Lexicon(solver: Solver(words: words), superghost: superghost)
                    }
                    return Built(index: made, lexicon: lexicon)
                }
            }
            let lexicon = Task { try await build.value.lexicon.get() }
            state.building[key] = lexicon
            if makesIndex {
                state.indexing[list.id] = Task {
                    // Always made when `makesIndex`; a failed build throws its own error instead.
                    guard let index = try await build.value.index else { throw GhostError.emptyDictionary }
                    return index
                }
            }
            return (build, lexicon, makesIndex)
        }
        guard let build = plan.build else { return try await plan.joined.value }
        let outcome = await build.result
        state.withLock { state in
            state.reserved -= lexiconCost
            // Only this build's entry: after a failure a newer one may stand there already.
            if state.building[key] == plan.joined { state.building[key] = nil }
            if plan.makesIndex {
                state.reserved -= indexCost
                state.indexing[list.id] = nil
                if let index = try? outcome.get().index { state.indexes[list.id] = SharedIndex(index: index, bytes: indexCost) }
            }
            if let lexicon = try? outcome.get().lexicon.get() {
                state.lists[key] = Entry(lexicon: lexicon, name: list.name, bytes: lexiconCost, used: .now)
            }
            state.dropUnusedIndexes()
        }
        return try outcome.get().lexicon.get()
    }

    /// Drops the least recently used lists not used in the last `pinned` until `cost` more
    /// bytes fit, or throws `wordListsBusy` when they cannot. The index of `sparing`, which the
    /// caller is about to build on, stays even when its last lexicon goes.
    private func makeRoom(for cost: Int, sparing: Int64?, in state: inout State) throws {
        guard cost <= byteBudget else { throw GhostError.wordListsBusy }
        let now = ContinuousClock.now
        state.dropUnusedIndexes(sparing: sparing)
        while state.bytes + cost > byteBudget {
            guard let oldest = state.lists.filter({ now - $0.value.used > pinned }).min(by: { $0.value.used < $1.value.used })?.key else {
                throw GhostError.wordListsBusy
            }
            state.lists[oldest] = nil
            state.dropUnusedIndexes(sparing: sparing)
        }
    }
}
