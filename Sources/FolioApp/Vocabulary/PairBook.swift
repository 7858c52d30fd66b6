import FolioCore
import Foundation
import Vocabulary

/// A learner's pairs, kept the same way from the pages, the API and the terminal: reading them a
/// page at a time, adding within the operator's quota, changing and deleting one, and moving
/// them in and out as a CSV or TSV table (whole or not at all).
public struct PairBook: Sendable {
    public let store: any VocabularyStore
    /// The operator's cap on pairs per account; nil for none.
    public let pairLimit: Int?
    /// The cap unless the operator sets another (`folio serve --max-pairs-per-account`): room for
    /// every FreeDict pair twice over.
    public static let defaultPairLimit = 50_000

    public init(store: any VocabularyStore, pairLimit: Int?) {
        self.store = store
        self.pairLimit = pairLimit
    }

    // MARK: - Reading

    /// A page of the account's pairs, alphabetical by English then Welsh, narrowed by `filter`.
    public func page(accountID: Account.ID, filter: PairFilter, limit: Int, offset: Int) async throws -> Page<Pair> {
        try await store.pairs(accountID: accountID, filter: filter, limit: limit, offset: offset)
    }

    /// One of the account's pairs; another account's or a deleted one is not found.
    public func pair(_ id: PairID, accountID: Account.ID) async throws -> Pair {
        guard let pair = try await store.pair(accountID: accountID, id: id) else {
            throw StoreError.notFound(what: "pair", id: id.description)
        }
        return pair
    }

    /// How many pairs the account keeps.
    public func count(accountID: Account.ID) async throws -> Int {
        try await store.pairCount(accountID: accountID)
    }

    /// A page of the account's tags with how many pairs carry each, alphabetical.
    public func tags(accountID: Account.ID, limit: Int, offset: Int) async throws -> Page<VocabularyTag> {
        try await store.vocabularyTags(accountID: accountID, limit: limit, offset: offset)
    }

    // MARK: - Changing

    /// Adds `pair` as a new pair (any id it carries is ignored), if the account has room.
    public func add(_ pair: Pair, accountID: Account.ID, now: Date = Date()) async throws -> Pair {
        var pair = pair
        pair.id = nil
        return try await store.savePair(accountID: accountID, pair, pairLimit: pairLimit, now: now)
    }

    /// Replaces the account's pair `id` with `pair`'s fields.
    public func replace(_ id: PairID, with pair: Pair, accountID: Account.ID, now: Date = Date()) async throws -> Pair {
        var pair = pair
        pair.id = id
        return try await store.savePair(accountID: accountID, pair, pairLimit: nil, now: now)
    }

    /// Reads pair `id`, lets `change` alter it, and saves it: changing some fields only.
    public func edit(_ id: PairID, accountID: Account.ID, now: Date = Date(), _ change: (inout Pair) -> Void) async throws -> Pair {
        var pair = try await pair(id, accountID: accountID)
        change(&pair)
        return try await replace(id, with: pair, accountID: accountID, now: now)
    }

    public func delete(_ id: PairID, accountID: Account.ID) async throws {
        try await store.deletePair(accountID: accountID, pairID: id)
    }

    // MARK: - Tables

    /// Imports `text`, returning how many pairs were added. The table is parsed and every row
    /// checked before the store is asked to write, so a bad row costs the writer nothing and
    /// names its line.
    public func importTable(_ text: String, format: PairTable.Format, accountID: Account.ID, now: Date = Date()) async throws -> Int {
        let pairs = try PairTable.read(text, format: format)
        return try await store.importPairs(accountID: accountID, pairs, pairLimit: pairLimit, now: now)
    }

    /// Every pair of the account as a table, alphabetical by English then Welsh.
    /// Writing the table (0.6–0.8 s for 50,000 pairs) runs on `runner`: the server's gives it a
    /// thread of its own.
    public func export(accountID: Account.ID, format: PairTable.Format, runner: some WorkRunner = InPlaceWork()) async throws -> String {
        let pairs = try await store.allPairs(accountID: accountID)
        return try await runner.run { _ in PairTable.write(pairs, format: format) }
    }
}
