import FolioStore
import FolioTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import FolioServer

/// The app over `database` with `limits`, at bcrypt's least cost.
private func withAccountsApp(_ limits: ServerLimits = ServerLimits(), database: AppDatabase? = nil,
                             _ test: @escaping @Sendable (any TestClientProtocol, AppDatabase) async throws -> Void) async throws {
    try await TestApp.run(TestApp.configuration(limits: limits), database: database, test)
}

private func csrfMeta(_ body: String) -> String? {
    guard let range = body.range(of: #"<meta name="csrf-token" content=""#) else { return nil }
    return String(body[range.upperBound...].prefix { $0 != "\"" })
}

@Suite struct PasswordThreadTests {
    @Test func checksRunOnThreadsOfTheirOwnAndABurstPastTheQueueIsRefusedAtOnce() async throws {
        let passwords = Passwords(cost: 4, threads: 1, queueLength: 1)
        let gate = DispatchSemaphore(value: 0)
        // A check runs on a thread of the pool's, outside any Swift task: a check on the shared
        // cooperative pool (as with `Task.detached`) would find itself inside one.
        let first = Task { try await passwords.run { () -> Bool in
            gate.wait()
            return withUnsafeCurrentTask { $0 == nil }
        } }
        // Wait until the first check holds the only thread.
        while passwords.outstanding < 1 { try await Task.sleep(for: .milliseconds(5)) }
        let second = Task { try await passwords.run { withUnsafeCurrentTask { $0 == nil } } }
        while passwords.outstanding < 2 { try await Task.sleep(for: .milliseconds(5)) }

        let start = ContinuousClock.now
        let error = try await #require(throws: HTTPError.self) { try await passwords.hash("a long enough password") }
        #expect(ContinuousClock.now - start < .seconds(1), "refused at once, not after a wait")
        #expect(error.status == .serviceUnavailable)
        #expect(error.headers[.retryAfter] == "1")
        #expect(error.body?.contains("Try again") == true)

        gate.signal()
        #expect(try await first.value)
        #expect(try await second.value)
        // Once the queue has drained, checks are taken again and the threads have ended.
        let hash = try await passwords.hash("a long enough password")
        #expect(try await passwords.verify("a long enough password", hash: hash))
        #expect(try await !passwords.verify("another password", hash: hash))
        // A thread counts a check done just after handing back its result.
        let deadline = ContinuousClock.now + .seconds(5)
        while passwords.outstanding > 0, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        #expect(passwords.outstanding == 0)
    }
}

@Suite struct StaleLogoutTests {
    /// Two tabs of one session: the second logs out after the first did, with the token its page
    /// was drawn with. Logged out already, it is sent on as a log-out is; logged in, a stale or
    /// missing token is still refused.
    @Test func aLogOutFromAPageOfAnEndedSessionIsSentOn() async throws {
        try await withAccountsApp(ServerLimits()) { client, _ in
            var visitor = Visitor(client)
            try await visitor.register("viola")
            let stale = visitor.csrf
            let first = try await visitor.post("/account/logout", [:])
            #expect(first.status == .seeOther)
            let second = try await visitor.post("/account/logout", [:], csrf: stale)
            #expect(second.status == .seeOther && second.headers[.location] == "/monologues")
            try await visitor.register("sebastian")
            let forged = try await visitor.post("/account/logout", [:], csrf: stale)
            #expect(forged.status == .forbidden)
            #expect(try await visitor.get("/account").body.contains("sebastian"))
        }
    }
}

@Suite struct RegistrationLimitTests {
    @Test func registrationsPerNetworkAreLimitedWithRetryAfter() async throws {
        var limits = ServerLimits()
        limits.registrationsPerAddressPerHour = 3
        try await withAccountsApp(limits) { client, database in
            var visitor = Visitor(client)
            try await visitor.register("rosalind")
            try await visitor.post("/account/logout", [:])
            // A form with a mistake in it does not count; a taken name does (else names could be
            // probed without limit: 40 in 0.3 s).
            let mistyped = try await visitor.post("/account/register", ["username": "phebe", "password": "a fine password",
                                                                        "passwordConfirmation": "a fine pasword"])
            #expect(mistyped.status == .badRequest)
            let taken = try await visitor.post("/account/register", ["username": "ROSALIND", "password": "a fine password",
                                                                     "passwordConfirmation": "a fine password"])
            #expect(taken.status == .conflict)
            try await visitor.register("celia")
            try await visitor.post("/account/logout", [:])
            let third = try await visitor.post("/account/register", ["username": "orlando", "password": "a fine password",
                                                                     "passwordConfirmation": "a fine password"])
            #expect(third.status == .tooManyRequests)
            let retry = try #require(third.headers[.retryAfter].flatMap(Int.init))
            #expect((3500...3600).contains(retry))
            #expect(third.body.contains("Too many accounts have been created from your network"))
            #expect(try await database.credentials(username: "orlando") == nil)
        }
    }
}

@Suite struct LoginThrottleTests {
    @Test func twentyConcurrentWrongGuessesCheckNoMoreThanTheLimit() async throws {
        try await withAccountsApp { client, _ in
            var owner = Visitor(client)
            try await owner.register("portia")
            var attacker = Visitor(client)
            try await attacker.get("/account/login")
            let guesser = attacker
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for i in 0..<20 {
                    group.addTask {
                        var copy = guesser
                        return try await copy.post("/account/login", ["username": "portia", "password": "guess number \(i)"]).status
                    }
                }
                return try await group.reduce(into: [HTTPResponse.Status]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == .unauthorized }.count == LoginBackoff().freeFailures)
            #expect(statuses.filter { $0 == .tooManyRequests }.count == 20 - LoginBackoff().freeFailures)
            // The right password from the same network now waits too: no check, no oracle.
            let right = try await attacker.post("/account/login", ["username": "portia", "password": "correct horse"])
            #expect(right.status == .tooManyRequests)
            #expect(right.body.contains("Too many failed log-ins for this account from your network; try again in"))
            // The owner's session, and other accounts from the same network, are untouched.
            #expect(try await owner.get("/account").status == .ok)
            var neighbour = Visitor(client)
            try await neighbour.register("nerissa")
            try await neighbour.post("/account/logout", [:])
            #expect(try await neighbour.post("/account/login", ["username": "nerissa", "password": "correct horse"]).status == .seeOther)
        }
    }

    /// An IPv6 host holds a whole /64: counting each address apart would give it endless fresh counts.
    @Test func anIPv6NetworkCountsAsOneAndIPv4AsWritten() {
        #expect(LoginThrottle.network(of: "2001:db8::1") == "2001:db8:0:0::/64")
        #expect(LoginThrottle.network(of: "2001:0db8:0000:0000:ffff:1:2:3") == "2001:db8:0:0::/64")
        #expect(LoginThrottle.network(of: "2001:db8:0:1::1") == "2001:db8:0:1::/64")
        #expect(LoginThrottle.network(of: "::ffff:192.0.2.1") == "192.0.2.1")
        #expect(LoginThrottle.network(of: "192.0.2.1") == "192.0.2.1")
        #expect(LoginThrottle.network(of: "unknown") == "unknown")
    }

    @Test func aCorrectPasswordForgetsThePairsFailures() async throws {
        try await withAccountsApp { client, _ in
            var visitor = Visitor(client)
            try await visitor.register("viola")
            try await visitor.post("/account/logout", [:])
            for _ in 0..<4 {
                #expect(try await visitor.post("/account/login", ["username": "viola", "password": "wrong guess"]).status == .unauthorized)
            }
            #expect(try await visitor.post("/account/login", ["username": "VIOLA", "password": "correct horse"]).status == .seeOther)
            try await visitor.post("/account/logout", [:])
            for _ in 0..<4 {
                #expect(try await visitor.post("/account/login", ["username": "viola", "password": "wrong guess"]).status == .unauthorized)
            }
            #expect(try await visitor.post("/account/login", ["username": "viola", "password": "correct horse"]).status == .seeOther)
        }
    }

    @Test func thePasswordFormIsLimitedTheSameWay() async throws {
        try await withAccountsApp { client, _ in
            var visitor = Visitor(client)
            try await visitor.register("miranda")
            for _ in 0..<LoginBackoff().freeFailures {
                let wrong = try await visitor.post("/account/password", ["currentPassword": "not my password", "newPassword": "a new password",
                                                                         "newPasswordConfirmation": "a new password"])
                #expect(wrong.status == .badRequest)
                #expect(wrong.body.contains("do not match"))
            }
            let limited = try await visitor.post("/account/password", ["currentPassword": "correct horse", "newPassword": "a new password",
                                                                       "newPasswordConfirmation": "a new password"])
            #expect(limited.status == .tooManyRequests)
            #expect(limited.headers[.retryAfter].flatMap(Int.init) != nil)
            #expect(limited.body.contains("try again in"))
        }
    }
}

@Suite struct PasswordRuleTests {
    @Test func registrationRefusesControlCharactersOverlongPasswordsAndTheUsername() async throws {
        try await withAccountsApp { client, database in
            var visitor = Visitor(client)
            let cases: [(password: String, says: String)] = [
                ("secret phrase\u{0}and more", "control characters"),
                ("tab\tinside it", "control characters"),
                ("a new\nline here", "control characters"),
                (String(repeating: "é", count: 37), "at most 72 bytes"),
                ("Falstaff", "cannot be the username"),
                (" FALSTAFF ", "cannot be the username"),
                ("short", "at least 8"),
            ]
            for (password, says) in cases {
                let page = try await visitor.post("/account/register", ["username": "falstaff", "password": password,
                                                                        "passwordConfirmation": password])
                #expect(page.status == .badRequest, "\(password.debugDescription)")
                #expect(page.body.contains(says), "\(password.debugDescription): \(page.body.prefix(200))")
            }
            #expect(try await database.credentials(username: "falstaff") == nil)
            // 72 bytes exactly is the longest allowed.
            try await visitor.register("falstaff", password: String(repeating: "é", count: 36))
        }
    }

    @Test func aLogInWithAPasswordNoAccountCanHaveIsA400ThatCountsNothing() async throws {
        try await withAccountsApp { client, _ in
            var visitor = Visitor(client)
            let password = String(repeating: "x", count: 72)
            try await visitor.register("hotspur", password: password)
            try await visitor.post("/account/logout", [:])
            // bcrypt reads 72 bytes: without the rule, anything after them would be ignored, and a
            // NUL would end the password where it stands.
            for attempt in [password + "and then some", String(password.prefix(10)) + "\u{0}tail"] {
                for _ in 0..<LoginBackoff().freeFailures + 2 {
                    let page = try await visitor.post("/account/login", ["username": "hotspur", "password": attempt])
                    #expect(page.status == .badRequest)
                    #expect(page.body.contains("at most 72 bytes") || page.body.contains("control characters"))
                }
            }
            #expect(try await visitor.post("/account/login", ["username": "hotspur", "password": password]).status == .seeOther)
        }
    }

    @Test func anEmptyLogInAsksForWhatIsMissingAndCountsNothing() async throws {
        try await withAccountsApp { client, _ in
            var visitor = Visitor(client)
            try await visitor.register("mercutio", password: "correct horse")
            try await visitor.post("/account/logout", [:])
            let cases: [([String: String], String)] = [
                (["username": "", "password": ""], "Type your username and your password to log in."),
                (["username": "  ", "password": "correct horse"], "Type your username to log in."),
                (["username": "mercutio", "password": ""], "Type your password to log in."),
            ]
            for _ in 0..<LoginBackoff().freeFailures + 2 {
                for (form, message) in cases {
                    let page = try await visitor.post("/account/login", form)
                    #expect(page.status == .badRequest)
                    #expect(page.body.contains(message))
                    #expect(!page.body.contains("do not match"))
                }
            }
            // None of them counted as a failed guess.
            #expect(try await visitor.post("/account/login", ["username": "mercutio", "password": "correct horse"]).status == .seeOther)
        }
    }

    /// Every broken rule of a sign-up is said at once.
    @Test func aSignUpSaysEveryProblemAtOnce() async throws {
        try await withAccountsApp { client, _ in
            var visitor = Visitor(client)
            let empty = try await visitor.post("/account/register", ["username": "", "password": "", "passwordConfirmation": ""])
            #expect(empty.status == .badRequest)
            #expect(empty.body.contains("Choose a username.") && empty.body.contains("at least"), "\(empty.body)")
            let short = try await visitor.post("/account/register", ["username": "puck", "password": "short", "passwordConfirmation": "shirt"])
            #expect(short.body.contains("at least") && short.body.contains("The two passwords differ"))
            // One problem alone reads as before.
            let one = try await visitor.post("/account/register", ["username": "puck", "password": "correct horse", "passwordConfirmation": "correct hose"])
            #expect(one.body.contains("The two passwords differ") && !one.body.contains("at least"))
        }
    }

    /// The browser's time zone is the account's until the learner chooses one: a new account's
    /// day began at midnight UTC.
    @Test func theBrowsersTimeZoneIsTakenUntilOneIsChosen() async throws {
        try await withAccountsApp { client, database in
            var visitor = Visitor(client)
            let signedUp = try await visitor.post("/account/register", ["username": "tybalt", "password": "correct horse",
                                                                         "passwordConfirmation": "correct horse", "timeZone": "Pacific/Auckland"])
            #expect(signedUp.status == .seeOther)
            let tybalt = try #require(try await database.credentials(username: "tybalt")).account
            #expect(try await database.studySettings(accountID: tybalt.id)?.timeZone == "Pacific/Auckland")
            // Once there are settings, a log-in from elsewhere changes nothing.
            try await visitor.post("/account/logout", [:])
            let loggedIn = try await visitor.post("/account/login", ["username": "tybalt", "password": "correct horse", "timeZone": "America/Chicago"])
            #expect(loggedIn.status == .seeOther)
            #expect(try await database.studySettings(accountID: tybalt.id)?.timeZone == "Pacific/Auckland")

            // An unknown zone is passed over, and the account logs in as usual; a later log-in
            // with a real one gives it that.
            var other = Visitor(client)
            try await other.register("benvolio")
            let benvolio = try #require(try await database.credentials(username: "benvolio")).account
            #expect(try await database.studySettings(accountID: benvolio.id) == nil)
            try await other.post("/account/logout", [:])
            #expect(try await other.post("/account/login", ["username": "benvolio", "password": "correct horse",
                                                            "timeZone": "Mars/Olympus_Mons"]).status == .seeOther)
            #expect(try await database.studySettings(accountID: benvolio.id) == nil)
            try await other.post("/account/logout", [:])
            #expect(try await other.post("/account/login", ["username": "benvolio", "password": "correct horse",
                                                            "timeZone": "Europe/London"]).status == .seeOther)
            #expect(try await database.studySettings(accountID: benvolio.id)?.timeZone == "Europe/London")
        }
    }
}

@Suite struct NextRedirectTests {
    static let hostile = [
        "https://evil.example/", "//evil.example", "/\t/evil.example", "/\n/evil.example", "/\r\n/evil.example", "\t//evil.example",
        "/\\evil.example", "\\\\evil.example", "/\\/evil.example", " //evil.example", "/ /evil.example", "javascript:alert(1)",
        "http:/evil.example", "evil.example", "", "/\u{0B}/evil.example", "/\u{0C}/evil.example", "/\u{00A0}/evil.example",
        "/\u{2028}/evil.example", "/\u{200B}/evil.example", "/\u{202E}/evil.example", "/\u{FEFF}/evil.example", "/\u{0}/evil.example",
        "/\u{7F}/evil.example", "https:evil.example", "///evil.example",
    ]

    @Test func hostileValuesFallBackToTheMonologues() async throws {
        try await withAccountsApp { client, _ in
            var visitor = Visitor(client)
            try await visitor.register("iago")
            for next in Self.hostile {
                try await visitor.post("/account/logout", [:])
                let encoded = next.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
                let form = try await visitor.get("/account/login?next=" + encoded)
                #expect(form.body.contains(#"name="next" value="/monologues""#), "\(next.debugDescription)")
                let page = try await visitor.post("/account/login", ["username": "iago", "password": "correct horse", "next": next])
                #expect(page.status == .seeOther, "\(next.debugDescription)")
                #expect(page.location == "/monologues", "\(next.debugDescription) → \(page.location ?? "nil")")
                // Signed in, the forms send the visitor on, never off the site.
                for form in ["/account/login", "/account/register"] {
                    let onward = try await visitor.get(form + "?next=" + encoded)
                    #expect(onward.status == .seeOther && onward.location == "/monologues", "\(form) \(next.debugDescription)")
                }
            }
        }
    }

    /// Back after signing up (or an old bookmark) reaches the forms signed in: they send the
    /// person where the form would have, or to their account, not to a second sign-up.
    @Test func signedInTheFormsSendThePersonOn() async throws {
        try await withAccountsApp { client, _ in
            var visitor = Visitor(client)
            for form in ["/account/login", "/account/register"] {
                #expect(try await visitor.get(form).status == .ok)
            }
            try await visitor.register("cordelia")
            for form in ["/account/login", "/account/register"] {
                let plain = try await visitor.get(form)
                #expect(plain.status == .seeOther && plain.location == "/account", "\(form)")
                let onward = try await visitor.get(form + "?next=%2Fvocab%2Freview")
                #expect(onward.status == .seeOther && onward.location == "/vocab/review", "\(form)")
            }
            try await visitor.post("/account/logout", [:])
            #expect(try await visitor.get("/account/register").status == .ok)
        }
    }

    @Test func pathsOnThisSiteAreKept() async throws {
        try await withAccountsApp { client, _ in
            var visitor = Visitor(client)
            try await visitor.register("emilia")
            for next in ["/monologues/tags", "/vocab?tag=a%20b&page=2", "/ghost/games/abc", "/%2F%2Fevil.example"] {
                try await visitor.post("/account/logout", [:])
                let page = try await visitor.post("/account/login", ["username": "emilia", "password": "correct horse", "next": next])
                #expect(page.location == next)
            }
        }
    }
}

@Suite struct CSRFTokenTests {
    @Test func theTokenIsDerivedFromTheSessionSoAPlantedCookieIsUseless() async throws {
        try await withAccountsApp { client, _ in
            var visitor = Visitor(client)
            try await visitor.register("desdemona")
            // A sibling subdomain can set folio_csrf to a value it knows and post that value.
            let planted = String(repeating: "ab", count: 32)
            visitor.cookies["folio_csrf"] = planted
            #expect(try await visitor.post("/monologues/hamlet-3-1-hamlet-1/favourite", [:], csrf: planted).status == .forbidden)
            // The refusal's page sets the real token again, as every page does: planted once more.
            visitor.cookies["folio_csrf"] = planted
            #expect(try await visitor.api("/api/v1/favourites/x", method: .put, json: "{}").status == .forbidden)
            // The same holds before a log-in, for the visitor id.
            var stranger = Visitor(client)
            try await stranger.get("/monologues")
            stranger.cookies["folio_csrf"] = planted
            #expect(try await stranger.post("/monologues/options", ["textSize": "large"], csrf: planted).status == .forbidden)
            // And the page's meta tag (which the scripts read) gives the real one.
            let page = try await stranger.get("/monologues")
            let token = try #require(csrfMeta(page.body))
            #expect(token != planted)
            #expect(stranger.cookies["folio_csrf"] == token)
            #expect(try await stranger.post("/monologues/options", ["textSize": "large"], csrf: token).status == .ok)
        }
    }

    @Test func oneSessionsTokenDoesNotWorkForAnother() async throws {
        try await withAccountsApp { client, _ in
            var cassio = Visitor(client)
            try await cassio.register("cassio")
            var bianca = Visitor(client)
            try await bianca.register("bianca")
            #expect(cassio.csrf != bianca.csrf)
            #expect(try await bianca.post("/monologues/options", ["textSize": "small"]).status == .ok)
            let stolen = cassio.csrf
            #expect(try await bianca.post("/monologues/options", ["textSize": "large"], csrf: stolen).status == .forbidden)
        }
    }

    @Test func logInLogOutAndPasswordChangeEachRotateTheToken() async throws {
        try await withAccountsApp { client, _ in
            var visitor = Visitor(client)
            try await visitor.register("othello")
            try await visitor.post("/account/logout", [:])
            let anonymous = visitor.csrf
            #expect(anonymous.count == 64)
            try await visitor.post("/account/login", ["username": "othello", "password": "correct horse"])
            let loggedIn = visitor.csrf
            #expect(loggedIn != anonymous)
            #expect(try await visitor.post("/monologues/options", ["textSize": "large"], csrf: anonymous).status == .forbidden)
            #expect(csrfMeta(try await visitor.get("/account").body) == loggedIn)

            let changed = try await visitor.post("/account/password", ["currentPassword": "correct horse", "newPassword": "a newer horse",
                                                                       "newPasswordConfirmation": "a newer horse"])
            #expect(changed.status == .ok)
            let afterChange = visitor.csrf
            #expect(afterChange != loggedIn)
            #expect(csrfMeta(changed.body) == afterChange)
            #expect(try await visitor.post("/monologues/options", ["textSize": "large"], csrf: loggedIn).status == .forbidden)
            #expect(try await visitor.get("/account").status == .ok)

            let out = try await visitor.post("/account/logout", [:])
            #expect(out.status == .seeOther)
            #expect(visitor.csrf != afterChange && visitor.csrf != anonymous)
            #expect(try await visitor.post("/monologues/options", ["textSize": "large"], csrf: afterChange).status == .forbidden)
            #expect(try await visitor.post("/monologues/options", ["textSize": "large"]).status == .ok)
        }
    }

    @Test func everyInstanceOverTheSameDatabaseAcceptsTheSameToken() async throws {
        let database = try AppDatabase.inMemory()
        try await database.importMonologues(webMonologues, source: "fixture")
        let cookies = try await withCookies(database) { client in
            var visitor = Visitor(client)
            try await visitor.register("lear")
            return visitor.cookies
        }
        try await withAccountsApp(ServerLimits(), database: database) { @Sendable client, _ throws in
            var visitor = Visitor(client)
            visitor.cookies = cookies
            let saved = try await visitor.post("/monologues/options", ["textSize": "large"])
            #expect(saved.status == .ok)
        }
    }

    private func withCookies(_ database: AppDatabase, _ body: @escaping @Sendable (any TestClientProtocol) async throws -> [String: String])
        async throws -> [String: String] {
        try await TestApp.run(database: database) { client, _ in try await body(client) }
    }
}
