import FolioApp
import FolioStore
import Foundation
import Ghost

/// How `folio serve` (and every server test) runs. Where its data lives is not part of it: the
/// server is built over a data directory, or over a database already open.
public struct ServerConfiguration: Sendable {
    public var hostname: String
    public var port: Int
    /// How long the in-memory library is trusted before the database's revision is checked again.
    public var libraryRecheckSeconds: Double
    /// bcrypt's work factor: 12 in use; tests lower it to keep a log-in fast (4 is bcrypt's least).
    public var bcryptCost: UInt8
    /// Where each Ghost dictionary's word list is read from: Debian's lists unless a test or an
    /// operator names others.
    public var ghostWordLists: [GhostDictionary: String]
    /// How often a Ghost room's watchers look at the database for moves made through another
    /// server instance; moves made through this one reach them at once.
    public var ghostRecheckSeconds: Double
    /// Where the Characters app's web pages are read: the public wiki unless an operator points
    /// it at a mirror (the catalogue's links are rewritten from `CharacterLinks.wiki`).
    public var wikiBase: String
    /// The address people reach this server at, for absolute links (SWAPI pages, room links): never
    /// read from a request's Host or X-Forwarded-* headers, which a client can set to anything.
    /// `http://HOSTNAME:PORT` unless the operator names the proxy's public address.
    public var publicURL: String
    /// Quotas and limits on the work one account, address or request may cause.
    public var limits: ServerLimits
    /// A port of its own for `/health` and `/metrics` (on `opsHostname`), for monitoring that
    /// the public should not reach; nil serves both on the main port.
    public var opsPort: Int?
    /// Addresses of the proxies in front of this server (a load balancer), whose
    /// `X-Forwarded-For` names the visitor; empty: the header is never read.
    public var trustedProxies: Set<String> = []
    public var opsHostname = "127.0.0.1"
    /// What says a pair's sides aloud: Debian's espeak-ng unless a test names another engine.
    public var speechEngine: any SpeechEngine = ESpeakNG()
    /// Where spoken sides are kept: `audio/` in the data directory when the server is built over
    /// one (`folio serve` names it); else, over a database alone, a folder of the system's
    /// temporary directory.
    public var audioDirectory: URL?
    /// The time Ghost's turn timers are kept by: the system's clock unless a test moves one on.
    public var clock: @Sendable () -> Date = { Date() }

    public init(hostname: String = "127.0.0.1", port: Int = 8080,
                libraryRecheckSeconds: Double = 2, bcryptCost: UInt8 = Passwords.standardCost,
                ghostWordLists: [GhostDictionary: String] = Dictionary(uniqueKeysWithValues: GhostDictionary.allCases.map { ($0, $0.defaultPath) }),
                ghostRecheckSeconds: Double = 1, wikiBase: String = CharacterLinks.wiki, publicURL: String? = nil,
                limits: ServerLimits = ServerLimits()) {
        self.hostname = hostname
        self.port = port
        self.libraryRecheckSeconds = libraryRecheckSeconds
        self.bcryptCost = bcryptCost
        self.ghostWordLists = ghostWordLists
        self.ghostRecheckSeconds = ghostRecheckSeconds
        self.wikiBase = wikiBase
        let url = publicURL ?? "http://\(hostname):\(port)"
        self.publicURL = url.hasSuffix("/") ? String(url.dropLast()) : url
        self.limits = limits
    }
}
