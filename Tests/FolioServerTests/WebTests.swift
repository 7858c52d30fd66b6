import FolioCore
import FolioServer
import FolioStore
import FolioTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Monologues
import Testing

/// A browser in miniature over the test client: it keeps cookies and knows the CSRF token.
struct Visitor {
    let client: any TestClientProtocol
    var cookies: [String: String] = [:]
    /// Sent with every request (a proxy's X-Forwarded-For).
    var alwaysSend: HTTPFields = [:]

    init(_ client: any TestClientProtocol) {
        self.client = client
    }

    var csrf: String { cookies["folio_csrf"] ?? "" }

    struct Page {
        let status: HTTPResponse.Status
        let body: String
        let location: String?
        let headers: HTTPFields
    }

    @discardableResult
    mutating func get(_ uri: String) async throws -> Page {
        try await send(uri, method: .get, body: nil, contentType: nil)
    }

    /// A form sent with GET (one that stores nothing): the fields in the query.
    @discardableResult
    mutating func get(_ uri: String, _ fields: [String: String]) async throws -> Page {
        let query = fields.sorted { $0.key < $1.key }
            .map { "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)" }.joined(separator: "&")
        return try await get(uri + "?" + query)
    }

    /// A form POST; the CSRF token is added unless `csrf` says otherwise.
    @discardableResult
    mutating func post(_ uri: String, _ fields: [String: String], csrf: String? = nil) async throws -> Page {
        if cookies["folio_csrf"] == nil { try await get("/monologues") }
        var all = fields
        all["csrfToken"] = csrf ?? self.csrf
        let body = all.map { "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)" }.joined(separator: "&")
        return try await send(uri, method: .post, body: body, contentType: "application/x-www-form-urlencoded")
    }

    /// A JSON call of the page's own script: the CSRF token travels in a header.
    @discardableResult
    mutating func api(_ uri: String, method: HTTPRequest.Method, json: String? = nil, csrf: Bool = true,
                      contentTypeOverride: String? = nil) async throws -> Page {
        if cookies["folio_csrf"] == nil { try await get("/monologues") }
        var headers: HTTPFields = [:]
        if csrf { headers[HTTPField.Name("X-CSRF-Token")!] = self.csrf }
        return try await send(uri, method: method, body: json, contentType: json == nil ? nil : (contentTypeOverride ?? "application/json"),
                              extra: headers)
    }

    mutating func send(_ uri: String, method: HTTPRequest.Method, body: String?, contentType: String?,
                               extra: HTTPFields = [:]) async throws -> Page {
        var headers = extra
        headers.append(contentsOf: alwaysSend)
        if !cookies.isEmpty { headers[.cookie] = cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ") }
        if let contentType { headers[.contentType] = contentType }
        let response = try await client.execute(uri: uri, method: method, headers: headers,
                                                body: body.map { ByteBuffer(string: $0) }) { $0 }
        for field in response.headers[values: .setCookie] {
            let pair = field.split(separator: ";")[0].split(separator: "=", maxSplits: 1)
            let name = String(pair[0]), value = pair.count > 1 ? String(pair[1]) : ""
            if value.isEmpty || field.contains("Max-Age=0") { cookies[name] = nil } else { cookies[name] = value }
        }
        return Page(status: response.status, body: String(buffer: response.body), location: response.headers[.location],
                    headers: response.headers)
    }

    mutating func register(_ username: String, password: String = "correct horse") async throws {
        let page = try await post("/account/register", ["username": username, "password": password, "passwordConfirmation": password])
        #expect(page.status == .seeOther, "register \(username): \(page.status) \(page.body.prefix(300))")
    }
}

let webMonologues = LibraryFixture.twoSpeeches

func withWebApp(_ test: @escaping @Sendable (any TestClientProtocol, AppDatabase) async throws -> Void) async throws {
    try await TestApp.run { client, database in try await test(client, database) }
}

@Suite struct WebPagesTests {
    @Test func pagesRenderWithoutAnAccount() async throws {
        try await withWebApp { client, _ in
            var visitor = Visitor(client)
            let list = try await visitor.get("/monologues?q=raven")
            #expect(list.status == .ok)
            #expect(list.headers[.contentType]?.hasPrefix("text/html") == true)
            #expect(list.body.contains("id=\"results\""))
            #expect(list.body.contains("Lady Macbeth"))
            #expect(!list.body.contains("/monologues/hamlet-3-1-hamlet-1\""))
            #expect(visitor.cookies["folio_csrf"]?.count == 64)

            let fragment = try await visitor.get("/monologues?q=raven&fragment=1")
            #expect(fragment.body.contains("id=\"results\""))
            #expect(!fragment.body.contains("<html"))
            // What the script asks for while the actor types: the last word may be half a word.
            #expect(try await visitor.get("/monologues?q=the%20rav&fragment=1").body.contains("macbeth-1-5-lady-macbeth-1"))
            #expect(!(try await visitor.get("/monologues?q=the%20rav").body.contains("macbeth-1-5-lady-macbeth-1")))

            let page = try await visitor.get("/monologues/hamlet-3-1-hamlet-1")
            #expect(page.status == .ok)
            #expect(page.body.contains("monologue-text"))
            #expect(page.body.contains("Whether &#39;tis nobler") || page.body.contains("Whether 'tis nobler"))
            #expect(page.body.contains("/account/login?next="))

            #expect(try await visitor.get("/monologues/tags").body.contains("villain"))
            #expect(try await visitor.get("/monologues/options").body.contains("options-form"))
            // Folio's first page, no longer a redirect to the monologues (see EverywhereTests).
            #expect(try await visitor.get("/").body.contains("id=\"home-apps\""))
        }
    }

    @Test func unknownPagesAreFriendly404s() async throws {
        try await withWebApp { client, _ in
            var visitor = Visitor(client)
            let missing = try await visitor.get("/no/such/page")
            #expect(missing.status == .notFound)
            #expect(missing.body.contains("error-status"))
            let monologue = try await visitor.get("/monologues/no-such-id")
            #expect(monologue.status == .notFound)
            #expect(monologue.body.contains("<html"))
        }
    }

    @Test func staticFilesAreCached() async throws {
        try await withWebApp { client, _ in
            var visitor = Visitor(client)
            let css = try await visitor.get("/public/app.css")
            #expect(css.status == .ok)
            #expect(css.headers[.cacheControl]?.contains("max-age") == true)
        }
    }

    @Test func optionsAreRememberedPerBrowserWhenLoggedOut() async throws {
        try await withWebApp { client, _ in
            var visitor = Visitor(client)
            let saved = try await visitor.post("/monologues/options", ["gender": "female", "tone": "", "length": "", "textSize": "large"])
            #expect(saved.status == .ok)
            #expect(visitor.cookies["folio_options"] == "female---large")
            let list = try await visitor.get("/monologues")
            #expect(list.body.contains("Lady Macbeth"))
            #expect(!list.body.contains("/monologues/hamlet-3-1-hamlet-1\""))
            #expect(list.body.contains("text-large"))
            // A stranger's browser is unaffected.
            var other = Visitor(client)
            #expect(try await other.get("/monologues").body.contains("/monologues/hamlet-3-1-hamlet-1\""))
        }
    }
}

@Suite struct AccountTests {
    @Test func registerLogOutAndLogIn() async throws {
        try await withWebApp { client, _ in
            var visitor = Visitor(client)
            try await visitor.register("ophelia")
            #expect(visitor.cookies["folio_session"] != nil)
            #expect(try await visitor.get("/account").body.contains("ophelia"))

            let out = try await visitor.post("/account/logout", [:])
            #expect(out.status == .seeOther)
            #expect(visitor.cookies["folio_session"] == nil)
            let location1 = try await visitor.get("/account").location
            #expect(location1?.hasPrefix("/account/login") == true)

            let wrong = try await visitor.post("/account/login", ["username": "ophelia", "password": "wrong password"])
            #expect(wrong.status == .unauthorized)
            #expect(wrong.body.contains("do not match"))
            let right = try await visitor.post("/account/login", ["username": "OPHELIA", "password": "correct horse", "next": "/monologues/tags"])
            #expect(right.status == .seeOther)
            #expect(right.location == "/monologues/tags")
        }
    }

    @Test func sessionCookieIsHttpOnlyAndLax() async throws {
        try await withWebApp { client, _ in
            let visitor = Visitor(client)
            let response = try await client.execute(uri: "/account/register", method: .get) { $0 }
            let csrfCookie = try #require(response.headers[values: .setCookie].first { $0.hasPrefix("folio_csrf=") })
            #expect(csrfCookie.contains("HttpOnly"))
            #expect(csrfCookie.contains("SameSite=Lax"))
            var v = visitor
            try await v.get("/monologues")
            let token = v.csrf
            let body = "username=hamlet&password=correct%20horse&passwordConfirmation=correct%20horse&csrfToken=\(token)"
            // The token is derived from the visitor id cookie, which goes with it.
            let cookies = "folio_csrf=\(token); folio_visitor=\(v.cookies["folio_visitor"] ?? "")"
            let registered = try await client.execute(uri: "/account/register", method: .post,
                                                      headers: [.cookie: cookies, .contentType: "application/x-www-form-urlencoded"],
                                                      body: ByteBuffer(string: body)) { $0 }
            let session = try #require(registered.headers[values: .setCookie].first { $0.hasPrefix("folio_session=") })
            #expect(session.contains("HttpOnly"))
            #expect(session.contains("SameSite=Lax"))
        }
    }

    @Test func pagesAndSessionsGetACSRFTokenAnonymousAPIReadsDoNot() async throws {
        try await withWebApp { client, _ in
            var reader = Visitor(client)
            let search = try await reader.get("/api/v1/monologues?q=raven")
            #expect(search.status == .ok)
            #expect(search.headers[values: .setCookie].isEmpty)

            // Without a token an API write is refused, with a message that says where one comes from.
            let refused = try await reader.send("/api/v1/plots/expand", method: .post, body: #"{"grammar": {"origin": "hi"}}"#,
                                                contentType: "application/json")
            #expect(refused.status == .forbidden)
            #expect(refused.body.contains("X-CSRF-Token"))

            try await reader.get("/plots")
            #expect(reader.csrf.count == 64)
            try await reader.register("ophelia")
            // A signed-in browser that has lost its session-long CSRF cookie gets a new one from the API too.
            reader.cookies["folio_csrf"] = nil
            let favourites = try await reader.get("/api/v1/favourites")
            #expect(favourites.status == .ok)
            #expect(reader.csrf.count == 64)
        }
    }

    @Test func badRegistrationsSayWhy() async throws {
        try await withWebApp { client, _ in
            var visitor = Visitor(client)
            let short = try await visitor.post("/account/register", ["username": "yorick", "password": "short", "passwordConfirmation": "short"])
            #expect(short.status == .badRequest)
            #expect(short.body.contains("at least 8"))
            let name = try await visitor.post("/account/register", ["username": "a b", "password": "long enough", "passwordConfirmation": "long enough"])
            #expect(name.status == .badRequest)
            try await visitor.register("yorick")
            var other = Visitor(client)
            let taken = try await other.post("/account/register", ["username": "YORICK", "password": "long enough", "passwordConfirmation": "long enough"])
            #expect(taken.status == .conflict)
            #expect(taken.body.contains("taken"))
        }
    }

    @Test func passwordsAreStoredAsBcrypt() async throws {
        try await withWebApp { client, database in
            var visitor = Visitor(client)
            try await visitor.register("horatio", password: "a secret phrase")
            let hash = try #require(try await database.credentials(username: "horatio")?.passwordHash)
            #expect(hash.hasPrefix("$2"))
            #expect(!hash.contains("a secret phrase"))
        }
    }

    @Test func changingThePasswordLogsOutOtherBrowsers() async throws {
        try await withWebApp { client, _ in
            var first = Visitor(client)
            try await first.register("laertes")
            var second = Visitor(client)
            #expect(try await second.post("/account/login", ["username": "laertes", "password": "correct horse"]).status == .seeOther)
            let changed = try await first.post("/account/password", ["currentPassword": "correct horse", "newPassword": "another horse",
                                                                      "newPasswordConfirmation": "another horse"])
            #expect(changed.status == .ok)
            let location2 = try await second.get("/account").location
            #expect(location2?.hasPrefix("/account/login") == true)
            #expect(try await first.get("/account").status == .ok)
            var third = Visitor(client)
            #expect(try await third.post("/account/login", ["username": "laertes", "password": "another horse"]).status == .seeOther)
        }
    }

    @Test func logInsAreRateLimitedPerUsername() async throws {
        try await withWebApp { client, _ in
            var owner = Visitor(client)
            try await owner.register("polonius")
            var attacker = Visitor(client)
            for _ in 0..<5 {
                #expect(try await attacker.post("/account/login", ["username": "polonius", "password": "guess"]).status == .unauthorized)
            }
            let limited = try await attacker.post("/account/login", ["username": "polonius", "password": "correct horse"])
            #expect(limited.status == .tooManyRequests)
            let retry = try #require(limited.headers[.retryAfter].flatMap(Int.init))
            #expect((1...900).contains(retry))
            #expect(limited.body.contains("try again in \(retry) s"))
        }
    }
}

@Suite struct SecurityTests {
    @Test func formsWithoutAValidCSRFTokenAreRefused() async throws {
        try await withWebApp { client, _ in
            var visitor = Visitor(client)
            try await visitor.register("gertrude")
            // One digit changed (a fixed "0" would be the real token whenever that starts with one).
            let forgedToken = (visitor.csrf.first == "0" ? "1" : "0") + String(visitor.csrf.dropFirst())
            let forged = try await visitor.post("/monologues/hamlet-3-1-hamlet-1/favourite", [:], csrf: forgedToken)
            #expect(forged.status == .forbidden)
            let missing = try await visitor.post("/monologues/hamlet-3-1-hamlet-1/favourite", [:], csrf: "")
            #expect(missing.status == .forbidden)
            let api = try await visitor.api("/api/v1/favourites/hamlet-3-1-hamlet-1", method: .put, csrf: false)
            #expect(api.status == .forbidden)
            #expect(try await visitor.api("/api/v1/favourites", method: .get).body.contains("\"items\":[]"))
        }
    }

    @Test func userBCannotReadOrChangeAsFavourites() async throws {
        try await withWebApp { client, _ in
            var a = Visitor(client)
            try await a.register("alice")
            #expect(try await a.post("/monologues/hamlet-3-1-hamlet-1/favourite", [:]).status == .seeOther)
            #expect(try await a.post("/monologues/favourites/hamlet-3-1-hamlet-1/edit",
                                     ["text": "To be.", "notes": "Mine", "tags": "secret", "gender": "male"]).status == .seeOther)

            var b = Visitor(client)
            try await b.register("bob")
            let list = try await b.get("/monologues/favourites")
            #expect(!list.body.contains("/monologues/hamlet-3-1-hamlet-1\""))
            #expect(try await b.get("/monologues/favourites/hamlet-3-1-hamlet-1/edit").status == .notFound)
            #expect(try await b.post("/monologues/favourites/hamlet-3-1-hamlet-1/edit",
                                     ["text": "Hacked", "notes": "", "tags": "", "gender": "male"]).status == .notFound)
            #expect(try await b.post("/monologues/favourites/hamlet-3-1-hamlet-1/restore", ["confirm": "yes"]).status == .notFound)
            #expect(try await b.post("/monologues/favourites/hamlet-3-1-hamlet-1/remove", [:]).status == .notFound)
            #expect(try await b.api("/api/v1/favourites", method: .get).body.contains("\"items\":[]"))
            let patched = try await b.api("/api/v1/favourites/hamlet-3-1-hamlet-1", method: .patch, json: #"{"text":"Hacked"}"#)
            #expect(patched.status == .notFound)
            let restored = try await b.api("/api/v1/favourites/hamlet-3-1-hamlet-1/restore", method: .post)
            #expect(restored.status == .notFound)
            let deleted = try await b.api("/api/v1/favourites/hamlet-3-1-hamlet-1", method: .delete)
            #expect(deleted.status == .notFound)
            // B's view of the monologue is the library's, and B's search does not see A's tags.
            #expect(!(try await b.get("/monologues/hamlet-3-1-hamlet-1").body.contains("To be.</")))
            #expect(!(try await b.get("/monologues?q=secret").body.contains("/monologues/hamlet-3-1-hamlet-1\"")))

            // A's favourite is intact.
            let mine = try await a.api("/api/v1/favourites", method: .get)
            #expect(mine.body.contains("\"isEdited\":true"))
            #expect(mine.body.contains("To be."))
            #expect(try await a.get("/monologues?q=secret").body.contains("/monologues/hamlet-3-1-hamlet-1\""))
        }
    }

    @Test func loggedOutVisitorsAreSentToLogIn() async throws {
        try await withWebApp { client, _ in
            var visitor = Visitor(client)
            let location3 = try await visitor.get("/monologues/favourites").location
            #expect(location3?.hasPrefix("/account/login") == true)
            let location4 = try await visitor.post("/monologues/hamlet-3-1-hamlet-1/favourite", [:]).location
            #expect(location4?.hasPrefix("/account/login") == true)
            #expect(try await visitor.api("/api/v1/favourites", method: .get).status == .unauthorized)
        }
    }

    @Test func scriptInTagsAndTextComesBackEscaped() async throws {
        try await withWebApp { client, _ in
            var a = Visitor(client)
            try await a.register("iago")
            try await a.post("/monologues/hamlet-3-1-hamlet-1/favourite", [:])
            let script = "<script>alert('x')</script>"
            try await a.post("/monologues/favourites/hamlet-3-1-hamlet-1/edit",
                             ["text": "To be \(script)", "notes": "<img src=x onerror=alert(1)>", "tags": "\(script), fine", "gender": "male"])
            for page in ["/monologues/hamlet-3-1-hamlet-1", "/monologues/favourites/hamlet-3-1-hamlet-1/edit", "/monologues/tags",
                         "/monologues?q=\(script.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)"] {
                let body = try await a.get(page).body
                #expect(!body.contains("<script>alert"), "\(page)")
                #expect(!body.contains("<img src=x"), "\(page)")
            }
            #expect(try await a.get("/monologues/hamlet-3-1-hamlet-1").body.contains("&lt;script&gt;"))
        }
    }

    @Test func sqlLookingInputIsJustText() async throws {
        try await withWebApp { client, database in
            var a = Visitor(client)
            try await a.register("claudius")
            let sql = "'); DELETE FROM favourite; DROP TABLE account; --"
            try await a.post("/monologues/hamlet-3-1-hamlet-1/favourite", [:])
            #expect(try await a.post("/monologues/favourites/hamlet-3-1-hamlet-1/edit",
                                     ["text": "To be.", "notes": sql, "tags": sql, "gender": "male"]).status == .seeOther)
            #expect(try await a.get("/monologues?q=\(sql.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)").status == .ok)
            var b = Visitor(client)
            #expect(try await b.post("/account/login", ["username": sql, "password": sql]).status == .unauthorized)
            let favourites = try await database.favouritePage(accountID: Account.ID(1), limit: 50, offset: 0).items
            #expect(favourites.first?.notes == sql)
            #expect(try await database.credentials(username: "claudius") != nil)
        }
    }
}

@Suite struct FavouriteEditingTests {
    @Test func editRestoreAndRemove() async throws {
        try await withWebApp { client, _ in
            var a = Visitor(client)
            try await a.register("juliet")
            try await a.post("/monologues/macbeth-1-5-lady-macbeth-1/favourite", [:])
            let page = try await a.get("/monologues/macbeth-1-5-lady-macbeth-1")
            #expect(page.body.contains("Remove from favourites"))

            // An untouched form leaves the favourite unedited.
            let original = webMonologues[1]
            try await a.post("/monologues/favourites/macbeth-1-5-lady-macbeth-1/edit",
                             ["text": original.text.replacingOccurrences(of: "\n", with: "\r\n"), "notes": original.notes,
                              "tags": original.tags.joined(separator: ", "), "gender": "female"])
            #expect(!(try await a.get("/monologues/favourites").body.contains("edited-badge")))

            try await a.post("/monologues/favourites/macbeth-1-5-lady-macbeth-1/edit",
                             ["text": "The raven himself is hoarse\n/\nCome, you spirits", "notes": "Build slowly",
                              "tags": "Audition, VILLAIN, audition", "gender": "any"])
            #expect(try await a.get("/monologues/favourites").body.contains("edited-badge"))
            let edited = try await a.api("/api/v1/favourites", method: .get).body
            #expect(edited.contains(#""tags":["audition","villain"]"#))
            #expect(edited.contains(#""gender":"any""#))
            let shown = try await a.get("/monologues/macbeth-1-5-lady-macbeth-1").body
            #expect(shown.contains("Come, you spirits"))
            #expect(shown.contains("beat"))

            // Without JavaScript, restoring asks first; confirmed, the library's text is back.
            let ask = try await a.post("/monologues/favourites/macbeth-1-5-lady-macbeth-1/restore", [:])
            #expect(ask.status == .ok)
            #expect(ask.body.contains("confirm"))
            #expect(try await a.post("/monologues/favourites/macbeth-1-5-lady-macbeth-1/restore", ["confirm": "yes"]).status == .seeOther)
            #expect(!(try await a.get("/monologues/favourites").body.contains("edited-badge")))
            #expect(try await a.get("/monologues/macbeth-1-5-lady-macbeth-1").body.contains("fatal entrance of Duncan"))

            #expect(try await a.post("/monologues/favourites/macbeth-1-5-lady-macbeth-1/remove", [:]).status == .seeOther)
            #expect(!(try await a.get("/monologues/favourites").body.contains("/monologues/macbeth-1-5-lady-macbeth-1\"")))
        }
    }

    @Test func emptyTextIsRefusedAndNothingIsLost() async throws {
        try await withWebApp { client, _ in
            var a = Visitor(client)
            try await a.register("romeo")
            try await a.post("/monologues/hamlet-3-1-hamlet-1/favourite", [:])
            try await a.post("/monologues/favourites/hamlet-3-1-hamlet-1/edit", ["text": "To be.", "notes": "", "tags": "", "gender": "male"])
            let refused = try await a.post("/monologues/favourites/hamlet-3-1-hamlet-1/edit", ["text": "  \n ", "notes": "", "tags": "", "gender": "male"])
            #expect(refused.status == .badRequest)
            #expect(refused.body.contains("cannot be empty"))
            let badGender = try await a.post("/monologues/favourites/hamlet-3-1-hamlet-1/edit", ["text": "x", "notes": "", "tags": "", "gender": "robot"])
            #expect(badGender.status == .badRequest)
            #expect(try await a.api("/api/v1/favourites", method: .get).body.contains("To be."))
            #expect(try await a.api("/api/v1/favourites/hamlet-3-1-hamlet-1", method: .patch, json: "not json").status == .badRequest)
            // The API checks an edit as the editor does, naming every problem.
            let blank = try await a.api("/api/v1/favourites/hamlet-3-1-hamlet-1", method: .patch,
                                        json: #"{"text": " \n", "tags": ["a","b","c","d","e","f","g","h","i","j","k","l","m","n","o","p","q","r","s","t","u"]}"#)
            #expect(blank.status == .badRequest)
            #expect(blank.body.contains("invalid_parameter") && blank.body.contains("cannot be empty") && blank.body.contains("20 tags at most"))
            #expect(try await a.api("/api/v1/favourites", method: .get).body.contains("To be."))
        }
    }

    @Test func optionsFollowTheAccount() async throws {
        try await withWebApp { client, _ in
            var a = Visitor(client)
            try await a.register("viola")
            try await a.post("/monologues/options", ["gender": "female", "tone": "tragedy", "length": "long", "textSize": "xlarge"])
            #expect(a.cookies["folio_options"] == nil)
            var elsewhere = Visitor(client)
            try await elsewhere.post("/account/login", ["username": "viola", "password": "correct horse"])
            let list = try await elsewhere.get("/monologues")
            #expect(list.body.contains("text-xlarge"))
            #expect(list.body.contains("Lady Macbeth"))
            #expect(!list.body.contains("/monologues/hamlet-3-1-hamlet-1\""))
        }
    }
}

@Suite struct LibraryChangesTests {
    @Test func changesSinceReturnsOnlyWhatMoved() async throws {
        try await withWebApp { client, database in
            var corrected = webMonologues[0]
            corrected.notes = "Act III, Scene 1. A room in the castle. Ophelia is reading."
            try await database.importMonologues([corrected, webMonologues[1]], source: "fixture")
            var visitor = Visitor(client)
            let page = try await visitor.api("/api/v1/monologues/changes?since=1", method: .get)
            let changes = try JSONDecoder().decode(LibraryChanges.self, from: Data(page.body.utf8))
            #expect(changes.latestUpdateCount == 2)
            #expect(changes.monologues.map(\.id) == ["hamlet-3-1-hamlet-1"])
            #expect(try await visitor.api("/api/v1/monologues/changes?since=2", method: .get).body.contains("\"monologues\":[]"))
            #expect(try await visitor.api("/api/v1/monologues/changes?since=x", method: .get).status == .badRequest)
        }
    }
}
