import FolioCore
import FolioStore
import Foundation
import Hummingbird
import HummingbirdBcrypt

/// Register, log in, log out, change password: HTML forms over the session cookie.
struct AccountController: Sendable {
    let database: AppDatabase
    let pages: PageRenderer
    let throttle: LoginThrottle
    let bcryptCost: UInt8
    /// A real bcrypt hash of a random string at the same cost, checked when the username is unknown.
    let decoyHash: String

    init(database: AppDatabase, pages: PageRenderer, throttle: LoginThrottle, bcryptCost: UInt8) {
        self.database = database
        self.pages = pages
        self.throttle = throttle
        self.bcryptCost = bcryptCost
        decoyHash = Bcrypt.hash(Cookies.randomToken(), cost: bcryptCost)
    }

    func addRoutes(to router: Router<FolioRequestContext>) {
        router.get("account", use: index)
        router.get("account/register", use: registerForm)
        router.post("account/register", use: register)
        router.get("account/login", use: loginForm)
        router.post("account/login", use: login)
        router.post("account/logout", use: logout)
        router.post("account/password", use: changePassword)
    }

    @Sendable func index(_ request: Request, context: FolioRequestContext) async throws -> Response {
        guard context.account != nil else { return .redirect(to: "/account/login?next=/account", type: .normal) }
        return try pages.render("account/index", title: "Account", tab: "Account", context: context)
    }

    @Sendable func registerForm(_ request: Request, context: FolioRequestContext) async throws -> Response {
        try pages.render("account/register", title: "Create an account", tab: "Account", context: context)
    }

    @Sendable func register(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let form = try await WebForm.read(request)
        let typed = form.string("username")
        do {
            let username = try AccountRules.validate(username: typed)
            let password = form.string("password")
            try AccountRules.validate(password: password, confirmation: form.string("passwordConfirmation"))
            let hash = await hashPassword(password)
            let account = try await database.createAccount(username: username, passwordHash: hash)
            return try await startSession(for: account, redirectTo: "/monologues")
        } catch let error as AccountError {
            return try pages.render("account/register", title: "Create an account", tab: "Account",
                                    data: ["username": typed, "errors": [error.message]], context: context,
                                    status: error.kind == .conflict ? .conflict : .badRequest)
        }
    }

    @Sendable func loginForm(_ request: Request, context: FolioRequestContext) async throws -> Response {
        try pages.render("account/login", title: "Log in", tab: "Account",
                         data: ["next": Self.safeNext(WebForm(query: request).get("next"))], context: context)
    }

    @Sendable func login(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let form = try await WebForm.read(request)
        let username = form.string("username").trimmingSpaces
        let next = Self.safeNext(form.value("next"))
        func refuse(_ error: AccountError, status: HTTPResponse.Status) throws -> Response {
            var response = try pages.render("account/login", title: "Log in", tab: "Account",
                                            data: ["username": username, "next": next, "errors": [error.message]],
                                            context: context, status: status)
            if case .tooManyAttempts(let seconds) = error { response.headers[.retryAfter] = String(seconds) }
            return response
        }
        do {
            try await throttle.check(username: username, address: context.clientAddress)
        } catch let error as AccountError {
            return try refuse(error, status: .tooManyRequests)
        }
        let password = form.string("password")
        let stored = try await database.accounts.credentials(username: username)
        // Verify even for an unknown name, so the time taken does not tell which names exist.
        let hash = stored?.passwordHash ?? decoyHash
        let matches = await verifyPassword(password, hash: hash)
        guard let account = stored?.account, matches else {
            try await throttle.failed(username: username, address: context.clientAddress)
            return try refuse(.wrongCredentials, status: .unauthorized)
        }
        try await throttle.succeeded(username: username)
        return try await startSession(for: account, redirectTo: next)
    }

    @Sendable func logout(_ request: Request, context: FolioRequestContext) async throws -> Response {
        if let token = context.sessionToken { try await database.deleteSession(token: token) }
        var response = Response.redirect(to: "/monologues", type: .normal)
        response.setCookie(Cookies.make(Cookies.session, "", maxAge: 0))
        return response
    }

    @Sendable func changePassword(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let form = try await WebForm.read(request)
        do {
            guard let hash = try await database.accounts.passwordHash(accountID: account.id),
                  await verifyPassword(form.string("currentPassword"), hash: hash) else {
                throw AccountError.wrongCredentials
            }
            let new = form.string("newPassword")
            try AccountRules.validate(password: new, confirmation: form.string("newPasswordConfirmation"))
            try await database.updatePasswordHash(accountID: account.id, to: await hashPassword(new))
            try await database.deleteSessions(accountID: account.id, except: context.sessionToken)
            return try pages.render("account/index", title: "Account", tab: "Account", data: ["changed": true], context: context,
                                    flash: ("info", "Password changed. Other browsers have been logged out."))
        } catch let error as AccountError {
            return try pages.render("account/index", title: "Account", tab: "Account", data: ["errors": [error.message]],
                                    context: context, status: .badRequest)
        }
    }

    // MARK: -

    private func startSession(for account: Account, redirectTo next: String) async throws -> Response {
        let token = Cookies.randomToken()
        try await database.createSession(accountID: account.id, token: token, lifetime: Cookies.sessionLifetime)
        var response = Response.redirect(to: next, type: .normal)
        response.setCookie(Cookies.make(Cookies.session, token, maxAge: Int(Cookies.sessionLifetime)))
        return response
    }

    private func hashPassword(_ password: String) async -> String {
        await Passwords.hash(password, cost: bcryptCost)
    }

    private func verifyPassword(_ password: String, hash: String) async -> Bool {
        await Passwords.verify(password, hash: hash)
    }

    /// Only paths on this site: "//evil.example" and absolute URLs would send the user away.
    static func safeNext(_ next: String?) -> String {
        guard let next, next.hasPrefix("/"), !next.hasPrefix("//"), !next.contains("\\"), !next.contains("\n") else {
            return "/monologues"
        }
        return next
    }
}
