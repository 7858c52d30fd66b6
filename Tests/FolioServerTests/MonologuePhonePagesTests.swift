import FolioStore
import FolioTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Monologues
import Testing

/// The Monologues pages as a phone reader uses them: the first line on every card, a way back
/// that keeps the search, the text size on the reading screen, and an editor that says "Saved".
@Suite struct MonologuePhonePagesTests {
    static let hamlet = "hamlet-3-1-hamlet-1"
    static let macbeth = "macbeth-1-5-lady-macbeth-1"

    /// Three Hamlet speeches, so a speech has related speeches to list.
    static let library = LibraryFixture.twoSpeeches + [
        LibraryFixture.monologue("hamlet-1-2-hamlet-2", number: 2,
                                 text: "O, that this too too solid flesh would melt\nThaw and resolve itself into a dew!"),
    ]

    func withApp(_ test: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        try await TestApp.run(database: try TestApp.database(library: Self.library)) { client, _ in try await test(client) }
    }

    @Test func everyCardShowsTheFirstLineOfThePieceAsTheActorKeepsIt() async throws {
        try await withApp { client in
            var actor = Visitor(client)
            try await actor.register("ophelia")
            let related = try await actor.get("/monologues/\(Self.hamlet)")
            #expect(related.body.contains(#"<span class="card-first-line">O, that this too too solid flesh would melt</span>"#))

            try await actor.post("/monologues/\(Self.hamlet)/favourite", [:])
            let cut = "Whether 'tis nobler in the mind to suffer"
            #expect(try await actor.post("/monologues/favourites/\(Self.hamlet)/edit",
                                         ["text": cut, "notes": "", "tags": "", "gender": "male"]).status == .seeOther)
            let favourites = try await actor.get("/monologues/favourites")
            // The actor's cut begins on the second line: the card says so, with the cut's length.
            #expect(favourites.body.contains(#"<span class="card-first-line">Whether &#39;tis nobler in the mind to suffer</span>"#))
            #expect(!favourites.body.contains("To be, or not to be"))
            // "To be" is one of the often-heard speeches: its badge is on every card of it.
            #expect(favourites.body.contains(#"<span class="card-length">short · 1 min <span class="often-heard-badge""#))
            let other = try await actor.get("/monologues/hamlet-1-2-hamlet-2")
            // A related card leads with who speaks; its play carries the badge.
            #expect(other.body.contains(#"<span class="card-meta">Hamlet <span class="often-heard-badge""#))
        }
    }

    /// The star says what it does: a double tap, or the form sent again, leaves the speech as the
    /// first tap did (a toggle sent twice had taken the favourite away again).
    @Test func theFavouriteButtonSentTwiceDoesWhatItSaysOnce() async throws {
        try await withApp { client in
            var actor = Visitor(client)
            try await actor.register("viola")
            let page = try await actor.get("/monologues/\(Self.hamlet)")
            #expect(page.body.contains(#"<input type="hidden" name="favourite" value="1">"#))
            for _ in 0..<2 { #expect(try await actor.post("/monologues/\(Self.hamlet)/favourite", ["favourite": "1"]).status == .seeOther) }
            let kept = try await actor.get("/monologues/\(Self.hamlet)")
            #expect(kept.body.contains(#"<input type="hidden" name="favourite" value="0">"#) && kept.body.contains("Remove from favourites"))
            for _ in 0..<2 { #expect(try await actor.post("/monologues/\(Self.hamlet)/favourite", ["favourite": "0"]).status == .seeOther) }
            #expect(try await actor.get("/monologues/\(Self.hamlet)").body.contains("Add to favourites"))
            // Without the field (an older page): a toggle, as before.
            try await actor.post("/monologues/\(Self.hamlet)/favourite", [:])
            #expect(try await actor.get("/monologues/\(Self.hamlet)").body.contains("Remove from favourites"))
        }
    }

    @Test func theWayBackKeepsTheSearchAndOnlyTheSearch() async throws {
        try await withApp { client in
            var reader = Visitor(client)
            func back(_ referer: String?) async throws -> String {
                var headers: HTTPFields = [:]
                if let referer { headers[.referer] = referer }
                let page = try await reader.send("/monologues/\(Self.hamlet)", method: .get, body: nil, contentType: nil, extra: headers)
                let marker = #"<a id="back-to-list" href=""#
                guard let start = page.body.range(of: marker) else { return "(no back link)" }
                return String(page.body[start.upperBound...].prefix { $0 != "\"" })
            }
            let fromSearch = try await back("http://127.0.0.1:8080/monologues?q=to%20be&gender=male&tag=noble&page=2")
            #expect(fromSearch == "/monologues?q=to%20be&amp;gender=male&amp;tag=noble&amp;page=2")
            let direct = try await back(nil)
            #expect(direct == "/monologues")
            // Another page of ours, another site, or fields the list does not know: never carried.
            let fromAccount = try await back("http://127.0.0.1:8080/account?q=x")
            #expect(fromAccount == "/monologues")
            let fromElsewhere = try await back("https://elsewhere.example/monologues?q=raven&next=https://elsewhere.example")
            #expect(fromElsewhere == "/monologues?q=raven")
            let garbled = try await back("not a url at all")
            #expect(garbled == "/monologues")
        }
    }

    @Test func theReadingScreenChangesTheTextSizeAndKeepsTheOtherOptions() async throws {
        try await withApp { client in
            var actor = Visitor(client)
            try await actor.register("viola")
            try await actor.post("/monologues/options", ["gender": "female", "tone": "", "length": "", "textSize": "medium"])
            let page = try await actor.get("/monologues/\(Self.macbeth)")
            #expect(page.body.contains(#"<body class="text-medium"#))
            #expect(page.body.contains(#"value="medium" class="secondary text-size-medium" aria-pressed="true""#))

            let saved = try await actor.post("/monologues/\(Self.macbeth)/text-size", ["textSize": "xlarge"])
            #expect(saved.status == .seeOther)
            #expect(saved.location == "/monologues/\(Self.macbeth)")
            let larger = try await actor.get("/monologues/\(Self.macbeth)")
            #expect(larger.body.contains(#"<body class="text-xlarge"#))
            #expect(larger.body.contains(#"value="xlarge" class="secondary text-size-xlarge" aria-pressed="true""#))
            // Only the size changed: the gender filter chosen before still narrows the list.
            let list = try await actor.get("/monologues")
            #expect(list.body.contains("Lady Macbeth") && !list.body.contains("/monologues/hamlet-3-1-hamlet-1\""))
            // The editor reads at the same size.
            try await actor.post("/monologues/\(Self.macbeth)/favourite", [:])
            #expect(try await actor.get("/monologues/favourites/\(Self.macbeth)/edit").body.contains(#"<body class="text-xlarge"#))

            #expect(try await actor.post("/monologues/\(Self.macbeth)/text-size", ["textSize": "huge"]).status == .badRequest)
            #expect(try await actor.post("/monologues/\(Self.macbeth)/text-size", ["textSize": "small"], csrf: "").status == .forbidden)
            #expect(try await actor.get("/monologues/\(Self.macbeth)").body.contains(#"<body class="text-xlarge"#))
        }
    }

    @Test func aVisitorsTextSizeIsKeptByTheirBrowser() async throws {
        try await withApp { client in
            var visitor = Visitor(client)
            let saved = try await visitor.post("/monologues/\(Self.hamlet)/text-size", ["textSize": "large"])
            #expect(saved.status == .seeOther)
            let page = try await visitor.get("/monologues/\(Self.hamlet)")
            #expect(page.body.contains(#"<body class="text-large"#))
            var stranger = Visitor(client)
            let theirs = try await stranger.get("/monologues/\(Self.hamlet)")
            #expect(theirs.body.contains(#"<body class="text-medium"#))
        }
    }

    @Test func theEditorSaysSavedAndCarriesWhatItsLinesNeed() async throws {
        try await withApp { client in
            var actor = Visitor(client)
            try await actor.register("rosalind")
            try await actor.post("/monologues/\(Self.hamlet)/favourite", [:])
            let editor = try await actor.get("/monologues/favourites/\(Self.hamlet)/edit")
            #expect(!editor.body.contains("Saved"))
            // The library's text, for lines cut to be offered back, and the pace the time is counted at.
            #expect(editor.body.contains(#"data-original="To be, or not to be: that is the question:"#))
            #expect(editor.body.contains(#"data-words-per-minute="150""#))
            #expect(editor.body.contains(#"<script src="/public/monologue-editor.js" defer></script>"#))

            let saved = try await actor.post("/monologues/favourites/\(Self.hamlet)/edit",
                                             ["text": "To be, or not to be: that is the question:", "notes": "", "tags": "", "gender": "male"])
            #expect(saved.status == .seeOther)
            #expect(saved.location == "/monologues/favourites/\(Self.hamlet)/edit?saved=1")
            let after = try await actor.get(saved.location ?? "")
            #expect(after.body.contains(#"<p id="saved-note" class="saved" role="status">"#))
            // Ten words at 150 a minute.
            #expect(after.body.contains("Running time <strong>4 s</strong>"))

            // Someone else's favourite has no editor to be saved in, "saved" or not.
            var other = Visitor(client)
            try await other.register("orlando")
            #expect(try await other.get("/monologues/favourites/\(Self.hamlet)/edit?saved=1").status == .notFound)
        }
    }
}
