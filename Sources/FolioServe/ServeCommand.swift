import ArgumentParser
import FolioCLI
import FolioServer
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `folio serve`. The one command that needs the server, so the only one outside FolioCLI: FolioCLI
/// does not link FolioServer, and a fresh release build compiles the two side by side.
public struct ServeCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Serve the web app and the JSON API (/api/v1/…).")

    @OptionGroup var store: StoreOptions

    @Option(help: "Address to listen on.")
    var hostname = "127.0.0.1"

    @Option(help: "Port to listen on.")
    var port = 8080

    @Option(help: "Where characters' web pages are read from: a mirror of the wiki, if you keep one.")
    var wikiBase = CharacterLinks.wiki

    @Option(help: "The address people reach this server at (for absolute links), e.g. https://folio.example.org behind a proxy. Default: http://HOSTNAME:PORT.")
    var publicURL: String?

    @Option(help: "Serve /health and /metrics on this port only (on --ops-hostname), out of the public's reach. Default: both on --port.")
    var opsPort: Int?

    @Option(help: "Address the --ops-port listens on.")
    var opsHostname = "127.0.0.1"

    @Option(name: .customLong("trusted-proxy"),
            help: "The address of a proxy in front of this server (repeat for several): from it, X-Forwarded-For names the visitor for the per-address limits.")
    var trustedProxies: [String] = []

    @OptionGroup(title: "Limits") var limits: LimitOptions

    /// For test servers only, and so left out of `--help`: the browser suite and the API contract
    /// sign up and log in well over a hundred throwaway accounts, each hash 0.25–0.38 s of one
    /// core at the standard cost, on a machine whose two cores Chromium already fills. Hashes
    /// keep their cost inside them, so a password set here is checked as usual anywhere.
    @Option(help: .hidden)
    var bcryptCost: UInt8 = Passwords.standardCost

    public init() {}

    public func validate() throws {
        guard (1...65535).contains(port) else { throw ValidationError("--port must be from 1 to 65535.") }
        for proxy in trustedProxies where ClientAddressCheck.normalised(proxy) == nil {
            throw ValidationError("--trusted-proxy must be an IP address, such as 127.0.0.1 or ::1, not \(proxy).")
        }
        if let opsPort {
            guard (1...65535).contains(opsPort), opsPort != port else { throw ValidationError("--ops-port must be from 1 to 65535 and not --port.") }
        }
        guard (4...Passwords.standardCost).contains(bcryptCost) else {
            throw ValidationError("--bcrypt-cost must be from 4 (bcrypt's least) to \(Passwords.standardCost).")
        }
        guard wikiBase.hasPrefix("http://") || wikiBase.hasPrefix("https://") else { throw ValidationError("--wiki-base must be an http(s) URL.") }
        if let publicURL {
            guard let url = URLComponents(string: publicURL), ["http", "https"].contains(url.scheme ?? ""), url.host?.isEmpty == false,
                  url.query == nil, url.fragment == nil else {
                throw ValidationError("--public-url must be an http(s) URL such as https://folio.example.org, with no query.")
            }
        }
    }

    public func run() async throws {
        var configuration = ServerConfiguration(hostname: hostname, port: port, wikiBase: wikiBase.hasSuffix("/") ? wikiBase : wikiBase + "/",
                                                publicURL: publicURL, limits: limits.serverLimits)
        configuration.opsPort = opsPort
        configuration.opsHostname = opsHostname
        configuration.trustedProxies = Set(trustedProxies.compactMap(ClientAddressCheck.normalised))
        configuration.audioDirectory = store.directory.audioURL
        configuration.bcryptCost = bcryptCost
        if bcryptCost < Passwords.standardCost {
            FileHandle.standardError.write(Data("folio serve: passwords are hashed at bcrypt cost \(bcryptCost), below the standard \(Passwords.standardCost): for test servers only.\n".utf8))
        }
        Self.fewerMallocArenas()
        try await runServer(configuration, database: try await store.openDatabase())
    }

    /// glibc gives each thread that contends for the heap an arena of its own, up to eight per
    /// core, each holding freed memory back; the server's threads (NIO's, the cooperative pool's,
    /// GRDB's readers, the password and work threads) are many more than the cores. Two arenas
    /// (`MALLOC_ARENA_MAX=2`) lowered the peak resident memory under `scripts/load.sh` from
    /// 104–106 to 99–102 MiB (release, two rounds each, side by side), the search's rate
    /// unchanged. An arena limit set in the environment stands.
    static func fewerMallocArenas() {
        #if canImport(Glibc)
        // mallopt is glibc's own (<malloc.h>, which the Glibc module leaves out); M_ARENA_MAX is -8.
        guard ProcessInfo.processInfo.environment["MALLOC_ARENA_MAX"] == nil,
              let symbol = dlsym(dlopen(nil, RTLD_NOW), "mallopt") else { return }
        typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
        _ = unsafeBitCast(symbol, to: MallOpt.self)(-8, 2)
        #endif
    }
}

/// `folio serve`'s quotas and limits, each defaulting to `ServerLimits`' value.
struct LimitOptions: ParsableArguments {
    private static let defaults = ServerLimits()

    @Option(help: "Tracery grammars one account may keep.")
    var maxGrammarsPerAccount = defaults.savedGrammarsPerAccount
    @Option(help: "Online Ghost rooms one account may have open at once.")
    var maxOpenRoomsPerAccount = defaults.openRoomsPerAccount
    @Option(help: "Ghost games started without an account, per address per hour.")
    var maxAnonymousGamesPerHour = defaults.anonymousGamesPerAddressPerHour
    @Option(help: "Vocabulary pairs one account may keep.")
    var maxPairsPerAccount = defaults.pairsPerAccount
    @Option(help: "Ghost WebSockets open at once from one address.")
    var maxSocketsPerAddress = defaults.webSocketsPerAddress
    @Option(help: "Ghost WebSockets open at once on one game.")
    var maxSocketsPerGame = defaults.webSocketsPerGame
    @Option(help: "Accounts registered from one address per hour.")
    var maxRegistrationsPerHour = defaults.registrationsPerAddressPerHour
    @Option(help: "Hot-seat Ghost games (or games against the computer) one account may start per hour.")
    var maxGamesPerAccountPerHour = defaults.gamesPerAccountPerHour
    @Option(help: "Listed Ghost rooms on uploaded word lists one account may have open at once.")
    var maxListedUploadedRoomsPerAccount = defaults.listedUploadedRoomsPerAccount
    @Option(help: "Failed log-ins one network (an IPv4 address or an IPv6 /64) may make across all usernames in ten minutes.")
    var maxFailedLoginsPerNetwork = defaults.failedLoginsPerNetwork
    @Option(help: "Megabytes the indexes of uploaded Ghost word lists may take in memory, together.")
    var wordListMemoryMb = defaults.wordListMemoryMegabytes
    @Option(help: "Word-list indexes built at once (a few more wait briefly, then get 503).")
    var concurrentWordListBuilds = defaults.concurrentWordListBuilds
    @Option(help: "Grammar expansions running at once (more wait briefly, then get 503).")
    var concurrentExpansions = defaults.concurrentExpansions
    @Option(help: "Password hashes or checks running at once, on their own threads.")
    var concurrentPasswordChecks = defaults.concurrentPasswordChecks
    @Option(help: "Password checks waiting for a thread before the next gets 503.")
    var passwordQueueLength = defaults.passwordQueueLength
    @Option(help: "Seconds an idle or slow connection is kept open.")
    var idleTimeout = defaults.idleTimeoutSeconds
    @Option(help: "Megabytes of spoken pairs kept in the data directory's audio folder (the least recently heard go first).")
    var maxAudioCacheMb = defaults.audioCacheMegabytes

    func validate() throws {
        let positive: [(String, Int)] = [
            ("--max-grammars-per-account", maxGrammarsPerAccount), ("--max-open-rooms-per-account", maxOpenRoomsPerAccount),
            ("--max-anonymous-games-per-hour", maxAnonymousGamesPerHour), ("--max-pairs-per-account", maxPairsPerAccount),
            ("--max-sockets-per-address", maxSocketsPerAddress), ("--max-sockets-per-game", maxSocketsPerGame),
            ("--max-registrations-per-hour", maxRegistrationsPerHour), ("--concurrent-expansions", concurrentExpansions),
            ("--concurrent-password-checks", concurrentPasswordChecks), ("--idle-timeout", idleTimeout),
            ("--max-audio-cache-mb", maxAudioCacheMb), ("--max-games-per-account-per-hour", maxGamesPerAccountPerHour),
            ("--max-listed-uploaded-rooms-per-account", maxListedUploadedRoomsPerAccount),
            ("--max-failed-logins-per-network", maxFailedLoginsPerNetwork), ("--word-list-memory-mb", wordListMemoryMb),
            ("--concurrent-word-list-builds", concurrentWordListBuilds),
        ]
        for (name, value) in positive where value < 1 {
            throw ValidationError("\(name) must be at least 1.")
        }
        guard passwordQueueLength >= 0 else { throw ValidationError("--password-queue-length must be 0 or more.") }
    }

    var serverLimits: ServerLimits {
        var limits = ServerLimits()
        limits.savedGrammarsPerAccount = maxGrammarsPerAccount
        limits.openRoomsPerAccount = maxOpenRoomsPerAccount
        limits.anonymousGamesPerAddressPerHour = maxAnonymousGamesPerHour
        limits.pairsPerAccount = maxPairsPerAccount
        limits.webSocketsPerAddress = maxSocketsPerAddress
        limits.webSocketsPerGame = maxSocketsPerGame
        limits.registrationsPerAddressPerHour = maxRegistrationsPerHour
        limits.concurrentExpansions = concurrentExpansions
        limits.concurrentPasswordChecks = concurrentPasswordChecks
        limits.passwordQueueLength = passwordQueueLength
        limits.idleTimeoutSeconds = idleTimeout
        limits.audioCacheMegabytes = maxAudioCacheMb
        limits.gamesPerAccountPerHour = maxGamesPerAccountPerHour
        limits.listedUploadedRoomsPerAccount = maxListedUploadedRoomsPerAccount
        limits.failedLoginsPerNetwork = maxFailedLoginsPerNetwork
        limits.wordListMemoryMegabytes = wordListMemoryMb
        limits.concurrentWordListBuilds = concurrentWordListBuilds
        return limits
    }
}
