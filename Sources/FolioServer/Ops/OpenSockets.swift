import Foundation
import HummingbirdWebSocket
import NIOWebSocket
import Synchronization

/// The Ghost sockets open on this instance, so that a graceful shutdown can close them with
/// 1012 ("service restart": connect again, to this or another instance) before the server stops
/// taking requests — the game waits in the database, and the page's script reconnects.
final class OpenSockets: Sendable {
    static let serviceRestart = WebSocketErrorCode.unknown(1012)

    private let sockets = Mutex<[UUID: WebSocketOutboundWriter]>([:])

    var count: Int { sockets.withLock { $0.count } }

    func add(_ outbound: WebSocketOutboundWriter) -> UUID {
        let token = UUID()
        sockets.withLock { $0[token] = outbound }
        return token
    }

    func remove(_ token: UUID) {
        _ = sockets.withLock { $0.removeValue(forKey: token) }
    }

    /// Closes every open socket with 1012 and waits, up to `grace`, for their sessions to end.
    func closeAll(grace: Duration = .seconds(3)) async {
        let open = sockets.withLock { Array($0.values) }
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
