import FolioServer
import FolioStore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import Vocabulary

@Suite struct VocabularyAPITests {
    struct Items<T: Decodable>: Decodable { let items: [T] }
    struct Page<T: Decodable>: Decodable { let total: Int; let items: [T]; let limit: Int; let offset: Int }
    struct TagCount: Decodable { let name: String; let count: Int }
    struct Prompt: Decodable { let pairId: Int64; let prompt: String; let isNew: Bool }
    struct Outcome: Decodable { let verdict: String; let expected: String; let difference: String?; let proposedRating: Int; let rating: Int }

    func decode<T: Decodable>(_ type: T.Type, _ page: Visitor.Page) throws -> T {
        try JSONDecoder().decode(type, from: Data(page.body.utf8))
    }

    @Test func pairsTagsSearchAndARevisionWithAnAlmost() async throws {
        try await withWebApp { client, _ in
            var a = Visitor(client)
            try await a.register("dafydd")
            let created = try await a.api("/api/v1/vocab/pairs", method: .post,
                                          json: #"{"english": "man", "welsh": "gŵr", "type": "Noun", "tags": ["people", "Family"]}"#)
            #expect(created.status == .ok, "\(created.body)")
            let man = try decode(Pair.self, created)
            try await a.api("/api/v1/vocab/pairs", method: .post, json: #"{"english": "woman", "welsh": "gwraig", "tags": ["PEOPLE"]}"#)

            let found = try decode(Items<Pair>.self, try await a.api("/api/v1/vocab/pairs?q=gwr", method: .get)).items
            #expect(found.map(\.welsh) == ["gŵr", "gwraig"])
            let tags = try decode(Items<TagCount>.self, try await a.api("/api/v1/vocab/tags", method: .get)).items
            #expect(tags.map(\.name) == ["Family", "People"])
            #expect(tags.last?.count == 2)

            // Editing a pair's tags works.
            var edited = man
            edited.tags = ["people"]
            let put = try await a.api("/api/v1/vocab/pairs/\(man.id!)", method: .put,
                                      json: String(decoding: try JSONEncoder().encode(edited), as: UTF8.self))
            #expect(try decode(Pair.self, put).tags == ["People"])

            // Revise Welsh → English and English → Welsh; "gwr" for "gŵr" is almost, proposed Hard.
            let prompt = try decode(Prompt.self, try await a.api("/api/v1/vocab/review?direction=englishToWelsh&tag=people", method: .get))
            #expect(prompt.isNew)
            let outcome = try decode(Outcome.self, try await a.api("/api/v1/vocab/review/\(man.id!)", method: .post,
                                                                    json: #"{"direction": "englishToWelsh", "answer": "gwr"}"#))
            #expect(outcome.verdict == "almost")
            #expect(outcome.proposedRating == 2)
            #expect(outcome.rating == 2)
            #expect(outcome.difference != nil)
            let back = try decode(Outcome.self, try await a.api("/api/v1/vocab/review/\(man.id!)", method: .post,
                                                                 json: #"{"direction": "welshToEnglish", "answer": " MAN ", "rating": 4}"#))
            #expect(back.verdict == "right")
            #expect(back.rating == 4)
            let bad = try await a.api("/api/v1/vocab/review/\(man.id!)", method: .post, json: #"{"direction": "sideways", "answer": "x"}"#)
            #expect(bad.status == .badRequest)
        }
    }

    @Test func userBCannotSeeOrChangeAsVocabulary() async throws {
        try await withWebApp { client, database in
            var a = Visitor(client)
            try await a.register("alys")
            let pair = try decode(Pair.self, try await a.api("/api/v1/vocab/pairs", method: .post,
                                                              json: #"{"english": "bread", "welsh": "bara", "tags": ["Food"]}"#))
            try await a.api("/api/v1/vocab/review/\(pair.id!)", method: .post, json: #"{"direction": "englishToWelsh", "answer": "bara"}"#)

            var b = Visitor(client)
            try await b.register("bryn")
            #expect(try decode(Items<Pair>.self, try await b.api("/api/v1/vocab/pairs", method: .get)).items.isEmpty)
            #expect(try decode(Items<TagCount>.self, try await b.api("/api/v1/vocab/tags", method: .get)).items.isEmpty)
            #expect(try await b.api("/api/v1/vocab/pairs/\(pair.id!)", method: .get).status == .notFound)
            let put = try await b.api("/api/v1/vocab/pairs/\(pair.id!)", method: .put, json: #"{"english": "hacked", "welsh": "x"}"#)
            #expect(put.status == .notFound)
            #expect(try await b.api("/api/v1/vocab/pairs/\(pair.id!)", method: .delete).status == .notFound)
            let review = try await b.api("/api/v1/vocab/review/\(pair.id!)", method: .post, json: #"{"direction": "englishToWelsh", "answer": "bara"}"#)
            #expect(review.status == .notFound)
            #expect(try await b.api("/api/v1/vocab/review", method: .get).body.contains("done"))

            #expect(try await a.api("/api/v1/vocab/pairs/\(pair.id!)", method: .get).body.contains("bara"))
            let owner = try #require(try await database.credentials(username: "alys")?.account)
            #expect(try await database.vocabulary.reviewCount(accountID: owner.id) == 1)

            var stranger = Visitor(client)
            #expect(try await stranger.api("/api/v1/vocab/pairs", method: .get).status == .unauthorized)
            let forged = try await a.api("/api/v1/vocab/pairs", method: .post, json: #"{"english": "x"}"#, csrf: false)
            #expect(forged.status == .forbidden)
        }
    }

    @Test func csvImportAndExportRoundTrip() async throws {
        try await withWebApp { client, _ in
            var a = Visitor(client)
            try await a.register("gwen")
            try await a.api("/api/v1/vocab/pairs", method: .post, json: #"{"english": "thank you", "welsh": "diolch", "note": "says \"hi\", too", "tags": ["Phrases"]}"#)
            let csv = try await a.api("/api/v1/vocab/export?format=csv", method: .get)
            #expect(csv.headers[.contentType]?.hasPrefix("text/csv") == true)

            var b = Visitor(client)
            try await b.register("huw")
            let imported = try await b.send(raw: "/api/v1/vocab/import", body: csv.body, contentType: "text/csv")
            #expect(imported.status == .ok, "\(imported.body)")
            let pairs = try decode(Items<Pair>.self, try await b.api("/api/v1/vocab/pairs", method: .get)).items
            #expect(pairs.map { [$0.english, $0.welsh, $0.note] } == [["thank you", "diolch", #"says "hi", too"#]])
            let broken = try await b.send(raw: "/api/v1/vocab/import", body: "English,Welsh\n\"never closed,x\n", contentType: "text/csv")
            #expect(broken.status == .badRequest)
            #expect(try decode(Items<Pair>.self, try await b.api("/api/v1/vocab/pairs", method: .get)).items.count == 1)
        }
    }
}

extension VocabularyAPITests {
    @Test func pairsAndTagsComeInPagesWithTheirBoundsChecked() async throws {
        try await withWebApp { client, database in
            var a = Visitor(client)
            try await a.register("elin")
            let owner = try #require(try await database.credentials(username: "elin")?.account)
            try await database.importPairs(accountID: owner.id, (0..<130).map {
                Pair(english: String(format: "word %03d", $0), welsh: "gŵr \($0)", tags: ["Tag \($0 % 60)"])
            })

            let first = try decode(Page<Pair>.self, try await a.api("/api/v1/vocab/pairs", method: .get))
            #expect(first.total == 130 && first.items.count == 50 && first.limit == 50 && first.offset == 0)
            let last = try decode(Page<Pair>.self, try await a.api("/api/v1/vocab/pairs?limit=1000&offset=100", method: .get))
            #expect(last.items.count == 30 && last.items.first?.english == "word 100")
            let searched = try decode(Page<Pair>.self, try await a.api("/api/v1/vocab/pairs?q=GWR&tag=tag%2010&limit=1&offset=1", method: .get))
            #expect(searched.total == 2 && searched.items.map(\.english) == ["word 070"])
            let tags = try decode(Page<TagCount>.self, try await a.api("/api/v1/vocab/tags?limit=10&offset=55", method: .get))
            #expect(tags.total == 60 && tags.items.count == 5)

            for (query, name) in [("limit=0", "limit"), ("limit=100000", "limit"), ("limit=ten", "limit"), ("offset=-1", "offset")] {
                for path in ["pairs", "tags"] {
                    let refused = try await a.api("/api/v1/vocab/\(path)?\(query)", method: .get)
                    #expect(refused.status == .badRequest, "\(path)?\(query)")
                    #expect(refused.body.contains("invalid_parameter") && refused.body.contains("Invalid \(name)"), "\(refused.body)")
                }
            }

            // Another account's list is empty whatever it asks for.
            var b = Visitor(client)
            try await b.register("ffion")
            let theirs = try decode(Page<Pair>.self, try await b.api("/api/v1/vocab/pairs?q=gwr&limit=1000", method: .get))
            #expect(theirs.total == 0 && theirs.items.isEmpty)
        }
    }

    @Test func aReviewDurationOutOfRangeIsNotStored() async throws {
        try await withWebApp { client, database in
            var a = Visitor(client)
            try await a.register("gethin")
            let pair = try decode(Pair.self, try await a.api("/api/v1/vocab/pairs", method: .post, json: #"{"english": "cat", "welsh": "cath"}"#))
            try await a.api("/api/v1/vocab/review/\(pair.id!)", method: .post,
                            json: #"{"direction": "englishToWelsh", "answer": "cath", "durationSeconds": 1e12}"#)
            try await a.api("/api/v1/vocab/review/\(pair.id!)", method: .post,
                            json: #"{"direction": "welshToEnglish", "answer": "cat", "durationSeconds": 4.5}"#)
            let owner = try #require(try await database.credentials(username: "gethin")?.account)
            let reviews = try await database.vocabulary.reviews(accountID: owner.id, pairID: pair.id!, limit: 10, offset: 0)
            #expect(reviews.items.map(\.duration) == [4.5, nil])
        }
    }
}

extension Visitor {
    /// A raw body with the CSRF header, for uploads.
    mutating func send(raw uri: String, body: String, contentType: String) async throws -> Page {
        try await api(uri, method: .post, json: body, contentTypeOverride: contentType)
    }
}
