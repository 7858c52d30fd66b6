import FolioApp
import FolioCore

extension GhostScoreOrder {
    /// The `order` of a leaderboard's address, the page's or the API's: wins when left out.
    init(query raw: String?) throws(InputError) {
        let name = (raw ?? "").trimmingSpaces.lowercased()
        guard let order = name.isEmpty ? .wins : GhostScoreOrder(rawValue: name) else {
            throw .parameter("order", String(name.prefix(20)), "wins or rating, or nothing for wins")
        }
        self = order
    }
}
