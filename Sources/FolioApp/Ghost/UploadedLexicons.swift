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

    private struct State {
        var lists: [Key: Entry] = [:]
        var building: [Key: Task<Lexicon, any Error>] = [:]
        /// Bytes promised to builds under way.
        var reserved = 0
        var bytes: Int { lists.values.reduce(0) { $0 + $1.bytes } + reserved }
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

    /// What a list's lexicon is expected to take in memory: about 24 bytes a letter for the
    /// word trie and, for Superghost, 45 bytes an infix (measured: 3 million infixes, 130 MB).
    public static func cost(of text: String, variant: Rules.Variant) -> Int {
        cost(bytes: text.utf8.count, infixes: variant == .superghost ? WordListUpload.infixBound(of: text) : 0)
    }

    static func cost(bytes: Int, infixes: Int) -> Int { bytes * 24 + infixes * 45 }

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

    /// The list's lexicon for games like `match`: kept, being built, or built now on `runner`.
    func load(_ list: StoredWordList, for match: Match, runner: some WorkRunner) async throws -> Lexicon {
        let key = Key(list: list.id, minimumLength: match.minimumLength, variant: match.rules.variant)
        if let kept = lexicon(for: match) { return kept }
        let words = list.words ?? ""
        // The bound read once (a pass over up to 1 MB of words) for both the limit and the cost.
        let infixes = match.rules.variant == .superghost ? WordListUpload.infixBound(of: words) : 0
        if infixes > WordListUpload.maximumSuperghostInfixes {
            throw GhostError.wordListTooLargeForSuperghost(limit: WordListUpload.maximumSuperghostInfixes)
        }
        let cost = Self.cost(bytes: words.utf8.count, infixes: infixes)
        let build = try state.withLock { state throws -> (task: Task<Lexicon, any Error>, owner: Bool) in
            if let building = state.building[key] { return (building, false) }
            try makeRoom(for: cost, in: &state)
            state.reserved += cost
            let minimumLength = match.minimumLength, variant = match.rules.variant
            let task = Task {
                try await runner.run { _ in
                    let words = try WordList(text: words, minimumLength: minimumLength)
                    guard words.wordCount > 0 else { throw GhostError.emptyDictionary }
                    return Lexicon(words: words, variant: variant)
                }
            }
            state.building[key] = task
            return (task, true)
        }
        guard build.owner else { return try await build.task.value }
        do {
            let lexicon = try await build.task.value
            state.withLock { state in
                state.reserved -= cost
                state.building[key] = nil
                state.lists[key] = Entry(lexicon: lexicon, name: list.name, bytes: cost, used: .now)
            }
            return lexicon
        } catch {
            state.withLock { state in
                state.reserved -= cost
                state.building[key] = nil
            }
            throw error
        }
    }

    /// Drops the least recently used lists not used in the last `pinned` until `cost` more
    /// bytes fit, or throws `wordListsBusy` when they cannot.
    private func makeRoom(for cost: Int, in state: inout State) throws {
        guard cost <= byteBudget else { throw GhostError.wordListsBusy }
        let now = ContinuousClock.now
        while state.bytes + cost > byteBudget {
            guard let oldest = state.lists.filter({ now - $0.value.used > pinned }).min(by: { $0.value.used < $1.value.used })?.key else {
                throw GhostError.wordListsBusy
            }
            state.lists[oldest] = nil
        }
    }
}
