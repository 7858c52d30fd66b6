import FolioApp
import FolioCore
import FolioStore
import Foundation
import Ghost
import Hummingbird
import HummingbirdWebSocket
import NIOCore
import Vocabulary

/// What every request carries through the middleware to the handlers: who is logged in, the
/// CSRF token their forms must return, and where they connect from (for log-in throttling).
struct FolioRequestContext: RequestContext, RemoteAddressRequestContext, WebSocketRequestContext {
    var coreContext: CoreRequestContextStorage
    /// Set by a WebSocket route when it accepts an upgrade (Ghost rooms).
    let webSocket = WebSocketHandlerReference<FolioRequestContext>()
    var account: Account?
    var sessionToken: String?
    var csrfToken = ""
    let remoteAddress: SocketAddress?
    /// The visitor's address as a trusted proxy forwarded it (see `ClientAddress`).
    var forwardedAddress: String?
    /// Completes when the connection closes: long work (a grammar's expansion) stops then,
    /// since Hummingbird does not cancel a handler whose client has gone.
    let closing: EventLoopFuture<Void>

    /// Every JSON answer in sorted key order: see `JSONEncoder.folio`. One encoder for all
    /// requests: encoding with it changes nothing in it.
    var responseEncoder: JSONEncoder { Self.encoder }
    private static let encoder = JSONEncoder.folio()

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
        closing = source.channel.closeFuture
    }

    /// The logged-in account, or the error that tells the caller to log in.
    func requireAccount() throws(AccountError) -> Account {
        guard let account else { throw .notLoggedIn }
        return account
    }

    /// The game a path names; anything that is not a game's id is not found.
    func matchID() throws -> MatchID {
        try MatchID.checked(try parameters.require("id"))
    }

    /// The word list a path names; anything but a positive number names no one's list.
    func wordListID() throws -> Int64 {
        let raw = try parameters.require("id")
        guard let id = Int64(raw), id > 0 else { throw GhostError.wordListNotFound(0) }
        return id
    }

    /// The `:id` of a vocabulary route; anything but a number names no pair of anyone's.
    func pairID() throws -> PairID {
        let raw = try parameters.require("id")
        guard let id = PairID(raw) else { throw StoreError.notFound(what: "pair", id: String(raw.prefix(20))) }
        return id
    }

    /// The address failed log-ins and other per-address limits are counted against.
    var clientAddress: String {
        forwardedAddress ?? remoteAddress?.ipAddress ?? "unknown"
    }
}
