import FolioCore
import Foundation
import Monologues

/// Where an actor's favourite monologues, their edits (notes, cuts, tags) and search options
/// are kept. Every method names the account: nobody reads or changes another's favourites.
public protocol FavouriteStore: Sendable {
    func addFavourite(accountID: Account.ID, monologueID: String, now: Date) async throws
    func removeFavourite(accountID: Account.ID, monologueID: String) async throws
    func saveFavouriteEdits(accountID: Account.ID, _ favourite: Favourite, now: Date) async throws
    /// As `saveFavouriteEdits`, for an edit made on a device and sent later: saved, as made at
    /// `madeAt`, only while no later edit stands. False when one does (nothing is saved then).
    func saveFavouriteEdits(accountID: Account.ID, _ favourite: Favourite, madeAt: Date) async throws -> Bool
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
    /// The lines of a favourite the account has rehearsed, in no particular order.
    func rehearsedLines(accountID: Account.ID, monologueID: String) async throws -> [RehearsedLine]
    /// Monologue id → its rehearsed lines, for the favourites among `monologueIDs` (a page of them).
    func rehearsedLines(accountID: Account.ID, among monologueIDs: [String]) async throws -> [String: [RehearsedLine]]
    /// Saves one line's progress; not found unless the monologue is the account's favourite.
    func saveRehearsedLine(accountID: Account.ID, monologueID: String, _ line: RehearsedLine) async throws
    /// As `saveRehearsedLine`, for a line rehearsed on a device and sent later: `operation`, the id
    /// the device gave it, is claimed in the same transaction, so a resend saves nothing. False
    /// when the id was claimed already.
    func saveRehearsedLine(accountID: Account.ID, operation: String, monologueID: String, _ line: RehearsedLine) async throws -> Bool
    /// Forgets the progress kept under `keys` (lines the actor has since cut or rewritten).
    func forgetRehearsedLines(accountID: Account.ID, monologueID: String, keys: [String]) async throws
}

/// One page of a list and the length of the whole list.
