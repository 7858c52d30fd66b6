import FolioApp
import Foundation
import Synchronization

/// Wakes the watchers of a Ghost game (its open sockets) when the game changes, so a socket
/// sleeps until there is something to send: an idle room costs no query at all.
///
/// A move through this instance wakes the game's watchers at once (`changed`). A move through
/// another instance over the same database is heard of in one of two ways. Over PostgreSQL the
/// database announces every change as it commits (`signals`, from `LISTEN`), and the hub wakes
/// the rooms it names: no polling at all. Over SQLite one task per process, not one per
/// socket, reads the versions of every watched game in one query every `recheck` while anyone
/// watches, and wakes only the rooms whose version moved on; with nobody watching, the task
/// ends and the next watcher starts it again.
final class GhostRoomHub: GhostWatchers {
    /// The current versions of the games among the ids given (a game that no longer exists is
    /// left out): one query for all of them.
    typealias Versions = @Sendable ([MatchID]) async throws -> [MatchID: Int]

    private struct Room {
        var watchers: [UUID: AsyncStream<Played?>.Continuation] = [:]
        /// The oldest version a watcher is known to have been shown; nil until one reports.
        var version: Int?
    }

    private struct State {
        var rooms: [MatchID: Room] = [:]
        var polling = false
    }

    private let state = Mutex(State())
    private let versions: Versions?
    /// Polling is how changes elsewhere are found only when the database sends no signals.
    private let polls: Bool
    private let listener = Mutex<Task<Void, Never>?>(nil)
    let recheck: Duration

    /// `versions` nil: no other instance uses the database (an in-memory one), so only this
    /// instance's own moves can change a game and nothing needs to be looked for. `signals`:
    /// the database's announcements of changes, which replace polling.
    init(recheckSeconds: Double, versions: Versions? = nil, signals: AsyncStream<GhostSignal>? = nil) {
        recheck = .milliseconds(Int64(max(0.05, recheckSeconds) * 1000))
        self.versions = versions
        polls = versions != nil && signals == nil
        if let signals {
            listener.withLock { task in
                task = Task { [weak self] in
                    for await signal in signals {
                        guard let self else { return }
                        await self.hear(signal)
                    }
                }
            }
        }
    }

    deinit {
        listener.withLock { $0?.cancel() }
    }

    /// A change announced by the database: the rooms it names wake if they have not seen that
    /// version yet; after a gap in listening, every watched room's version is read once.
    func hear(_ signal: GhostSignal) async {
        switch signal {
        case .changed(let id, let version):
            let woken = state.withLock { state -> [AsyncStream<Played?>.Continuation] in
                guard var room = state.rooms[id], (room.version ?? -1) < version else { return [] }
                room.version = version
                state.rooms[id] = room
                return Array(room.watchers.values)
            }
            for continuation in woken { continuation.yield(nil) }
        case .resync:
            let known = state.withLock { $0.rooms.compactMapValues(\.version) }
            await wakeMoved(known)
        }
    }

    /// A stream that yields whenever the game may have changed: the new state when a move here
    /// made it, nil when the watcher must read it (a change found in the database). Finish it
    /// with `stopWatching`; tell the hub which version the watcher was shown with `seen`.
    func watch(_ id: MatchID) -> (token: UUID, changes: AsyncStream<Played?>) {
        let token = UUID()
        let (stream, continuation) = AsyncStream<Played?>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let startPolling = state.withLock { state in
            state.rooms[id, default: Room()].watchers[token] = continuation
            guard polls, !state.polling else { return false }
            state.polling = true
            return true
        }
        if startPolling {
            Task { [self] in await poll() }
        }
        return (token, stream)
    }

    func stopWatching(_ id: MatchID, token: UUID) {
        let continuation = state.withLock { state -> AsyncStream<Played?>.Continuation? in
            let removed = state.rooms[id]?.watchers.removeValue(forKey: token)
            if state.rooms[id]?.watchers.isEmpty == true { state.rooms[id] = nil }
            return removed
        }
        continuation?.finish()
    }

    /// A watcher of `id` has been shown `version`. The room remembers the oldest such version,
    /// so a change made elsewhere is noticed even by the watcher that saw the least.
    func seen(_ id: MatchID, version: Int) {
        state.withLock { state in
            guard state.rooms[id] != nil else { return }
            state.rooms[id]!.version = min(state.rooms[id]!.version ?? version, version)
        }
    }

    /// The game changed through this instance (to `version`, when known): every watcher is
    /// handed `state` (the move's, when there is one) or else reads the latest state now, so the
    /// room is at least that far along.
    func changed(_ id: MatchID, version: Int? = nil, state pushed: Played? = nil) {
        let continuations = state.withLock { state -> [AsyncStream<Played?>.Continuation] in
            guard var room = state.rooms[id] else { return [] }
            if let version { room.version = max(room.version ?? version, version) }
            state.rooms[id] = room
            return Array(room.watchers.values)
        }
        for continuation in continuations { continuation.yield(pushed) }
    }

    /// Games with at least one watcher here.
    var roomCount: Int { state.withLock { $0.rooms.count } }

    var watcherCount: Int { state.withLock { $0.rooms.values.reduce(0) { $0 + $1.watchers.count } } }

    /// The one process-wide look at the database for changes made elsewhere. Runs while there
    /// are watchers; ends (and says so under the lock, so `watch` starts a new one) when the
    /// last leaves.
    private func poll() async {
        guard let versions else { return }
        while true {
            try? await Task.sleep(for: recheck)
            let known = state.withLock { state -> [MatchID: Int]? in
                if state.rooms.isEmpty {
                    state.polling = false
                    return nil
                }
                return state.rooms.compactMapValues(\.version)
            }
            guard let known else { return }
            await wakeMoved(known)
        }
    }

    /// Reads the versions of the rooms in `known` (room → version it was at) and wakes those
    /// that moved on meanwhile. A failed read (a busy or closing database) is left for the next
    /// tick or signal.
    private func wakeMoved(_ known: [MatchID: Int]) async {
        guard let versions, !known.isEmpty, let current = try? await versions(Array(known.keys)) else { return }
        let woken = state.withLock { state -> [AsyncStream<Played?>.Continuation] in
            var woken: [AsyncStream<Played?>.Continuation] = []
            for (id, version) in current where version != known[id] {
                // Only if nothing here moved the room on meanwhile.
                guard var room = state.rooms[id], room.version == known[id] else { continue }
                room.version = version
                state.rooms[id] = room
                woken += room.watchers.values
            }
            return woken
        }
        for continuation in woken { continuation.yield(nil) }
    }
}
