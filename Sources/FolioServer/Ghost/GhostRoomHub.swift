import Foundation
import Synchronization

/// Wakes the watchers of a Ghost game when it changes through this server. Each watcher also
/// looks at the database on a timer, so a move made through another instance over the same
/// database reaches it too, only a little later.
final class GhostRoomHub: Sendable {
    private let watchers = Mutex<[String: [UUID: AsyncStream<Void>.Continuation]]>([:])
    let recheck: Duration

    init(recheckSeconds: Double) {
        recheck = .milliseconds(Int64(max(0.05, recheckSeconds) * 1000))
    }

    /// A stream that yields whenever the game may have changed; finish it with `stopWatching`.
    func watch(_ id: String) -> (token: UUID, changes: AsyncStream<Void>) {
        let token = UUID()
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        watchers.withLock { $0[id, default: [:]][token] = continuation }
        return (token, stream)
    }

    func stopWatching(_ id: String, token: UUID) {
        let continuation = watchers.withLock { all -> AsyncStream<Void>.Continuation? in
            let removed = all[id]?.removeValue(forKey: token)
            if all[id]?.isEmpty == true { all[id] = nil }
            return removed
        }
        continuation?.finish()
    }

    func changed(_ id: String) {
        for continuation in watchers.withLock({ Array(($0[id] ?? [:]).values) }) {
            continuation.yield()
        }
    }

    /// Yields on `continuation` every `recheck` until cancelled.
    func tick(_ id: String, token: UUID) async {
        while !Task.isCancelled {
            try? await Task.sleep(for: recheck)
            guard let continuation = watchers.withLock({ $0[id]?[token] }) else { return }
            continuation.yield()
        }
    }

    var watcherCount: Int { watchers.withLock { $0.values.reduce(0) { $0 + $1.count } } }
}
