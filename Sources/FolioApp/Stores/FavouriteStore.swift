import FolioCore
import Foundation
import Monologues

/// Where an actor's favourite monologues, their edits (notes, cuts, tags) and search options
/// are kept. Every method names the account: nobody reads or changes another's favourites.
public protocol FavouriteStore: Sendable {
    func addFavourite(accountID: Int64, monologueID: String, now: Date) async throws
    func removeFavourite(accountID: Int64, monologueID: String) async throws
    func saveFavouriteEdits(accountID: Int64, _ favourite: Favourite, now: Date) async throws
    /// Drops the account's edits of a favourite, back to the library's text.
    func restoreFavourite(accountID: Int64, monologueID: String) async throws
    func favouritePage(accountID: Int64, limit: Int, offset: Int) async throws -> Page<Favourite>
    func favourite(accountID: Int64, monologueID: String) async throws -> Favourite?
    /// The favourites among `monologueIDs` (a page of search results), in no particular order.
    func favourites(accountID: Int64, among monologueIDs: [String]) async throws -> [Favourite]
    /// Monologue id → the account's own tags on it.
    func personalTags(accountID: Int64) async throws -> [String: [String]]
    func saveMonologueOptions(accountID: Int64, _ options: MonologueOptions) async throws
    func monologueOptions(accountID: Int64) async throws -> MonologueOptions?
}

/// One page of a list and the length of the whole list.
