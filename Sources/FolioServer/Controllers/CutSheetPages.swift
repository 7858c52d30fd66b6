import FolioApp
import Foundation
import Hummingbird
import Monologues

/// A favourite as the actor cut it, to print (beats, notes, cue, running time) or to take away as
/// Markdown or plain text. Only its owner can see it: another account's favourite is not found.
struct CutSheetPages: Sendable {
    let favourites: Favourites
    let library: LibraryCache
    let pages: PageRenderer

    var routes: MountedRoutes<FolioRequestContext> {
        MountedRoutes(at: "/monologues/favourites")
            .on(page: .printFavourite, use: print)
            .on(page: .exportFavourite, use: export)
            .on(page: .favouriteCuts, use: cuts)
    }

    /// The editor's script asks, after a tap or a new slot, what would bring the text as it now
    /// stands within the slot. The text is the actor's own (unsaved) and is read, never stored.
    @Sendable func cuts(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let id = try context.parameters.require("id")
        let account = try context.requireAccount()
        let library = try await library.current()
        // Only the owner of the favourite may ask: the answer quotes the speech they are cutting.
        _ = try await favourites.item(id, accountID: account.id, in: library)
        let form = try await WebForm.read(request)
        let text = String(form.string("text").prefix(Favourite.maximumTextLength))
        let plan = SlotPlan(text: text, slot: SlotPlan.slot(form.value("slot")), id: id, library: library)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
                        body: .init(byteBuffer: ByteBuffer(data: try encoder.encode(plan))))
    }

    /// The owner's cut of the favourite the path names.
    func sheet(_ context: FolioRequestContext) async throws -> CutSheet {
        let id = try context.parameters.require("id")
        let account = try context.requireAccount()
        return try await favourites.sheet(id, accountID: account.id, in: try await library.current())
    }

    @Sendable func print(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let id = try context.parameters.require("id")
        let sheet = try await sheet(context)
        return try pages.render("monologues/print", title: sheet.title, tab: .monologues,
                                model: [Page(sheet, id: id)], context: context)
    }

    /// `?format=markdown` (the default) or `text`, as a download named after the speech; the
    /// API's export answers the same.
    @Sendable func export(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let format = try Format.read(WebForm(query: request).get("format"))
        return format.download(try await sheet(context))
    }

    enum Format: String, CaseIterable {
        case markdown, text

        static func read(_ raw: String?) throws(MonologueError) -> Format {
            guard let format = Format(rawValue: raw ?? "markdown") else {
                throw .unknownFilterValue(field: "format", value: String((raw ?? "").prefix(40)), allowed: allCases.map(\.rawValue))
            }
            return format
        }

        func download(_ sheet: CutSheet) -> Response {
            Response(status: .ok, headers: [
                .contentType: self == .markdown ? "text/markdown; charset=utf-8" : "text/plain; charset=utf-8",
                .contentDisposition: "attachment; filename=\"\(sheet.fileName(extension: self == .markdown ? "md" : "txt"))\"",
                .cacheControl: "no-store",
            ], body: .init(byteBuffer: ByteBuffer(string: self == .markdown ? sheet.markdown : sheet.plainText)))
        }
    }

    /// The print view's model: the sheet's parts as the template walks them.
    struct Page: Encodable {
        struct Block: Encodable {
            struct Line: Encodable { let text: String; let isDirection: Bool }
            let isBeat: Bool
            let lines: [Line]
        }

        let title: String
        let character: String
        let play: String
        let actScene: String
        let situation: String
        let notes: String
        let hasNotes: Bool
        let timing: String
        let blocks: [Block]
        let editHref: String
        let markdownHref: String
        let textHref: String

        init(_ sheet: CutSheet, id: String) {
            title = sheet.title
            character = sheet.character
            play = sheet.play
            actScene = sheet.actScene
            situation = sheet.situation
            notes = sheet.notes
            hasNotes = !sheet.notes.isEmpty
            timing = sheet.timing
            blocks = sheet.blocks.map { block in
                switch block {
                case .beat: Block(isBeat: true, lines: [])
                case .lines(let lines): Block(isBeat: false, lines: lines.map { .init(text: $0, isDirection: $0.hasPrefix("[")) })
                }
            }
            editHref = SiteRoute.editFavourite.path(id)
            markdownHref = SiteRoute.exportFavourite.path(id, query: ["format": "markdown"])
            textHref = SiteRoute.exportFavourite.path(id, query: ["format": "text"])
        }
    }
}
