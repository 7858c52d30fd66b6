// swift-tools-version:6.1
import PackageDescription

// The search's code runs optimised in debug builds too. The test command times it against
// SQLite's FTS5 (`folio-bench search-guard`), a ratio that means something only between two
// optimised engines: unoptimised, Folio's index ran at 0.4× FTS5 where the release build runs at
// 4–16×. The corpus tests over the real library run faster for it as well. Ghost (its word-list
// indexes and solvers) and Vocabulary (the scheduler's optimiser) too: the tests then run the code
// as it ships, and the security suite's uploaded-word-list attack set itself up in 5.4 s, not 47 s.
let optimisedInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
    name: "Folio",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .executable(name: "folio", targets: ["folio"]),
        .library(name: "Monologues", targets: ["Monologues"]),
    ],
    // PostgreSQL is on by default. `scripts/run.sh` builds without it (`--disable-default-traits`)
    // unless the database it is given is a PostgreSQL one: postgres-nio brings TLS with it (NIOSSL,
    // a second copy of BoringSSL), which SQLite never uses. A fresh release build of `folio` on two
    // cores took 757 s with it and 562 s without.
    traits: [
        .trait(name: "PostgreSQL", description: "The PostgreSQL engine (postgres-nio), for several instances over one database."),
        .default(enabledTraits: ["PostgreSQL"]),
    ],
    dependencies: [
        // Without swift-configuration (Hummingbird's default ConfigurationSupport trait): Folio reads its
        // own options.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: ["FullFoundation"]),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.5.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        // MARK: - apps (Foundation and FolioCore only: no server, no database)
        .target(name: "FolioCore", swiftSettings: optimisedInDebug),
        .target(name: "Monologues", dependencies: ["FolioCore"], resources: [.copy("Resources")], swiftSettings: optimisedInDebug),
        .target(name: "Vocabulary", dependencies: ["FolioCore"], swiftSettings: optimisedInDebug),
        .target(name: "Ghost", dependencies: ["FolioCore"], swiftSettings: optimisedInDebug),
        .target(name: "Plots", dependencies: ["FolioCore"], resources: [.copy("Resources")]),
        .target(name: "Characters", dependencies: ["FolioCore"], resources: [.copy("Resources")]),

        // MARK: - digests (SHA-256 and HMAC from the system: libcrypto on Linux, CryptoKit on Apple's)
        .systemLibrary(name: "CLibCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .target(name: "FolioDigest", dependencies: [.target(name: "CLibCrypto", condition: .when(platforms: [.linux]))]),

        // MARK: - app layer (the store interfaces and the use cases; no server, no database)
        // FolioDigest names spoken sides' files by the SHA-256 of what they say.
        .target(name: "FolioApp", dependencies: [
            "FolioCore", "Monologues", "Vocabulary", "Ghost", "Plots", "Characters", "FolioDigest",
        ]),

        // MARK: - store
        .target(name: "FolioStore", dependencies: [
            "FolioCore", "Monologues", "Vocabulary", "Ghost", "Plots", "Characters", "FolioApp",
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
            "FolioDigest",
            .product(name: "Logging", package: "swift-log"),
        ]),

        // MARK: - server
        .target(name: "FolioServer", dependencies: [
            "FolioCore", "Monologues", "Vocabulary", "Ghost", "Plots", "Characters", "FolioApp", "FolioStore",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdCore", package: "hummingbird"),
            .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "CompressNIO", package: "compress-nio"),
            .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
            "FolioDigest",
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "Mustache", package: "swift-mustache"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "Metrics", package: "swift-metrics"),
            .product(name: "Prometheus", package: "swift-prometheus"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ], resources: [.copy("Resources/Templates"), .copy("Resources/public"), .copy("Resources/openapi.json")]),

        // MARK: - cli
        // Every command but `serve`, without the server: FolioCLI and FolioServer compile side by side.
        .target(name: "FolioCLI", dependencies: [
            "FolioCore", "Monologues", "Vocabulary", "Ghost", "Plots", "Characters", "FolioApp", "FolioStore",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
            .product(name: "ZIPFoundation", package: "ZIPFoundation"),
        ]),
        .target(name: "FolioServe", dependencies: [
            "FolioCLI", "FolioServer",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "folio", dependencies: ["FolioCLI", "FolioServe"]),

        // MARK: - benchmarks (run release-built: `swift run -c release folio-bench`)
        // GRDB: the SQLite FTS5 yardstick the search is compared with (`folio-bench search-guard`).
        .executableTarget(name: "folio-bench", dependencies: ["FolioCore", "Monologues", "Ghost", "FolioApp", "FolioStore", "Vocabulary", "Plots", "Characters",
                                                              .product(name: "GRDB", package: "GRDB.swift")],
                          path: "Benchmarks/FolioBench"),

        // MARK: - tests
        // Every target names each of the package's modules it imports, not only those it reaches
        // through another target. An incremental debug build left a target that imported
        // Monologues without naming it with MonologueLibrary's old, smaller layout after the
        // search's scratch added two stored properties to it: FolioServerTests then crashed in
        // swift_retain, the library's init writing past the space made for it. Named, a changed
        // module recompiles the targets that use it.
        .target(name: "FolioTestSupport", dependencies: ["Monologues", "Vocabulary", "Ghost", "FolioApp"], path: "Tests/FolioTestSupport"),
        .testTarget(name: "FolioCoreTests", dependencies: ["FolioCore", "FolioDigest"]),
        .testTarget(name: "MonologuesTests", dependencies: ["Monologues", "FolioCore", "FolioTestSupport"]),
        .testTarget(name: "VocabularyTests", dependencies: ["Vocabulary", "FolioCore", "FolioTestSupport"], resources: [.copy("Resources")]),
        .testTarget(name: "GhostTests", dependencies: ["Ghost", "FolioCore", "FolioTestSupport"]),
        .testTarget(name: "PlotsTests", dependencies: ["Plots", "FolioCore"]),
        .testTarget(name: "CharactersTests", dependencies: ["Characters", "FolioCore"]),
        // Every reader of outside data, fed generated and mutated input for a fixed budget.
        .testTarget(name: "FuzzTests", dependencies: [
            "FolioCore", "Monologues", "Vocabulary", "Plots", "Characters",
            .product(name: "PropertyBased", package: "swift-property-based"),
        ]),
        // The use cases, over the SQLite engine.
        .testTarget(name: "FolioAppTests", dependencies: ["FolioApp", "FolioStore", "FolioCore", "FolioTestSupport", "Vocabulary", "Monologues", "Characters", "Ghost", "Plots"]),
        // Includes Conformance/, the suite every storage engine is held to.
        .testTarget(name: "FolioStoreTests", dependencies: [
            "FolioStore", "FolioApp", "FolioCore", "FolioTestSupport", "Vocabulary", "Ghost", "Monologues", "Characters", .product(name: "GRDB", package: "GRDB.swift"),
        ]),
        .testTarget(name: "FolioServerTests", dependencies: [
            "FolioServer", "FolioStore", "FolioApp", "FolioCore", "Monologues", "FolioTestSupport", "Vocabulary", "Ghost", "Plots", "Characters",
            .product(name: "HummingbirdTesting", package: "hummingbird"),
            .product(name: "HummingbirdWSTesting", package: "hummingbird-websocket"),
            .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
            .product(name: "CompressNIO", package: "compress-nio"),
        ]),
        // Commands run in-process through FolioCommand.execute; a few tests run the built binary.
        .testTarget(name: "FolioCLITests", dependencies: ["FolioCLI", "FolioStore", "FolioApp", "FolioCore", "Monologues", "Ghost", "FolioTestSupport"]),
    ]
)
