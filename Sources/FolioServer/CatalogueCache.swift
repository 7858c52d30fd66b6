import Characters
import FolioStore
import Foundation
import Synchronization

/// Where the Characters app's pages live on the web, and how a mirror replaces it.
public enum CharacterLinks {
    public static let wiki = "https://starwars.fandom.com/wiki/"

    /// The character's page under `base`: the catalogue's own link, moved to a mirror if one is set.
    static func page(_ character: Character, base: String) -> String {
        guard base != wiki, character.wiki.hasPrefix(wiki) else { return character.wiki }
        return base + character.wiki.dropFirst(wiki.count)
    }
}

/// The character catalogue in use: the one stored after a SWAPI import, else the bundled one.
/// Rechecked against the stored revision at most every `recheck`, like the monologue library.
final class CatalogueCache: Sendable {
    private struct Snapshot {
        var catalogue: Catalogue
        var revision: Int
        var checkedAt: ContinuousClock.Instant
    }

    private let store: any CharacterStore
    private let recheck: Duration
    private let snapshot = Mutex<Snapshot?>(nil)

    init(store: any CharacterStore, recheckSeconds: Double) {
        self.store = store
        recheck = .milliseconds(Int64(recheckSeconds * 1000))
    }

    func current() async throws -> Catalogue {
        let now = ContinuousClock.now
        if let cached = snapshot.withLock({ $0 }), now - cached.checkedAt < recheck { return cached.catalogue }
        let revision = try await store.catalogueRevision()
        if let cached = snapshot.withLock({ $0 }), cached.revision == revision {
            snapshot.withLock { $0?.checkedAt = now }
            return cached.catalogue
        }
        let catalogue = try await store.catalogueInUse()
        snapshot.withLock { $0 = Snapshot(catalogue: catalogue, revision: revision, checkedAt: now) }
        return catalogue
    }
}
