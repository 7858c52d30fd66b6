// The PostgreSQL engine: built with the PostgreSQL trait (on by default).
#if PostgreSQL
import FolioApp
import Foundation
import PostgresNIO

extension PostgresDatabase: FolioDatabase {
    public var location: DatabaseLocation { .postgres(postgresLocation) }

    /// One connection of the pool listens on `folio_ghost` for as long as the stream is used;
    /// if it drops, another listens a second later, after saying `.resync`.
    public func ghostSignals() -> AsyncStream<GhostSignal>? {
        let (stream, continuation) = AsyncStream<GhostSignal>.makeStream(bufferingPolicy: .bufferingNewest(4096))
        let client = client
        let logger = logger
        let listener = Task { [weak self] in
            while !Task.isCancelled, self?.closed.load(ordering: .relaxed) == false {
                do {
                    try await client.withConnection { connection in
                        try await connection.listen(on: Self.ghostChannel) { notifications in
                            continuation.yield(.resync)
                            for try await notification in notifications {
                                if let signal = Self.signal(notification.payload) { continuation.yield(signal) }
                            }
                        }
                    }
                } catch {
                    if Task.isCancelled || self?.closed.load(ordering: .relaxed) != false { break }
                    logger.warning("Listening for Ghost changes failed, trying again: \(Self.describe(error))")
                }
                try? await Task.sleep(for: .seconds(1))
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in listener.cancel() }
        return stream
    }

    /// "id version", as `advance` sends it.
    static func signal(_ payload: String) -> GhostSignal? {
        let parts = payload.split(separator: " ")
        guard parts.count == 2, let id = MatchID(rawValue: String(parts[0])), let version = Int(parts[1]) else { return nil }
        return .changed(id, version: version)
    }
}
#endif
