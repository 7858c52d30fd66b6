import FolioCore
import Foundation
import Vocabulary

/// Hearing a side of a learner's pair, the same from the pages, the API and the terminal: only
/// the account's own pair (another's is not found), only a side with words on it.
public struct PairSpeech: Sendable {
    public let book: PairBook
    public let cache: SpeechCache

    public init(book: PairBook, cache: SpeechCache) {
        self.book = book
        self.cache = cache
    }

    /// Nil when sides can be heard; else why not, for a page to say instead of offering a button.
    public var unavailable: SpeechError? { cache.unavailable }

    /// What the `side` of the account's pair `id` says. Known without running anything, so a
    /// face can tell a client that already has the recording (by its key) so at once.
    public func utterance(of id: PairID, side: Side, accountID: Account.ID) async throws -> Utterance {
        var utterance = try Utterance(pair: try await book.pair(id, accountID: accountID), side: side)
        // Recorded for this account alone: see SpeechCache.
        utterance.listener = String(accountID.rawValue)
        return utterance
    }

    /// The `side` of the account's pair `id`, spoken.
    public func recording(of id: PairID, side: Side, accountID: Account.ID) async throws -> Recording {
        try await cache.recording(of: try await utterance(of: id, side: side, accountID: accountID))
    }

    /// The sides of `pair` that can be heard, with the key of each recording: a page's link
    /// carries it, so a browser that kept the old sound asks again once the side is edited.
    public static func sides(of pair: Pair, _ sides: [Side] = Side.allCases) -> [(side: Side, key: String)] {
        sides.compactMap { side in (try? Utterance(pair: pair, side: side)).map { (side, SpeechCache.key(for: $0)) } }
    }
}
