import FolioCore
import Foundation
import Monologues

/// Where an actor's favourite monologues, their edits (notes, cuts, tags) and search options
/// are kept. Every method names the account: nobody reads or changes another's favourites.
public protocol FavouriteStore: Sendable {
    func addFavourite(accountID: Account.ID, monologueID: String, now: Date) async throws
    func removeFavourite(accountID: Account.ID, monologueID: String) async throws
    func saveFavouriteEdits(accountID: Account.ID, _ favourite: Favourite, now: Date) async throws
    /// Drops the account's edits of a favourite, back to the library's text.
    func restoreFavourite(accountID: Account.ID, monologueID: String) async throws
    func favouritePage(accountID: Account.ID, limit: Int, offset: Int) async throws -> Page<Favourite>
    func favourite(accountID: Account.ID, monologueID: String) async throws -> Favourite?
    /// The favourites among `monologueIDs` (a page of search results), in no particular order.
    func favourites(accountID: Account.ID, among monologueIDs: [String]) async throws -> [Favourite]
    /// Monologue id → the account's own tags on it.
    func personalTags(accountID: Account.ID) async throws -> [String: [String]]
    /// Monologue id → the gender the account gave it, for favourites whose gender it changed.
    func personalGenders(accountID: Account.ID) async throws -> [String: Gender]
    func saveMonologueOptions(accountID: Account.ID, _ options: MonologueOptions) async throws
    func monologueOptions(accountID: Account.ID) async throws -> MonologueOptions?
}

/// One page of a list and the length of the whole list.
