import Foundation
import HTTPTypes
import Hummingbird

/// A route Folio serves: a method and a path pattern with `{name}` for each parameter, the form
/// openapi.json writes paths in. Handlers are registered from routes and links are built from
/// them, so each path is written once, in `APIRoute` or `SiteRoute`.
protocol Route: CaseIterable, Sendable {
    var method: HTTPRequest.Method { get }
    /// `/monologues/{id}`: literal segments and `{name}` parameters.
    var pattern: String { get }
}

extension Route {
    /// The names of the pattern's parameters, in order.
    var parameters: [String] {
        pattern.split(separator: "/").filter { $0.hasPrefix("{") }.map { String($0.dropFirst().dropLast()) }
    }

    /// The path with each parameter filled in order, each value percent-encoded as one segment,
    /// so a value can never add a segment or a query of its own.
    func path(_ values: any LosslessStringConvertible...) -> String {
        path(values: values)
    }

    /// `path(values…)` followed by a query of the given fields, in order; a nil or empty value is
    /// left out, and with no fields left there is no `?`.
    func path(_ values: any LosslessStringConvertible..., query: KeyValuePairs<String, String?>) -> String {
        path(values: values, query: query.map { ($0.key, $0.value) })
    }

    private func path(values: [any LosslessStringConvertible], query: [(name: String, value: String?)]) -> String {
        let base = path(values: values)
        let fields = query.compactMap { name, value -> String? in
            guard let value, !value.isEmpty else { return nil }
            return name + "=" + (value.addingPercentEncoding(withAllowedCharacters: Self.queryValueCharacters) ?? "")
        }
        return fields.isEmpty ? base : base + "?" + fields.joined(separator: "&")
    }

    private func path(values: [any LosslessStringConvertible]) -> String {
        precondition(values.count == parameters.count, "\(pattern) takes \(parameters.count) values, not \(values.count)")
        var remaining = values[...]
        return pattern.split(separator: "/", omittingEmptySubsequences: false).map { segment -> String in
            guard segment.hasPrefix("{"), let value = remaining.popFirst() else { return String(segment) }
            return String(describing: value).addingPercentEncoding(withAllowedCharacters: Self.segmentCharacters) ?? ""
        }.joined(separator: "/")
    }

    /// What may stand unescaped in one path segment: unreserved characters only.
    static var segmentCharacters: CharacterSet { unreservedCharacters }
    /// What may stand unescaped in a query value: the same, so `&`, `=`, `+` and `#` are escaped.
    static var queryValueCharacters: CharacterSet { unreservedCharacters }
}

/// RFC 3986's unreserved characters, made once: every link of every page is escaped with them.
private let unreservedCharacters = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")

/// One controller's routes as a collection mounted at the path they all share
/// (`/api/v1/vocab`): each is registered from its route's pattern with the mount taken off, and
/// the collection is added to its face's router at the mount, so a route outside the mount is a
/// mistake caught where the controller is built.
struct MountedRoutes<Context: RequestContext> {
    let mount: String
    let collection = RouteCollection(context: Context.self)

    init(at mount: String) {
        self.mount = mount
    }

    @discardableResult
    func on(api route: APIRoute, use handler: @Sendable @escaping (Request, Context) async throws -> some ResponseGenerator) -> Self {
        collection.on(relativePath(route), method: route.method, use: handler)
        return self
    }

    @discardableResult
    func on(page route: SiteRoute, use handler: @Sendable @escaping (Request, Context) async throws -> some ResponseGenerator) -> Self {
        collection.on(relativePath(route), method: route.method, use: handler)
        return self
    }

    private func relativePath(_ route: some Route) -> RouterPath {
        precondition(route.pattern == mount || route.pattern.hasPrefix(mount + "/"), "\(route.pattern) is not under \(mount)")
        return RouterPath(String(route.pattern.dropFirst(mount.count)))
    }
}

extension Router {
    /// Adds a controller's routes at the path they are mounted at.
    @discardableResult
    func mount(_ routes: MountedRoutes<Context>) -> Self {
        addRoutes(routes.collection, atPath: RouterPath(routes.mount))
    }
}

extension RouterMethods {
    /// Registers `handler` for an API route's method and pattern.
    @discardableResult
    func on(api route: APIRoute, use handler: @Sendable @escaping (Request, Context) async throws -> some ResponseGenerator) -> Self {
        on(RouterPath(route.pattern), method: route.method, use: handler)
    }

    /// Registers `handler` for a page's method and pattern.
    @discardableResult
    func on(page route: SiteRoute, use handler: @Sendable @escaping (Request, Context) async throws -> some ResponseGenerator) -> Self {
        on(RouterPath(route.pattern), method: route.method, use: handler)
    }
}
