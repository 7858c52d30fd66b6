import FolioCore
import Foundation
import Vocabulary

/// Where a learner's pairs, cards and review logs are kept. Every method names the account:
/// nobody reads or changes another's vocabulary.
public protocol VocabularyStore: Sendable {
    /// Adds a pair (no id) or replaces the account's pair with that id; `pairLimit` caps how many
    /// an account may keep.
    func savePair(accountID: Account.ID, _ pair: Pair, pairLimit: Int?, now: Date) async throws -> Pair
    /// Adds many pairs at once, all or none; returns how many were added.
    func importPairs(accountID: Account.ID, _ pairs: [Pair], pairLimit: Int?, now: Date) async throws -> Int
    func deletePair(accountID: Account.ID, pairID: PairID) async throws
    /// Stores a review: the card's new state in that direction and the log line (with the card as
    /// it was, to take the review back), together. Returns the card's lapses after it: a learned
    /// card (review state) rated Again is one more.
    @discardableResult
    func recordReview(accountID: Account.ID, pairID: PairID, direction: Direction, card: Card, log: ReviewLog) async throws -> Int
    /// As `recordReview`, for a review made on a device without a connection and sent later:
    /// `operation` is the id the device gave it. Stored once per account, whatever resends: with
    /// an id already stored, nothing is stored and the answer is nil.
    func recordReview(accountID: Account.ID, operation: String, pairID: PairID, direction: Direction, card: Card,
                      log: ReviewLog) async throws -> Int?
    /// A change to one of the account's pairs made on a device without a connection and sent
    /// later, in one transaction: `operation` (the id the device gave it) is claimed only with the
    /// change, so a resend changes nothing and answers what the first send did. An edit or a
    /// deletion at `at` is made only if nothing changed the pair after `at` (the later change
    /// wins), and an edit stamps the pair with `at`. A pair added is added within `pairLimit`.
    func applyPairChange(accountID: Account.ID, operation: String, change: PairChange, at: Date,
                         pairLimit: Int?) async throws -> PairChangeResult
    /// Takes back the account's latest review: its card as it was before (none, for a card seen
    /// for the first time), the log line gone. Nil when the latest review cannot be taken back (one
    /// logged before reviews kept the card as it was) or there is none.
    func undoLastReview(accountID: Account.ID) async throws -> UndoneReview?
    /// Reviews per UTC hour since `since` (hours without reviews left out).
    func reviewHours(accountID: Account.ID, since: Date) async throws -> [StudyStatistics.HourCount]
    /// Cards of pairs not suspended coming due per UTC hour before `until`, overdue ones included.
    func dueHours(accountID: Account.ID, until: Date) async throws -> [DueHour]
    /// The pairs forgotten after they were learned, most lapses first, then the most difficult: at
    /// most `limit`.
    func hardestPairs(accountID: Account.ID, limit: Int) async throws -> [StudyStatistics.HardPair]
    /// The account's reviews, card by card, each card's in the order they were made: what the
    /// scheduler's optimiser fits its weights to. At most `limit` reviews, a bound on the work.
    func reviewHistory(accountID: Account.ID, limit: Int) async throws -> [CardHistory]
    /// A suspended pair is never asked; not found unless the pair is the account's.
    func setSuspended(accountID: Account.ID, pairID: PairID, _ suspended: Bool) async throws
    /// Those of `pairIDs` the account has suspended.
    func suspendedPairs(accountID: Account.ID, among pairIDs: [PairID]) async throws -> Set<PairID>

    func allPairs(accountID: Account.ID) async throws -> [Pair]
    func pairs(accountID: Account.ID, filter: PairFilter, limit: Int, offset: Int) async throws -> Page<Pair>
    func pair(accountID: Account.ID, id: PairID) async throws -> Pair?
    func pairCount(accountID: Account.ID) async throws -> Int
    /// What changes whenever any of the account's pairs does (one added, deleted or edited): the
    /// count, the sum of the ids and of the times last changed, in milliseconds. One aggregate over
    /// the account's rows, where reading them all to compare is the whole export's work.
    func pairsVersion(accountID: Account.ID) async throws -> [Int64]
    func vocabularyTags(accountID: Account.ID, limit: Int, offset: Int) async throws -> Page<VocabularyTag>
    /// Pairs to revise in `direction`, at most `limit`: cards due by `now` first (those in their
    /// learning steps always, learned ones up to `allowance.reviews`), then new pairs up to
    /// `allowance.newCards`.
    func revisionQueue(accountID: Account.ID, tag: String?, direction: Direction, now: Date, limit: Int,
                       allowance: StudiedToday) async throws -> [DuePair]
    /// What checking and rating an answer reads, in one read: the account's pair (nil when it is
    /// not theirs), its card in `direction` (nil before its first review), and the account's study
    /// settings (nil until saved). Three reads were three trips to the database for every review.
    func revisionInputs(accountID: Account.ID, pairID: PairID, direction: Direction) async throws -> RevisionInputs
    /// What is waiting in `direction` at `now`, for all pairs (tag nil) and, when `byTag`, for
    /// each tag that has a pair to revise, by name.
    func revisionCounts(accountID: Account.ID, direction: Direction, now: Date, byTag: Bool) async throws -> [RevisionCount]
    /// New cards first seen, and reviews of learned cards, since `since` (over both directions).
    func studied(accountID: Account.ID, since: Date) async throws -> StudiedToday
    /// The account's study settings; nil until it saves some.
    func studySettings(accountID: Account.ID) async throws -> StudySettings?
    func saveStudySettings(accountID: Account.ID, _ settings: StudySettings) async throws
    func card(accountID: Account.ID, pairID: PairID, direction: Direction) async throws -> Card?
    func reviewCount(accountID: Account.ID) async throws -> Int
    func reviews(accountID: Account.ID, pairID: PairID, limit: Int, offset: Int) async throws -> Page<ReviewLog>
}

/// A change to a pair as a device makes it.
public enum PairChange: Sendable, Hashable {
    case add(Pair)
    case edit(PairID, Pair)
    case delete(PairID)
}

extension PairChange {
    public var isAdd: Bool {
        if case .add = self { true } else { false }
    }
}

/// What the store did with a pair's change sent from a device.
public enum PairChangeResult: Sendable, Hashable {
    /// Made: the pair added or edited (nil for a deletion).
    case applied(PairID?)
    /// Made already, by an earlier send of the same operation: the pair it added (nil for an
    /// edit or a deletion).
    case alreadyApplied(PairID?)
    /// Not made: the pair was changed after the change was made, and that change stands.
    case later
    /// Not made: the pair is not the account's (deleted since, or never its own).
    case gone

    /// The pair the change made or made before.
    public var pairID: PairID? {
        switch self {
        case .applied(let id), .alreadyApplied(let id): id
        case .later, .gone: nil
        }
    }
}

/// A pair due for revision in one direction, with its card (nil while the pair is new).
public struct DuePair: Sendable, Hashable {
    public var pair: Pair
    public var card: Card?

    public init(pair: Pair, card: Card?) {
        self.pair = pair
        self.card = card
    }
}

/// One card's reviews, oldest first.
public struct CardHistory: Sendable, Hashable {
    public var pairID: PairID
    public var direction: Direction
    public var reviews: [ReviewLog]

    public init(pairID: PairID, direction: Direction, reviews: [ReviewLog]) {
        self.pairID = pairID
        self.direction = direction
        self.reviews = reviews
    }
    /// Reviews in card order (by pair, then direction), gathered card by card: what both engines
    /// read for the optimiser.
    public static func grouping(_ reviews: [(pairID: PairID, direction: Direction, log: ReviewLog)]) -> [CardHistory] {
        var histories: [CardHistory] = []
        for (pairID, direction, log) in reviews {
            if let last = histories.last, last.pairID == pairID, last.direction == direction {
                histories[histories.count - 1].reviews.append(log)
            } else {
                histories.append(CardHistory(pairID: pairID, direction: direction, reviews: [log]))
            }
        }
        return histories
    }
}

/// Cards coming due in one hour.
public struct DueHour: Sendable, Hashable {
    public var hour: Date
    public var cards: Int

    public init(hour: Date, cards: Int) {
        self.hour = hour
        self.cards = cards
    }
}

/// A review taken back.
public struct UndoneReview: Sendable, Hashable {
    public var pairID: PairID
    public var direction: Direction
    public var rating: Rating
    /// The card as it is again; nil when the review was its first.
    public var card: Card?
    public var lapsesBefore: Int
    public var lapsesAfter: Int

    public init(pairID: PairID, direction: Direction, rating: Rating, card: Card?, lapsesBefore: Int, lapsesAfter: Int) {
        self.pairID = pairID
        self.direction = direction
        self.rating = rating
        self.card = card
        self.lapsesBefore = lapsesBefore
        self.lapsesAfter = lapsesAfter
    }
}

/// Cards waiting in one direction, for all pairs (`tag` nil) or for one tag's.
/// What an answer is checked against and scheduled from (see `revisionInputs`).
public struct RevisionInputs: Sendable, Hashable {
    public var pair: Pair?
    public var card: Card?
    public var settings: StudySettings?

    public init(pair: Pair?, card: Card?, settings: StudySettings?) {
        self.pair = pair
        self.card = card
        self.settings = settings
    }
}

public struct RevisionCount: Codable, Sendable, Hashable {
    public var tag: String?
    /// Due cards in their learning or relearning steps: never held back by the daily limit.
    public var learning: Int
    /// Due cards already learned: shown up to the day's review limit.
    public var review: Int
    /// Pairs never revised in this direction: shown up to the day's new-card limit.
    public var new: Int

    public init(tag: String?, learning: Int, review: Int, new: Int) {
        self.tag = tag
        self.learning = learning
        self.review = review
        self.new = new
    }
}

/// One of an account's tags with the number of pairs carrying it.
public struct VocabularyTag: Codable, Sendable, Hashable {
    public var name: String
    public var count: Int

    public init(name: String, count: Int) {
        self.name = name
        self.count = count
    }
}

/// Which pairs a list shows: those whose English or Welsh contains `query` (ignoring case and
/// accents), and that carry `tag` (whatever its case) when one is given.
public struct PairFilter: Sendable, Hashable {
    public var query: String
    public var tag: String?

    public init(query: String = "", tag: String? = nil) {
        self.query = query
        self.tag = tag.flatMap { $0.isEmpty ? nil : $0 }
    }
}
