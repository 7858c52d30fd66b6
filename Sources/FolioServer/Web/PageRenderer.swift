import FolioCore
import Foundation
import Hummingbird
import Mustache

/// Renders pages from the Mustache templates bundled with the server, inside the shared layout.
struct PageRenderer: Sendable {
    let library: MustacheLibrary

    static func load() async throws -> PageRenderer {
        guard let directory = Bundle.module.url(forResource: "Templates", withExtension: nil) else {
            throw ServerError.missingResource("Templates")
        }
        return PageRenderer(library: try await MustacheLibrary(directory: directory.path))
    }

    static var publicDirectory: String? {
        Bundle.module.url(forResource: "public", withExtension: nil)?.path
    }

    /// The tabs of the apps that exist, then the account.
    static func tabs(current: String) -> [[String: Any]] {
        [("Monologues", "/monologues"), ("Vocabulary", "/vocab"), ("Plots", "/plots"), ("Characters", "/characters"), ("Ghost", "/ghost"),
         ("Account", "/account")].map { name, href in
            ["name": name, "href": href, "current": name == current]
        }
    }

    /// A whole page: the template's own data plus `page` (title, CSRF token, user, tabs, flash).
    func render(_ template: String, title: String, tab: String = "Monologues", data: [String: Any] = [:],
                context: FolioRequestContext, status: HTTPResponse.Status = .ok, textSize: String = "medium",
                flash: (kind: String, message: String)? = nil) throws -> Response {
        var page: [String: Any] = [
            "title": title, "csrfToken": context.csrfToken, "textSize": textSize, "tabs": Self.tabs(current: tab),
            // Each app's pages carry its name on <body>, for an app with a look of its own (Characters).
            "app": tab.lowercased(),
        ]
        if let account = context.account { page["user"] = ["username": account.username] }
        if let flash { page["flash"] = ["kind": flash.kind, "message": flash.message] }
        var all = data
        all["page"] = page
        return try html(template, all, status: status)
    }

    /// A template alone, for fragments that live search swaps into a page.
    func html(_ template: String, _ data: [String: Any], status: HTTPResponse.Status = .ok) throws -> Response {
        guard let body = library.render(data, withTemplate: template) else { throw ServerError.missingResource("template \(template)") }
        return Response(status: status,
                        headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
                        body: .init(byteBuffer: ByteBuffer(string: body)))
    }
}

/// Faults of the server itself, never of the request.
enum ServerError: Error, CustomStringConvertible {
    case missingResource(String)

    var description: String {
        switch self {
        case .missingResource(let name): "The server's bundled \(name) are missing: rebuild it (swift build)."
        }
    }
}
