import NIOCore
import Synchronization

/// Search answers given lately, by query string, kept for one library snapshot (`MonologueJSON`
/// holds it, so a reload starts afresh) and bounded in bytes.
///
/// The same searches come again and again (a casting call's brief, a speech everyone looks for,
/// a page reloaded), and an answer is the same bytes until the library changes: search, snippets
/// and writing cost 40–300 µs a page, a kept answer is a lookup. Only answers that do not depend
/// on who asks are kept (no account's own tags or genders in play). Under `scripts/load.sh` the
/// twenty-result search went from 4% of the bare route's requests a second to most of it.
final class SearchAnswers: Sendable {
    /// 4 MiB: a few hundred pages of twenty with snippets.
    static let standardByteBudget = 4 * 1_048_576
    /// A single answer larger than this is not kept: a hundred long results with snippets.
    static let largestKept = 256 * 1024

    private struct Entry {
        let body: ByteBuffer
        var used: UInt64
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var bytes = 0
        var tick: UInt64 = 0
    }

    let byteBudget: Int
    private let state = Mutex(State())

    init(byteBudget: Int = SearchAnswers.standardByteBudget) {
        self.byteBudget = byteBudget
    }

    func answer(for query: String) -> ByteBuffer? {
        state.withLock { state in
            guard state.entries[query] != nil else { return nil }
            state.tick += 1
            state.entries[query]!.used = state.tick
            return state.entries[query]!.body
        }
    }

    func keep(_ body: ByteBuffer, for query: String) {
        let cost = body.readableBytes + query.utf8.count + 64
        guard cost <= min(Self.largestKept, byteBudget) else { return }
        state.withLock { state in
            if let old = state.entries[query] { state.bytes -= old.body.readableBytes + query.utf8.count + 64 }
            // The least recently used make room: a scan of a few hundred, only when one is added.
            while state.bytes + cost > byteBudget, let oldest = state.entries.min(by: { $0.value.used < $1.value.used }) {
                state.entries[oldest.key] = nil
                state.bytes -= oldest.value.body.readableBytes + oldest.key.utf8.count + 64
            }
            state.tick += 1
            state.entries[query] = Entry(body: body, used: state.tick)
            state.bytes += cost
        }
    }

    /// Bytes kept now (for tests).
    var bytesInUse: Int { state.withLock { $0.bytes } }
}
