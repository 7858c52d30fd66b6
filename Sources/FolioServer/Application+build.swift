import FolioStore
import Hummingbird
import Logging

/// The one way to build Folio's server: `folio serve` and the tests both come through here.
public func buildApplication(_ configuration: ServerConfiguration) async throws -> some ApplicationProtocol {
    let database = try AppDatabase.open(in: configuration.dataDirectory)
    return try await buildApplication(configuration, database: database)
}

/// Builds the server over an already open database (an in-memory one in tests).
public func buildApplication(_ configuration: ServerConfiguration, database: AppDatabase) async throws -> some ApplicationProtocol {
    var logger = Logger(label: "folio")
    logger.logLevel = .info
    let library = LibraryCache(repository: database.monologues, recheckSeconds: configuration.libraryRecheckSeconds)
    let router = buildRouter(library: library, logger: logger)
    var app = Application(
        router: router,
        configuration: .init(address: .hostname(configuration.hostname, port: configuration.port), serverName: "Folio"),
        logger: logger
    )
    app.beforeServerStarts {
        // Warm the index so the first search is as fast as the rest. An empty library is no
        // reason to refuse to start: the API says what to run instead.
        _ = try? await library.current()
    }
    return app
}

func buildRouter(library: LibraryCache, logger: Logger) -> Router<BasicRequestContext> {
    let router = Router(context: BasicRequestContext.self)
    router.middlewares.add(ErrorMiddleware(logger: logger))
    // The bare route load tests compare the search endpoint against.
    router.get("/api/v1/ping") { _, _ in "pong" }
    MonologuesController(library: library).addRoutes(to: router.group("api/v1"))
    return router
}
