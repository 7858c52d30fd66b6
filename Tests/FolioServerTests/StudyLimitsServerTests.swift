import FolioTestSupport
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

/// Daily limits in the pages and the API: set, shown on the Revision page per tag, and each
/// learner's own.
@Suite struct StudyLimitsServerTests {
    /// One meaning of each count on every page: a limit lowered below what was done today says
    /// so, and Statistics tells due now from due later today.
    @Test func countsSayWhatTheyCount() async throws {
        try await withWebApp { client, _ in
            var learner = Visitor(client)
            try await learner.register("gwen")
            var ids: [String] = []
            for n in 1...3 {
                let made = try await learner.api("/api/v1/vocab/pairs", method: .post, json: #"{"english": "word \#(n)", "welsh": "gair \#(n)"}"#)
                ids.append(try #require(made.body.firstMatch(of: /"id":(\d+)/)).1.description)
            }
            for (n, id) in ids.enumerated() {
                let rated = try await learner.api("/api/v1/vocab/review/\(id)", method: .post,
                                                  json: #"{"direction": "englishToWelsh", "answer": "gair \#(n + 1)", "rating": 3}"#)
                #expect(rated.status == .ok, "\(rated.body)")
            }
            // The study day turns twelve hours from now, far from the cards' ten minutes.
            let turn = (Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: Date()).hour! + 12) % 24
            #expect(try await learner.api("/api/v1/vocab/settings", method: .put,
                                          json: #"{"newCardsPerDay": 1, "timeZone": "UTC", "dayStartHour": \#(turn)}"#).status == .ok)
            let start = try await learner.get("/vocab/revise")
            #expect(start.body.contains("New cards: 3 today, past the limit of 1: no more until tomorrow · Reviews: 0 of 200"), "\(start.body)")
            // Three new cards rated Good are due again in minutes: later today, not now.
            let stats = try await learner.get("/vocab/stats")
            #expect(stats.body.contains("0 cards due now and 3 more later today, in both directions"), "\(stats.body)")
        }
    }

    @Test func theRevisionPageShowsTodayAndTheSettingsPageChangesIt() async throws {
        try await withWebApp { client, _ in
            var learner = Visitor(client)
            try await learner.register("nia")
            for n in 1...30 {
                let made = try await learner.api("/api/v1/vocab/pairs", method: .post,
                                                 json: #"{"english": "word \#(n)", "welsh": "gair \#(n)", "tags": ["\#(n <= 5 ? "Food" : "Verbs")"]}"#)
                #expect(made.status == .created || made.status == .ok)
            }
            let start = try await learner.get("/vocab/revise")
            #expect(start.body.contains(#"<p id="today-counts">New cards: 0 of 20 today · Reviews: 0 of 200</p>"#))
            #expect(start.body.contains("All pairs (30) — 0 due, 20 new"))
            #expect(start.body.contains("Food (5) — 0 due, 5 new"))
            #expect(start.body.contains("10 more after today&#39;s limits") || start.body.contains("10 more after today's limits"))
            #expect(start.body.contains(#"<a id="settings-link" href="/vocab/settings">Daily limits</a>"#))

            let form = try await learner.get("/vocab/settings")
            #expect(form.status == .ok && form.body.contains(#"name="newCardsPerDay""#))
            let bad = try await learner.post("/vocab/settings", ["newCardsPerDay": "lots", "reviewsPerDay": "200", "dayStartHour": "4",
                                                                  "timeZone": "Atlantis/Capital", "desiredRetention": "0.5"])
            #expect(bad.status == .badRequest)
            #expect(bad.body.contains("New cards a day must be a whole number") && bad.body.contains("Atlantis/Capital")
                && bad.body.contains("Desired retention must be"))
            let saved = try await learner.post("/vocab/settings", ["newCardsPerDay": "5", "reviewsPerDay": "100", "dayStartHour": "3",
                                                                    "timeZone": "Europe/London", "desiredRetention": "0.85"])
            #expect(saved.status == .seeOther || saved.status == .found)
            #expect(try await learner.get("/vocab/revise").body.contains("All pairs (30) — 0 due, 5 new"))
            #expect(try await learner.post("/vocab/settings", ["newCardsPerDay": "1"], csrf: "forged").status == .forbidden)

            // The API reads and changes the same, and today's counts per tag are paged.
            let settings = try await learner.api("/api/v1/vocab/settings", method: .get)
            #expect(settings.body.contains(#""newCardsPerDay":5"#) && settings.body.contains("Europe"))
            // Dates are ISO 8601 strings, as the OpenAPI document says.
            #expect(settings.body.contains(#""dayStarted":"20"#) && settings.body.contains(#""nextDay":"20"#))
            let put = try await learner.api("/api/v1/vocab/settings", method: .put, json: #"{"newCardsPerDay": 8}"#)
            #expect(put.status == .ok && put.body.contains(#""newCardsPerDay":8"#) && put.body.contains(#""reviewsPerDay":100"#))
            #expect(try await learner.api("/api/v1/vocab/settings", method: .put, json: #"{"dayStartHour": 30}"#).status == .badRequest)
            #expect(try await learner.api("/api/v1/vocab/settings", method: .put, json: #"{"timeZone": 4}"#).status == .badRequest)
            let today = try await learner.api("/api/v1/vocab/today?direction=welshToEnglish&limit=1", method: .get)
            #expect(today.status == .ok)
            #expect(today.body.contains(#""all":{"due":0,"new":8,"waiting":22}"#))
            #expect(today.body.contains(#""tags":{"items":[{"due":0,"new":5,"tag":"Food","waiting":0}],"limit":1,"offset":0,"total":2}"#))
            #expect(try await learner.api("/api/v1/vocab/today?direction=sideways", method: .get).status == .badRequest)
            // The next card comes within the limit: eight new, then nothing.
            #expect(try await learner.api("/api/v1/vocab/review?direction=englishToWelsh", method: .get).status == .ok)

            // Another learner's limits and day are their own.
            var other = Visitor(client)
            try await other.register("owain")
            let theirs = try await other.api("/api/v1/vocab/settings", method: .get)
            #expect(theirs.body.contains(#""newCardsPerDay":20"#))
            var stranger = Visitor(client)
            #expect(try await stranger.api("/api/v1/vocab/settings", method: .get).status == .unauthorized)
        }
    }

    @Test func aRatingIsTakenBackAndAPairSuspendedByItsOwnerOnly() async throws {
        try await withWebApp { client, _ in
            var learner = Visitor(client)
            try await learner.register("gwen")
            _ = try await learner.api("/api/v1/vocab/pairs", method: .post, json: #"{"english": "cat", "welsh": "cath"}"#)
            _ = try await learner.api("/api/v1/vocab/pairs", method: .post, json: #"{"english": "dog", "welsh": "ci"}"#)
            let pairs = try await learner.api("/api/v1/vocab/pairs", method: .get)
            let ids = try JSONDecoder().decode(Listed.self, from: Data(pairs.body.utf8)).items.map(\.id)
            #expect(try await learner.api("/api/v1/vocab/review/undo", method: .post).status == .conflict)
            let rated = try await learner.api("/api/v1/vocab/review/\(ids[0])", method: .post,
                                              json: #"{"direction": "englishToWelsh", "answer": "gath"}"#)
            #expect(rated.status == .ok && rated.body.contains(#""label":"Almost — soft mutation of c (cath → gath)""#))
            let undone = try await learner.api("/api/v1/vocab/review/undo", method: .post)
            #expect(undone.status == .ok && undone.body.contains(#""rating":2"#) && !undone.body.contains(#""card""#))
            #expect(try await learner.api("/api/v1/vocab/review/undo", method: .post).status == .conflict)

            // The pages: a session's prompt offers to undo once a card is rated; undoing asks it again.
            let session = "/vocab/revise/session?direction=englishToWelsh&size=10"
            let prompt = try await learner.get(session)
            #expect(!prompt.body.contains("undo-form"))
            let rate = try await learner.post("/vocab/revise/rate", ["pairId": "\(ids[0])", "rating": "3", "verdict": "right",
                                                                      "direction": "englishToWelsh", "tag": "", "size": "10", "session": ""])
            let next = try #require(rate.headers[.location])
            let second = try await learner.get(next)
            #expect(second.body.contains(#"<form id="undo-form" method="post" action="/vocab/revise/undo">"#))
            let back = try await learner.post("/vocab/revise/undo", ["direction": "englishToWelsh", "tag": "", "size": "10",
                                                                      "session": Self.sessionToken(next)])
            let again = try await learner.get(try #require(back.headers[.location]))
            #expect(again.body.contains(">cat</p>"))

            // Suspending: the API and the pair page; a suspended pair is not asked.
            let suspended = try await learner.api("/api/v1/vocab/pairs/\(ids[0])/suspend", method: .post, json: #"{"suspended": true}"#)
            #expect(suspended.status == .ok && suspended.body.contains(#""suspended":true"#))
            #expect(try await learner.get("/vocab/pairs/\(ids[0])").body.contains("suspended-note"))
            #expect(!(try await learner.get(session).body.contains(">cat</p>")))
            _ = try await learner.post("/vocab/pairs/\(ids[0])/suspend", ["suspended": "0"])
            #expect(!(try await learner.get("/vocab/pairs/\(ids[0])").body.contains("suspended-note")))
            #expect(try await learner.api("/api/v1/vocab/pairs/\(ids[0])/suspend", method: .post, json: #"{"off": 1}"#).status == .badRequest)

            var other = Visitor(client)
            try await other.register("ifan")
            #expect(try await other.api("/api/v1/vocab/pairs/\(ids[0])/suspend", method: .post, json: #"{"suspended": true}"#).status == .notFound)
            #expect(try await other.post("/vocab/pairs/\(ids[0])/suspend", ["suspended": "1"]).status == .notFound)
            #expect(try await other.api("/api/v1/vocab/review/undo", method: .post).status == .conflict)
        }
    }

    @Test func statisticsAreDrawnAsSVGAndAnsweredAsJSON() async throws {
        try await withWebApp { client, _ in
            var learner = Visitor(client)
            try await learner.register("megan")
            _ = try await learner.api("/api/v1/vocab/pairs", method: .post, json: #"{"english": "<b>cat</b>", "welsh": "cath"}"#)
            let pairs = try await learner.api("/api/v1/vocab/pairs", method: .get)
            let id = try JSONDecoder().decode(Listed.self, from: Data(pairs.body.utf8)).items[0].id
            _ = try await learner.api("/api/v1/vocab/review/\(id)", method: .post, json: #"{"direction": "englishToWelsh", "answer": "cath"}"#)
            let page = try await learner.get("/vocab/stats")
            #expect(page.status == .ok)
            #expect(page.body.contains(#"<svg class="chart heatmap""#) && page.body.contains(#"<svg class="chart forecast""#)
                && page.body.contains(#"<svg class="chart retention""#))
            #expect(page.body.contains("Streak: 1 day (longest 1 day)"))
            #expect(page.body.contains("1 review</title>"))
            // A first review is of a new card: no month has retention yet, and the page says so once.
            #expect(page.body.contains(#"<p id="retention-none">No reviews of learned cards yet"#) && !page.body.contains("retention-table"))
            #expect(try await learner.get("/vocab/revise").body.contains(#"<a id="stats-link" href="/vocab/stats">Statistics</a>"#))
            let json = try await learner.api("/api/v1/vocab/stats", method: .get)
            #expect(json.status == .ok && json.body.contains(#""currentStreak":1"#) && json.body.contains(#""totalReviews":1"#))
            var stranger = Visitor(client)
            #expect(try await stranger.api("/api/v1/vocab/stats", method: .get).status == .unauthorized)
            var other = Visitor(client)
            try await other.register("aled")
            #expect(try await other.api("/api/v1/vocab/stats", method: .get).body.contains(#""totalReviews":0"#))
        }
    }

    @Test func tuningSaysWhenThereIsTooLittleHistory() async throws {
        try await withWebApp { client, _ in
            var learner = Visitor(client)
            try await learner.register("nest")
            let settings = try await learner.get("/vocab/settings")
            #expect(settings.body.contains("The standard FSRS-6 weights are in use."))
            let fit = try await learner.post("/vocab/settings/tune", ["action": "fit"])
            #expect(fit.status == .ok && fit.body.contains("Not enough history yet: 0 reviews of the 512 a fit needs."))
            #expect(!fit.body.contains("tuning-apply"))
            #expect(try await learner.post("/vocab/settings/tune", ["action": "apply"]).status == .conflict)
            #expect(try await learner.post("/vocab/settings/tune", ["action": "sideways"]).status == .badRequest)
            let api = try await learner.api("/api/v1/vocab/optimizer", method: .get)
            #expect(api.status == .ok && api.body.contains(#""enoughHistory":false"#) && api.body.contains(#""tuned":false"#))
            #expect(try await learner.api("/api/v1/vocab/optimizer", method: .post, json: #"{"apply": true}"#).status == .conflict)
            #expect(try await learner.api("/api/v1/vocab/optimizer", method: .post, json: #"{}"#).status == .badRequest)
            let reset = try await learner.api("/api/v1/vocab/optimizer", method: .post, json: #"{"reset": true}"#)
            #expect(reset.status == .ok && reset.body.contains(#""tuned":false"#))
        }
    }

    struct Listed: Decodable {
        struct Item: Decodable { let id: Int }
        let items: [Item]
    }

    /// The `session` field of a session page's address.
    static func sessionToken(_ location: String) -> String {
        URLComponents(string: location)?.queryItems?.first { $0.name == "session" }?.value ?? ""
    }
}
