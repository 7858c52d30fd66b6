import CoreMetrics
import FolioStore
import Foundation
import Hummingbird
import Metrics
import Prometheus
import Synchronization

/// Prometheus metrics for `/metrics`: requests and their latency by route, method and status
/// (Hummingbird's `MetricsMiddleware`, a histogram per route template, so `/monologues/{id}`
/// is one series however many monologues are asked for), and, read as they are scraped, the
/// database pool's use, open Ghost sockets and the rooms they watch.
///
/// swift-metrics has one process-wide backend: the first server built bootstraps it, and every
/// server in the process (the tests build many) reports to the same registry.
final class FolioMetrics: Sendable {
    static let shared = FolioMetrics()

    let registry: PrometheusCollectorRegistry

    private init() {
        registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        // Request latency from 0.5 ms (a search) to 10 s (a request stuck behind a lock).
        factory.defaultDurationHistogramBuckets = [
            .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25),
            .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(10),
        ]
        MetricsSystem.bootstrap(factory)
    }

    /// What one instance reports besides its requests, read when scraped.
    struct Sources: Sendable {
        let database: any FolioDatabase
        let sockets: @Sendable () -> Int
        let rooms: @Sendable () -> Int
    }

    func response(_ sources: Sources) -> Response {
        if let pool = sources.database.poolUse {
            registry.makeGauge(name: "folio_database_connections_in_use", labels: [("engine", "postgresql")]).set(Double(pool.inUse))
            registry.makeGauge(name: "folio_database_connections_max", labels: [("engine", "postgresql")]).set(Double(pool.size))
        }
        registry.makeGauge(name: "folio_ghost_sockets_open").set(Double(sources.sockets()))
        registry.makeGauge(name: "folio_ghost_rooms_watched").set(Double(sources.rooms()))
        var buffer: [UInt8] = []
        buffer.reserveCapacity(16_384)
        registry.emit(into: &buffer)
        return Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store"],
                        body: .init(byteBuffer: ByteBuffer(bytes: buffer)))
    }
}
