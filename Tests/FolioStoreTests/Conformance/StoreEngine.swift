import FolioApp
import FolioCore
import FolioStore
import FolioTestSupport
import Foundation
import Testing

/// Every store interface at once, as an engine provides them.
typealias Stores = FolioStores

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
    ] + (TestPostgres.url == nil ? [] : [
        // Each test gets a schema of its own in the test command's throwaway cluster.
        StoreEngine(name: "PostgreSQL") { try await TestPostgres.freshDatabase() },
    ])
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

extension TestPostgres {
    static func freshDatabase() async throws -> any FolioDatabase {
        guard let url = freshURL() else { throw StoreError.cannotOpen(path: "FOLIO_TEST_POSTGRES_URL", reason: "not set") }
        return try await FolioDatabases.open(try DatabaseLocation(url: url))
    }
}

@Suite struct PostgresInTheTestCommand {
    /// The test command starts a cluster; under CI, a run without one would skip the engine
    /// silently, so it fails instead.
    @Test func theConformanceSuiteRunsOnPostgreSQLUnderCI() {
        if ProcessInfo.processInfo.environment["CI"] == "true" {
            #expect(TestPostgres.url != nil, "FOLIO_TEST_POSTGRES_URL is not set: scripts/test.sh starts PostgreSQL and sets it")
        }
        #expect(StoreEngine.all.count == (TestPostgres.url == nil ? 2 : 3))
    }
}
