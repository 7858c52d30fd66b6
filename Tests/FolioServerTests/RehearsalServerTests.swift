import FolioTestSupport
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

/// Learning a favourite by heart: the pages (no script needed) and the API, the owner's alone.
@Suite struct RehearsalServerTests {
    static let id = "macbeth-1-5-lady-macbeth-1"

    @Test func theOwnerRehearsesLineByLineInThePages() async throws {
        try await withWebApp { client, _ in
            var actor = Visitor(client)
            try await actor.register("sarah")
            try await actor.post("/monologues/\(Self.id)/favourite", [:])
            let favourites = try await actor.get("/monologues/favourites")
            #expect(favourites.body.contains(#"href="/monologues/favourites/\#(Self.id)/rehearse""#))
            let editor = try await actor.get("/monologues/favourites/\(Self.id)/edit")
            #expect(editor.body.contains(#"<a id="rehearse-link" class="button secondary" href="/monologues/favourites/\#(Self.id)/rehearse">"#))

            // The first line, from first letters, with the speech's cue.
            let first = try await actor.get("/monologues/favourites/\(Self.id)/rehearse")
            #expect(first.status == .ok)
            #expect(first.body.contains("Word-perfect on 0 of 2 lines."))
            #expect(first.body.contains(#"<p id="rehearse-position" class="revise-meta">Line 1 of 2 · new · First letters</p>"#))
            #expect(first.body.contains(">T r h i h</p>"))
            #expect(first.body.contains(#"<input type="hidden" name="line" value="1">"#))

            // A slip: almost, the slip named, Hard proposed; nothing stored yet.
            let checked = try await actor.get("/monologues/favourites/\(Self.id)/rehearse/check",
                                               ["line": "1", "answer": "The raven himself is horse"])
            #expect(checked.status == .ok)
            #expect(checked.body.contains(#"data-verdict="close">Almost</p>"#))
            #expect(checked.body.contains("<li>hoarse → horse</li>"))
            #expect(checked.body.contains(#"id="rehearse-expected" class="expected">The raven himself is hoarse</dd>"#))
            #expect(checked.body.contains("The check suggests Hard"))
            #expect(try await actor.get("/monologues/favourites/\(Self.id)/rehearse").body.contains("Line 1 of 2 · new"))

            // Rating it stores it and asks the next line, cued by the first.
            #expect(checked.body.contains(#"<input type="hidden" name="checkedCard" value="new">"#))
            let rated = try await actor.post("/monologues/favourites/\(Self.id)/rehearse/rate", ["line": "1", "rating": "3", "checkedCard": "new"])
            #expect(rated.status == .seeOther || rated.status == .found)
            let second = try await actor.get("/monologues/favourites/\(Self.id)/rehearse")
            #expect(second.body.contains("Line 2 of 2 · new"))
            // The same rating sent again from the checked page (a second tap, Back to it) stores
            // nothing: the line keeps the first rating, and the next line is asked as before.
            let again = try await actor.post("/monologues/favourites/\(Self.id)/rehearse/rate", ["line": "1", "rating": "1", "checkedCard": "new"])
            #expect(again.status == .seeOther)
            #expect(Self.withoutPack(try await actor.get("/monologues/favourites/\(Self.id)/rehearse").body) == Self.withoutPack(second.body))
            #expect(second.body.contains(#"<p id="rehearse-cue" class="rehearse-cue">The raven himself is hoarse</p>"#))
            // Said aloud and rated Again: it comes back first, within minutes, with the first letters again.
            _ = try await actor.post("/monologues/favourites/\(Self.id)/rehearse/rate", ["line": "2", "rating": "1"])
            let list = try await actor.get("/monologues/favourites/\(Self.id)/rehearse")
            #expect(list.body.contains("<li>next in 1 minute</li>") || list.body.contains("<li>due now</li>"))
            #expect(list.body.contains("<li>next in 10 minutes</li>"))
            let page = try await actor.get("/monologues/favourites")
            #expect(page.body.contains(#"<span class="card-rehearsal">Rehearsed 2 of 2 lines, word-perfect on 0</span>"#))

            // Bad input is a clear 400; a forged form is refused.
            #expect(try await actor.post("/monologues/favourites/\(Self.id)/rehearse/rate", ["line": "9", "rating": "3"]).status == .badRequest)
            #expect(try await actor.post("/monologues/favourites/\(Self.id)/rehearse/rate", ["line": "1", "rating": "7"]).status == .badRequest)
            #expect(try await actor.get("/monologues/favourites/\(Self.id)/rehearse/check", ["line": "one", "answer": "x"]).status == .badRequest)
            #expect(try await actor.post("/monologues/favourites/\(Self.id)/rehearse/rate", ["line": "1", "rating": "3"], csrf: "forged").status
                == .forbidden)

            // Starting again forgets every line.
            _ = try await actor.post("/monologues/favourites/\(Self.id)/rehearse/restart", [:])
            #expect(try await actor.get("/monologues/favourites/\(Self.id)/rehearse").body.contains("(2 new)"))

            // Nobody else reaches any of it.
            var other = Visitor(client)
            try await other.register("ellen")
            let notHers = try await other.get("/monologues/favourites/\(Self.id)/rehearse")
            #expect(notHers.status == .notFound)
            // Said as it is, to her by name: the speech is not among her favourites.
            #expect(notHers.body.contains("is not among your favourites") && notHers.body.contains("<span class=\"user-name\">ellen</span>"), "\(notHers.body.prefix(3000))")
            #expect(try await other.post("/monologues/favourites/\(Self.id)/rehearse/rate", ["line": "1", "rating": "3"]).status == .notFound)
            #expect(try await other.get("/monologues/favourites/\(Self.id)/rehearse/check", ["line": "1", "answer": "x"]).status == .notFound)
            var stranger = Visitor(client)
            let loggedOut = try await stranger.get("/monologues/favourites/\(Self.id)/rehearse")
            #expect(loggedOut.status == .seeOther || loggedOut.status == .found)
        }
    }

    @Test func theAPIChecksRatesAndReportsProgress() async throws {
        try await withWebApp { client, _ in
            var actor = Visitor(client)
            try await actor.register("peggy")
            #expect(try await actor.api("/api/v1/favourites/\(Self.id)", method: .put).status == .ok)
            let start = try await actor.api("/api/v1/favourites/\(Self.id)/rehearsal", method: .get)
            #expect(start.status == .ok)
            #expect(start.body.contains(#""next":{"cue":"","help":"firstLetters","line":1,"prompt":"T r h i h"}"#))
            #expect(start.body.contains(#""summary":"word-perfect on 0 of 2 lines""#))

            let typed = try await actor.api("/api/v1/favourites/\(Self.id)/rehearsal", method: .post,
                                            json: #"{"line":1,"answer":"The raven himself is hoarse!"}"#)
            #expect(typed.status == .ok)
            #expect(typed.body.contains(#""verdict":"exact""#) && typed.body.contains(#""rating":3"#))
            #expect(typed.body.contains(#""expected":"The raven himself is hoarse""#))
            #expect(typed.body.contains(#""next":{"cue":"The raven himself is hoarse","help":"firstLetters","line":2"#))

            let aloud = try await actor.api("/api/v1/favourites/\(Self.id)/rehearsal", method: .post, json: #"{"line":2,"rating":1}"#)
            #expect(aloud.status == .ok && !aloud.body.contains(#""verdict""#) && aloud.body.contains(#""misses":1"#))
            #expect(aloud.body.contains(#""due":"20"#), "dates are ISO 8601 strings")

            for bad in [#"{"line":2}"#, #"{"answer":"x"}"#, #"{"line":2,"rating":9}"#, #"{"line":3,"rating":3}"#, "not json"] {
                let answer = try await actor.api("/api/v1/favourites/\(Self.id)/rehearsal", method: .post, json: bad)
                #expect(answer.status == .badRequest, "\(bad)")
            }
            #expect(try await actor.api("/api/v1/favourites/\(Self.id)/rehearsal", method: .post, json: #"{"line":1,"rating":3}"#,
                                        csrf: false).status == .forbidden)

            var other = Visitor(client)
            try await other.register("dora")
            #expect(try await other.api("/api/v1/favourites/\(Self.id)/rehearsal", method: .get).status == .notFound)
            #expect(try await other.api("/api/v1/favourites/\(Self.id)/rehearsal", method: .post, json: #"{"line":1,"rating":3}"#).status
                == .notFound)
            // Her rehearsal is untouched by the attempt.
            let after = try await actor.api("/api/v1/favourites/\(Self.id)/rehearsal", method: .get)
            #expect(after.body.contains(#""rehearsed":2"#))
        }
    }

    /// A page without the favourite it carries for the device, whose time is the moment it was read.
    static func withoutPack(_ body: String) -> String {
        body.replacing(/data-pack="[^"]*"/, with: "")
    }

    /// The favourite as the rehearse page carries it for the device (`RehearsalPackJSON`).
    static func pack(_ body: String) throws -> [String: Any] {
        let match = try #require(body.firstMatch(of: /data-pack="([^"]*)"/))
        let json = String(match.1).replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    @Test func linesRatedOfflineAreSyncedOnceAndOnlyToTheirOwner() async throws {
        try await withWebApp { client, _ in
            var actor = Visitor(client)
            try await actor.register("sybil")
            try await actor.post("/monologues/\(Self.id)/favourite", [:])
            // The rehearse page leaves the device the favourite: its lines, their keys and progress, the scheduler.
            let page = try await actor.get("/monologues/favourites/\(Self.id)/rehearse")
            let pack = try Self.pack(page.body)
            let lines = try #require(pack["lines"] as? [[String: Any]])
            #expect(lines.count == 2 && lines[0]["text"] as? String == "The raven himself is hoarse" && lines[0]["progress"] == nil)
            let key = try #require(lines[0]["key"] as? String)
            let account = try #require(pack["account"] as? String)
            #expect(page.body.contains(#"<meta name="folio-account" content="\#(account)">"#))
            #expect((pack["scheduler"] as? [String: Any])?["desiredRetention"] as? Double == 0.9)
            #expect(page.body.contains(#"data-sync="/api/v1/rehearsal/sync""#))
            // The page that rehearses on the device is the account's, and kept by the service worker.
            let shell = try await actor.get("/monologues/rehearse/offline")
            #expect(shell.status == .ok && shell.body.contains(#"data-rehearse="/monologues/favourites/{id}/rehearse""#))
            #expect(shell.headers[.cacheControl]?.contains("no-store") != true)

            let now = Date().timeIntervalSince1970 * 1000
            let body = #"{"account":"\#(account)","reviews":[{"id":"device-op-0001","monologueId":"\#(Self.id)","key":"\#(key)","rating":3,"at":\#(now - 60_000)}]}"#
            let synced = try await actor.api("/api/v1/rehearsal/sync", method: .post, json: body)
            #expect(synced.status == .ok)
            #expect(synced.body.contains(#""outcome":"applied""#) && synced.body.contains(#""help":1"#) && synced.body.contains(#""reviews":1"#))
            // Sent again: nothing changes, and the line comes back as it stands.
            let again = try await actor.api("/api/v1/rehearsal/sync", method: .post, json: body)
            #expect(again.status == .ok && again.body.contains(#""outcome":"alreadyApplied""#) && again.body.contains(#""reviews":1"#))
            let after = try Self.pack(try await actor.get("/monologues/favourites/\(Self.id)/rehearse").body)
            let progress = try #require(((after["lines"] as? [[String: Any]])?[0])?["progress"] as? [String: Any])
            #expect(progress["reviews"] as? Int == 1 && progress["help"] as? Int == 1)

            // Without the page's token, for another account kept on the device, or malformed: refused, nothing stored.
            #expect(try await actor.api("/api/v1/rehearsal/sync", method: .post, json: body, csrf: false).status == .forbidden)
            let foreign = try await actor.api("/api/v1/rehearsal/sync", method: .post, json: body.replacingOccurrences(of: account, with: "someone-else"))
            #expect(foreign.status == .conflict && foreign.body.contains("other_account"))
            for bad in [#"{"reviews":[{"id":"short","monologueId":"x","key":"k","rating":3,"at":1}]}"#,
                        #"{"reviews":[{"id":"device-op-0002","monologueId":"x","key":"k","rating":9,"at":1}]}"#,
                        #"{"reviews":[{"id":"device-op-0002","monologueId":"x","key":"k","rating":3,"at":-5}]}"#,
                        #"{"reviews":[{"id":"device-op-0002","monologueId":"","key":"k","rating":3,"at":1}]}"#,
                        #"{"reviews":"none"}"#, "not json"] {
                let answer = try await actor.api("/api/v1/rehearsal/sync", method: .post, json: bad)
                #expect(answer.status == .badRequest, "\(bad)")
                #expect(answer.body.contains(#""error""#))
            }

            // Another account sending the same line of a favourite it does not keep: gone, and hers untouched.
            var other = Visitor(client)
            try await other.register("maud")
            let theirs = try await other.api("/api/v1/rehearsal/sync", method: .post,
                                             json: #"{"reviews":[{"id":"device-op-0009","monologueId":"\#(Self.id)","key":"\#(key)","rating":1,"at":\#(now)}]}"#)
            #expect(theirs.status == .ok && theirs.body.contains(#""outcome":"gone""#))
            let mine = try Self.pack(try await actor.get("/monologues/favourites/\(Self.id)/rehearse").body)
            #expect((((mine["lines"] as? [[String: Any]])?[0])?["progress"] as? [String: Any])?["misses"] as? Int == 0)
            var stranger = Visitor(client)
            #expect(try await stranger.api("/api/v1/rehearsal/sync", method: .post, json: body).status == .unauthorized)
        }
    }
}
