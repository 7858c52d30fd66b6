import Foundation

/// Where one page of a paged list stands: "51–100 of 500" and the links to the pages either
/// side, for the pager partial (`pager.mustache`) that paged lists share.
struct PageLinks {
    let total: Int
    /// From 1.
    let page: Int
    let pageSize: Int
    /// How many rows this page shows.
    let shown: Int
    let route: SiteRoute

    /// The page a `page=` parameter asks for; anything that is not a whole number from 1 is page 1.
    static func number(_ raw: String?) -> Int {
        max(1, min(1_000_000, Int(raw ?? "") ?? 1))
    }

    var offset: Int { (page - 1) * pageSize }

    var pager: Pager {
        Pager(total: total, one: total == 1, paged: page > 1 || offset + shown < total || shown > 0,
              pageText: shown > 0 ? "\(offset + 1)–\(offset + shown) of \(total)" : nil,
              previousHref: page > 1 ? href(page - 1) : nil, nextHref: offset + shown < total ? href(page + 1) : nil)
    }

    func href(_ page: Int) -> String { route.path(query: ["page": page == 1 ? nil : String(page)]) }
}
