import FolioCore
import Foundation
import HummingbirdWebSocket
import NIOWebSocket
import Synchronization

/// The Ghost sockets open on this instance, so that a graceful shutdown can close them with
/// 1012 ("service restart": connect again, to this or another instance) before the server stops
/// taking requests — the game waits in the database, and the page's script reconnects. And so
/// that a log-out or a password change here closes the sockets of the sessions it ended at once
/// (1008), rather than leaving them showing the game as the old account until they next send.
final class OpenSockets: Sendable {
    static let serviceRestart = WebSocketErrorCode.unknown(1012)

    struct Socket {
        let outbound: WebSocketOutboundWriter
        let accountID: Account.ID?
        let sessionToken: String?
    }

    private let sockets = Mutex<[UUID: Socket]>([:])

    var count: Int { sockets.withLock { $0.count } }

    func add(_ outbound: WebSocketOutboundWriter, accountID: Account.ID? = nil, sessionToken: String? = nil) -> UUID {
        let token = UUID()
        sockets.withLock { $0[token] = Socket(outbound: outbound, accountID: accountID, sessionToken: sessionToken) }
        return token
    }

    /// Closes, with the `session_ended` message and 1008, the sockets opened with `sessionToken`,
    /// or every socket of `accountID` but those of `except`.
    func endSessions(token sessionToken: String? = nil, accountID: Account.ID? = nil, except: String? = nil) async {
        let ended = sockets.withLock { sockets in
            sockets.values.filter { socket in
                guard let token = socket.sessionToken else { return false }
                if let sessionToken { return token == sessionToken }
                return socket.accountID != nil && socket.accountID == accountID && token != except
            }.map(\.outbound)
        }
        await withTaskGroup(of: Void.self) { group in
            for outbound in ended {
                group.addTask { try? await GhostSocketController.refuse(.sessionEnded, code: .policyViolation, outbound: outbound) }
            }
        }
    }

    func remove(_ token: UUID) {
        _ = sockets.withLock { $0.removeValue(forKey: token) }
    }

    /// Closes every open socket with 1012 and waits, up to `grace`, for their sessions to end.
    func closeAll(grace: Duration = .seconds(3)) async {
        let open = sockets.withLock { $0.values.map(\.outbound) }
        await withTaskGroup(of: Void.self) { group in
            for outbound in open {
                group.addTask { try? await outbound.close(Self.serviceRestart, reason: "server_restarting") }
            }
        }
        let deadline = ContinuousClock.now + grace
        while count > 0, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
    }
}
