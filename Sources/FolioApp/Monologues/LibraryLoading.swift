import Foundation
import Monologues

extension LibraryStore {
    /// The library as stored now, indexed for search, with its revision; `emptyLibrary` (which
    /// names the command that fills it) before the first import. The server caches it by revision;
    /// the command line reads it once per command.
    public func currentLibrary() async throws -> (library: MonologueLibrary, revision: Int) {
        let snapshot = try await librarySnapshot()
        guard !snapshot.monologues.isEmpty else { throw MonologueError.emptyLibrary }
        return (MonologueLibrary(snapshot.monologues), snapshot.revision)
    }
}
