import FolioApp
import FolioCore
import Foundation
import Hummingbird
import Vocabulary

/// Revision without a connection, as the offline revision page uses it: what a device takes with
/// it, and the reviews it made, sent once it is back. Times are milliseconds since 1970, as
/// browsers count them.
struct VocabularyOfflineAPIController: Sendable {
    let offline: OfflineRevision

    init(store: any VocabularyStore) {
        offline = OfflineRevision(revision: Revision(store: store))
    }

    var routes: MountedRoutes<FolioRequestContext> {
        MountedRoutes(at: "/api/v1/vocab")
            .on(api: .offlineRevision, use: pack)
            .on(api: .syncReviews, use: sync)
    }

    struct PackAnswer: ResponseEncodable {
        struct Entry: Encodable {
            struct PairJSON: Encodable {
                let id: Int64
                let english: String
                let welsh: String
                let note: String
                let tags: [String]
            }
            let pair: PairJSON
            /// Whether any Welsh mutation of a word counts as right (the pair is tagged Mutations).
            let acceptsMutations: Bool
            /// Nil for a pair never revised that way.
            let card: CardJSON?
            /// Each side's sound ("english", "welsh"), played offline once heard online.
            let audio: [String: String]
        }
        /// Whose cards these are (the service worker's short account tag): a device keeps them
        /// under it and refuses them under any other.
        let account: String
        let now: Int64
        let dayEnds: Int64
        let scheduler: SchedulerJSON
        /// What the day's limits still allow, over both directions.
        let allowance: StudiedToday
        /// The daily limits themselves, for a later day revised from the same cards.
        let limits: StudiedToday
        let queues: [String: [Entry]]
    }

    /// The day's queue in both directions, with every card and the learner's scheduler.
    @Sendable func pack(_ request: Request, context: FolioRequestContext) async throws -> PackAnswer {
        let account = try context.requireAccount()
        let pack = try await offline.pack(accountID: account.id, now: Date())
        var queues: [String: [PackAnswer.Entry]] = [:]
        for (direction, cards) in pack.queues {
            queues[direction.rawValue] = cards.compactMap { due in
                guard let id = due.pair.id else { return nil }
                return PackAnswer.Entry(pair: .init(id: id.rawValue, english: due.pair.english, welsh: due.pair.welsh, note: due.pair.note,
                                                    tags: due.pair.tags),
                                        acceptsMutations: due.pair.acceptsMutations, card: due.card.map(CardJSON.init),
                                        audio: VocabularyPages.Listening.hrefs(due.pair))
            }
        }
        let scheduler = SchedulerJSON(pack.scheduler)
        return PackAnswer(account: OfflinePagesMiddleware.accountTag(account.id), now: DeviceTime.milliseconds(pack.now),
                          dayEnds: DeviceTime.milliseconds(pack.today.ends), scheduler: scheduler, allowance: pack.today.allowance,
                          limits: StudiedToday(newCards: pack.today.settings.newCardsPerDay, reviews: pack.today.settings.reviewsPerDay),
                          queues: queues)
    }

    struct SyncRequest: DeviceBatch {
        struct Review: Decodable {
            let id: String
            let pairId: Int64
            let direction: Direction
            let rating: Int
            /// Milliseconds since 1970, by the device's clock.
            let at: Double
            let seconds: Double?
        }
        /// The account the device kept them for: reviews kept for another account on this device
        /// are refused (409 other_account), never applied to this one's.
        let account: String?
        let reviews: [Review]
    }

    struct SyncAnswer: ResponseEncodable {
        struct Result: Encodable {
            let id: String
            /// "applied", "alreadyApplied" or "gone".
            let outcome: String
            let card: CardJSON?
            let reviewedAt: Int64?
        }
        let results: [Result]
        let syncedAt: Int64
    }

    /// Room for `OfflineRevision.batchLimit` reviews of about 150 bytes each.
    static let maximumBodyBytes = 256 * 1024

    /// Applies reviews made offline, each once (a batch sent twice changes nothing).
    @Sendable func sync(_ request: Request, context: FolioRequestContext) async throws -> SyncAnswer {
        let expected = "a JSON object {\"reviews\": [{\"id\", \"pairId\", \"direction\", \"rating\" (1-4), \"at\" (milliseconds), \"seconds\"}]}"
        let (account, sent) = try await SyncRequest.read(request, context: context, upTo: Self.maximumBodyBytes, expected: expected)
        let reviews = try sent.reviews.map { review throws -> OfflineRevision.Review in
            guard let at = DeviceTime.date(milliseconds: review.at), review.pairId > 0 else { throw InputError.body(expected) }
            return try OfflineRevision.Review(id: review.id, pairID: PairID(review.pairId), direction: review.direction,
                                              rating: try Revision.rating(review.rating), at: at, seconds: review.seconds)
        }
        let now = Date()
        let outcomes = try await offline.apply(reviews, accountID: account.id, now: now)
        return SyncAnswer(results: outcomes.map { id, outcome in
            switch outcome {
            case .applied(let card, let at):
                .init(id: id, outcome: "applied", card: CardJSON(card), reviewedAt: DeviceTime.milliseconds(at))
            case .alreadyApplied(let card):
                .init(id: id, outcome: "alreadyApplied", card: card.map(CardJSON.init), reviewedAt: nil)
            case .gone:
                .init(id: id, outcome: "gone", card: nil, reviewedAt: nil)
            }
        }, syncedAt: DeviceTime.milliseconds(now))
    }
}
