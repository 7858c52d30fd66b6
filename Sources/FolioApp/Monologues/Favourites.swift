import FolioCore
import Foundation
import Monologues

/// An actor's favourites, the same from the pages and the API: keeping and letting go of a
/// monologue, making it their own (a `FavouriteEdit`), going back to the library's version, and
/// reading them with their edits applied. Every call names the account; another account's
/// favourite is not found.
public struct Favourites: Sendable {
    public let store: any FavouriteStore

    public init(store: any FavouriteStore) {
        self.store = store
    }

    /// A favourite as its owner sees it: the library's monologue with their edits applied.
    public struct Item: Sendable {
        public var favourite: Favourite
        public var original: Monologue
        public var monologue: Monologue { favourite.applied(to: original) }
        public var isEdited: Bool { favourite.isEdited }
    }

    /// One of the account's favourites with its library original.
    public func item(_ monologueID: String, accountID: Account.ID, in library: MonologueLibrary) async throws -> Item {
        guard let original = library.monologue(id: monologueID) else { throw MonologueError.notFound(id: monologueID) }
        guard let favourite = try await store.favourite(accountID: accountID, monologueID: monologueID) else {
            throw MonologueError.notAFavourite(id: monologueID)
        }
        return Item(favourite: favourite, original: original)
    }

    /// The favourite as its owner cut it, laid out to print or take away.
    public func sheet(_ monologueID: String, accountID: Account.ID, in library: MonologueLibrary) async throws -> CutSheet {
        let item = try await item(monologueID, accountID: accountID, in: library)
        return CutSheet(edited: item.monologue, original: item.original)
    }

    /// The account's favourite of that monologue, if it is one.
    public func favourite(_ monologueID: String, accountID: Account.ID) async throws -> Favourite? {
        try await store.favourite(accountID: accountID, monologueID: monologueID)
    }

    /// The account's favourites among `monologueIDs` (a page of results), by monologue id.
    public func favourites(among monologueIDs: [String], accountID: Account.ID) async throws -> [String: Favourite] {
        let list = try await store.favourites(accountID: accountID, among: monologueIDs)
        return Dictionary(list.map { ($0.monologueID, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Newest first, a page at a time, each with its edits applied; a favourite whose monologue
    /// has left the library is counted but not shown.
    public func page(accountID: Account.ID, limit: Int, offset: Int, in library: MonologueLibrary) async throws -> Page<Item> {
        try await store.favouritePage(accountID: accountID, limit: limit, offset: offset).compactMap { favourite in
            library.monologue(id: favourite.monologueID).map { Item(favourite: favourite, original: $0) }
        }
    }

    /// Keeps a monologue of the library (again: keeping a favourite twice changes nothing).
    public func add(_ monologueID: String, accountID: Account.ID, now: Date = Date()) async throws {
        try await store.addFavourite(accountID: accountID, monologueID: monologueID, now: now)
    }

    /// Lets a favourite go, edits and all; not found when it is not one.
    public func remove(_ monologueID: String, accountID: Account.ID) async throws {
        guard try await store.favourite(accountID: accountID, monologueID: monologueID) != nil else {
            throw MonologueError.notFound(id: monologueID)
        }
        try await store.removeFavourite(accountID: accountID, monologueID: monologueID)
    }

    /// Keeps the monologue or lets it go, whichever it is now: the same request twice leaves it as
    /// the first did (adding keeps the first favourite and its edits; letting go of none is nothing).
    public func set(_ monologueID: String, favourite: Bool, accountID: Account.ID, now: Date = Date()) async throws {
        if favourite {
            try await store.addFavourite(accountID: accountID, monologueID: monologueID, now: now)
        } else {
            try await store.removeFavourite(accountID: accountID, monologueID: monologueID)
        }
    }

    /// Keeps the monologue, or lets it go when it is kept; returns whether it is now kept.
    @discardableResult
    public func toggle(_ monologueID: String, accountID: Account.ID, now: Date = Date()) async throws -> Bool {
        if try await store.favourite(accountID: accountID, monologueID: monologueID) != nil {
            try await store.removeFavourite(accountID: accountID, monologueID: monologueID)
            return false
        }
        try await store.addFavourite(accountID: accountID, monologueID: monologueID, now: now)
        return true
    }

    /// Applies `edit` to the account's favourite and saves it. Typed tags join the library's
    /// tags and `personalTags` whatever their case. Every problem is thrown at once
    /// (`MonologueError.invalidEdit`), and then nothing is saved.
    ///
    /// `madeAt`: for an edit made on a device without a connection and sent later, when it was
    /// made (by the device's clock, never later than `now`). It is saved only if the favourite
    /// has not been edited since — on another device, or online — and otherwise
    /// `MonologueError.editedSince`: the later change stands.
    public func edit(_ monologueID: String, _ edit: FavouriteEdit, accountID: Account.ID, in library: MonologueLibrary,
                     personalTags: [String] = [], now: Date = Date(), madeAt: Date? = nil) async throws -> Item {
        let current = try await item(monologueID, accountID: accountID, in: library)
        let edited = try edit.applied(to: current.favourite, of: current.original, knownTags: Array(library.knownTags) + personalTags)
        if let madeAt {
            guard try await store.saveFavouriteEdits(accountID: accountID, edited, madeAt: OfflineRevision.deviceTime(madeAt, now: now)) else {
                throw MonologueError.editedSince
            }
        } else {
            try await store.saveFavouriteEdits(accountID: accountID, edited, now: now)
        }
        return Item(favourite: edited, original: current.original)
    }

    /// Forgets the account's edits: the favourite is the library's monologue again.
    public func restore(_ monologueID: String, accountID: Account.ID, in library: MonologueLibrary) async throws -> Item {
        guard let original = library.monologue(id: monologueID) else { throw MonologueError.notFound(id: monologueID) }
        try await store.restoreFavourite(accountID: accountID, monologueID: monologueID)
        return Item(favourite: Favourite(monologueID: monologueID), original: original)
    }

    /// Every tag the account gave a favourite, for matching typed tags to.
    public func personalTags(accountID: Account.ID) async throws -> [String: [String]] {
        try await store.personalTags(accountID: accountID)
    }

    /// What the account made its own that its searches count: its tags and the genders it gave
    /// favourites.
    public func personalView(accountID: Account.ID) async throws -> PersonalView {
        async let tags = store.personalTags(accountID: accountID)
        async let genders = store.personalGenders(accountID: accountID)
        return PersonalView(tags: try await tags, genders: try await genders)
    }

    /// The account's search options; nil until it saves some.
    public func options(accountID: Account.ID) async throws -> MonologueOptions? {
        try await store.monologueOptions(accountID: accountID)
    }

    public func saveOptions(_ options: MonologueOptions, accountID: Account.ID) async throws {
        try await store.saveMonologueOptions(accountID: accountID, options)
    }
}
