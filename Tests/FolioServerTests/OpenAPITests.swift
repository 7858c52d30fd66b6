import FolioStore
import Foundation
import Hummingbird
import Logging
import Testing
@testable import FolioServer

@Suite struct OpenAPITests {
    /// Every JSON route the router serves is in the document, and nothing else is: paths
    /// compared with `{name}` for `:name` and without trailing slashes.
    @Test func theDocumentDescribesExactlyTheJSONRoutes() async throws {
        let database = try AppDatabase.inMemory()
        let configuration = ServerConfiguration(dataDirectory: DataDirectory(path: "/unused"), bcryptCost: 4)
        let referee = GhostReferee(database: database, dictionaries: GhostDictionaries(paths: [:]), hub: GhostRoomHub(recheckSeconds: 1))
        let router = buildRouter(database: database, library: LibraryCache(store: database, recheckSeconds: 1),
                                 pages: try await PageRenderer.load(), referee: referee, configuration: configuration,
                                 logger: Logger(label: "test"))
        func normal(_ path: String) -> String {
            let parts = path.split(separator: "/").map { $0.hasPrefix(":") ? "{\($0.dropFirst())}" : String($0) }
            return "/" + parts.joined(separator: "/")
        }
        let served = Set(router.routes.map { "\($0.method.rawValue) \(normal($0.path.description))" }
            .filter { $0.contains(" /api/") || $0.contains(" /swapi") })

        let data = try #require(OpenAPIDocument.data)
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(document["openapi"] as? String == "3.1.0")
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        var described = Set<String>()
        for (path, operations) in paths {
            for method in operations.keys { described.insert("\(method.uppercased()) \(normal(path))") }
        }
        #expect(served.subtracting(described).isEmpty, "served but not described: \(served.subtracting(described).sorted())")
        #expect(described.subtracting(served).isEmpty, "described but not served: \(described.subtracting(served).sorted())")
        #expect(served.count > 40)

        // Every schema a path refers to exists.
        let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: Any])
        let text = String(decoding: data, as: UTF8.self)
        let refs = text.components(separatedBy: "#/components/schemas/").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(Set(refs).subtracting(schemas.keys).isEmpty)
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
