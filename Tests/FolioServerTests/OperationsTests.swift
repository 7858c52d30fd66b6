import FolioApp
import FolioStore
import FolioTestSupport
import Foundation
import Ghost
import Hummingbird
import HummingbirdTesting
import Testing
@testable import FolioServer

/// What load balancers and monitoring ask of an instance: /health and /metrics.
@Suite struct OperationsTests {
    struct Health: Decodable {
        let status: String
        let database: String
        let library: String
    }

    @Test func healthIsOKWhenTheDatabaseAnswersAndTheLibraryIsLoaded() async throws {
        try await TestApp.run { client, _ in
            try await client.execute(uri: "/health", method: .get) { response in
                #expect(response.status == .ok)
                let health = try JSONDecoder().decode(Health.self, from: Data(buffer: response.body))
                #expect(health.status == "ok" && health.database == "ok" && health.library == "loaded")
                #expect(response.headers[.cacheControl] == "no-store")
            }
        }
    }

    @Test func healthIs503WithoutALibrary() async throws {
        try await TestApp.run(database: TestApp.database(library: [])) { client, _ in
            try await client.execute(uri: "/health", method: .get) { response in
                #expect(response.status == .serviceUnavailable)
                let health = try JSONDecoder().decode(Health.self, from: Data(buffer: response.body))
                #expect(health.database == "ok" && health.library == "library_empty")
            }
        }
    }

    @Test(.enabled(if: TestPostgres.url != nil, "needs the test command's PostgreSQL"))
    func healthIs503WhenTheDatabaseIsGone() async throws {
        let database = try await FolioDatabases.open(try DatabaseLocation(url: TestPostgres.freshURL()!))
        _ = try await database.importMonologues(webMonologues, source: "fixture")
        let app = try await buildApplication(TestApp.configuration(), database: database)
        try await app.test(.router) { client in
            try await client.execute(uri: "/health", method: .get) { #expect($0.status == .ok) }
            await database.close()
            try await client.execute(uri: "/health", method: .get) { response in
                #expect(response.status == .serviceUnavailable)
                let health = try JSONDecoder().decode(Health.self, from: Data(buffer: response.body))
                #expect(health.database == "unreachable")
            }
        }
    }

    @Test func metricsCountRequestsByRouteTemplate() async throws {
        try await TestApp.run { client, _ in
            let id = webMonologues[0].id
            try await client.execute(uri: "/api/v1/monologues/\(id)", method: .get) { #expect($0.status == .ok) }
            try await client.execute(uri: "/metrics", method: .get) { response in
                #expect(response.status == .ok)
                let text = String(buffer: response.body)
                // The template, not the id: one series however many monologues are asked for.
                #expect(text.contains(#"http_route="/api/v1/monologues/{id}""#))
                #expect(!text.contains(id))
                #expect(text.contains("http_server_request_duration_bucket"))
                #expect(text.contains("folio_ghost_sockets_open"))
            }
        }
    }

    @Test func withAnOperationsPortMetricsLeaveTheMainPort() async throws {
        var configuration = TestApp.configuration()
        configuration.opsPort = 9999
        try await TestApp.run(configuration) { client, _ in
            try await client.execute(uri: "/metrics", method: .get) { #expect($0.status == .notFound) }
            try await client.execute(uri: "/health", method: .get) { #expect($0.status == .ok) }
        }
    }

    /// The database's announcements wake exactly the rooms they name, and only with news.
    @Test func signalsWakeTheRoomsTheyName() async throws {
        let (signals, announce) = AsyncStream<GhostSignal>.makeStream()
        let versions = VersionBoard()
        let hub = GhostRoomHub(recheckSeconds: 60, versions: { ids in await versions.read(ids) }, signals: signals)
        let watched: MatchID = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
        let other: MatchID = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
        let (token, changes) = hub.watch(watched)
        defer { hub.stopWatching(watched, token: token) }
        hub.seen(watched, version: 3)
        var iterator = changes.makeAsyncIterator()

        announce.yield(.changed(other, version: 9))
        announce.yield(.changed(watched, version: 3))  // already shown: no wake
        announce.yield(.changed(watched, version: 4))
        let first = await iterator.next()
        #expect(first != nil && first! == nil)

        // After a gap in listening, versions are read: a room that moved meanwhile wakes.
        await versions.set(watched, 6)
        announce.yield(.resync)
        let second = await iterator.next()
        #expect(second != nil && second! == nil)
        #expect(await versions.reads == 1)
    }
}

/// Game versions as a database would answer them, for the hub's resync.
actor VersionBoard {
    var versions: [MatchID: Int] = [:]
    var reads = 0

    func set(_ id: MatchID, _ version: Int) { versions[id] = version }

    func read(_ ids: [MatchID]) -> [MatchID: Int] {
        reads += 1
        return versions.filter { ids.contains($0.key) }
    }
}
