import FolioServer
import FolioStore
import FolioTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Monologues
import Testing

/// The JSON API, driven through the router as a client would.
@Suite struct MonologuesAPITests {
    static let monologues = [
        LibraryFixture.monologue("hamlet-3-1-hamlet-1", number: 1, text: "To be, or not to be: that is the question."),
        LibraryFixture.monologue("hamlet-1-5-ghost-1", number: 2, character: "Ghost", gender: .any,
                                 text: "Revenge his foul and most unnatural murder, blood for blood.", tags: ["supernatural", "threatening"]),
        LibraryFixture.monologue("macbeth-1-5-lady-macbeth-1", play: "Macbeth", character: "Lady Macbeth", gender: .female,
                                 seconds: 200, text: "The raven himself is hoarse.", tags: ["villain", "planning"]),
    ]

    struct SearchBody: Decodable { let total: Int; let items: [Monologue] }
    struct ErrorBody: Decodable { struct Detail: Decodable { let code: String; let message: String }; let error: Detail }
    struct Items<T: Decodable>: Decodable { let items: [T] }

    func withApp(library: [Monologue] = monologues, _ test: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        try await TestApp.run(database: try TestApp.database(library: library)) { client, _ in try await test(client) }
    }

    func decode<T: Decodable>(_ type: T.Type, _ response: TestResponse) throws -> T {
        try JSONDecoder().decode(type, from: Data(buffer: response.body))
    }

    @Test func searchReturnsTotalAndItemsBestFirst() async throws {
        try await withApp { client in
            try await client.execute(uri: "/api/v1/monologues?q=blood%20revenge", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
                let body = try decode(SearchBody.self, response)
                #expect(body.total == 1)
                #expect(body.items.map(\.id) == ["hamlet-1-5-ghost-1"])
            }
            try await client.execute(uri: "/api/v1/monologues?gender=female&tone=tragedy&length=long&tag=villain", method: .get) { response in
                let ids = try decode(SearchBody.self, response).items.map(\.id)
                #expect(ids == ["macbeth-1-5-lady-macbeth-1"])
            }
            // A GET form writes spaces as "+"; a literal plus arrives as %2B.
            try await client.execute(uri: "/api/v1/monologues?q=to+be+or+not+to+be", method: .get) { response in
                let ids = try decode(SearchBody.self, response).items.map(\.id)
                #expect(ids.first == "hamlet-3-1-hamlet-1")
            }
            try await client.execute(uri: "/api/v1/monologues?gender=male&limit=1&offset=1", method: .get) { response in
                let body = try decode(SearchBody.self, response)
                #expect(body.total == 2)
                #expect(body.items.count == 1)
            }
        }
    }

    @Test func aMonologueHasEveryField() async throws {
        try await withApp { client in
            try await client.execute(uri: "/api/v1/monologues/hamlet-3-1-hamlet-1", method: .get) { response in
                #expect(response.status == .ok)
                let object = try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
                for key in ["id", "title", "sortTitle", "play", "character", "gender", "tone", "genre", "act", "scene", "location",
                            "notes", "text", "wordCount", "lineCount", "seconds", "length", "verse", "tags"] {
                    #expect(object[key] != nil, "missing \(key)")
                }
                #expect(object["verse"] as? Bool == true)
                #expect(object["tags"] as? [String] == ["noble", "lamenting"])
            }
        }
    }

    @Test func unknownFilterValuesAre400sNamingTheAllowedValues() async throws {
        try await withApp { client in
            for (query, allowed) in [("gender=boy", "male, female, any"), ("tone=farce", "comedy, tragedy, history"),
                                     ("length=epic", "short, medium, long"), ("tag=nosuch", "lamenting")] {
                try await client.execute(uri: "/api/v1/monologues?\(query)", method: .get) { response in
                    #expect(response.status == .badRequest)
                    let body = try decode(ErrorBody.self, response)
                    #expect(body.error.code == "unknown_filter_value")
                    #expect(body.error.message.contains(allowed), "\(body.error.message)")
                }
            }
            for query in ["limit=0", "limit=abc", "limit=100000", "offset=-1"] {
                try await client.execute(uri: "/api/v1/monologues?\(query)", method: .get) { response in
                    #expect(response.status == .badRequest)
                    let code = try decode(ErrorBody.self, response).error.code
                #expect(code == "invalid_parameter")
                }
            }
        }
    }

    @Test func unknownIdsAndRoutesAre404s() async throws {
        try await withApp { client in
            try await client.execute(uri: "/api/v1/monologues/no-such-id", method: .get) { response in
                #expect(response.status == .notFound)
                let code = try decode(ErrorBody.self, response).error.code
                #expect(code == "monologue_not_found")
            }
            try await client.execute(uri: "/api/v1/monologues/no-such-id/related", method: .get) { response in
                #expect(response.status == .notFound)
            }
            try await client.execute(uri: "/api/v1/nothing-here", method: .get) { response in
                #expect(response.status == .notFound)
                let code = try decode(ErrorBody.self, response).error.code
                #expect(code == "not_found")
            }
        }
    }

    @Test func relatedStatsAndTags() async throws {
        try await withApp { client in
            try await client.execute(uri: "/api/v1/monologues/hamlet-3-1-hamlet-1/related", method: .get) { response in
                let items = try decode(Items<RelatedMonologue>.self, response).items
                #expect(items.count == 2)
                #expect(items[0].monologue.id == "hamlet-1-5-ghost-1")
                #expect(items[0].reasons.contains("same play"))
            }
            try await client.execute(uri: "/api/v1/monologues/stats", method: .get) { response in
                let stats = try decode(LibraryStats.self, response)
                #expect(stats.count == 3)
                #expect(stats.plays == 2)
                #expect(stats.byGender == ["male": 1, "any": 1, "female": 1])
            }
            try await client.execute(uri: "/api/v1/tags", method: .get) { response in
                let tags = try decode(Items<TagCount>.self, response).items
                #expect(tags.count == 6)
                #expect(Set(tags.map(\.count)) == [1])
            }
        }
    }

    @Test func anEmptyLibrarySaysWhichCommandFillsIt() async throws {
        try await withApp(library: []) { client in
            try await client.execute(uri: "/api/v1/monologues?q=hamlet", method: .get) { response in
                #expect(response.status == .serviceUnavailable)
                let body = try decode(ErrorBody.self, response)
                #expect(body.error.code == "library_empty")
                #expect(body.error.message.contains("folio import shakespeare"))
            }
        }
    }

    @Test func hostileQueriesAreJustText() async throws {
        try await withApp { client in
            for q in ["%27%3B%20DROP%20TABLE%20monologue%3B--", "%3Cscript%3Ealert(1)%3C%2Fscript%3E", String(repeating: "a", count: 5000), "%00%FF"] {
                try await client.execute(uri: "/api/v1/monologues?q=\(q)", method: .get) { response in
                    #expect(response.status == .ok)
                    let total = try decode(SearchBody.self, response).total
                    #expect(total == 0)
                }
            }
            try await client.execute(uri: "/api/v1/monologues/stats", method: .get) { response in
                let count = try decode(LibraryStats.self, response).count
                #expect(count == 3)
            }
        }
    }
}
