import FolioTestSupport
import Foundation
import HTTPTypes
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

            var other = Visitor(client)
            try await other.register("nerissa")
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
