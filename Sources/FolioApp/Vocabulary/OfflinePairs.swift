import FolioCore
import Foundation
import Vocabulary

/// Keeping pairs without a connection: what a device takes with it (every pair of the account, to
/// list, search, add to, edit and delete from on the device) and the changes it made, applied when
/// it is back. Each change carries the id the device gave it and the device's time; the server
/// makes each once, and of two changes to one pair the later stands, whichever arrives first.
/// A deletion is final: a change sent later of a pair deleted meanwhile is not made.
public struct OfflinePairs: Sendable {
    public let book: PairBook

    public init(book: PairBook) {
        self.book = book
    }

    /// The most changes one sync carries: a device that made more sends them in several.
    public static let batchLimit = 500

    /// Every pair of the account, alphabetical, as the device keeps them. At most the operator's
    /// quota (50,000 by default); 25,000 pairs are about 2 MB of JSON, 0.5 MB compressed.
    public func pairs(accountID: Account.ID) async throws -> [Pair] {
        try await book.store.allPairs(accountID: accountID)
    }

    /// A short name for the account's pairs as they stand: another whenever any pair is added,
    /// edited or deleted. A device that has the pairs of this version needs nothing more.
    public func version(accountID: Account.ID) async throws -> String {
        "v" + (try await book.store.pairsVersion(accountID: accountID)).map { String($0, radix: 36) }.joined(separator: "-")
    }

    /// A field of a pair a device may change on its own.
    public enum Field: String, Sendable, Hashable, CaseIterable, Decodable {
        case english, welsh, note, type, tags
    }

    /// A change made on a device: the id the device gave it, what it changes, and when.
    public struct Change: Sendable, Hashable {
        public var id: String
        public var change: PairChange
        /// When, by the device's clock.
        public var madeAt: Date
        /// For an edit, the fields the device changed: only those are made, so an edit of the tags
        /// here keeps a note written since on another device. Nil: every field.
        public var fields: Set<Field>?

        public init(id: String, change: PairChange, madeAt: Date, fields: Set<Field>? = nil) throws(OfflineRevisionError) {
            guard OfflineRevision.Review.isWellFormedID(id) else { throw .operationID(id) }
            self.id = id
            self.change = change
            self.madeAt = madeAt
            self.fields = fields
        }
    }

    /// What became of one change sent.
    public enum Outcome: Sendable, Hashable {
        /// Made: the pair as it now stands (nil for a deletion).
        case applied(Pair?)
        /// Made by an earlier send of the same change: the pair as it now stands (nil when it is
        /// gone since, or for a deletion).
        case alreadyApplied(Pair?)
        /// Not made: the pair was changed after this change was made, elsewhere or online, and
        /// that change stands. The pair as it stands.
        case later(Pair?)
        /// Not made: the pair was deleted meanwhile (or was never the account's).
        case gone
        /// Not made: the pair as the device gave it cannot be kept (the reason, to show).
        case refused(String)
    }

    /// Applies changes sent from a device, each once, in the order they were made. A change's time
    /// is the device's, never after `now` nor more than `OfflineRevision.oldestDeviceTime` before
    /// it: a clock that runs ahead cannot make a change win over every later one.
    public func apply(_ changes: [Change], accountID: Account.ID, now: Date) async throws -> [(id: String, outcome: Outcome)] {
        guard changes.count <= Self.batchLimit else { throw OfflinePairsError.tooMany(changes.count) }
        let ordered = changes.enumerated().sorted { ($0.element.madeAt, $0.offset) < ($1.element.madeAt, $1.offset) }.map(\.element)
        var outcomes: [(id: String, outcome: Outcome)] = []
        for change in ordered {
            outcomes.append((change.id, try await apply(change, accountID: accountID, now: now)))
        }
        return outcomes
    }

    private func apply(_ change: Change, accountID: Account.ID, now: Date) async throws -> Outcome {
        let at = OfflineRevision.deviceTime(change.madeAt, now: now)
        var made = change.change
        // The fields changed on the device, over the pair as it stands. Read before the write: a
        // change made since has a later time than `at`, so the store finds the edit too late.
        if case .edit(let id, let sent) = made, let fields = change.fields, fields.count < Field.allCases.count,
           let current = try await book.store.pair(accountID: accountID, id: id) {
            var merged = current
            for field in fields {
                switch field {
                case .english: merged.english = sent.english
                case .welsh: merged.welsh = sent.welsh
                case .note: merged.note = sent.note
                case .type: merged.type = sent.type
                case .tags: merged.tags = sent.tags
                }
            }
            made = .edit(id, merged)
        }
        let result: PairChangeResult
        do {
            result = try await book.store.applyPairChange(accountID: accountID, operation: change.id, change: made, at: at,
                                                          pairLimit: book.pairLimit)
        } catch let error as VocabularyError {
            return .refused(error.message)
        }
        let current: () async throws -> Pair? = {
            switch change.change {
            case .add: nil
            case .edit(let id, _), .delete(let id): try await book.store.pair(accountID: accountID, id: id)
            }
        }
        switch result {
        case .applied(let id):
            guard let id else { return .applied(nil) }
            return .applied(try await book.store.pair(accountID: accountID, id: id))
        case .alreadyApplied(let added):
            if let added { return .alreadyApplied(try await book.store.pair(accountID: accountID, id: added)) }
            return .alreadyApplied(try await current())
        case .later:
            return .later(try await current())
        case .gone:
            return .gone
        }
    }
}

/// Changes sent from a device that cannot be taken as they are.
public enum OfflinePairsError: FolioError, Equatable {
    case tooMany(Int)

    public var kind: FolioErrorKind { .invalidInput }
    public var code: String { "too_many_operations" }
    public var message: String {
        switch self {
        case .tooMany(let count): "\(count) pair changes in one sync; send at most \(OfflinePairs.batchLimit) at a time."
        }
    }
}
