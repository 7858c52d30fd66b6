/// One page of a longer list: `items` from `offset` on, at most `limit` of them, of `total` in
/// all. Every paged read of every store answers one, and every face shows one (the API as
/// `{"total", "items", "limit", "offset"}`).
public struct Page<Item: Sendable>: Sendable {
    public var total: Int
    public var items: [Item]
    public var limit: Int
    public var offset: Int

    public init(total: Int, items: [Item], limit: Int, offset: Int) {
        self.total = total
        self.items = items
        self.limit = limit
        self.offset = offset
    }

    /// The same page of something else: each item transformed, the place in the list kept.
    public func map<Other: Sendable>(_ transform: (Item) throws -> Other) rethrows -> Page<Other> {
        Page<Other>(total: total, items: try items.map(transform), limit: limit, offset: offset)
    }

    /// The same page with items that may drop out (a favourite whose monologue left the
    /// library): still counted in `total`, not shown.
    public func compactMap<Other: Sendable>(_ transform: (Item) throws -> Other?) rethrows -> Page<Other> {
        Page<Other>(total: total, items: try items.compactMap(transform), limit: limit, offset: offset)
    }
}

extension Page: Equatable where Item: Equatable {}
extension Page: Encodable where Item: Encodable {}
