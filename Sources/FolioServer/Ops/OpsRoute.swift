import HTTPTypes
import Hummingbird

/// What load balancers and monitoring ask of an instance: on the main port, or on a port of
/// their own (`folio serve --ops-port`).
enum OpsRoute: String, Route {
    case health, metrics

    var method: HTTPRequest.Method { .get }

    var pattern: String {
        switch self {
        case .health: "/health"
        case .metrics: "/metrics"
        }
    }
}

extension Router {
    @discardableResult
    func on(ops route: OpsRoute, use handler: @Sendable @escaping (Request, Context) async throws -> some ResponseGenerator) -> Self {
        on(RouterPath(route.pattern), method: route.method, use: handler)
    }
}
