import FolioTestSupport
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

/// Translations on this device, as a browser reaches them: the page that keeps the pairs, every
/// pair of the account for the device (sent again only when changed), and the changes made there.
@Suite struct OfflinePairsServerTests {
    static let pairs = "/api/v1/vocab/offline/pairs"
    static let sync = "/api/v1/vocab/sync/pairs"

    static func json(_ body: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
    }

    @Test func pairsChangedOnADeviceAreSyncedOnceAndOnlyToTheirOwner() async throws {
        try await withWebApp { client, _ in
            var learner = Visitor(client)
            try await learner.register("gwen")
            let man = try Self.json(try await learner.api("/api/v1/vocab/pairs", method: .post, json: #"{"english":"man","welsh":"gŵr"}"#).body)
            let manID = try #require(man["id"] as? Int)

            // The list offers the page that keeps the pairs, which is the account's and kept by the worker.
            let list = try await learner.get("/vocab")
            #expect(list.body.contains(#"id="pairs-take""#) && list.body.contains(#"href="/vocab/offline""#))
            let page = try await learner.get("/vocab/offline")
            #expect(page.status == .ok && page.body.contains(#"data-pairs="\#(Self.pairs)""#) && page.body.contains(#"data-sync="\#(Self.sync)""#))
            #expect(page.headers[.cacheControl]?.contains("no-store") != true)

            // Every pair, with an entity tag: sent back, the answer is 304 until the pairs change.
            let taken = try await learner.api(Self.pairs, method: .get)
            #expect(taken.status == .ok)
            let pack = try Self.json(taken.body)
            let account = try #require(pack["account"] as? String)
            #expect((pack["pairs"] as? [[String: Any]])?.map { $0["welsh"] as? String } == ["gŵr"])
            let tag = try #require(taken.headers[.eTag])
            let unchanged = try await learner.send(Self.pairs, method: .get, body: nil, contentType: nil, extra: [.ifNoneMatch: tag])
            #expect(unchanged.status == .notModified, "\(tag) \(unchanged.headers)")

            let now = Date().timeIntervalSince1970 * 1000
            let body = #"{"account":"\#(account)","changes":["#
                + #"{"id":"device-add-0001","kind":"add","pair":{"english":"cat","welsh":"cath","tags":["animals"]},"madeAt":\#(now - 60_000)},"#
                + #"{"id":"device-edit-001","kind":"edit","pairId":\#(manID),"pair":{"english":"man","welsh":"dyn"},"madeAt":\#(now)}]}"#
            let synced = try await learner.api(Self.sync, method: .post, json: body)
            #expect(synced.status == .ok)
            let results = try #require(try Self.json(synced.body)["results"] as? [[String: Any]])
            #expect(results.map { $0["outcome"] as? String } == ["applied", "applied"])
            let cat = try #require(results[0]["pair"] as? [String: Any])
            #expect(cat["tags"] as? [String] == ["Animals"])
            // Sent again: the same pair answered, nothing added.
            let again = try Self.json(try await learner.api(Self.sync, method: .post, json: body).body)
            let resent = try #require(again["results"] as? [[String: Any]])
            #expect(resent.map { $0["outcome"] as? String } == ["alreadyApplied", "alreadyApplied"])
            #expect((resent[0]["pair"] as? [String: Any])?["id"] as? Int == cat["id"] as? Int)
            #expect(try await learner.send(Self.pairs, method: .get, body: nil, contentType: nil, extra: [.ifNoneMatch: tag]).status == .ok)
            let after = try Self.json(try await learner.api(Self.pairs, method: .get).body)
            #expect(Set((after["pairs"] as? [[String: Any]] ?? []).compactMap { $0["welsh"] as? String }) == ["cath", "dyn"])

            // An edit made before the one that stands is not kept, and the page is told the pair as it stands.
            let stale = #"{"changes":[{"id":"device-edit-002","kind":"edit","pairId":\#(manID),"pair":{"english":"man","welsh":"gwr"},"madeAt":\#(now - 45_000)}]}"#
            let later = try #require(try Self.json(try await learner.api(Self.sync, method: .post, json: stale).body)["results"] as? [[String: Any]])
            #expect(later[0]["outcome"] as? String == "later" && (later[0]["pair"] as? [String: Any])?["welsh"] as? String == "dyn")
            // A pair that cannot be kept is refused with the reason, to show.
            let empty = #"{"changes":[{"id":"device-add-0002","kind":"add","pair":{"note":"no sides"},"madeAt":\#(now)}]}"#
            let refused = try #require(try Self.json(try await learner.api(Self.sync, method: .post, json: empty).body)["results"] as? [[String: Any]])
            #expect(refused[0]["outcome"] as? String == "refused" && (refused[0]["message"] as? String)?.contains("English") == true)

            // Without the page's token, for another account kept on the device, or malformed: refused, nothing stored.
            #expect(try await learner.api(Self.sync, method: .post, json: body.replacingOccurrences(of: "0001", with: "0009"), csrf: false).status == .forbidden)
            let foreign = try await learner.api(Self.sync, method: .post, json: body.replacingOccurrences(of: account, with: "someone-else"))
            #expect(foreign.status == .conflict && foreign.body.contains("other_account"))
            for bad in [#"{"changes":[{"id":"short","kind":"delete","pairId":1,"madeAt":1}]}"#,
                        #"{"changes":[{"id":"device-bad-0001","kind":"rename","pairId":1,"madeAt":1}]}"#,
                        #"{"changes":[{"id":"device-bad-0001","kind":"delete","madeAt":1}]}"#,
                        #"{"changes":[{"id":"device-bad-0001","kind":"add","madeAt":1}]}"#,
                        #"{"changes":[{"id":"device-bad-0001","kind":"delete","pairId":0,"madeAt":1}]}"#,
                        #"{"changes":[{"id":"device-bad-0001","kind":"delete","pairId":1,"madeAt":-5}]}"#,
                        #"{"changes":"none"}"#, "not json"] {
                let answer = try await learner.api(Self.sync, method: .post, json: bad)
                #expect(answer.status == .badRequest, "\(bad)")
                #expect(answer.body.contains(#""error""#))
            }
            #expect(try await learner.api("/api/v1/vocab/pairs?limit=10", method: .get).body.contains(#""total":2"#))

            // Another account's device can neither change nor delete her pairs, nor read them.
            var other = Visitor(client)
            try await other.register("owain")
            let theirs = try await other.api(Self.sync, method: .post,
                                             json: #"{"changes":[{"id":"device-del-0001","kind":"delete","pairId":\#(manID),"madeAt":\#(now)}]}"#)
            #expect(theirs.status == .ok && theirs.body.contains(#""outcome":"gone""#))
            #expect((try Self.json(try await other.api(Self.pairs, method: .get).body)["pairs"] as? [Any])?.isEmpty == true)
            #expect(try await learner.api("/api/v1/vocab/pairs/\(manID)", method: .get).status == .ok)
            var stranger = Visitor(client)
            #expect(try await stranger.api(Self.sync, method: .post, json: body).status == .unauthorized)
            #expect(try await stranger.api(Self.pairs, method: .get).status == .unauthorized)
        }
    }
}
