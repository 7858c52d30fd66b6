import FolioApp
import FolioStore
import Ghost
import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import ServiceLifecycle

/// The one way to build Folio's server: `folio serve` and the tests both come through here.
public func buildApplication(_ configuration: ServerConfiguration, dataDirectory: DataDirectory) async throws -> some ApplicationProtocol {
    let database = try AppDatabase.open(in: dataDirectory)
    var configuration = configuration
    if configuration.audioDirectory == nil { configuration.audioDirectory = dataDirectory.audioURL }
    return try await buildApplication(configuration, database: database)
}

/// Builds the server over an already open database (an in-memory one in tests).
public func buildApplication(_ configuration: ServerConfiguration, database: any FolioDatabase) async throws -> some ApplicationProtocol {
    try await FolioInstance(configuration, database: database).app
}

/// Runs `folio serve` until SIGTERM or SIGINT, then shuts down gracefully: Ghost sockets are
/// closed first with 1012 (connect again: the page's script does, to whichever instance the
/// load balancer picks), then the server stops accepting and drains the requests in flight,
/// then the database's connections close.
public func runServer(_ configuration: ServerConfiguration, database: any FolioDatabase) async throws {
    let instance = try await FolioInstance(configuration, database: database)
    // A service group ends its services last first: the socket closer before the server.
    var services: [any Service] = [instance.app]
    if let ops = instance.opsApplication() { services.append(ops) }
    services.append(SocketCloser(sockets: instance.sockets))
    let group = ServiceGroup(configuration: .init(services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: instance.logger))
    try await group.run()
    await database.close()
}

/// One server instance: its application and what its operations endpoints read.
struct FolioInstance {
    let app: Application<FolioRouters.Responder>
    let sockets: OpenSockets
    let health: HealthCheck
    let metrics: FolioMetrics.Sources
    let configuration: ServerConfiguration
    let logger: Logger

    init(_ configuration: ServerConfiguration, database: any FolioDatabase) async throws {
        var logger = Logger(label: "folio")
        logger.logLevel = .info
        // The metrics backend before any middleware makes a counter: one made earlier would
        // report to nowhere for good.
        _ = FolioMetrics.shared
        let library = LibraryCache(store: database, recheckSeconds: configuration.libraryRecheckSeconds)
        let pages = try await PageRenderer.load()
        let hub = GhostRoomHub(recheckSeconds: configuration.ghostRecheckSeconds,
                               versions: { [database] in try await database.matchVersions(ids: $0) }, signals: database.ghostSignals())
        // Word lists are read and indexed off the event loops, a few at once, a few more waiting.
        let builds = WorkGate(capacity: configuration.limits.concurrentWordListBuilds, patience: .seconds(2),
                              queueLength: 2 * configuration.limits.concurrentWordListBuilds,
                              busyMessage: GhostError.wordListsBusy.message)
        let dictionaries = GhostDictionaries(paths: configuration.ghostWordLists, builds: builds.runner(closing: nil),
                                             uploadedByteBudget: configuration.limits.wordListMemoryMegabytes * 1_048_576)
        let referee = GhostReferee(store: database, dictionaries: dictionaries,
                                   watchers: hub, limits: configuration.limits.ghost, clock: configuration.clock)
        let csrf = try await CSRFTokens.load(from: database)
        let sockets = OpenSockets()
        let health = HealthCheck(database: database, library: library)
        let metrics = FolioMetrics.Sources(database: database, sockets: { sockets.count }, rooms: { hub.roomCount })
        let router = buildRouter(database: database, library: library, pages: pages, referee: referee, configuration: configuration,
                                 logger: logger, csrf: csrf, ops: configuration.opsPort == nil ? [.health, .metrics] : [.health],
                                 health: health, metrics: metrics, sockets: sockets)
        var app = Application(
            router: router,
            server: .folio(webSocketRouter: buildWebSocketRouter(database: database, referee: referee, hub: hub, sockets: sockets,
                                                                 configuration: configuration, logger: logger, csrf: csrf),
                           limits: configuration.limits),
            configuration: .init(address: .hostname(configuration.hostname, port: configuration.port), serverName: "Folio"),
            logger: logger
        )
        app.beforeServerStarts {
            // Warm the index so the first search is as fast as the rest. An empty library is no
            // reason to refuse to start: the API says what to run instead (and /health, 503).
            _ = try? await library.current()
            // Imports a crash cut short are taken out (see AppDatabase.importPairs).
            if let sqlite = database as? AppDatabase {
                try? await sqlite.discardUnfinishedImports(startedBefore: Date().addingTimeInterval(-AppDatabase.unfinishedImportAge))
            }
        }
        self.app = app
        self.sockets = sockets
        self.health = health
        self.metrics = metrics
        self.configuration = configuration
        self.logger = logger
    }

    /// `/health` and `/metrics` on a port of their own, when the operator gave one.
    func opsApplication() -> (any Service)? {
        guard let port = configuration.opsPort else { return nil }
        let router = Router(context: FolioRequestContext.self)
        addOpsRoutes([.health, .metrics], to: router, health: health, metrics: metrics)
        return Application(router: router, configuration: .init(address: .hostname(configuration.opsHostname, port: port), serverName: "Folio"),
                           logger: logger)
    }
}

/// Registers the operations endpoints asked for. On the public port (no `--ops-port`), the
/// metrics answer only this machine: they name every route's traffic and the server's insides,
/// which are the operator's, not the public's.
func addOpsRoutes(_ routes: [OpsRoute], to router: Router<FolioRequestContext>, health: HealthCheck, metrics: FolioMetrics.Sources,
                  metricsToLoopbackOnly: Bool = false) {
    for route in routes {
        switch route {
        case .health: router.on(ops: .health) { _, _ in await health.response() }
        case .metrics:
            router.on(ops: .metrics) { request, context in
                // No peer at all is a request made in process (the tests' router client).
                if metricsToLoopbackOnly, let address = context.forwardedAddress ?? context.remoteAddress?.ipAddress,
                   !ClientAddress.isLoopback(address) {
                    throw HTTPError(.notFound, message: "Nothing at \(request.method) \(request.uri.path).")
                }
                return FolioMetrics.shared.response(metrics)
            }
        }
    }
}

/// Waits for the graceful shutdown, then closes the Ghost sockets (see `runServer`).
struct SocketCloser: Service {
    let sockets: OpenSockets

    func run() async throws {
        try? await gracefulShutdown()
        await sockets.closeAll()
    }
}

/// Folio's two faces, each a router with its own middleware: the JSON API (mounted at
/// `APIRoute.mounts`), whose every answer is JSON, and the pages, whose errors are pages.
struct FolioRouters: HTTPResponderBuilder {
    let api: Router<FolioRequestContext>
    let pages: Router<FolioRequestContext>

    func buildResponder() -> Responder {
        Responder(api: api.buildResponder(), pages: pages.buildResponder())
    }

    /// Hands each request to the face mounted at its path.
    struct Responder: HTTPResponder {
        let api: RouterResponder<FolioRequestContext>
        let pages: RouterResponder<FolioRequestContext>

        func respond(to request: Request, context: FolioRequestContext) async throws -> Response {
            APIRoute.isMounted(request.uri.path)
                ? try await api.respond(to: request, context: context)
                : try await pages.respond(to: request, context: context)
        }
    }
}

func buildRouter(database: any FolioDatabase, library: LibraryCache, pages: PageRenderer, referee: GhostReferee,
                 configuration: ServerConfiguration, logger: Logger, csrf: CSRFTokens = CSRFTokens(),
                 ops: [OpsRoute] = [], health: HealthCheck? = nil, metrics: FolioMetrics.Sources? = nil,
                 sockets: OpenSockets = OpenSockets()) -> FolioRouters {
    let api = Router(context: FolioRequestContext.self)
    // First, so that every answer carries them, errors included.
    api.add(middleware: SecurityHeadersMiddleware(publicURL: configuration.publicURL, wikiBase: configuration.wikiBase))
    // Every request counted and timed, by route template, method and status.
    api.add(middleware: MetricsMiddleware())
    api.add(middleware: ForwardedForMiddleware(trusted: configuration.trustedProxies))
    // The bare route load tests compare the search endpoint against: nothing but the headers in its way.
    api.on(api: .ping) { _, _ in "pong" }
    api.add(middleware: ResponseCompressionMiddleware())
    api.on(api: .openAPI) { _, _ in try OpenAPIDocument.response() }
    api.add(middleware: APIErrorMiddleware(logger: logger))
    // A script reading the API gets no visitor id: see SessionMiddleware.
    api.add(middleware: SessionMiddleware(accounts: database, csrf: csrf, mintsVisitorIDs: false))
    api.add(middleware: CSRFMiddleware())

    let site = Router(context: FolioRequestContext.self)
    site.add(middleware: SecurityHeadersMiddleware(publicURL: configuration.publicURL, wikiBase: configuration.wikiBase))
    site.add(middleware: MetricsMiddleware())
    site.add(middleware: ForwardedForMiddleware(trusted: configuration.trustedProxies))
    // Before sessions and pages: a load balancer's check costs one database round trip.
    if let health, let metrics { addOpsRoutes(ops, to: site, health: health, metrics: metrics, metricsToLoopbackOnly: true) }
    site.add(middleware: ResponseCompressionMiddleware())
    site.add(middleware: PageErrorMiddleware(logger: logger, pages: pages))
    if let publicDirectory = PageRenderer.publicDirectory {
        // Served when the rest of the app answers 404, so files never shadow a route; inside the
        // error middleware, so a refused name gets the same 404 as any other.
        site.add(middleware: PublicPathGuard())
        site.add(middleware: FileMiddleware(publicDirectory, urlBasePath: "/public",
                                            cacheControl: .init([(MediaType(type: .any), [.public, .maxAge(3600)])]), logger: logger)
            .withServeOnNotFoundResponse())
    }
    // The service worker and the offline page: the same for everyone, so before sessions.
    let home = HomeController(pages: pages, worker: ServiceWorkerScript.bundled)
    home.addShellRoutes(to: site)
    site.add(middleware: SessionMiddleware(accounts: database, csrf: csrf, mintsVisitorIDs: true, errorsCarrySession: true))
    site.add(middleware: CSRFMiddleware())
    // Marks the pages the service worker may keep for reading offline (see OfflinePagesMiddleware).
    site.add(middleware: OfflinePagesMiddleware())
    home.addPageRoutes(to: site)

    let auditionSets = AuditionSetCache(gate: WorkGate(capacity: 1, busyMessage: AuditionSetCache.busyMessage))
    api.mount(MonologuesController<FolioRequestContext>(library: library, store: database, auditionSets: auditionSets).routes)
    api.mount(GlossaryController(shelf: .shared).routes)
    api.mount(FavouritesAPIController(favourites: Favourites(store: database), library: library).routes)
    // One cache for both faces, so a side recorded for a page is not recorded again for the API.
    let speech = SpeechCache(directory: configuration.audioDirectory ?? FileManager.default.temporaryDirectory.appendingPathComponent("folio-audio"),
                             engine: configuration.speechEngine, byteLimit: configuration.limits.audioCacheMegabytes * 1_048_576)
    let vocabularyWork = VocabularyWork()
    api.mount(VocabularyAPIController(store: database, pairLimit: configuration.limits.pairsPerAccount, speech: speech,
                                      work: vocabularyWork).routes)
    api.mount(VocabularyOfflineAPIController(store: database, pairLimit: configuration.limits.pairsPerAccount, work: vocabularyWork).routes)
    api.mount(RehearsalOfflineAPIController(rehearsal: Rehearsal(favourites: Favourites(store: database)), library: library).routes)
    let passwords = Passwords(cost: configuration.bcryptCost, threads: configuration.limits.concurrentPasswordChecks,
                              queueLength: configuration.limits.passwordQueueLength)
    var backoff = LoginBackoff()
    backoff.failuresPerNetwork = configuration.limits.failedLoginsPerNetwork
    site.mount(AccountController(store: database, pages: pages,
                                 throttle: LoginThrottle(database: database, backoff: backoff, passwords: passwords),
                                 registrations: RegistrationThrottle(database: database,
                                                                     perHour: configuration.limits.registrationsPerAddressPerHour),
                                 passwords: passwords, csrf: csrf, sockets: sockets).routes)
    site.mount(MonologuePagesController(favourites: Favourites(store: database), library: library, pages: pages).routes)
    site.mount(CutSheetPages(favourites: Favourites(store: database), library: library, pages: pages).routes)
    site.mount(RehearsalPages(rehearsal: Rehearsal(favourites: Favourites(store: database)), library: library, pages: pages).routes)
    site.mount(AuditionSetPages(finder: MonologueFinder(favourites: Favourites(store: database)), library: library,
                                   auditionSets: auditionSets, pages: pages).routes)
    site.mount(VocabularyPagesController(store: database, pages: pages, pairLimit: configuration.limits.pairsPerAccount, speech: speech,
                                         work: vocabularyWork).routes)
    let catalogue = CatalogueCache(store: database, recheckSeconds: configuration.libraryRecheckSeconds)
    api.mount(CharactersAPIController(favourites: CharacterFavourites(store: database), catalogue: catalogue).routes)
    site.mount(CharactersPagesController(favourites: CharacterFavourites(store: database), catalogue: catalogue, pages: pages, wikiBase: configuration.wikiBase).routes)
    api.mount(SWAPIController(catalogue: catalogue, publicURL: configuration.publicURL).routes)
    let plotPages = PlotsPagesController(store: database, pages: pages,
                                         expansions: WorkGate(capacity: configuration.limits.concurrentExpansions),
                                         limits: configuration.limits)
    api.mount(PlotsAPIController(pages: plotPages).routes)
    site.mount(plotPages.routes)
    let offlineReplays = AccountWork(gate: WorkGate(capacity: 1, patience: .seconds(2), queueLength: 4,
                                                    busyMessage: "The server is checking as many games played offline as it allows at once. Try again in a second."),
                                     oneAtATime: "Your last games played offline are still being checked. Wait for them, then try again.")
    api.mount(GhostAPIController(referee: referee, wordPacks: GhostWordPacks(dictionaries: referee.dictionaries), offlineReplays: offlineReplays).routes)
    site.mount(GhostPagesController(referee: referee, pages: pages, publicURL: configuration.publicURL).routes)
    return FolioRouters(api: api, pages: site)
}

/// The routes that upgrade to a WebSocket, behind the same sessions as the pages so a socket
/// knows who is playing.
func buildWebSocketRouter(database: any FolioDatabase, referee: GhostReferee, hub: GhostRoomHub, sockets: OpenSockets = OpenSockets(),
                          configuration: ServerConfiguration, logger: Logger, csrf: CSRFTokens) -> Router<FolioRequestContext> {
    let router = Router(context: FolioRequestContext.self)
    // Handshakes are counted with the other requests (status 101 once upgraded).
    router.add(middleware: MetricsMiddleware())
    router.add(middleware: ForwardedForMiddleware(trusted: configuration.trustedProxies))
    router.add(middleware: SessionMiddleware(accounts: database, csrf: csrf, mintsVisitorIDs: true))
    let tally = GhostSocketTally(perAddress: configuration.limits.webSocketsPerAddress, perGame: configuration.limits.webSocketsPerGame)
    GhostSocketController(referee: referee, hub: hub, tally: tally, sockets: sockets, logger: logger).addRoutes(to: router)
    return router
}
