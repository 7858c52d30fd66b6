import FolioTestSupport
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

/// A favourite's cut to print or take away: the owner's alone.
@Suite struct CutSheetPagesTests {
    static let id = "macbeth-1-5-lady-macbeth-1"

    @Test func theOwnerPrintsAndExportsTheirCutAndNoOneElseCan() async throws {
        try await withWebApp { client, _ in
            var actor = Visitor(client)
            try await actor.register("portia")
            try await actor.post("/monologues/\(Self.id)/favourite", [:])
            try await actor.post("/monologues/favourites/\(Self.id)/edit",
                                 ["text": "The raven himself is hoarse\n/\nThat croaks the <b>fatal</b> entrance of Duncan",
                                  "notes": "Quietly.", "tags": "", "gender": "female"])
            let editor = try await actor.get("/monologues/favourites/\(Self.id)/edit")
            #expect(editor.body.contains(#"<a id="print-link" class="button secondary" href="/monologues/favourites/\#(Self.id)/print">"#))

            let print = try await actor.get("/monologues/favourites/\(Self.id)/print")
            #expect(print.status == .ok)
            #expect(print.body.contains(#"<hr class="beat" aria-label="Beat">"#))
            #expect(print.body.contains("That croaks the &lt;b&gt;fatal&lt;/b&gt; entrance of Duncan"))
            #expect(print.body.contains(#"<p id="sheet-timing" class="sheet-timing">Running time 5 s · 12 words · 2 lines · verse · cut from 3 min 20 s</p>"#))
            #expect(print.body.contains("Quietly."))

            let markdown = try await actor.get("/monologues/favourites/\(Self.id)/export?format=markdown")
            #expect(markdown.status == .ok)
            #expect(markdown.headers[.contentType] == "text/markdown; charset=utf-8")
            #expect(markdown.headers[.contentDisposition] == #"attachment; filename="macbeth-01.md""#)
            #expect(markdown.body.contains("The raven himself is hoarse\n\n* * *\n\nThat croaks the \\<b\\>fatal\\</b\\> entrance of Duncan"))
            let text = try await actor.get("/monologues/favourites/\(Self.id)/export?format=text")
            #expect(text.headers[.contentType] == "text/plain; charset=utf-8")
            #expect(text.body.contains("The raven himself is hoarse\n\n~\n\nThat croaks the <b>fatal</b> entrance of Duncan"))
            let odd = try await actor.get("/monologues/favourites/\(Self.id)/export?format=pdf")
            #expect(odd.status == .badRequest)

            // The API gives the same, to its owner alone.
            let api = try await actor.api("/api/v1/favourites/\(Self.id)/export?format=markdown", method: .get)
            #expect(api.status == .ok && api.body == markdown.body)
            #expect(try await actor.api("/api/v1/favourites/\(Self.id)/export?format=docx", method: .get).status == .badRequest)

            var other = Visitor(client)
            try await other.register("nerissa")
            #expect(try await other.api("/api/v1/favourites/\(Self.id)/export", method: .get).status == .notFound)
            let theirs = try await other.get("/monologues/favourites/\(Self.id)/print")
            #expect(theirs.status == .notFound)
            let theirExport = try await other.get("/monologues/favourites/\(Self.id)/export")
            #expect(theirExport.status == .notFound)
            #expect(!theirExport.body.contains("Quietly"))
            var stranger = Visitor(client)
            let loggedOut = try await stranger.get("/monologues/favourites/\(Self.id)/print")
            #expect(loggedOut.status == .seeOther || loggedOut.status == .found)
        }
    }
}

/// The editor's audition slot: the verdict and the cuts, on the page and for its script.
@Suite struct SlotPlanTests {
    static let id = "hamlet-3-1-hamlet-9"
    // Six lines, 65 words: 26 s at 150 a minute. Lines 1–2 make one sentence, lines 3–4 another.
    static let text = [
        "To be or not to be that is the question now?",
        "Whether it is nobler in the mind of man to suffer",
        "The slings and arrows of outrageous fortune all day long.",
        "Or to take arms against a sea of troubles here,",
        "And by opposing end them all to die to sleep;",
        "No more and by a sleep to say we end the heartache.",
    ].joined(separator: "\n")

    func withApp(_ test: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let library = [LibraryFixture.monologue(Self.id, number: 9, text: Self.text)]
        try await TestApp.run(database: try TestApp.database(library: library)) { client, _ in try await test(client) }
    }

    @Test func theEditorShowsTheSlotAndItsCutsAndTheScriptCanAskAgain() async throws {
        try await withApp { client in
            var actor = Visitor(client)
            try await actor.register("ophelia")
            try await actor.post("/monologues/\(Self.id)/favourite", [:])
            let none = try await actor.get("/monologues/favourites/\(Self.id)/edit")
            #expect(none.body.contains(#"<section id="slot-plan" class="slot-plan" aria-live="polite" hidden>"#))
            let page = try await actor.get("/monologues/favourites/\(Self.id)/edit?slot=20")
            #expect(page.body.contains("26 s for a 20 s slot: <strong>6 s over</strong>"))
            #expect(page.body.contains(#"<option value="20" selected>20 s</option>"#))
            // The sentence of lines 1–2 or of lines 3–4: never line 0 or 5, never half a sentence.
            #expect(page.body.contains(#"<li class="slot-proposal" data-lines="#))
            #expect(!page.body.contains(#"data-lines="0"#) && !page.body.contains(#"data-lines="5""#))

            // What the page's script sends: the text as it stands, the slot, the token in a header.
            let answer = try await actor.send("/monologues/favourites/\(Self.id)/cuts", method: .post,
                                              body: "slot=60&text=" + Self.text.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!,
                                              contentType: "application/x-www-form-urlencoded",
                                              extra: [HTTPField.Name("X-CSRF-Token")!: actor.csrf])
            #expect(answer.status == .ok)
            #expect(answer.body.contains(#""fits":true"#) && answer.body.contains(#""proposals":[]"#))
            let over = try await actor.send("/monologues/favourites/\(Self.id)/cuts", method: .post,
                                            body: "slot=15&text=" + Self.text.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!,
                                            contentType: "application/x-www-form-urlencoded",
                                            extra: [HTTPField.Name("X-CSRF-Token")!: actor.csrf])
            #expect(over.body.contains(#""lines":[1,2]"#) && over.body.contains(#""lines":[3,4]"#))
            #expect(over.body.contains(#""verdict":"11 s over""#) && over.body.contains(#""fits":false"#))

            // Without the token, or for someone else's favourite, nothing is answered.
            let forged = try await actor.send("/monologues/favourites/\(Self.id)/cuts", method: .post, body: "slot=15&text=x",
                                              contentType: "application/x-www-form-urlencoded")
            #expect(forged.status == .forbidden)
            var other = Visitor(client)
            try await other.register("laertes")
            _ = try await other.get("/monologues")
            let theirs = try await other.send("/monologues/favourites/\(Self.id)/cuts", method: .post, body: "slot=15&text=x",
                                              contentType: "application/x-www-form-urlencoded",
                                              extra: [HTTPField.Name("X-CSRF-Token")!: other.csrf])
            #expect(theirs.status == .notFound)
        }
    }
}
