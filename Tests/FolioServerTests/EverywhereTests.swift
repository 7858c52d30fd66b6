import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import FolioServer

/// What every app shares as a phone app: Folio's first page, the welcome after registering, error
/// pages that lead back, and what installing and reading offline need from the server (the
/// service worker at the root, the manifest and icons, the offline page, and which pages the
/// worker may keep).
@Suite struct EverywhereTests {
    @Test func theFirstPageSaysWhatFolioIsAndOffersTheFiveApps() async throws {
        try await withWebApp { client, _ in
            var visitor = Visitor(client)
            let home = try await visitor.get("/")
            #expect(home.status == .ok)
            #expect(home.location == nil)
            for tab in Tab.allCases where tab != .account {
                #expect(home.body.contains("class=\"app-card\" href=\"\(tab.href)\""), "\(tab)")
            }
            #expect(home.body.contains("Folio keeps five small apps"))
            #expect(home.body.contains("id=\"home-register\""))
            #expect(!home.body.contains("id=\"welcome\""))

            try await visitor.register("firstpage")
            let signedIn = try await visitor.get("/")
            #expect(!signedIn.body.contains("id=\"home-register\""))
            #expect(signedIn.body.contains("firstpage"))
        }
    }

    @Test func registeringWelcomesAndSaysWhatToTryFirst() async throws {
        try await withWebApp { client, _ in
            var visitor = Visitor(client)
            // A visitor who is not logged in gets no welcome from the address alone.
            #expect(!(try await visitor.get("/?welcome=1").body.contains("id=\"welcome\"")))

            let registered = try await visitor.post("/account/register", ["username": "newcomer", "password": "correct horse",
                                                                          "passwordConfirmation": "correct horse"])
            #expect(registered.status == .seeOther)
            #expect(registered.location == "/?welcome=1")
            let welcome = try await visitor.get(try #require(registered.location))
            #expect(welcome.body.contains("id=\"welcome\""))
            #expect(welcome.body.contains("Welcome to Folio, newcomer"))
            #expect(welcome.body.contains("href=\"/vocab/new\""))
            // Once only: the first page without the flag is the ordinary one.
            #expect(!(try await visitor.get("/").body.contains("id=\"welcome\"")))

            // Sent to register from a page, a newcomer goes back to it.
            var other = Visitor(client)
            let back = try await other.post("/account/register", ["username": "fromplots", "password": "correct horse",
                                                                  "passwordConfirmation": "correct horse", "next": "/plots"])
            #expect(back.location == "/plots")
        }
    }

    @Test func notFoundPagesLeadBackToTheAppInPlainWords() async throws {
        try await withWebApp { client, _ in
            var visitor = Visitor(client)
            let inPlots = try await visitor.get("/plots/no/such/page")
            #expect(inPlots.status == .notFound)
            #expect(inPlots.body.contains("id=\"error-back\" class=\"button\" href=\"/plots\">Back to Plots</a>"))
            #expect(inPlots.body.contains("There is no page at this address in Plots."))
            #expect(inPlots.body.contains("aria-current=\"page\""))
            #expect(!inPlots.body.contains("Nothing at"))

            let inAccount = try await visitor.get("/account/nowhere")
            #expect(inAccount.body.contains(">Back to your account</a>"))

            // Characters keep their own look on their error pages.
            let character = try await visitor.get("/characters/no-such-character/nothing")
            #expect(character.status == .notFound)
            #expect(character.body.contains("app-characters"))

            let nowhere = try await visitor.get("/nowhere")
            #expect(nowhere.status == .notFound)
            #expect(!nowhere.body.contains("id=\"error-back\""))
            #expect(nowhere.body.contains("id=\"error-home\" class=\"button\" href=\"/\""))
            #expect(nowhere.body.contains("There is no page at this address."))

            // A broken link followed from inside an app leads back to that app.
            let fromGhost = try await visitor.send("/nowhere", method: .get, body: nil, contentType: nil,
                                                   extra: [.referer: "http://localhost/ghost/help"])
            #expect(fromGhost.body.contains(">Back to Ghost</a>"))
            let fromElsewhere = try await visitor.send("/nowhere", method: .get, body: nil, contentType: nil,
                                                       extra: [.referer: "https://elsewhere.example/ghost/help"])
            #expect(!fromElsewhere.body.contains("id=\"error-back\""))

            // A thing that does not exist keeps its own message, with the way back.
            let monologue = try await visitor.get("/monologues/no-such-id")
            #expect(monologue.status == .notFound)
            #expect(monologue.body.contains(">Back to Monologues</a>"))
        }
    }

    @Test func theServiceWorkerIsServedFromTheRootWithTheShellWrittenIn() async throws {
        try await withWebApp { client, _ in
            var visitor = Visitor(client)
            let worker = try await visitor.get("/sw.js")
            #expect(worker.status == .ok)
            #expect(worker.headers[.contentType] == "text/javascript; charset=utf-8")
            #expect(worker.headers[.cacheControl] == "no-cache")
            // The same for everyone: no session is looked up and no cookie set.
            #expect(worker.headers[.setCookie] == nil)
            let version = try #require(worker.body.firstMatch(of: /const SHELL = \{"files":\[[^\]]*\],"version":"([0-9a-f]{16})"\};/)?.1)
            #expect(worker.headers[.eTag] == "\"\(version)\"")
            for file in ["/public/app.css", "/public/app.js", "/public/theme.js", "/public/manifest.webmanifest",
                         "/public/icons/icon-192.png", "/public/icons/icon-512.png"] {
                #expect(worker.body.contains("\"\(file)\""), "\(file)")
            }
            #expect(!worker.body.contains("\"/public/sw.js\""))

            let unchanged = try await visitor.send("/sw.js", method: .get, body: nil, contentType: nil, extra: [.ifNoneMatch: "\"\(version)\""])
            #expect(unchanged.status == .notModified)
            #expect(unchanged.body.isEmpty)

            // The policy names what the worker and the manifest need, and nothing looser.
            let policy = worker.headers[.contentSecurityPolicy] ?? ""
            #expect(policy.contains("worker-src 'self'") && policy.contains("manifest-src 'self'"))
            #expect(policy.contains("script-src 'self';") && !policy.contains("unsafe"))
        }
    }

    @Test func theShellVersionFollowsEveryFile() throws {
        let source = "// a worker\nconst SHELL = {\"files\":[],\"version\":\"unversioned\"};\nconst SHELL_CACHE = 1;\n"
        let css = (path: "app.css", data: Data("body {}".utf8))
        let layout = (path: "layout.mustache", data: Data("<html>".utf8))
        let first = try ServiceWorkerScript(source: source, publicFiles: [css, (path: "sw.js", data: Data(source.utf8))], templates: [layout])
        let again = try ServiceWorkerScript(source: source, publicFiles: [css, (path: "sw.js", data: Data(source.utf8))], templates: [layout])
        let newStyle = try ServiceWorkerScript(source: source, publicFiles: [(path: "app.css", data: Data("body { margin: 0 }".utf8))],
                                               templates: [layout])
        let newLayout = try ServiceWorkerScript(source: source, publicFiles: [css], templates: [(path: "layout.mustache", data: Data("<html lang>".utf8))])
        #expect(first.version == again.version)
        #expect(first.version != newStyle.version)
        #expect(first.version != newLayout.version)
        #expect(first.body.contains("const SHELL = {\"files\":[\"/public/app.css\"],\"version\":\"\(first.version)\"};\nconst SHELL_CACHE = 1;"))
        #expect(throws: ServerError.self) { try ServiceWorkerScript(source: "// no shell line\n", publicFiles: [], templates: []) }
    }

    @Test func theManifestAndItsIconsAreServed() async throws {
        try await withWebApp { client, _ in
            var visitor = Visitor(client)
            let manifest = try await visitor.get("/public/manifest.webmanifest")
            #expect(manifest.status == .ok)
            #expect(manifest.headers[.contentType]?.hasPrefix("application/manifest+json") == true)
            let json = try #require(try JSONSerialization.jsonObject(with: Data(manifest.body.utf8)) as? [String: Any])
            #expect(json["start_url"] as? String == "/")
            #expect(json["scope"] as? String == "/")
            #expect(json["display"] as? String == "standalone")
            let icons = try #require(json["icons"] as? [[String: String]])
            #expect(icons.contains { $0["sizes"] == "192x192" } && icons.contains { $0["sizes"] == "512x512" })
            #expect(icons.contains { $0["purpose"] == "maskable" })
            for icon in icons {
                let file = try await visitor.get(try #require(icon["src"]))
                #expect(file.status == .ok, "\(icon)")
                #expect(file.headers[.contentType] == icon["type"], "\(icon)")
            }
            let page = try await visitor.get("/monologues")
            #expect(page.body.contains("<link rel=\"manifest\" href=\"/public/manifest.webmanifest\">"))
            #expect(page.body.contains("rel=\"apple-touch-icon\""))
        }
    }

    @Test func theOfflinePageSaysWhatNeedsAConnectionAndNamesNoOne() async throws {
        try await withWebApp { client, _ in
            var visitor = Visitor(client)
            try await visitor.register("offlinereader")
            let page = try await visitor.get("/offline")
            #expect(page.status == .ok)
            #expect(page.headers[.cacheControl] == "no-cache")
            #expect(page.headers[.setCookie] == nil)
            #expect(page.body.contains("What needs a connection"))
            #expect(page.body.contains("What works offline"))
            // Kept once for every account of the device: no name, no form token.
            #expect(!page.body.contains("offlinereader"))
            #expect(page.body.contains("<meta name=\"csrf-token\" content=\"\">"))
        }
    }

    /// A search of no words (a star, quotes alone) lists every monologue, and says so.
    @Test func aSearchOfNoWordsSaysWhyEverythingIsListed() async throws {
        try await withWebApp { client, _ in
            var visitor = Visitor(client)
            for (typed, shown) in [("*", "*"), ("%22%22%22", "\"\"\""), ("%20%2A%2A%20", "**")] {
                let page = try await visitor.get("/monologues?q=\(typed)")
                #expect(page.body.contains("No words to search for in “\(shown.replacingOccurrences(of: "\"", with: "&quot;"))”: all "), "\(typed)")
            }
            let searched = try await visitor.get("/monologues?q=raven")
            #expect(!searched.body.contains("No words to search for"))
        }
    }

    /// A search that finds nothing says what to change, once: the spelling of its one word, the
    /// word of several that no speech has, the words together, or the filters when they are what
    /// hides the speeches; with no second hint under it. (The library: Lady Macbeth's raven speech
    /// and Hamlet's "To be, or not to be".)
    @Test func aSearchThatFindsNothingSaysWhatToChange() async throws {
        try await withWebApp { client, _ in
            var visitor = Visitor(client)
            let cases: [(String, String)] = [
                ("zzqx", "No monologue has “zzqx”. Check the spelling, or try another word."),
                ("raven+zzqx", "No monologue has “zzqx”: search without it."),
                ("raven+zzqx+blorp", "No monologue has “zzqx” or “blorp”: search without them."),
                ("raven+question", "No monologue has all of “raven question”. Try fewer words."),
                ("zzqx&gender=female", "No monologue has “zzqx”. Check the spelling, or try another word."),
                ("raven&gender=male", "No monologue within your filters has “raven”, but 1 without them: clear the filters above to see it."),
                ("raven+question&gender=male", "No monologue has all of “raven question”. Try fewer words."),
                ("%22zzqx+raven%22", "No monologue has “zzqx raven”. Check the spelling, or try another word."),
            ]
            for (query, said) in cases {
                let page = try await visitor.get("/monologues?q=\(query)")
                #expect(page.body.contains(#"<p id="result-count" class="result-count">\#(said)</p>"#), "\(query)")
                #expect(!page.body.contains("empty-hint") && !page.body.contains("in use as well"), "\(query)")
                let typed = try await visitor.get("/monologues?q=\(query)&fragment=1")
                #expect(typed.body.contains(said), "\(query), as typed")
            }
        }
    }

    @Test func onlyReadablePagesMayBeKeptAndEachSaysWhoseItIs() async throws {
        try await withWebApp { client, _ in
            var visitor = Visitor(client)
            for uri in ["/", "/monologues", "/monologues/hamlet-3-1-hamlet-1", "/monologues/tags", "/plots", "/characters", "/ghost/help"] {
                let page = try await visitor.get(uri)
                #expect(page.status == .ok, "\(uri)")
                #expect(page.headers[.cacheControl] == "private, no-cache", "\(uri)")
                #expect(page.headers[.folioAccount] == "visitor", "\(uri)")
            }
            for uri in ["/monologues?q=raven&fragment=1", "/monologues/options", "/account/login", "/account/register", "/ghost",
                        "/nowhere", "/vocab"] {
                let page = try await visitor.get(uri)
                #expect(page.headers[.cacheControl] == "no-store", "\(uri)")
                #expect(page.headers[.folioAccount] == nil, "\(uri)")
            }

            try await visitor.register("keeper")
            let favourites = try await visitor.get("/monologues/favourites")
            #expect(favourites.headers[.cacheControl] == "private, no-cache")
            let tag = try #require(favourites.headers[.folioAccount])
            #expect(tag != "visitor" && !tag.contains("keeper"))
            #expect(try await visitor.get("/account").headers[.cacheControl] == "no-store")
            let toggled = try await visitor.post("/monologues/hamlet-3-1-hamlet-1/favourite", [:])
            #expect(toggled.headers[.cacheControl] == "no-store")

            var other = Visitor(client)
            try await other.register("someoneelse")
            #expect(try await other.get("/monologues/favourites").headers[.folioAccount] != tag)

            // Logging out takes the browser's own copies with the session.
            let out = try await visitor.post("/account/logout", [:])
            #expect(out.headers[.clearSiteData] == "\"cache\"")
        }
    }
}
