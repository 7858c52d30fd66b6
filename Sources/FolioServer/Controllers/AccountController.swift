import FolioApp
import FolioCore
import FolioStore
import Foundation
import Hummingbird
import HummingbirdBcrypt

/// Register, log in, log out, change password: HTML forms over the session cookie.
struct AccountController: Sendable {
    let accounts: Accounts
    /// Sessions are the web's: started and ended here, through the store's interface.
    let sessions: any AccountStore
    let pages: PageRenderer
    let throttle: LoginThrottle
    let registrations: RegistrationThrottle
    let csrf: CSRFTokens
    /// The Ghost sockets open here, closed when the session they were opened with ends.
    let sockets: OpenSockets
    /// Where the browser's time zone goes at sign-up and log-in, for an account that chose none.
    let revision: Revision

    init(store: any AccountStore & VocabularyStore, pages: PageRenderer, throttle: LoginThrottle, registrations: RegistrationThrottle,
         passwords: Passwords, csrf: CSRFTokens, sockets: OpenSockets) {
        // The decoy is a real bcrypt hash at the same cost, so an unknown name costs the same time.
        accounts = Accounts(store: store, passwords: passwords, decoyHash: Bcrypt.hash(Cookies.randomToken(), cost: passwords.cost))
        sessions = store
        self.pages = pages
        self.throttle = throttle
        self.registrations = registrations
        self.csrf = csrf
        self.sockets = sockets
        revision = Revision(store: store)
    }

    /// The controller's routes, mounted at `/account`.
    var routes: MountedRoutes<FolioRequestContext> {
        MountedRoutes(at: "/account")
            .on(page: .account, use: index)
            .on(page: .registerForm, use: registerForm)
            .on(page: .register, use: register)
            .on(page: .loginForm, use: loginForm)
            .on(page: .login, use: login)
            .on(page: .logout, use: logout)
            .on(page: .changePassword, use: changePassword)
    }

    @Sendable func index(_ request: Request, context: FolioRequestContext) async throws -> Response {
        guard context.account != nil else { return .redirect(to: SiteRoute.loginForm.path(query: ["next": SiteRoute.account.path()]), type: .normal) }
        return try pages.render("account/index", title: "Account", tab: .account, model: [AccountForm()], context: context)
    }

    @Sendable func registerForm(_ request: Request, context: FolioRequestContext) async throws -> Response {
        if let signedIn = Self.alreadySignedIn(request, context: context) { return signedIn }
        let next = Self.safeNext(WebForm(query: request).get("next"))
        return try pages.render("account/register", title: "Create an account", tab: .account,
                                model: [AccountForm(next: next, switchHref: Self.keeping(next, .loginForm))], context: context)
    }

    @Sendable func register(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let form = try await WebForm.read(request)
        let typed = form.string("username")
        let next = Self.safeNext(form.value("next"))
        // Several rules broken: all of them said at once, before anything is counted or hashed.
        let problems = AccountRules.problems(username: typed, password: form.string("password"),
                                             confirmation: form.string("passwordConfirmation"))
        if problems.count > 1 {
            return try refusal(problems[0], template: "account/register", title: "Create an account",
                               form: AccountForm(username: typed, next: next, errors: problems.map(\.message),
                                                 switchHref: Self.keeping(next, .loginForm)), context: context)
        }
        do {
            // A taken name is said before any bcrypt time is spent on it, but counts against the
            // network's registrations: unthrottled, 40 probes in 0.3 s told which names exist.
            let account = try await registrations.attempt(address: context.clientAddress) {
                let new = try await accounts.newAccount(username: typed, password: form.string("password"),
                                                        confirmation: form.string("passwordConfirmation"))
                return try await accounts.create(new)
            }
            await adoptTimeZone(form, for: account, context: context)
            return try await startSession(for: account, redirectTo: Self.afterRegistering(next))
        } catch let error as AccountError {
            return try refusal(error, template: "account/register", title: "Create an account",
                               form: AccountForm(username: typed, next: next, errors: [error.message],
                                                 switchHref: Self.keeping(next, .loginForm)), context: context)
        }
    }

    @Sendable func loginForm(_ request: Request, context: FolioRequestContext) async throws -> Response {
        if let signedIn = Self.alreadySignedIn(request, context: context) { return signedIn }
        let next = Self.safeNext(WebForm(query: request).get("next"))
        return try pages.render("account/login", title: "Log in", tab: .account,
                                model: [AccountForm(next: next, switchHref: Self.keeping(next, .registerForm))], context: context)
    }

    /// A password no account can have (over 72 bytes, or with a control character) is answered
    /// with a 400 that says why, before anything is counted or any bcrypt time spent: it could not
    /// match, so it is no guess, and bcrypt would check only part of it.
    @Sendable func login(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let form = try await WebForm.read(request)
        let username = form.string("username").trimmingSpaces
        let next = Self.safeNext(form.value("next"))
        let password = form.string("password")
        do {
            if username.isEmpty || password.isEmpty {
                throw AccountError.loginIncomplete(missingUsername: username.isEmpty, missingPassword: password.isEmpty)
            }
            try AccountRules.validateShape(password: password)
            var account: Account?
            let matches = try await throttle.attempt(username: username, address: context.clientAddress) {
                account = try await accounts.signIn(username: username, password: password)
                return account != nil
            }
            guard matches, let account else { throw AccountError.wrongCredentials }
            await adoptTimeZone(form, for: account, context: context)
            return try await startSession(for: account, redirectTo: next)
        } catch let error as AccountError {
            return try refusal(error, template: "account/login", title: "Log in",
                               form: AccountForm(username: username, next: next, errors: [error.message],
                                                 switchHref: Self.keeping(next, .registerForm)), context: context)
        }
    }

    /// The browser's time zone (a hidden field app.js fills in) for an account that has chosen
    /// none: without it a new learner's day began at midnight UTC. Never a reason to refuse a
    /// sign-up or log-in, so a failure here is only logged.
    private func adoptTimeZone(_ form: WebForm, for account: Account, context: FolioRequestContext) async {
        guard let zone = form.value("timeZone"), !zone.isEmpty else { return }
        do {
            try await revision.adoptTimeZone(accountID: account.id, String(zone.prefix(64)))
        } catch {
            context.logger.error("The browser's time zone was not saved for account \(account.id): \(error)")
        }
    }

    /// Ends the session and starts a new visitor id, so the CSRF token of the session is dead too.
    @Sendable func logout(_ request: Request, context: FolioRequestContext) async throws -> Response {
        if let token = context.sessionToken {
            try await sessions.deleteSession(token: token)
            await sockets.endSessions(token: token)
        }
        var response = Response.redirect(to: SiteRoute.monologues.path(), type: .normal)
        for cookie in csrf.visitorCookies() { response.setCookie(cookie) }
        // Pages kept for reading offline are revalidated rather than never stored (see
        // OfflinePagesMiddleware): the browser's own copies of them, back-forward cache included,
        // go with the session. The service worker drops its copies when the account changes.
        response.headers[.clearSiteData] = "\"cache\""
        return response
    }

    /// Limited like a log-in (the current password is a guess like any other), and on success
    /// every session of the account ends: this browser gets a new one, with a new CSRF token.
    @Sendable func changePassword(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let form = try await WebForm.read(request)
        do {
            let current = form.string("currentPassword"), new = form.string("newPassword")
            try AccountRules.validateShape(password: current)
            try accounts.checkNewPassword(new, confirmation: form.string("newPasswordConfirmation"), for: account)
            let matches = try await throttle.attempt(username: account.username, address: context.clientAddress) {
                try await accounts.isPassword(current, of: account)
            }
            guard matches else { throw AccountError.wrongCredentials }
            let token = Cookies.randomToken()
            try await accounts.changePassword(of: account, to: new, keeping: token, sessionLifetime: Cookies.sessionLifetime)
            await sockets.endSessions(accountID: account.id, except: token)
            var renewed = context
            renewed.sessionToken = token
            renewed.csrfToken = csrf.token(session: token)
            var response = try pages.render("account/index", title: "Account", tab: .account, model: [AccountForm(changed: true)],
                                            context: renewed,
                                            flash: Layout.Flash(kind: "info", message: "Password changed. Other browsers have been logged out."))
            for cookie in csrf.sessionCookies(token: token) { response.setCookie(cookie) }
            return response
        } catch let error as AccountError {
            return try refusal(error, template: "account/index", title: "Account", form: AccountForm(errors: [error.message]), context: context,
                               status: error.kind == .rateLimited ? .tooManyRequests : .badRequest)
        }
    }

    // MARK: -

    private func startSession(for account: Account, redirectTo next: String) async throws -> Response {
        let token = Cookies.randomToken()
        try await sessions.createSession(accountID: account.id, token: token, lifetime: Cookies.sessionLifetime, now: Date())
        var response = Response.redirect(to: next, type: .normal)
        for cookie in csrf.sessionCookies(token: token) { response.setCookie(cookie) }
        return response
    }

    /// The form again with the reason, its status from the error's kind, and Retry-After when
    /// the refusal passes with time.
    private func refusal(_ error: AccountError, template: String, title: String, form: AccountForm, context: FolioRequestContext,
                         status: HTTPResponse.Status? = nil) throws -> Response {
        var response = try pages.render(template, title: title, tab: .account, model: [form], context: context,
                                        status: status ?? ErrorMiddleware.status(for: error.kind))
        if let seconds = error.retryAfterSeconds { response.headers[.retryAfter] = String(seconds) }
        return response
    }

    /// Where a new account goes: back to the page that sent the visitor to register, or, sent by
    /// none, Folio's first page with a word of welcome and what to try first.
    static func afterRegistering(_ next: String) -> String {
        next == SiteRoute.monologues.path() ? SiteRoute.home.path(query: [HomePage.welcomeField: "1"]) : next
    }

    /// The other account form (log in ↔ create an account), carrying `next` when it leads
    /// somewhere of its own, so a visitor sent here from a page still goes back to it.
    static func keeping(_ next: String, _ form: SiteRoute) -> String {
        next == SiteRoute.monologues.path() ? form.path() : form.path(query: ["next": next])
    }

    /// Someone signed in who reaches the sign-up or log-in form (Back after signing up, an old
    /// bookmark) goes where the form would have sent them, or to their account page, rather than
    /// see a form that would make a second account or sign them in again.
    static func alreadySignedIn(_ request: Request, context: FolioRequestContext) -> Response? {
        guard context.account != nil else { return nil }
        let next = WebForm(query: request).get("next")
        return .redirect(to: next == nil ? SiteRoute.account.path() : safeNext(next), type: .normal)
    }

    /// Where a log-in or a registration may send the browser next: a path on this site, or `/monologues`.
    ///
    /// Refused outright: anything with a control or whitespace character (browsers drop a TAB or
    /// newline from a URL, so "/\t/evil.example" becomes "//evil.example", another host), a
    /// backslash (read as "/"), an invisible format character, a scheme, a host, or a start of
    /// "//". What passes is rebuilt from its parsed path and query, never echoed as typed.
    static func safeNext(_ next: String?) -> String {
        let fallback = SiteRoute.monologues.path()
        guard let next, next.hasPrefix("/"), !next.hasPrefix("//"), next.utf8.count <= 2048,
              !next.unicodeScalars.contains(where: { scalar in
                  scalar == "\\" || scalar.properties.isWhitespace
                      || [.control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator].contains(scalar.properties.generalCategory)
              }),
              let parsed = URLComponents(string: next),
              parsed.scheme == nil, parsed.host == nil, parsed.user == nil, parsed.password == nil, parsed.port == nil
        else { return fallback }
        var rebuilt = URLComponents()
        rebuilt.percentEncodedPath = parsed.percentEncodedPath
        rebuilt.percentEncodedQuery = parsed.percentEncodedQuery
        guard let path = rebuilt.string, path.hasPrefix("/"), !path.hasPrefix("//") else { return fallback }
        return path
    }
}

/// What the account pages show besides the layout: the name typed (kept after a refusal), where
/// a log-in goes next, why a form was refused, and whether the password just changed.
struct AccountForm: Encodable {
    var username: String?
    var next: String?
    var errors: [String]?
    var changed = false
    /// The link to the other form, keeping `next`.
    var switchHref: String?
}
