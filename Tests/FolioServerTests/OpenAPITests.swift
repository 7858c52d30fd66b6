import FolioStore
import Foundation
import Hummingbird
import Logging
import Testing
@testable import FolioServer

@Suite struct OpenAPITests {
    /// The document describes exactly `APIRoute`'s endpoints (each operation's `operationId` is
    /// its case), and the API router serves exactly those, nothing more.
    @Test func theDocumentDescribesExactlyTheAPIRoutes() async throws {
        let routers = try await TestApp.routers()
        /// `{name}` for `:name`, without trailing slashes: the router's form and the document's.
        func normal(_ path: String) -> String {
            let parts = path.split(separator: "/").map { $0.hasPrefix(":") ? "{\($0.dropFirst())}" : String($0) }
            return "/" + parts.joined(separator: "/")
        }
        let enumerated = Dictionary(uniqueKeysWithValues: APIRoute.allCases.map { ("\($0.method.rawValue) \(normal($0.pattern))", $0.rawValue) })
        #expect(enumerated.count == APIRoute.allCases.count, "two cases share a method and path")
        let served = Set(routers.api.routes.filter { $0.method != .head }.map { "\($0.method.rawValue) \(normal($0.path.description))" })
        #expect(served == Set(enumerated.keys), """
            served but not enumerated: \(served.subtracting(enumerated.keys).sorted()); \
            enumerated but not served: \(Set(enumerated.keys).subtracting(served).sorted())
            """)
        // No page is served under the API's mounts, and no API route outside them.
        #expect(routers.pages.routes.allSatisfy { !APIRoute.isMounted($0.path.description) })
        #expect(APIRoute.allCases.allSatisfy { APIRoute.isMounted($0.pattern) })
        #expect(SiteRoute.allCases.allSatisfy { !APIRoute.isMounted($0.pattern) })

        let data = try #require(OpenAPIDocument.data)
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(document["openapi"] as? String == "3.1.0")
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        var described: [String: String] = [:]
        for (path, operations) in paths {
            for (method, operation) in operations {
                described["\(method.uppercased()) \(normal(path))"] = (operation as? [String: Any])?["operationId"] as? String ?? "(none)"
            }
        }
        #expect(described == enumerated, """
            described but not enumerated: \(Set(described.keys).subtracting(enumerated.keys).sorted()); \
            enumerated but not described: \(Set(enumerated.keys).subtracting(described.keys).sorted()); \
            operationIds that are not their case: \(described.filter { enumerated[$0.key] != nil && enumerated[$0.key] != $0.value })
            """)

        // Every schema a path refers to exists.
        let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: Any])
        let text = String(decoding: data, as: UTF8.self)
        let refs = text.components(separatedBy: "#/components/schemas/").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(Set(refs).subtracting(schemas.keys).isEmpty)
    }

    /// Every page route is registered on the pages router, once.
    @Test func everySiteRouteIsServed() async throws {
        let routers = try await TestApp.routers()
        let served = Set(routers.pages.routes.filter { $0.method != .head }.map { "\($0.method.rawValue) \($0.path.description)" })
        // The socket is served by the WebSocket router.
        let pages = SiteRoute.allCases.filter { $0 != .ghostSocket }
        let enumerated = Set(pages.map { "\($0.method.rawValue) \(RouterPath($0.pattern).description)" })
        #expect(enumerated.count == pages.count)
        #expect(served == enumerated, """
            served but not enumerated: \(served.subtracting(enumerated).sorted()); \
            enumerated but not served: \(enumerated.subtracting(served).sorted())
            """)
    }

    /// A link fills each parameter as one escaped segment, and a query leaves out empty fields.
    @Test func linksAreBuiltFromRoutes() {
        #expect(SiteRoute.monologue.path("hamlet-3-1-57") == "/monologues/hamlet-3-1-57")
        #expect(SiteRoute.editPair.path(42) == "/vocab/pairs/42/edit")
        #expect(SiteRoute.monologue.path("a/b?c=d") == "/monologues/a%2Fb%3Fc%3Dd")
        #expect(SiteRoute.vocabulary.path(query: ["q": "gŵr & co", "tag": nil, "page": "2"]) == "/vocab?q=g%C5%B5r%20%26%20co&page=2")
        #expect(SiteRoute.monologues.path(query: ["q": ""]) == "/monologues")
        #expect(APIRoute.swapiPerson.path(1) == "/swapi/people/1/")
        #expect(APIRoute.isMounted("/api/v2/x") && APIRoute.isMounted("/swapi/films/") && !APIRoute.isMounted("/apis") && !APIRoute.isMounted("/swapiX"))
    }

    @Test func theDocumentIsServed() async throws {
        try await withWebApp { client, _ in
            var v = Visitor(client)
            let page = try await v.get("/api/v1/openapi.json")
            #expect(page.status == .ok && page.headers[.contentType] == "application/json")
            #expect(page.body.contains("\"/api/v1/monologues\""))
        }
    }
}
