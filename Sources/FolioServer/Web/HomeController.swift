import Foundation
import HTTPTypes
import Hummingbird

/// Folio's own pages, of no one app: the first page at `/`, which says what Folio is and leads to
/// the five apps (and, just after registering, what to try first); the page the service worker
/// shows for a page it has not kept while there is no connection; and the worker itself.
struct HomeController: Sendable {
    let pages: PageRenderer
    let worker: Result<ServiceWorkerScript, ServerError>

    /// The worker and the offline page are the same for everyone: they go on the router before
    /// the session middleware, so fetching them never looks up a session or sets a cookie.
    func addShellRoutes(to router: Router<FolioRequestContext>) {
        router.on(page: .serviceWorker) { request, _ in try worker.get().response(to: request) }
        router.on(page: .offline, use: offline)
    }

    func addPageRoutes(to router: Router<FolioRequestContext>) {
        router.on(page: .home, use: home)
    }

    @Sendable func home(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let welcome = context.account.flatMap { account in
            WebForm(query: request).get(HomePage.welcomeField) == nil ? nil : HomePage.Welcome(username: account.username)
        }
        return try pages.render("home", title: HomePage.title, tab: nil,
                                model: [HomePage(loggedIn: context.account != nil, welcome: welcome)], context: context)
    }

    /// Drawn for no one in particular: the worker keeps one copy of it for every account, so it
    /// names no user and holds no form token.
    @Sendable func offline(_ request: Request, context: FolioRequestContext) async throws -> Response {
        var layout = Layout(title: "You are offline", tab: nil, csrfToken: "", textSize: "medium", username: nil, flash: nil)
        layout.showsAccount = false
        var response = try pages.html("offline", TemplateData([], layout: layout))
        response.headers[.cacheControl] = "no-cache"
        return response
    }
}

/// Folio's first page: what it is, the five apps, and the account's place in them.
struct HomePage: Encodable {
    static let title = "Five small apps"
    /// `/?welcome=1`, where registering leads.
    static let welcomeField = "welcome"

    struct App: Encodable {
        let name: String
        let href: String
        let summary: String
    }

    /// What to try first, shown once, after registering.
    struct Welcome: Encodable {
        struct Step: Encodable {
            let href: String
            let action: String
            let rest: String
        }

        let username: String
        let steps = [
            Step(href: SiteRoute.monologues.path(), action: "Find a monologue",
                 rest: "and press “Add to favourites”: your copy can be cut, marked with beats and annotated."),
            Step(href: SiteRoute.newPair.path(), action: "Add a Welsh word",
                 rest: "to Vocabulary, then revise it: Folio brings it back just before you would forget it."),
            Step(href: SiteRoute.plots.path(), action: "Spin the plot wheels",
                 rest: "and keep a plot you like."),
            Step(href: SiteRoute.ghost.path(), action: "Play Ghost",
                 rest: "against a friend or the computer; your wins go on the high-score table."),
        ]
    }

    let loggedIn: Bool
    let welcome: Welcome?
    let apps: [App] = [
        App(name: Tab.monologues.rawValue, href: Tab.monologues.href,
            summary: "Find an audition speech in Shakespeare by character, play, mood or length, and keep your own cut of it."),
        App(name: Tab.vocabulary.rawValue, href: Tab.vocabulary.href,
            summary: "Keep English–Welsh words and phrases with tags, and revise them in either direction."),
        App(name: Tab.plots.rawValue, href: Tab.plots.href,
            summary: "Spin three wheels for a film plot: who, what happens to them, and where or when."),
        App(name: Tab.characters.rawValue, href: Tab.characters.href,
            summary: "Browse Star Wars characters by the film they first appear in, and keep your favourites."),
        App(name: Tab.ghost.rawValue, href: Tab.ghost.href,
            summary: "The word game for two or more: on one phone, in an online room or against the computer, in English, Welsh or Dutch."),
    ]
}
