import FolioCore
import Foundation
import Vocabulary

/// Revising without a connection: what a device takes with it (the day's queue in both
/// directions, with each card and the learner's own scheduler), and the reviews it made, applied
/// when it is back. The device checks answers and schedules cards with the same rules as the
/// server (public/rules in the browser), so its session behaves as an online one; what it sends
/// is only what the learner did — which pair, which way, which rating, when — and the server
/// schedules each review again itself.
public struct OfflineRevision: Sendable {
    public let revision: Revision

    public init(revision: Revision) {
        self.revision = revision
    }

    /// Cards taken per direction: ten sessions of twenty, the day's whole allowance at the
    /// default limits, in about 40 KB of JSON a direction.
    public static let packLimit = 200
    /// The most reviews one sync carries: a device that revised more sends them in several.
    public static let batchLimit = 500

    /// What a device takes with it.
    public struct Pack: Sendable {
        public var now: Date
        public var today: Revision.Today
        /// The learner's scheduler: their weights, retention and steps.
        public var scheduler: Scheduler
        /// Due cards first, then new ones within the day's allowance, per direction.
        public var queues: [(direction: Direction, cards: [DuePair])]
    }

    public func pack(accountID: Account.ID, now: Date, limit: Int = OfflineRevision.packLimit) async throws -> Pack {
        let today = try await revision.today(accountID: accountID, now: now)
        var queues: [(direction: Direction, cards: [DuePair])] = []
        for direction in Direction.allCases {
            queues.append((direction, try await revision.store.revisionQueue(accountID: accountID, tag: nil, direction: direction, now: now,
                                                                           limit: min(max(1, limit), Self.packLimit),
                                                                           allowance: today.allowance)))
        }
        return Pack(now: now, today: today, scheduler: revision.scheduler(for: today.settings), queues: queues)
    }

    /// A review made on a device: the id the device gave it, and what the learner did.
    public struct Review: Sendable, Hashable {
        public var id: String
        public var pairID: PairID
        public var direction: Direction
        public var rating: Rating
        /// When, by the device's clock.
        public var at: Date
        /// How long the learner took, as measured on the device.
        public var seconds: TimeInterval?

        public init(id: String, pairID: PairID, direction: Direction, rating: Rating, at: Date, seconds: TimeInterval?) throws(OfflineRevisionError) {
            guard Self.isWellFormed(id: id) else { throw .operationID(id) }
            self.id = id
            self.pairID = pairID
            self.direction = direction
            self.rating = rating
            self.at = at
            self.seconds = seconds
        }

        /// Ids as a browser makes them (`crypto.randomUUID()`): 8 to 64 letters, digits, "-" or "_".
        public static func isWellFormedID(_ id: String) -> Bool { isWellFormed(id: id) }

        static func isWellFormed(id: String) -> Bool {
            (8...64).contains(id.utf8.count) && id.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2D || byte == 0x5F
            }
        }
    }

    /// What became of one review sent.
    public enum Outcome: Sendable, Hashable {
        /// Stored, at `at` (the device's time, kept between the card's last review and now), with
        /// the card it gave.
        case applied(card: Card, at: Date)
        /// Stored already, by an earlier send of the same review: nothing changed. The card as it
        /// stands, for the device to take (nil if the pair has never been reviewed that way).
        case alreadyApplied(card: Card?)
        /// The pair is gone (deleted since, or never the account's): nothing to review.
        case gone
    }

    /// How far back a device's clock is believed: a review kept offline for longer than this (or
    /// a clock reset to 1970) is taken as made this long ago.
    public static let oldestDeviceTime: TimeInterval = 30 * 86_400

    /// A device's time as the server takes it: never after `now`, never more than
    /// `oldestDeviceTime` before it.
    public static func deviceTime(_ at: Date, now: Date) -> Date {
        min(max(at, now.addingTimeInterval(-oldestDeviceTime)), now)
    }

    /// Applies reviews sent from a device, each once, in the order they were made. A review's
    /// time is the device's, kept between the card's last review and `now`: a clock that runs
    /// ahead cannot schedule past the present, and one that runs behind cannot schedule before a
    /// review already stored (another device's, or an online one).
    public func apply(_ reviews: [Review], accountID: Account.ID, now: Date) async throws -> [(id: String, outcome: Outcome)] {
        guard reviews.count <= Self.batchLimit else { throw OfflineRevisionError.tooMany(reviews.count) }
        let settings = try await revision.settings(accountID: accountID)
        let scheduler = revision.scheduler(for: settings)
        let ordered = reviews.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
        var outcomes: [(id: String, outcome: Outcome)] = []
        for review in ordered {
            let stored = try await revision.store.card(accountID: accountID, pairID: review.pairID, direction: review.direction)
            var at = Self.deviceTime(review.at, now: now)
            if let last = stored?.lastReview, at < last { at = last }
            let (card, log) = scheduler.review(stored ?? Card(due: at), rating: review.rating, at: at,
                                               duration: ReviewLog.acceptedDuration(review.seconds))
            do {
                guard let lapses = try await revision.store.recordReview(accountID: accountID, operation: review.id, pairID: review.pairID,
                                                                         direction: review.direction, card: card, log: log) else {
                    // Read again: a send of the same review running beside this one may have
                    // stored it just now, and the device takes the card as it stands.
                    let current = try await revision.store.card(accountID: accountID, pairID: review.pairID, direction: review.direction)
                    outcomes.append((review.id, .alreadyApplied(card: current)))
                    continue
                }
                try await revision.markLeech(accountID: accountID, pairID: review.pairID, before: stored, rating: review.rating,
                                             lapses: lapses, settings: settings, now: now)
                outcomes.append((review.id, .applied(card: card, at: at)))
            } catch StoreError.notFound {
                outcomes.append((review.id, .gone))
            }
        }
        return outcomes
    }
}

/// Reviews sent from a device that cannot be taken as they are.
public enum OfflineRevisionError: FolioError, Equatable {
    case tooMany(Int)
    case operationID(String)

    public var kind: FolioErrorKind { .invalidInput }

    public var code: String {
        switch self {
        case .tooMany: "too_many_operations"
        case .operationID: "invalid_operation_id"
        }
    }

    public var message: String {
        switch self {
        case .tooMany(let count):
            "\(count) reviews in one sync; send at most \(OfflineRevision.batchLimit) at a time."
        case .operationID(let id):
            "Invalid operation id \"\(id.prefix(80))\": expected 8 to 64 letters, digits, \"-\" or \"_\", made on the device."
        }
    }
}
