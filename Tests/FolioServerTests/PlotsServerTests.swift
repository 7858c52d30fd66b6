import FolioServer
import FolioStore
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Plots
import Testing

struct PlotJSON: Decodable, Equatable {
    let seed: UInt64?
    let subject: String
    let predicate: String
    let modifier: String
    let agreement: String
    let text: String
    let ids: String
}

@Suite struct PlotsServerTests {
    func decode<T: Decodable>(_ type: T.Type, _ page: Visitor.Page) throws -> T {
        try JSONDecoder().decode(type, from: Data(page.body.utf8))
    }

    @Test func plotsBySeedAndByIdsAgreeEverywhere() async throws {
        try await withWebApp { client, _ in
            var v = Visitor(client)
            let bySeed = try decode(PlotJSON.self, try await v.get("/api/v1/plots?seed=42"))
            #expect(bySeed.seed == 42)
            #expect(try decode(PlotJSON.self, try await v.get("/api/v1/plots/42")) == bySeed)
            let byIds = try decode(PlotJSON.self, try await v.get("/api/v1/plots/\(bySeed.ids)"))
            #expect(byIds.text == bySeed.text && byIds.seed == nil)
            let wheels = try Wheels.standard.get()
            #expect(bySeed.text == wheels.plot(seed: 42).text)

            let page = try await v.get("/plots/42")
            #expect(page.status == .ok)
            #expect(page.body.contains("id=\"plot-text\" class=\"plot-text\" aria-live=\"polite\">\(bySeed.text.replacingOccurrences(of: "'", with: "&#39;"))</p>"))
            let ids = bySeed.ids.split(separator: "-")
            for id in ids { #expect(page.body.contains("id=\"entry-\(id)\" data-id=\"\(id)\"")) }
            #expect(page.body.contains("aria-selected=\"true\""))
            #expect(page.body.contains("href=\"/plots/42\""))
            // Every predicate carries its three forms for the page's script.
            #expect(page.body.contains("data-male=\"loses his memory\" data-female=\"loses her memory\" data-plural=\"lose their memory\""))
            #expect(try await v.get("/plots/\(bySeed.ids)").body.contains(bySeed.ids))
            #expect(try await v.get("/plots").status == .ok)

            for bad in ["/plots/s1-p2-m9999", "/plots/nothing", "/api/v1/plots/s1-p2"] {
                #expect(try await v.get(bad).status == .notFound, "\(bad)")
            }
            #expect(try await v.get("/api/v1/plots?seed=-1").status == .badRequest)
            let wheelsJSON = try await v.get("/api/v1/plots/wheels")
            #expect(wheelsJSON.status == .ok && wheelsJSON.body.contains("\"plural\":[\"lose their memory\"]"))
        }
    }

    @Test func expandingAnyGrammar() async throws {
        try await withWebApp { client, _ in
            var v = Visitor(client)
            struct Expansions: Decodable { let symbol: String; let items: [Item]; struct Item: Decodable { let seed: UInt64; let text: String } }
            let body = ##"{"grammar": {"origin": "#animal.a.capitalize# ate #food.s#.", "animal": ["owl", "hour-long film"], "food": ["box", "berry"]}, "seed": 3, "count": 4}"##
            let first = try decode(Expansions.self, try await v.api("/api/v1/plots/expand", method: .post, json: body))
            #expect(first.items.map(\.seed) == [3, 4, 5, 6])
            for item in first.items {
                #expect(item.text.hasPrefix("An owl") || item.text.hasPrefix("An hour-long film"), "\(item.text)")
                #expect(item.text.hasSuffix(" ate boxes.") || item.text.hasSuffix(" ate berries."), "\(item.text)")
            }
            let again = try decode(Expansions.self, try await v.api("/api/v1/plots/expand", method: .post, json: body))
            #expect(again.items.map(\.text) == first.items.map(\.text))
            let cases: [(String, String)] = [
                (##"{"grammar": {"origin": "#nope#"}}"##, "unknown_symbol"),
                (##"{"grammar": {"origin": "#a"}}"##, "unbalanced_hash"),
                (##"{"grammar": {"origin": "#origin#"}}"##, "too_deep"),
                (##"{"grammar": {"origin": 5}}"##, "invalid_body"),
                (##"{"grammar": "{not json"}"##, "invalid_json"),
                (##"{"grammar": {"origin": "x"}, "count": 500}"##, "invalid_parameter"),
                ("nonsense", "invalid_body"),
            ]
            for (json, code) in cases {
                let page = try await v.api("/api/v1/plots/expand", method: .post, json: json)
                #expect(page.status == .badRequest && page.body.contains("\"\(code)\""), "\(json): \(page.status) \(page.body)")
            }
            let huge = "{\"grammar\": {\"origin\": \"" + String(repeating: "x", count: 300_000) + "\"}}"
            let tooLarge = try await v.api("/api/v1/plots/expand", method: .post, json: huge)
            #expect(tooLarge.status.code >= 400 && tooLarge.status.code < 500)
        }
    }

    @Test func keptPlotsAndGrammarsBelongToTheirAccount() async throws {
        try await withWebApp { client, _ in
            var a = Visitor(client)
            try await a.register("ava")
            let plot = try decode(PlotJSON.self, try await a.get("/api/v1/plots/77"))
            let kept = try await a.post("/plots/kept", ["ids": plot.ids, "seed": "77"])
            #expect(kept.status == .seeOther && kept.location == "/plots/77")
            #expect(try await a.get("/plots/77").body.contains("Kept ★"))
            #expect(try await a.api("/api/v1/plots/kept/s0-p0-m0", method: .put).status == .noContent)
            let list = try await a.get("/plots/kept")
            #expect(list.body.contains(plot.text.replacingOccurrences(of: "'", with: "&#39;")))

            // A grammar with markup in it: saved, expanded, and shown escaped.
            let saved = try await a.post("/plots/grammars", ["name": "Mine", "json": ##"{"origin": "<b>#x#</b>", "x": ["one", "two"]}"##])
            #expect(saved.status == .seeOther)
            let grammarPage = try await a.get(try #require(saved.location))
            #expect(grammarPage.body.contains("&lt;b&gt;one&lt;/b&gt;") || grammarPage.body.contains("&lt;b&gt;two&lt;/b&gt;"))
            #expect(!grammarPage.body.contains("<b>one</b>") && !grammarPage.body.contains("<b>two</b>"))
            let refused = try await a.post("/plots/grammars", ["name": "Broken", "json": ##"{"origin": "#missing#"}"##])
            #expect(refused.status == .badRequest && refused.body.contains("has no symbol"))
            let unnamed = try await a.post("/plots/grammars", ["name": " ", "json": ##"{"origin": "x"}"##])
            #expect(unnamed.status == .badRequest)
            let grammarID = String(try #require(saved.location).split(separator: "/").last!)

            var b = Visitor(client)
            try await b.register("ben")
            let theirs = try await b.api("/api/v1/plots/kept", method: .get)
            #expect(theirs.status == .ok && !theirs.body.contains(plot.ids))
            #expect(try await b.get("/plots/grammars/\(grammarID)").status == .notFound)
            #expect(try await b.api("/api/v1/plots/grammars/\(grammarID)", method: .delete).status == .notFound)
            #expect(try await b.api("/api/v1/plots/kept/\(plot.ids)", method: .delete).status == .notFound)
            #expect(!(try await b.get("/plots/grammars").body.contains("Mine")))

            // A's plots and grammar are untouched, and she can let them go.
            #expect(try await a.api("/api/v1/plots/kept", method: .get).body.contains(plot.ids))
            #expect(try await a.post("/plots/kept/\(plot.ids)/remove", [:]).status == .seeOther)
            #expect(!(try await a.api("/api/v1/plots/kept", method: .get).body.contains(plot.ids)))
            #expect(try await a.post("/plots/grammars/\(grammarID)/delete", [:]).status == .seeOther)
            #expect(try await a.get("/plots/grammars/\(grammarID)").status == .notFound)
            // Keeping needs an account and the form's token.
            var anonymous = Visitor(client)
            #expect(try await anonymous.post("/plots/kept", ["ids": plot.ids]).location?.hasPrefix("/account/login") == true)
            #expect(try await a.post("/plots/kept", ["ids": plot.ids], csrf: "forged").status == .forbidden)
        }
    }
}
