import FolioCore
@testable import FolioServer
import FolioStore
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import NIOEmbedded
import Plots
import Synchronization
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
            // The page words a refusal for a newcomer; the API keeps the Tracery terms.
            #expect(refused.status == .badRequest && refused.body.contains("There is no list named “missing”"))
            #expect(!refused.body.contains("has no symbol"))
            let refusedByAPI = try await a.api("/api/v1/plots/grammars", method: .post, json: ##"{"name": "Broken", "grammar": {"origin": "#missing#"}}"##)
            #expect(refusedByAPI.status == .badRequest && refusedByAPI.body.contains("has no symbol"))
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

    // MARK: - Budget, gate, quota and pages

    /// The web app with limits of the test's choosing.
    func withPlotsApp(_ limits: ServerLimits, _ test: @escaping @Sendable (any TestClientProtocol, AppDatabase) async throws -> Void) async throws {
        try await TestApp.run(TestApp.configuration(limits: limits), test)
    }

    static let costly = ##"{"origin": "#a##a#", "a": "#b##b#", "b": "#c##c#", "c": "#d##d#", "d": "#e##e#", "e": "#f##f#", "f": "#g##g#", "g": "#h##h#", "h": "#i##i#", "i": "#j##j#", "j": "#k##k#", "k": "#l##l#", "l": "#m##m#", "m": "#n##n#", "n": "#o##o#", "o": "#p##p#", "p": "#q##q#", "q": "#r##r#", "r": ""}"##

    @Test func costlyGrammarsAreRefusedWhereverTheyAreExpanded() async throws {
        try await withWebApp { client, database in
            var v = Visitor(client)
            let expanded = try await v.api("/api/v1/plots/expand", method: .post, json: #"{"grammar": \#(Self.costly)}"#)
            #expect(expanded.status == .badRequest && expanded.body.contains("\"grammar_too_costly\"") && expanded.body.contains("100,000 steps"))
            // A modifier chain that once multiplied an 18 KB request into megabytes.
            let bomb = ##"{"grammar": {"w": "wolf", "y": "#w"## + String(repeating: ".a", count: 3_000) + ##"#", "origin": ""## + String(repeating: "#y#", count: 4_000) + ##""}}"##
            let refused = try await v.api("/api/v1/plots/expand", method: .post, json: bomb)
            #expect(refused.status == .badRequest && refused.body.count < 1_000)

            try await v.register("cora")
            let api = try await v.api("/api/v1/plots/grammars", method: .post, json: #"{"name": "Costly", "grammar": \#(Self.costly)}"#)
            #expect(api.status == .badRequest && api.body.contains("grammar_too_costly"))
            let page = try await v.post("/plots/grammars", ["name": "Costly", "json": Self.costly])
            #expect(page.status == .badRequest && page.body.contains("100,000 steps"))
            let account = try #require(try await database.credentials(username: "cora")).account
            #expect(try await database.grammars(accountID: account.id, limit: 10, offset: 0).total == 0)
            // One saved before the budget (straight into the store) is refused on its page, not expanded.
            let old = try await database.saveGrammar(accountID: account.id, name: "Old", json: Self.costly)
            let shown = try await v.get("/plots/grammars/\(old.id)")
            #expect(shown.status == .badRequest && shown.body.contains("100,000 steps"))
        }
    }

    @Test func grammarsPerAccountAreLimited() async throws {
        var limits = ServerLimits()
        limits.savedGrammarsPerAccount = 2
        try await withPlotsApp(limits) { client, _ in
            var a = Visitor(client)
            try await a.register("dora")
            func save(_ name: String) async throws -> Visitor.Page {
                try await a.api("/api/v1/plots/grammars", method: .post, json: #"{"name": "\#(name)", "grammar": {"origin": "x"}}"#)
            }
            #expect(try await save("One").status == .ok)
            struct Saved: Decodable { let id: Int64 }
            let two = try decode(Saved.self, try await save("Two"))
            let third = try await save("Three")
            #expect(third.status == .conflict && third.body.contains("\"grammar_quota_reached\"") && third.body.contains("You keep 2 grammars"))
            // Replacing one kept under the same name (in any case) does not count twice.
            #expect(try await save("one").status == .ok)
            let page = try await a.post("/plots/grammars", ["name": "Three", "json": ##"{"origin": "x"}"##])
            #expect(page.status == .conflict && page.body.contains("You keep 2 wheel lists, the most an account may keep"))
            #expect(try await a.api("/api/v1/plots/grammars/\(two.id)", method: .delete).status == .noContent)
            #expect(try await save("Three").status == .ok)
            // The quota is each account's own.
            var b = Visitor(client)
            try await b.register("eli")
            #expect(try await b.api("/api/v1/plots/grammars", method: .post, json: #"{"name": "One", "grammar": {"origin": "y"}}"#).status == .ok)
        }
    }

    /// What the pages carry for the phone: the plots stylesheet and script from `/public` (the
    /// Content-Security-Policy allows no inline script), a Share button for the script to show,
    /// wheels whose lists are presentational between listbox and options, a count and a day on
    /// the kept plots, and the wheel lists explained without the Tracery terms.
    @Test func pagesCarryWhatThePhoneLayoutNeeds() async throws {
        try await withWebApp { client, _ in
            var a = Visitor(client)
            let wheels = try await a.get("/plots/5")
            #expect(wheels.body.contains(#"<link rel="stylesheet" href="/public/plots.css"><script src="/public/plots.js" defer></script>"#))
            #expect(wheels.body.components(separatedBy: #"<ol class="wheel-track" role="none">"#).count == 4)
            #expect(wheels.body.contains(#"<button id="plot-share" class="secondary" type="button" hidden>Share</button>"#))
            #expect(!wheels.body.contains("<script>") && !wheels.body.contains(" style=\""))
            #expect(try await a.get("/public/plots.css").status == .ok)

            try await a.register("fay")
            #expect(try await a.get("/plots/5").body.contains(">Keep</button>"))
            for seed in ["5", "6"] {
                let plot = try decode(PlotJSON.self, try await a.get("/api/v1/plots/\(seed)"))
                #expect(try await a.post("/plots/kept", ["ids": plot.ids, "seed": seed]).status == .seeOther)
            }
            let kept = try await a.get("/plots/kept")
            #expect(kept.body.contains(#"<p id="kept-count" class="result-count" data-total="2">2 plots kept</p>"#))
            let today = Date().formatted(Date.FormatStyle(date: .abbreviated, time: .omitted, locale: Locale(identifier: "en_GB"),
                                                          timeZone: TimeZone(identifier: "UTC")!))
            #expect(kept.body.components(separatedBy: "Kept \(today)").count == 3)
            #expect(kept.body.contains(#"<li class="kept-plot card">"#))

            let lists = try await a.get("/plots/grammars")
            #expect(lists.body.contains("<title>Your wheel lists · Folio</title>"))
            #expect(lists.body.contains("A wheel list is a few lists of words or phrases"))
            // The words a newcomer reads: no grammar, symbol or rule outside the addresses.
            let main = String(lists.body.split(separator: "<main", maxSplits: 1)[1])
            let words = main.replacingOccurrences(of: #"(href|action|id|for|aria-labelledby|aria-describedby)="[^"]*""#, with: "",
                                                  options: .regularExpression)
                .replacingOccurrences(of: #"class="[^"]*""#, with: "", options: .regularExpression)
            for jargon in ["grammar", "symbol", "rule"] {
                #expect(!words.lowercased().contains(jargon), "\(jargon)")
            }
        }
    }

    @Test func keptPlotsAndGrammarsComeAPageAtATime() async throws {
        try await withWebApp { client, _ in
            struct Page<Item: Decodable>: Decodable { let total: Int; let items: [Item] }
            struct Kept: Decodable { let ids: String }
            struct Named: Decodable { let name: String }
            var a = Visitor(client)
            try await a.register("fay")
            let ids = ["s0-p0-m0", "s1-p1-m1", "s2-p2-m2"]
            for id in ids { #expect(try await a.api("/api/v1/plots/kept/\(id)", method: .put).status == .noContent) }
            for name in ["Ant", "Bee", "Cat"] {
                #expect(try await a.api("/api/v1/plots/grammars", method: .post, json: #"{"name": "\#(name)", "grammar": {"origin": "x"}}"#).status == .ok)
            }
            let first = try decode(Page<Kept>.self, try await a.api("/api/v1/plots/kept?limit=2", method: .get))
            let rest = try decode(Page<Kept>.self, try await a.api("/api/v1/plots/kept?limit=2&offset=2", method: .get))
            #expect(first.total == 3 && first.items.count == 2 && rest.total == 3 && rest.items.count == 1)
            #expect(Set((first.items + rest.items).map(\.ids)) == Set(ids))
            let grammars = try decode(Page<Named>.self, try await a.api("/api/v1/plots/grammars?limit=2&offset=1", method: .get))
            #expect(grammars.total == 3 && grammars.items.map(\.name) == ["Bee", "Cat"])
            #expect(try decode(Page<Named>.self, try await a.api("/api/v1/plots/grammars", method: .get)).items.count == 3)
            for query in ["limit=0", "limit=101", "limit=two", "offset=-1", "offset=99999999999"] {
                for path in ["/api/v1/plots/kept", "/api/v1/plots/grammars", "/plots/kept", "/plots/grammars"] {
                    let page = try await a.api("\(path)?\(query)", method: .get)
                    #expect(page.status == .badRequest, "\(path)?\(query): \(page.status)")
                }
            }
            // The pages carry a pager when the list is longer than a page.
            let keptPage = try await a.get("/plots/kept?limit=2")
            #expect(keptPage.body.contains("1–2 of 3") && keptPage.body.contains("href=\"/plots/kept?offset=2&amp;limit=2\""))
            let grammarPage = try await a.get("/plots/grammars?limit=2&offset=2")
            #expect(grammarPage.body.contains("3–3 of 3") && grammarPage.body.contains("Cat") && !grammarPage.body.contains(">Ant<"))
            #expect(!(try await a.get("/plots/grammars").body.contains("class=\"pager\"")))
            // Another account's lists are empty.
            var b = Visitor(client)
            try await b.register("gus")
            #expect(try decode(Page<Kept>.self, try await b.api("/api/v1/plots/kept", method: .get)).total == 0)
            #expect(try decode(Page<Named>.self, try await b.api("/api/v1/plots/grammars", method: .get)).total == 0)
        }
    }

    @Test func theGateLetsAFewRunAndTurnsTheRestAwayWithRetryAfter() async throws {
        let gate = WorkGate(capacity: 1, patience: .milliseconds(100))
        let release = Mutex(false)
        let slow = Task {
            try await gate.run(closing: nil) { _ in
                while !release.withLock({ $0 }) { usleep(1_000) }
                return 1
            }
        }
        while gate.running == 0 { try await Task.sleep(for: .milliseconds(1)) }
        // Every place is taken and none comes free in time: a 503 that says when to come back.
        do {
            _ = try await gate.run(closing: nil) { _ in 2 }
            Issue.record("a second expansion ran while the only place was taken")
        } catch let error as HTTPError {
            #expect(error.status == .serviceUnavailable && error.headers[.retryAfter] == "1")
        }
        // A place freed while waiting passes to the one waiting.
        let waiting = Task { try await gate.run(closing: nil) { _ in 3 } }
        try await Task.sleep(for: .milliseconds(20))
        release.withLock { $0 = true }
        #expect(try await slow.value == 1)
        #expect(try await waiting.value == 3)
        #expect(gate.running == 0)
    }

    @Test func anExpansionStopsWhenItsConnectionCloses() async throws {
        let gate = WorkGate(capacity: 2)
        let loop = EmbeddedEventLoop()
        let closing = loop.makePromise(of: Void.self)
        let grammar = try Grammar(json: Self.costly)
        let started = Mutex(false)
        let expansion = Task {
            try await gate.run(closing: closing.futureResult) { isCancelled in
                started.withLock { $0 = true }
                // Waits for the close, then expands: the first check of the budget stops it.
                while !isCancelled() { usleep(1_000) }
                return try grammar.expand(seed: 1, budget: ExpansionBudget(steps: .max, characters: .max), isCancelled: isCancelled)
            }
        }
        while !started.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(1)) }
        closing.succeed(())
        await #expect(throws: PlotsError.cancelled) { try await expansion.value }
        // Cancelling the request's task stops it too.
        let cancelled = Task { try await gate.run(closing: nil) { isCancelled in
            while !isCancelled() { usleep(1_000) }
            return try grammar.expand(seed: 1, budget: ExpansionBudget(steps: .max, characters: .max), isCancelled: isCancelled)
        } }
        try await Task.sleep(for: .milliseconds(20))
        cancelled.cancel()
        await #expect(throws: PlotsError.cancelled) { try await cancelled.value }
    }
}
