import FolioCore
import FolioStore
import Foundation
import Ghost
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOWebSocket
import Synchronization

/// A Ghost game's WebSocket, `/ghost/games/{id}/socket`: the same moves as the forms and the API,
/// and the game's state pushed to every watcher after each change.
///
/// In: `{"type": "letter"|"challenge"|"answer"|"concede", "letter"?, "word"?, "turn"?}`.
/// Out: `{"type": "state", "game": {…}}` on connecting and after every change, and
/// `{"type": "error", "error": {"code", "message"}}` for a message that was refused. A refused or
/// malformed message never closes the socket; the game is in the database, so a player whose
/// connection drops reconnects and carries on.
///
/// Two things do close it. A socket past the operator's limits (per address, per game) gets the
/// error naming the limit and is closed with 1013, "try again later": the WebSocket library
/// answers a refused upgrade with a bare 400, which could not say which limit was reached. And
/// the session a socket was opened with is looked up again for every message, so after a
/// log-out or a password change the next message gets `session_ended` and a close with 1008
/// (policy violation), never a move made as the old account.
struct GhostSocketController: Sendable {
    let referee: GhostReferee
    /// The rooms' watchers: the referee tells it of every change, and each socket listens here.
    let hub: GhostRoomHub
    let tally: GhostSocketTally
    let sockets: OpenSockets
    let logger: Logger
    static let maximumMessageSize = 4096
    static let tryAgainLater = WebSocketErrorCode.unknown(1013)
    /// How many turn-timer ticks (a second each by default) between looks at the session.
    static let sessionRecheckTicks = 10

    struct StateMessage: Encodable { let type = "state"; let game: MatchView }
    struct ErrorMessage: Encodable { let type = "error"; let error: ErrorBody.Detail }

    func addRoutes(to router: Router<FolioRequestContext>) {
        router.ws(RouterPath(SiteRoute.ghostSocket.pattern), shouldUpgrade: shouldUpgrade, onUpgrade: session)
    }

    /// Only a game that exists, and only from a page of this site: a browser sends its cookies
    /// with any site's WebSocket, so the origin's host must be the one asked for. Ports are not
    /// compared: cookies do not tell ports apart either, and some clients leave the port out.
    @Sendable func shouldUpgrade(_ request: Request, context: FolioRequestContext) async throws -> RouterShouldUpgrade {
        if let origin = request.headers[.origin] {
            // HTTP/1's Host header arrives as the request's authority.
            let host = request.head.authority.flatMap { URL(string: "http://\($0)")?.host() }
            guard let originHost = URL(string: origin)?.host(), originHost == host else { return .dontUpgrade }
        }
        do {
            _ = try await referee.match(try context.matchID())
        } catch let error as any FolioError {
            // The WebSocket library answers any refusal with a bare 400; thrown as a Folio error
            // it was counted as a 500 besides.
            throw HTTPError(.badRequest, message: error.message)
        }
        return .upgrade([:])
    }

    @Sendable func session(_ inbound: WebSocketInboundStream, _ outbound: WebSocketOutboundWriter,
                           _ context: WebSocketRouterContext<FolioRequestContext>) async throws {
        guard let id = context.requestContext.parameters.get("id").flatMap(MatchID.init(rawValue:)) else { return }
        let address = context.requestContext.clientAddress
        if let refusal = tally.admit(address: address, game: id) {
            try? await Self.refuse(refusal, code: Self.tryAgainLater, outbound: outbound)
            return
        }
        defer { tally.release(address: address, game: id) }
        let account = context.requestContext.account
        let sessionToken = context.requestContext.sessionToken
        let open = sockets.add(outbound, accountID: account?.id, sessionToken: account == nil ? nil : sessionToken)
        defer { sockets.remove(open) }
        let (token, changes) = hub.watch(id)
        defer { hub.stopWatching(id, token: token) }
        let deadline = TurnDeadline()
        await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                // The state on connecting, then whenever the hub says the game may have changed.
                var sent: Int?
                try await send(id, pushed: nil, account: account, to: outbound, &sent, deadline: deadline)
                for await change in changes {
                    try await send(id, pushed: change, account: account, to: outbound, &sent, deadline: deadline)
                }
            }
            group.addTask {
                // The room's turn timer, kept by every socket on it, on whichever instance: the
                // deadline is the stored game's, the check is in memory, and only a deadline
                // passed costs a write (which the first socket to ask wins).
                // It also looks, now and then, at whether the socket's session still lives: a
                // log-out or a password change on another instance closes it within that long
                // (on this one, at once: see OpenSockets.endSessions).
                var ticks = 0
                while !Task.isCancelled {
                    try await Task.sleep(for: hub.recheck)
                    if let due = deadline.date, referee.clock() >= due {
                        _ = try? await referee.enforceTurnTimer(id)
                    }
                    ticks += 1
                    if ticks % Self.sessionRecheckTicks == 0, try await !stillSignedIn(account, sessionToken: sessionToken) {
                        try? await Self.refuse(.sessionEnded, code: .policyViolation, outbound: outbound)
                        return
                    }
                }
            }
            do {
                for try await message in inbound.messages(maxSize: Self.maximumMessageSize) {
                    guard try await stillSignedIn(account, sessionToken: sessionToken) else {
                        try? await Self.refuse(.sessionEnded, code: .policyViolation, outbound: outbound)
                        break
                    }
                    await handle(message, id: id, account: account, outbound: outbound)
                }
            } catch {
                logger.debug("Ghost socket closed: \(error)")
            }
            group.cancelAll()
        }
    }

    /// Whether the session the socket was opened with still belongs to the same account. A
    /// socket opened without one acts for nobody anyway, and stays that way.
    func stillSignedIn(_ account: Account?, sessionToken: String?) async throws -> Bool {
        guard let account, let sessionToken else { return true }
        return try await referee.isSignedIn(account, sessionToken: sessionToken)
    }

    /// The error as a message (for pages and clients that read messages) and as the close
    /// frame's reason (for those that only see the close).
    static func refuse(_ error: GhostError, code: WebSocketErrorCode, outbound: WebSocketOutboundWriter) async throws {
        try await outbound.write(.text(Self.json(ErrorMessage(error: .init(code: error.code, message: error.message)))))
        // A close reason is limited to 123 bytes; the code is short and says which limit.
        try await outbound.close(code, reason: error.code)
    }

    /// Sends the game's state unless this socket has shown it already: the state a move here
    /// pushed (rendered for this socket's viewer, nothing read), else the game read afresh.
    func send(_ id: MatchID, pushed: Played?, account: Account?, to outbound: WebSocketOutboundWriter, _ sent: inout Int?,
              deadline: TurnDeadline) async throws {
        let played: Played
        if let pushed {
            played = pushed
        } else {
            do {
                played = try await referee.played(try await referee.match(id), for: account)
            } catch GhostError.wordListNotLoaded {
                // A watcher waits for a player to load the game's list: the state a move pushes
                // comes with it.
                try await outbound.write(.text(Self.json(ErrorMessage(error: .init(code: GhostError.wordListNotLoaded.code,
                                                                                    message: GhostError.wordListNotLoaded.message)))))
                return
            }
        }
        let version = played.stored.version
        hub.seen(id, version: version)
        // Moves racing each other may push an older state after a newer one was shown.
        if let sent, version <= sent { return }
        sent = version
        deadline.date = played.stored.clock(in: played.game)?.deadline
        try await outbound.write(.text(Self.json(StateMessage(game: referee.view(played, viewer: account)))))
    }
    func handle(_ message: WebSocketMessage, id: MatchID, account: Account?, outbound: WebSocketOutboundWriter) async {
        do {
            guard case .text(let text) = message else {
                throw InputError.body("a JSON text message, not binary")
            }
            let input: MoveInput
            do {
                input = try JSONDecoder().decode(MoveInput.self, from: Data(text.utf8))
            } catch {
                throw InputError.body("a JSON object with type (letter, challenge, answer or concede), letter or word, and turn")
            }
            // The new state reaches this socket, like every other, through the hub.
            _ = try await referee.act(id, try input.action(), turn: input.turn, account: account)
        } catch {
            let detail: ErrorBody.Detail
            if let error = error as? any FolioError {
                detail = .init(code: error.code, message: error.message)
            } else {
                logger.error("Ghost socket message failed: \(error)")
                detail = .init(code: "internal_error", message: "Something went wrong on the server. It has been logged.")
            }
            try? await outbound.write(.text(Self.json(ErrorMessage(error: detail))))
        }
    }

    static func json(_ value: some Encodable) -> String {
        (try? String(decoding: JSONEncoder.folio().encode(value), as: UTF8.self)) ?? "{}"
    }
}

/// The deadline of the turn a socket last showed, shared by its tasks.
final class TurnDeadline: Sendable {
    private let value = Mutex<Date?>(nil)

    var date: Date? {
        get { value.withLock { $0 } }
        set { value.withLock { $0 = newValue } }
    }
}
