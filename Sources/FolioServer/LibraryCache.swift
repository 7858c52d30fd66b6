import FolioStore
import Foundation
import Monologues
import Synchronization

/// The in-memory monologue index, rebuilt from the database whenever its revision moves.
///
/// The database is the only copy of the library; this is a cache of it. Each server instance
/// checks the revision at most every `recheckSeconds`, so a re-import or a sync shows up without
/// a restart and a second instance over the same database stays in step.
final class LibraryCache: Sendable {
    private struct Snapshot {
        var library: MonologueLibrary
        var json: MonologueJSON
        var revision: Int
        var checkedAt: ContinuousClock.Instant
    }

    private let repository: MonologueRepository
    private let recheck: Duration
    private let snapshot = Mutex<Snapshot?>(nil)

    init(repository: MonologueRepository, recheckSeconds: Double) {
        self.repository = repository
        recheck = .milliseconds(Int64(recheckSeconds * 1000))
    }

    /// The current library; throws `MonologueError.emptyLibrary` before the first import.
    func current() async throws -> MonologueLibrary {
        try await currentSnapshot().library
    }

    /// The current library with its monologues' JSON, for the API.
    func currentWithJSON() async throws -> (library: MonologueLibrary, json: MonologueJSON) {
        let snapshot = try await currentSnapshot()
        return (snapshot.library, snapshot.json)
    }

    private func currentSnapshot() async throws -> Snapshot {
        let now = ContinuousClock.now
        let cached = snapshot.withLock { $0 }
        if let cached, now - cached.checkedAt < recheck {
            return cached
        }
        let revision = try await repository.revision()
        if let cached, cached.revision == revision {
            snapshot.withLock { $0?.checkedAt = now }
            return cached
        }
        let fresh = try await repository.snapshot()
        guard !fresh.monologues.isEmpty else { throw MonologueError.emptyLibrary }
        let library = MonologueLibrary(fresh.monologues)
        let built = Snapshot(library: library, json: try MonologueJSON(library), revision: fresh.revision, checkedAt: now)
        snapshot.withLock { $0 = built }
        return built
    }
}
