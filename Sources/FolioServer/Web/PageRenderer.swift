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

    /// A whole page: the template's model (its parts, see `TemplateData`) inside the layout.
    func render(_ template: String, title: String, tab: Tab?, model parts: [Any], context: FolioRequestContext,
                status: HTTPResponse.Status = .ok, textSize: String = "medium",
                flash: Layout.Flash? = nil) throws -> Response {
        let layout = Layout(title: title, tab: tab, csrfToken: context.csrfToken, textSize: textSize,
                            username: context.account?.username, flash: flash,
                            account: context.account.map { OfflinePagesMiddleware.accountTag($0.id) } ?? "")
        return try html(template, TemplateData(parts, layout: layout), status: status)
    }

    /// A template alone, for fragments that live search swaps into a page.
    func html(_ template: String, _ data: Any, status: HTTPResponse.Status = .ok) throws -> Response {
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
