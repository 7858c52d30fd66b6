import FolioApp
import FolioCore
import FolioStore
import Foundation
import Testing

/// Every store interface at once, as an engine provides them.
typealias Stores = AccountStore & LibraryStore & FavouriteStore & VocabularyStore & PlotStore & CharacterStore & GhostStore

/// A storage engine the conformance suite runs against. The suite reaches an engine only through
/// the store protocols, so another engine joins by adding one line to `all`.
struct StoreEngine: Sendable, CustomTestStringConvertible {
    let name: String
    let make: @Sendable () async throws -> any Stores

    var testDescription: String { name }

    static let all: [StoreEngine] = [
        StoreEngine(name: "SQLite in memory") { try AppDatabase.inMemory() },
        // The file engine uses a pool of readers beside the writer (WAL), as `folio serve` does.
        StoreEngine(name: "SQLite file") {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-conformance-\(UUID().uuidString)")
            return try AppDatabase.open(in: DataDirectory(path: folder.path))
        },
    ]
}

/// Two accounts, the usual cast of an isolation test.
struct Cast {
    let stores: any Stores
    let ann: Account
    let bob: Account

    init(_ engine: StoreEngine) async throws {
        stores = try await engine.make()
        ann = try await stores.createAccount(username: "ann", passwordHash: "hash-a", now: Date())
        bob = try await stores.createAccount(username: "bob", passwordHash: "hash-b", now: Date())
    }
}

let conformanceNow = Date(timeIntervalSince1970: 1_800_000_000)
