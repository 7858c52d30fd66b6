import FolioCore
import FolioStore
import Foundation
import Ghost
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore

/// A Ghost game's WebSocket, `/ghost/games/{id}/socket`: the same moves as the forms and the API,
/// and the game's state pushed to every watcher after each change.
///
/// In: `{"type": "letter"|"challenge"|"answer"|"concede", "letter"?, "word"?, "turn"?}`.
/// Out: `{"type": "state", "game": {…}}` on connecting and after every change, and
/// `{"type": "error", "error": {"code", "message"}}` for a message that was refused. A refused or
/// malformed message never closes the socket; the game is in the database, so a player whose
/// connection drops reconnects and carries on.
struct GhostSocketController: Sendable {
    let referee: GhostReferee
    let logger: Logger
    static let maximumMessageSize = 4096

    struct StateMessage: Encodable { let type = "state"; let game: MatchView }
    struct ErrorMessage: Encodable { let type = "error"; let error: ErrorBody.Detail }

    func addRoutes(to router: Router<FolioRequestContext>) {
        router.ws("ghost/games/:id/socket", shouldUpgrade: shouldUpgrade, onUpgrade: session)
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
        _ = try await referee.match(try context.parameters.require("id"))
        return .upgrade([:])
    }

    @Sendable func session(_ inbound: WebSocketInboundStream, _ outbound: WebSocketOutboundWriter,
                           _ context: WebSocketRouterContext<FolioRequestContext>) async throws {
        guard let id = context.requestContext.parameters.get("id") else { return }
        let account = context.requestContext.account
        let (token, changes) = referee.hub.watch(id)
        defer { referee.hub.stopWatching(id, token: token) }
        await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await referee.hub.tick(id, token: token) }
            group.addTask {
                // The state on connecting, then whenever the game's version moves on.
                var sent: Int?
                try await send(id, account: account, to: outbound, &sent)
                for await _ in changes {
                    try await send(id, account: account, to: outbound, &sent)
                }
            }
            do {
                for try await message in inbound.messages(maxSize: Self.maximumMessageSize) {
                    await handle(message, id: id, account: account, outbound: outbound)
                }
            } catch {
                logger.debug("Ghost socket closed: \(error)")
            }
            group.cancelAll()
        }
    }

    func send(_ id: String, account: Account?, to outbound: WebSocketOutboundWriter, _ sent: inout Int?) async throws {
        guard let version = try await referee.database.ghost.version(id: id), version != sent else { return }
        sent = version
        let view = try referee.view(try await referee.match(id), viewer: account)
        try await outbound.write(.text(Self.json(StateMessage(game: view))))
    }

    func handle(_ message: WebSocketMessage, id: String, account: Account?, outbound: WebSocketOutboundWriter) async {
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
        (try? String(decoding: JSONEncoder().encode(value), as: UTF8.self)) ?? "{}"
    }
}
