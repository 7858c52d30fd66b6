import FolioCore
import Foundation
import Monologues

/// Where the monologue library is kept: imports by revision, corrections, and the changes since
/// a revision that let a client (or a cache) catch up without reading everything.
public protocol LibraryStore: Sendable {
    /// Replaces the library with `monologues`: new ones added, changed ones updated, missing ones
    /// retired, all under one new revision.
    func importMonologues(_ monologues: [Monologue], source: String) async throws -> LibraryImportSummary
    /// Replaces one monologue's fields; returns the new revision.
    func correctMonologue(_ monologue: Monologue) async throws -> Int
    /// Applies another library's changes (a sync), keeping its revision numbers.
    func applyLibraryChanges(_ changes: LibraryChanges, source: String) async throws -> LibraryImportSummary
    /// How many times the library has changed; caches compare it to know when to reload.
    func libraryRevision() async throws -> Int
    func libraryOrigin() async throws -> (source: String?, revision: Int)
    /// Every monologue not retired, in the library's order, with the revision they belong to.
    func librarySnapshot() async throws -> (revision: Int, monologues: [Monologue])
    func libraryChanges(since revision: Int) async throws -> LibraryChanges
}

/// What an import changed.
public struct LibraryImportSummary: Sendable, Hashable, Codable {
    public var added: Int
    public var changed: Int
    public var retired: Int
    public var unchanged: Int
    /// The library's revision count after the import.
    public var revision: Int

    public init(added: Int, changed: Int, retired: Int, unchanged: Int, revision: Int) {
        self.added = added
        self.changed = changed
        self.retired = retired
        self.unchanged = unchanged
        self.revision = revision
    }
}

/// What changed in the library after a given revision.
public struct LibraryChanges: Sendable, Hashable, Codable {
    public var latestUpdateCount: Int
    public var monologues: [Monologue]
    public var retired: [String]

    public init(latestUpdateCount: Int, monologues: [Monologue], retired: [String]) {
        self.latestUpdateCount = latestUpdateCount
        self.monologues = monologues
        self.retired = retired
    }
}
