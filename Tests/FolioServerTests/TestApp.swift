import Characters
import FolioApp
import FolioStore
import Foundation
import Ghost
import Hummingbird
import HummingbirdTesting
import Logging
import Monologues
@testable import FolioServer

/// The one way the server tests build Folio: `buildApplication`, the same function `folio serve`
/// calls, over an in-memory database that holds the two fixture monologues unless a test brings
/// its own, with bcrypt at its least cost so that sign-ups are quick.
enum TestApp {
    /// The server's settings as a test wants them; everything else as `folio serve` has it.
    static func configuration(port: Int = 8080, limits: ServerLimits = ServerLimits(),
                              ghostWordLists: [GhostDictionary: String]? = nil, ghostRecheckSeconds: Double = 1,
                              wikiBase: String = CharacterLinks.wiki, publicURL: String? = nil) -> ServerConfiguration {
        var configuration = ServerConfiguration(port: port, bcryptCost: 4, ghostRecheckSeconds: ghostRecheckSeconds,
                                                wikiBase: wikiBase, publicURL: publicURL, limits: limits)
        if let ghostWordLists { configuration.ghostWordLists = ghostWordLists }
        return configuration
    }

    /// A fresh in-memory database holding `library` (the fixture monologues unless given).
    static func database(library: [Monologue] = webMonologues) throws -> AppDatabase {
        let database = try AppDatabase.inMemory()
        if !library.isEmpty { try database.importMonologues(library, source: "fixture") }
        return database
    }

    /// Runs `test` against the app, through the router (or over a live loopback socket, for
    /// WebSockets), with the database it serves.
    static func run<Value: Sendable>(_ configuration: ServerConfiguration = configuration(), database: AppDatabase? = nil,
                                     live: Bool = false,
                                     _ test: @escaping @Sendable (any TestClientProtocol, AppDatabase) async throws -> Value)
        async throws -> Value {
        let database = try database ?? Self.database()
        let app = try await buildApplication(configuration, database: database)
        return try await app.test(live ? .live : .router) { client in try await test(client, database) }
    }

    /// Both routers over an empty database, without starting anything: for tests of the routes.
    static func routers(_ configuration: ServerConfiguration = configuration()) async throws -> FolioRouters {
        let database = try AppDatabase.inMemory()
        let referee = GhostReferee(store: database, dictionaries: GhostDictionaries(paths: [:]), watchers: GhostRoomHub(recheckSeconds: 1),
                                   limits: configuration.limits.ghost)
        return buildRouter(database: database, library: LibraryCache(store: database, recheckSeconds: 1),
                           pages: try await PageRenderer.load(), referee: referee, configuration: configuration,
                           logger: Logger(label: "test"))
    }
}
