import CompressNIO
import FolioServer
import FolioStore
import FolioTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Monologues
import NIOCore
import Testing

/// Headers on every answer, refused static names, links under the public address, and the
/// cacheable, compressible change feed. (What only a real socket shows — oversized heads, bad
/// framing, slow clients — is in Tests/security/test_requests.py.)
@Suite struct HTTPHardeningTests {
    static let publicURL = "https://folio.example.org"
    static let wikiBase = "https://wiki.example.net/wiki/"

    func withApp(_ test: @escaping @Sendable (any TestClientProtocol, AppDatabase) async throws -> Void) async throws {
        try await TestApp.run(TestApp.configuration(wikiBase: Self.wikiBase, publicURL: Self.publicURL), test)
    }

    struct Answer {
        let status: HTTPResponse.Status
        let headers: HTTPFields
        let body: ByteBuffer
        var text: String { String(buffer: body) }
    }

    func get(_ client: any TestClientProtocol, _ uri: String, _ headers: HTTPFields = [:]) async throws -> Answer {
        try await client.execute(uri: uri, method: .get, headers: headers, body: nil) {
            Answer(status: $0.status, headers: $0.headers, body: $0.body)
        }
    }

    func gunzip(_ buffer: ByteBuffer) throws -> String {
        var compressed = buffer
        return String(buffer: try compressed.decompress(with: .gzip()))
    }

    // MARK: - Security headers

    func expectSecurityHeaders(_ answer: Answer, _ what: String) {
        let policy = answer.headers[.contentSecurityPolicy] ?? ""
        #expect(policy.contains("script-src 'self'") && policy.contains("style-src 'self'"), "\(what): \(policy)")
        #expect(!policy.contains("unsafe-inline") && !policy.contains("unsafe-eval"), "\(what): \(policy)")
        #expect(policy.contains("frame-ancestors 'none'"), "\(what)")
        #expect(policy.contains("frame-src https://wiki.example.net"), "\(what): the wiki may be framed")
        #expect(policy.contains("connect-src 'self' wss://folio.example.org"), "\(what): the Ghost sockets may connect")
        #expect(answer.headers[HTTPField.Name("X-Frame-Options")!] == "DENY", "\(what)")
        #expect(answer.headers[.xContentTypeOptions] == "nosniff", "\(what)")
        #expect(answer.headers[HTTPField.Name("Referrer-Policy")!] == "same-origin", "\(what)")
    }

    @Test func everyKindOfAnswerCarriesTheSecurityHeaders() async throws {
        try await withApp { client, _ in
            let page = try await get(client, "/monologues")
            #expect(page.status == .ok)
            expectSecurityHeaders(page, "page")
            expectSecurityHeaders(try await get(client, "/api/v1/monologues?q=raven"), "API answer")
            expectSecurityHeaders(try await get(client, "/api/v1/ping"), "ping")
            let apiError = try await get(client, "/api/v1/monologues/no-such-id")
            #expect(apiError.status == .notFound)
            expectSecurityHeaders(apiError, "API error")
            let pageError = try await get(client, "/no/such/page")
            #expect(pageError.status == .notFound)
            expectSecurityHeaders(pageError, "page error")
            let css = try await get(client, "/public/app.css")
            #expect(css.status == .ok)
            expectSecurityHeaders(css, "static file")
            expectSecurityHeaders(try await get(client, "/public/%00"), "refused static name")
            expectSecurityHeaders(try await get(client, "/swapi/people/1/"), "SWAPI")
        }
    }

    @Test func personalAnswersAreNeverStoredByCaches() async throws {
        try await withApp { client, _ in
            var visitor = Visitor(client)
            try await visitor.register("cachewary")
            #expect(try await visitor.get("/account").headers[.cacheControl] == "no-store")
            #expect(try await visitor.api("/api/v1/vocab/pairs", method: .get).headers[.cacheControl] == "no-store")
            // Static files keep their own, longer rule.
            #expect(try await visitor.get("/public/app.css").headers[.cacheControl]?.contains("max-age=3600") == true)
        }
    }

    @Test func pagesHaveNoInlineScriptOrStyle() async throws {
        try await withApp { client, _ in
            var visitor = Visitor(client)
            try await visitor.register("inlinecheck")
            for uri in ["/monologues", "/monologues/hamlet-3-1-hamlet-1", "/vocabulary", "/plots", "/characters", "/ghost", "/account",
                        "/account/login", "/no/such/page"] {
                let page = try await visitor.get(uri)
                #expect(page.status != .internalServerError, "\(uri)")
                let html = page.body
                // Every <script> names a file; no style element, style attribute or inline handler.
                for script in html.components(separatedBy: "<script").dropFirst() {
                    #expect(script.hasPrefix(" src=\"/public/"), "\(uri): inline script \(script.prefix(60))")
                }
                #expect(!html.contains("<style"), "\(uri)")
                #expect(html.range(of: #"\sstyle="#, options: .regularExpression) == nil, "\(uri)")
                #expect(html.range(of: #"\son[a-z]+="#, options: .regularExpression) == nil, "\(uri)")
            }
            // The theme is set before the page is drawn: its script is in the head, not deferred.
            let head = try await visitor.get("/monologues").body.components(separatedBy: "</head>")[0]
            #expect(head.contains("<script src=\"/public/theme.js\"></script>"))
            let theme = try await visitor.get("/public/theme.js")
            #expect(theme.status == .ok && theme.body.contains("folio-theme"))
        }
    }

    // MARK: - Static file names

    @Test func oddStaticNamesAreNotFound() async throws {
        try await withApp { client, _ in
            for uri in ["/public/%00", "/public/app.css%00.png", "/public/app.css%00", "/public/%2e%2e/openapi.json",
                        "/public/..%2fopenapi.json", "/public/%2e%2e%2fTemplates%2flayout.mustache", "/public/a%0ab",
                        "/public/app.css%5c", "/public/./app.css", "/public/%01app.css", "/public/app.css%7f"] {
                let answer = try await get(client, uri)
                #expect(answer.status == .notFound, "\(uri): \(answer.status)")
                #expect(!answer.text.contains(":root"), "\(uri) served a file")
            }
            #expect(try await get(client, "/public/app.css").status == .ok)
            #expect(try await get(client, "/public/app.js").status == .ok)
        }
    }

    // MARK: - Absolute links

    @Test func swapiLinksUseThePublicAddressWhateverTheHost() async throws {
        try await withApp { client, _ in
            let forged: HTTPFields = [HTTPField.Name("Host")!: "evil.example", HTTPField.Name("X-Forwarded-Host")!: "evil.example",
                                      HTTPField.Name("X-Forwarded-Proto")!: "http"]
            for uri in ["/swapi/", "/swapi/people/", "/swapi/people/1/"] {
                let answer = try await get(client, uri, forged)
                #expect(answer.status == .ok)
                #expect(!answer.text.contains("evil.example"), "\(uri)")
                #expect(answer.text.contains("\"https://folio.example.org/swapi/"), "\(uri): \(answer.text.prefix(200))")
            }
        }
    }

    // MARK: - The change feed

    @Test func changeFeedHasAStrongETagAndAnswers304() async throws {
        try await withApp { client, database in
            let first = try await get(client, "/api/v1/monologues/changes?since=0")
            #expect(first.status == .ok)
            let tag = try #require(first.headers[.eTag])
            #expect(tag.hasPrefix("\"") && !tag.hasPrefix("W/"))
            #expect(first.headers[.cacheControl] == "public, no-cache")
            #expect(first.headers[.vary]?.contains("Accept-Encoding") == true)
            #expect(first.text.contains("hamlet-3-1-hamlet-1"))

            let again = try await get(client, "/api/v1/monologues/changes?since=0", [.ifNoneMatch: tag])
            #expect(again.status == .notModified)
            #expect(again.body.readableBytes == 0)
            #expect(again.headers[.eTag] == tag)
            #expect(try await get(client, "/api/v1/monologues/changes?since=0", [.ifNoneMatch: "W/\(tag)"]).status == .notModified)
            #expect(try await get(client, "/api/v1/monologues/changes?since=0", [.ifNoneMatch: "\"other\", \(tag)"]).status == .notModified)

            // Another query is another answer; a stale tag gets the whole feed.
            let other = try await get(client, "/api/v1/monologues/changes?since=1", [.ifNoneMatch: tag])
            #expect(other.status == .ok && other.headers[.eTag] != tag)
            #expect(try await get(client, "/api/v1/monologues/changes?since=0", [.ifNoneMatch: "\"stale\""]).status == .ok)

            // A new revision changes the tag and the answer.
            var changed = webMonologues[0]
            changed.text += "\nAnd by opposing end them."
            try await database.importMonologues([changed, webMonologues[1]], source: "fixture")
            let after = try await get(client, "/api/v1/monologues/changes?since=0", [.ifNoneMatch: tag])
            #expect(after.status == .ok)
            #expect(after.headers[.eTag] != tag)
            #expect(after.text.contains("And by opposing end them."))
        }
    }

    @Test func changeFeedIsGzippedWhenAcceptedAndMatchesThePlainAnswer() async throws {
        try await withApp { client, _ in
            let plain = try await get(client, "/api/v1/monologues/changes?since=0")
            #expect(plain.headers[.contentEncoding] == nil)
            let zipped = try await get(client, "/api/v1/monologues/changes?since=0", [.acceptEncoding: "br, gzip;q=0.8"])
            #expect(zipped.status == .ok)
            #expect(zipped.headers[.contentEncoding] == "gzip")
            #expect(try gunzip(zipped.body) == plain.text)
            // Each representation has its own strong tag; either one is "not modified".
            let zippedTag = try #require(zipped.headers[.eTag])
            #expect(zippedTag != plain.headers[.eTag])
            let revalidated = try await get(client, "/api/v1/monologues/changes?since=0",
                                            [.acceptEncoding: "gzip", .ifNoneMatch: plain.headers[.eTag] ?? ""])
            #expect(revalidated.status == .notModified && revalidated.headers[.eTag] == zippedTag)
            // gzip refused by weight is not used.
            #expect(try await get(client, "/api/v1/monologues/changes?since=0", [.acceptEncoding: "gzip;q=0, identity"])
                .headers[.contentEncoding] == nil)
        }
    }

    // MARK: - Compression of other answers

    @Test func largeJSONIsGzippedAndSmallJSONIsNot() async throws {
        try await withApp { client, _ in
            let plain = try await get(client, "/api/v1/openapi.json")
            #expect(plain.body.readableBytes > 1024)
            #expect(plain.headers[.contentEncoding] == nil)
            #expect(plain.headers[.vary]?.contains("Accept-Encoding") == true)
            let zipped = try await get(client, "/api/v1/openapi.json", [.acceptEncoding: "gzip, deflate"])
            #expect(zipped.headers[.contentEncoding] == "gzip")
            #expect(zipped.headers[.contentLength] == String(zipped.body.readableBytes))
            #expect(zipped.body.readableBytes * 3 < plain.body.readableBytes)
            #expect(try gunzip(zipped.body) == plain.text)

            // A one-monologue answer and an error stay as they are.
            let small = try await get(client, "/api/v1/monologues/macbeth-1-5-lady-macbeth-1", [.acceptEncoding: "gzip"])
            #expect(small.status == .ok && small.body.readableBytes < 1024)
            #expect(small.headers[.contentEncoding] == nil)
            let error = try await get(client, "/api/v1/monologues?limit=0", [.acceptEncoding: "gzip"])
            #expect(error.status == .badRequest && error.headers[.contentEncoding] == nil)
            #expect(error.text.contains("\"error\""))
            // `*` allows gzip; an unknown coding alone does not.
            #expect(try await get(client, "/api/v1/openapi.json", [.acceptEncoding: "*"]).headers[.contentEncoding] == "gzip")
            #expect(try await get(client, "/api/v1/openapi.json", [.acceptEncoding: "br"]).headers[.contentEncoding] == nil)
        }
    }
}
