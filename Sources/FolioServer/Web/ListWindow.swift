/// How much of a list one API request asks for: `limit` (1 to `maximumLimit`, `defaultLimit`
/// when absent) and `offset` (0 to `maximumOffset`). Anything else is a 400 that names the
/// parameter and the range, so every paged list refuses the same way.
struct ListWindow: Sendable {
    var defaultLimit = 50
    let maximumLimit: Int
    var maximumOffset = Int(Int32.max)

    func read(_ query: WebForm) throws(InputError) -> (limit: Int, offset: Int) {
        (try Self.number(query, "limit", 1...maximumLimit, defaultLimit), try Self.number(query, "offset", 0...maximumOffset, 0))
    }

    private static func number(_ query: WebForm, _ name: String, _ range: ClosedRange<Int>, _ fallback: Int) throws(InputError) -> Int {
        guard let raw = query.value(name), !raw.isEmpty else { return fallback }
        guard let n = Int(raw), range.contains(n) else {
            throw .parameter(name, String(raw.prefix(24)), "a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return n
    }
}
