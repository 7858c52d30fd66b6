import FolioTestSupport
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

/// Daily limits in the pages and the API: set, shown on the Revision page per tag, and each
/// learner's own.
@Suite struct StudyLimitsServerTests {
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
}
