import HTTPTypes
import Hummingbird
import NIOCore

/// Where a request comes from, for the per-address limits (log-in throttle, sign-ups, Ghost
/// games and sockets). Behind a load balancer every request arrives from the proxy, which would
/// make all its visitors one address: one person's failed guesses would then lock everyone out.
/// So when the peer is a proxy the operator trusts (`folio serve --trusted-proxy`), the address
/// is the nearest one in `X-Forwarded-For` that is not a trusted proxy. From anyone else the
/// header is ignored: a client cannot name its own address.
enum ClientAddress {
    /// At most this many `X-Forwarded-For` entries are read, nearest first.
    static let maximumHops = 16

    static func resolve(peer: String?, forwardedFor: [String], trusted: Set<String>) -> String? {
        guard let peer, trusted.contains(peer), !forwardedFor.isEmpty else { return peer }
        let hops = forwardedFor.joined(separator: ",").split(separator: ",").suffix(maximumHops)
        for hop in hops.reversed() {
            guard let address = normalised(hop.trimmingCharacters(in: .whitespaces)) else { return peer }
            if !trusted.contains(address) { return address }
        }
        return peer
    }

    /// Whether an address is this machine's own (127.0.0.0/8, ::1, or IPv4 loopback as IPv6).
    static func isLoopback(_ address: String) -> Bool {
        address.hasPrefix("127.") || address == "::1" || address.hasPrefix("::ffff:127.")
    }

    /// An IPv4 or IPv6 address as NIO writes it, or nil for anything else.
    static func normalised(_ text: String) -> String? {
        guard text.count <= 45, let address = try? SocketAddress(ipAddress: text, port: 0) else { return nil }
        return address.ipAddress
    }
}

/// Sets the request's client address from `X-Forwarded-For` when it comes from a trusted proxy.
struct ForwardedForMiddleware: RouterMiddleware {
    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!
    let trusted: Set<String>

    func handle(_ request: Request, context: FolioRequestContext,
                next: (Request, FolioRequestContext) async throws -> Response) async throws -> Response {
        guard !trusted.isEmpty else { return try await next(request, context) }
        var context = context
        context.forwardedAddress = ClientAddress.resolve(peer: context.remoteAddress?.ipAddress,
                                                         forwardedFor: request.headers[values: Self.forwardedFor], trusted: trusted)
        return try await next(request, context)
    }
}

/// For `folio serve` to check and write `--trusted-proxy` as the middleware compares it.
public enum ClientAddressCheck {
    public static func normalised(_ text: String) -> String? { ClientAddress.normalised(text) }
}
