import FolioCore
import Foundation
import Monologues
import Vocabulary

/// Rehearsing without a connection: the lines a device rehearsed, applied once it is back. The
/// device checks each line and moves its card and help with the same rules as the server
/// (public/rules/drill-check.js, rehearsal.js, fsrs.js), so an offline rehearsal behaves as an
/// online one; what it sends is only what the actor did — which favourite, which line, which
/// rating, when — and the server rates each line again itself, as `Rehearsal.rated` does online.
public struct OfflineRehearsal: Sendable {
    public let rehearsal: Rehearsal

    public init(rehearsal: Rehearsal) {
        self.rehearsal = rehearsal
    }

    /// A line rated on a device: the id the device gave it, and what the actor did.
    public struct Review: Sendable, Hashable {
        public var id: String
        public var monologueID: String
        /// `LineDrill.Line.key`: the line's words, so a review finds its line even if the cut moved it.
        public var key: String
        public var rating: Rating
        /// When, by the device's clock.
        public var at: Date

        public init(id: String, monologueID: String, key: String, rating: Rating, at: Date) throws(OfflineRevisionError) {
            guard OfflineRevision.Review.isWellFormed(id: id) else { throw .operationID(id) }
            self.id = id
            self.monologueID = monologueID
            self.key = key
            self.rating = rating
            self.at = at
        }
    }

    /// What became of one review sent.
    public enum Outcome: Sendable, Hashable {
        /// Stored at `at` (the device's time, kept between the line's last review and now), with
        /// the line as it now stands.
        case applied(line: RehearsedLine, at: Date)
        /// Stored already, by an earlier send of the same review: nothing changed. The line as it
        /// stands, for the device to take (nil if it has no progress).
        case alreadyApplied(line: RehearsedLine?)
        /// Nothing to rate: why.
        case gone(Gone)
    }

    public enum Gone: String, Sendable, Hashable {
        /// The speech is not (or no longer) among the account's favourites.
        case notAFavourite
        /// The favourite's cut no longer has the line.
        case lineCut
    }

    /// Applies reviews sent from a device, each once, in the order they were made. A review's
    /// time is the device's, kept between the line's last review and `now` (as
    /// `OfflineRevision.apply` keeps a card's), and the line is rated as it would have been online
    /// at that time.
    public func apply(_ reviews: [Review], accountID: Account.ID, in library: MonologueLibrary,
                      now: Date) async throws -> [(id: String, outcome: Outcome)] {
        guard reviews.count <= OfflineRevision.batchLimit else { throw OfflineRevisionError.tooMany(reviews.count) }
        let ordered = reviews.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
        // One read of each favourite: its cut does not change while a batch is applied.
        var items: [String: Favourites.Item?] = [:]
        var outcomes: [(id: String, outcome: Outcome)] = []
        for review in ordered {
            if items[review.monologueID] == nil {
                do {
                    items[review.monologueID] = .some(try await rehearsal.favourites.item(review.monologueID, accountID: accountID, in: library))
                } catch let error as MonologueError {
                    switch error {
                    case .notFound, .notAFavourite: items[review.monologueID] = .some(nil)
                    default: throw error
                    }
                }
            }
            guard let item = items[review.monologueID] ?? nil else {
                outcomes.append((review.id, .gone(.notAFavourite)))
                continue
            }
            let stored = try await rehearsal.store.rehearsedLines(accountID: accountID, monologueID: review.monologueID)
            var at = OfflineRevision.deviceTime(review.at, now: now)
            if let last = stored.first(where: { $0.key == review.key })?.card.lastReview, at < last { at = last }
            let plan = Rehearsal.plan(item, stored: stored, now: at)
            guard let line = plan.lines.first(where: { $0.drill.key == review.key }) else {
                outcomes.append((review.id, .gone(.lineCut)))
                continue
            }
            let after = rehearsal.rated(line, review.rating, now: at)
            do {
                if try await rehearsal.store.saveRehearsedLine(accountID: accountID, operation: review.id,
                                                                monologueID: review.monologueID, after) {
                    outcomes.append((review.id, .applied(line: after, at: at)))
                } else {
                    let current = try await rehearsal.store.rehearsedLines(accountID: accountID, monologueID: review.monologueID)
                    outcomes.append((review.id, .alreadyApplied(line: current.first { $0.key == review.key })))
                }
            } catch MonologueError.notFound {
                // Removed from the favourites while the batch ran.
                items[review.monologueID] = .some(nil)
                outcomes.append((review.id, .gone(.notAFavourite)))
            }
        }
        return outcomes
    }
}
