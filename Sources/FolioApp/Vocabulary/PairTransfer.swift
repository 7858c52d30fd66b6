import Foundation
import Vocabulary

/// Moving a learner's pairs in and out as a CSV or TSV table, the same for the API and the
/// terminal: a table goes in whole or not at all, and comes out with every pair.
public struct PairTransfer: Sendable {
    public let store: any VocabularyStore
    /// The operator's cap on pairs per account; nil for none.
    public let pairLimit: Int?

    public init(store: any VocabularyStore, pairLimit: Int?) {
        self.store = store
        self.pairLimit = pairLimit
    }

    /// Imports `text`, returning how many pairs were added. The table is parsed and every row
    /// checked before the store is asked to write, so a bad row costs the writer nothing and
    /// names its line.
    public func importTable(_ text: String, format: PairTable.Format, accountID: Int64, now: Date = Date()) async throws -> Int {
        let pairs = try PairTable.read(text, format: format)
        return try await store.importPairs(accountID: accountID, pairs, pairLimit: pairLimit, now: now)
    }

    /// Every pair of the account as a table, alphabetical by English then Welsh.
    public func export(accountID: Int64, format: PairTable.Format) async throws -> String {
        PairTable.write(try await store.allPairs(accountID: accountID), format: format)
    }
}
