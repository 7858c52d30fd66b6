import FolioStore
import Foundation
import Hummingbird

/// How the vocabulary's lists are cut into pages: the API's `limit`/`offset` window and the
/// pages' numbered pages with their links, each worked out here once.
enum VocabularyPaging {
    /// Rows a page shows, and the API's default limit: a screenful, and about 5 kB of JSON.
    static let pageSize = 50
    /// The largest API page: 1,000 pairs are about 100 kB of JSON, where the whole list of a
    /// FreeDict import was 1.3 MB.
    static let maximumLimit = 1_000

    /// The API's `limit` (1–1000, default 50) and `offset` (0 or more, default 0); anything else
    /// is a 400 naming the parameter.
    static func window(_ query: WebForm) throws -> (limit: Int, offset: Int) {
        try ListWindow(defaultLimit: pageSize, maximumLimit: maximumLimit).read(query)
    }

    /// The 1-based page number a page's `page` parameter asks for; out of range is the first page
    /// (as a hand-edited address should still show something) and past the end is an empty page.
    static func pageNumber(_ query: WebForm) -> Int {
        max(1, min(Int(Int32.max) / pageSize, Int(query.get("page") ?? "1") ?? 1))
    }

    static func offset(ofPage page: Int) -> Int { (page - 1) * pageSize }

    /// What a page's pager shows: "51–100 of 12,152" and the previous and next links, which keep
    /// every other parameter of the address (`parameters`, in order) and change only `page`.
    static func pager<Item>(_ page: Page<Item>, number: Int, route: SiteRoute, label: String,
                            parameters: [(name: String, value: String)]) -> Pager? {
        Pager(page: number, pageSize: pageSize, shown: page.items.count, total: page.total, label: label,
              ids: Pager.IDs(nav: "pairs-pager")) { number in
            var components = URLComponents()
            components.path = route.path()
            var items = parameters.filter { !$0.value.isEmpty }.map { URLQueryItem(name: $0.name, value: $0.value) }
            if number > 1 { items.append(URLQueryItem(name: "page", value: String(number))) }
            components.queryItems = items.isEmpty ? nil : items
            return components.string ?? route.path()
        }
    }
}

/// A page of an API list: `{"total": N, "items": [...], "limit": L, "offset": O}`, the shape of
/// every paged list the API answers.
extension Page: ResponseGenerator, ResponseEncodable where Item: Encodable {}
