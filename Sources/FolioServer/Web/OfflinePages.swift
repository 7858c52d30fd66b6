import FolioDigest
import Foundation
import HTTPTypes
import Hummingbird

/// Lets the service worker keep the pages a visitor can still use without a connection: reading
/// monologues and favourites (with the reader's edits), turning the plot wheels by hand, the
/// characters and their details, the Ghost rules, and Folio's first page.
///
/// Every page leaves the renderer as `no-store`, and the worker keeps nothing marked so. For the
/// pages listed here, a plain successful GET is re-marked `private, no-cache`: no shared cache may
/// store it, the browser asks the server again before every use while online, and the worker may
/// keep a copy for when it is offline. Forms that change something, account pages, Vocabulary
/// (being revised against the server's schedule) and Ghost games (the referee and dictionaries
/// are on the server) stay `no-store`.
///
/// Each kept page also says, as an opaque tag, whose it is: the worker drops every kept page when
/// the tag changes (a log-out, another person logging in), so nobody reads someone else's
/// favourites offline on a shared device.
struct OfflinePagesMiddleware: RouterMiddleware {
    typealias Context = FolioRequestContext

    static let keptCacheControl = "private, no-cache"

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        // The route is known only once the router has matched it, which is inside `next`.
        guard request.method == .get, response.status == .ok,
              response.headers[.cacheControl] == "no-store",
              response.headers[.contentType]?.hasPrefix("text/html") == true,
              // A live-search fragment is half a page: nothing to show offline on its own.
              request.uri.queryParameters["fragment"] == nil,
              let route = context.endpointPath, SiteRoute.keptOffline.contains(route)
        else { return response }
        response.headers[.cacheControl] = Self.keptCacheControl
        response.headers[.folioAccount] = Self.accountTag(context.account?.id)
        return response
    }

    /// A short digest of the account's id ("visitor" without one): enough to tell two accounts
    /// apart, and no name written into the browser's caches beyond the page itself.
    static func accountTag(_ id: (some CustomStringConvertible)?) -> String {
        guard let id else { return "visitor" }
        return Digest.hex(Digest.sha256(Data("folio-account\u{0}\(id)".utf8)).prefix(12))
    }
}

extension SiteRoute {
    /// The pages kept for reading offline, as the router names their routes.
    static let keptOffline: Set<String> = Set([
        SiteRoute.home,
        .monologues, .monologueTags, .monologueFavourites, .monologue,
        // The editor too: its script keeps every tap on the device and saves when it can.
        .editFavourite,
        .plots, .plot, .keptPlots,
        // The web page too: offline it still opens, says why the site cannot be shown, and
        // gives the link and the facts.
        .characters, .characterFavourites, .character, .characterDetails, .characterWeb,
        .ghostHelp,
        // A shell whose script plays Ghost on the device (public/ghost-offline.js).
        .ghostOffline,
        // A shell whose script revises from what the device took with it (public/vocab-offline.js).
        .reviseOffline, .rehearseOffline, .pairsOffline,
    ].map { RouterPath($0.pattern).description })
}

extension HTTPField.Name {
    /// Whose page this is, for the service worker (see `OfflinePagesMiddleware`).
    static let folioAccount = Self("Folio-Account")!
    static let clearSiteData = Self("Clear-Site-Data")!
    /// How many words a Ghost dictionary's word pack holds (`GhostWordPacks`).
    static let folioWords = Self("Folio-Words")!
}
