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
    /// A class, so that handing one to a request is a single retain: the library is a struct of
    /// a dozen indexes, and copying it out of the lock retained and released each of them.
    private final class Snapshot: Sendable {
        let library: MonologueLibrary
        let json: MonologueJSON
        let revision: Int
        let checkedAt: ContinuousClock.Instant

        init(library: MonologueLibrary, json: MonologueJSON, revision: Int, checkedAt: ContinuousClock.Instant) {
            self.library = library
            self.json = json
            self.revision = revision
            self.checkedAt = checkedAt
        }

        func checked(at instant: ContinuousClock.Instant) -> Snapshot {
            Snapshot(library: library, json: json, revision: revision, checkedAt: instant)
        }
    }

    private let store: any LibraryStore
    private let recheck: Duration
    private let snapshot = Mutex<Snapshot?>(nil)

    init(store: any LibraryStore, recheckSeconds: Double) {
        self.store = store
        recheck = .milliseconds(Int64(recheckSeconds * 1000))
    }

    /// The current library; throws `MonologueError.emptyLibrary` before the first import.
    func current() async throws -> MonologueLibrary {
        try await currentSnapshot().library
    }

    /// The current library and its revision, for what is cached per revision.
    func currentWithRevision() async throws -> (library: MonologueLibrary, revision: Int) {
        let snapshot = try await currentSnapshot()
        return (snapshot.library, snapshot.revision)
    }

    /// The revision of the library held in memory, loading it if needed; throws as `current`.
    func revision() async throws -> Int {
        try await currentSnapshot().revision
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
        let revision = try await store.libraryRevision()
        if let cached, cached.revision == revision {
            let rechecked = cached.checked(at: now)
            // Only over the snapshot this check was about: a newer one may have landed meanwhile.
            snapshot.withLock { if $0 === cached { $0 = rechecked } }
            return rechecked
        }
        let fresh = try await store.currentLibrary()
        let built = Snapshot(library: fresh.library, json: try MonologueJSON(fresh.library), revision: fresh.revision, checkedAt: now)
        snapshot.withLock { $0 = built }
        return built
    }
}
