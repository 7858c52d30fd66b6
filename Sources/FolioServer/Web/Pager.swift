import Foundation

/// Where one page of a list stands, for the one pager partial (`pager.mustache`): "51–100 of
/// 500", the links to the pages either side, what the list is called for a screen reader, and the
/// ids its links carry (a page with two lists gives each its own).
///
/// Every paged list of the pages is cut the same way: pages of `pageSize` rows from `offset`; a
/// list that fits on its first page has no pager; a page past the end says so and leads back to
/// the last page that has rows.
struct Pager: Encodable, Sendable {
    struct IDs: Sendable {
        var nav: String?
        var previous = "previous-page"
        var next = "next-page"
    }

    let label: String
    let navID: String?
    let previousID: String
    let nextID: String
    let pageText: String
    let previousHref: String?
    let nextHref: String?

    /// The pager of the page from `offset` showing `shown` of `total`; `link(offset)` is the
    /// address of the page starting there. nil when everything is on the first page.
    init?(offset: Int, pageSize: Int, shown: Int, total: Int, label: String, ids: IDs = IDs(), link: (Int) -> String) {
        guard offset > 0 || shown < total else { return nil }
        self.label = label
        navID = ids.nav
        previousID = ids.previous
        nextID = ids.next
        pageText = shown > 0 ? "\(offset + 1)–\(offset + shown) of \(total)" : "Nothing on this page: it is past the last of \(total)."
        let lastStart = total == 0 ? 0 : (total - 1) / pageSize * pageSize
        previousHref = offset > 0 ? link(max(0, min(offset - pageSize, lastStart))) : nil
        nextHref = offset + pageSize < total ? link(offset + pageSize) : nil
    }

    /// The same for numbered pages (`?page=2`): `link(number)` is the address of page `number`.
    init?(page: Int, pageSize: Int, shown: Int, total: Int, label: String, ids: IDs = IDs(), link: (Int) -> String) {
        self.init(offset: (page - 1) * pageSize, pageSize: pageSize, shown: shown, total: total, label: label, ids: ids) {
            link($0 / pageSize + 1)
        }
    }

    /// The page a `page=` parameter asks for; anything that is not a whole number from 1 is page 1.
    static func number(_ raw: String?) -> Int {
        max(1, min(1_000_000, Int(raw ?? "") ?? 1))
    }

    /// `route`'s address at page `number`: the first page has no `page=`.
    static func link(_ route: SiteRoute, page number: Int) -> String {
        route.path(query: ["page": number == 1 ? nil : String(number)])
    }
}
