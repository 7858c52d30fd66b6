import FolioApp
/// What one account, one address or one request may use of a shared server. Every number is an
/// operator's to change (`folio serve --help` lists the options); the defaults suit a public
/// server on a small machine. A limit reached is a 4xx that names the limit, never a stall.
public struct ServerLimits: Sendable, Equatable {
    // MARK: Quotas per account or address
    /// Tracery grammars one account may keep.
    public var savedGrammarsPerAccount = 50
    /// Online Ghost rooms one account may have open (not yet finished) at once.
    public var openRoomsPerAccount = 5
    /// Hot-seat games (or games against the computer) started without an account, per address per hour.
    public var anonymousGamesPerAddressPerHour = 60
    /// Vocabulary pairs one account may keep.
    public var pairsPerAccount = PairBook.defaultPairLimit
    /// Live Ghost sockets open at once from one address.
    public var webSocketsPerAddress = 20
    /// Live Ghost sockets open at once on one game (its players and watchers).
    public var webSocketsPerGame = 16
    /// Accounts registered from one address per hour.
    public var registrationsPerAddressPerHour = 10
    /// Hot-seat games (or games against the computer) one account may start per hour.
    public var gamesPerAccountPerHour = 300
    /// Listed Ghost rooms on uploaded word lists one account may have open at once.
    public var listedUploadedRoomsPerAccount = 2
    /// Failed log-ins one network may make across all usernames in ten minutes.
    public var failedLoginsPerNetwork = LoginBackoff().failuresPerNetwork

    // MARK: CPU
    /// Grammar expansions running at once; more wait a moment, then get a 503 with Retry-After.
    public var concurrentExpansions = 2
    /// bcrypt hashes or checks running at once, on their own threads; more wait in a short queue.
    public var concurrentPasswordChecks = 2
    /// Password checks waiting for a thread before the next is answered with a 503.
    public var passwordQueueLength = 32

    /// Megabytes the indexes of uploaded Ghost word lists may take in memory, together.
    public var wordListMemoryMegabytes = UploadedLexicons.standardByteBudget / 1_048_576
    /// Word-list indexes built at once, off the event loops; a few more wait, then 503.
    public var concurrentWordListBuilds = 2

    // MARK: Disk
    /// Megabytes of spoken sides kept; past it the least recently heard are removed.
    public var audioCacheMegabytes = SpeechCache.standardByteLimit / 1_048_576

    // MARK: Connections
    /// Seconds a connection may stay idle (or a slow client take to send a request) before it is closed.
    public var idleTimeoutSeconds = 30

    public init() {}
}

extension ServerLimits {
    /// The Ghost referee's share of the limits.
    var ghost: GhostLimits {
        GhostLimits(anonymousGamesPerAddressPerHour: anonymousGamesPerAddressPerHour, openRoomsPerAccount: openRoomsPerAccount,
                    gamesPerAccountPerHour: gamesPerAccountPerHour, listedUploadedRoomsPerAccount: listedUploadedRoomsPerAccount)
    }
}
