import FolioApp
import FolioStore
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import FolioServer

/// Behind a load balancer every request comes from the proxy: the per-address limits must count
/// the visitors it forwards, not the proxy, and only a trusted proxy may say who they are.
@Suite struct TrustedProxyTests {
    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!
    static let hotSeat = #"{"minLength": 3, "seats": [{"name": "Ann"}, {"name": "Bob"}]}"#

    func configuration(trusting proxies: Set<String>) -> ServerConfiguration {
        var limits = ServerLimits()
        limits.anonymousGamesPerAddressPerHour = 1
        var configuration = TestApp.configuration(limits: limits)
        configuration.trustedProxies = proxies
        return configuration
    }

    static func visitor(_ client: any TestClientProtocol, from forwarded: String) -> Visitor {
        var visitor = Visitor(client)
        visitor.alwaysSend[Self.forwardedFor] = forwarded
        return visitor
    }

    @Test func behindATrustedProxyEachVisitorIsCountedApart() async throws {
        try await TestApp.run(configuration(trusting: ["127.0.0.1"]), live: true) { (client: any TestClientProtocol, _: AppDatabase) async throws -> Void in
            var first = Self.visitor(client, from: "198.51.100.7")
            var second = Self.visitor(client, from: "203.0.113.9")
            #expect(try await first.api("/api/v1/ghost/games", method: .post, json: Self.hotSeat).status == .ok)
            #expect(try await first.api("/api/v1/ghost/games", method: .post, json: Self.hotSeat).status == .tooManyRequests)
            // Another visitor through the same proxy is not held to the first one's quota.
            #expect(try await second.api("/api/v1/ghost/games", method: .post, json: Self.hotSeat).status == .ok)
            // A hop the visitor wrote itself, before the one the proxy added, changes nothing.
            var spoofing = Self.visitor(client, from: "192.0.2.1, 198.51.100.7")
            #expect(try await spoofing.api("/api/v1/ghost/games", method: .post, json: Self.hotSeat).status == .tooManyRequests)
        }
    }

    @Test func fromAnUntrustedPeerTheHeaderIsIgnored() async throws {
        try await TestApp.run(configuration(trusting: []), live: true) { (client: any TestClientProtocol, _: AppDatabase) async throws -> Void in
            var first = Self.visitor(client, from: "198.51.100.7")
            var second = Self.visitor(client, from: "203.0.113.9")
            #expect(try await first.api("/api/v1/ghost/games", method: .post, json: Self.hotSeat).status == .ok)
            // Both are 127.0.0.1: naming another address does not buy another quota.
            #expect(try await second.api("/api/v1/ghost/games", method: .post, json: Self.hotSeat).status == .tooManyRequests)
        }
    }

    @Test func theNearestUntrustedHopIsTheVisitor() {
        let trusted: Set<String> = ["127.0.0.1", "10.0.0.2"]
        #expect(ClientAddress.resolve(peer: "127.0.0.1", forwardedFor: ["198.51.100.7, 10.0.0.2"], trusted: trusted) == "198.51.100.7")
        #expect(ClientAddress.resolve(peer: "127.0.0.1", forwardedFor: ["192.0.2.1", "198.51.100.7"], trusted: trusted) == "198.51.100.7")
        #expect(ClientAddress.resolve(peer: "127.0.0.1", forwardedFor: ["2001:DB8::1"], trusted: trusted) == "2001:db8::1")
        // Not an address: the proxy's own, never the text.
        #expect(ClientAddress.resolve(peer: "127.0.0.1", forwardedFor: ["not-an-ip"], trusted: trusted) == "127.0.0.1")
        #expect(ClientAddress.resolve(peer: "127.0.0.1", forwardedFor: [], trusted: trusted) == "127.0.0.1")
        #expect(ClientAddress.resolve(peer: "127.0.0.1", forwardedFor: ["10.0.0.2"], trusted: trusted) == "127.0.0.1")
        #expect(ClientAddress.resolve(peer: "192.0.2.50", forwardedFor: ["198.51.100.7"], trusted: trusted) == "192.0.2.50")
        #expect(ClientAddress.resolve(peer: nil, forwardedFor: ["198.51.100.7"], trusted: trusted) == nil)
    }
}
