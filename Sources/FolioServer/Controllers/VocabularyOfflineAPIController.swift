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
    let pairs: OfflinePairs
    /// The account's pairs for a device are read and written out like an export: one an account
    /// at a time, on the exports' gate.
    let work: VocabularyWork

    init(store: any VocabularyStore, pairLimit: Int?, work: VocabularyWork) {
        offline = OfflineRevision(revision: Revision(store: store))
        pairs = OfflinePairs(book: PairBook(store: store, pairLimit: pairLimit))
        self.work = work
    }

    var routes: MountedRoutes<FolioRequestContext> {
        MountedRoutes(at: "/api/v1/vocab")
            .on(api: .offlineRevision, use: pack)
            .on(api: .syncReviews, use: sync)
            .on(api: .offlinePairs, use: pairsPack)
            .on(api: .syncPairs, use: syncPairs)
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

    // MARK: - Pairs

    struct PairsPack: Encodable {
        /// Whose pairs these are: a device keeps them under this tag and refuses them under any other.
        let account: String
        let pairs: [Pair]
    }

    /// Every pair of the account, for a device to list, search and change without a connection.
    /// Its entity tag names the pairs' version (`OfflinePairs.version`: one aggregate over the
    /// account's rows), so a device that has them is answered 304 without the pairs being read; the
    /// pairs themselves are read and written out like an export, one request of an account at a
    /// time on the exports' gate, and gzipped here when the device accepts it (an answer with an
    /// entity tag is not compressed on its way out). 25,000 pairs: 2.8 MB of JSON, 0.33 MB gzipped.
    @Sendable func pairsPack(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let gzipped = Gzip.isAccepted(by: request.headers[values: .acceptEncoding])
        let version = "\"pairs-" + (try await pairs.version(accountID: account.id))
        var headers: HTTPFields = [.cacheControl: "private, no-cache", .vary: "Accept-Encoding", .eTag: version + (gzipped ? "-gz\"" : "\"")]
        let tags = EntityTags.ifNoneMatch(request.headers[values: .ifNoneMatch])
        if tags.contains(where: { $0 == "*" || $0 == version + "\"" || $0 == version + "-gz\"" }) {
            return Response(status: .notModified, headers: headers)
        }
        return try await work.exports.run(for: account) { runner in
            let all = try await pairs.pairs(accountID: account.id)
            let body = try await runner.run { _ in
                let json = ByteBuffer(bytes: try JSONEncoder.folio().encode(PairsPack(account: OfflinePagesMiddleware.accountTag(account.id), pairs: all)))
                return gzipped ? try Gzip.compress(json, level: .fastestCompression) : json
            }
            headers[.contentType] = "application/json; charset=utf-8"
            if gzipped { headers[.contentEncoding] = "gzip" }
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: body))
        }
    }

    struct PairsSyncRequest: DeviceBatch {
        struct Change: Decodable {
            let id: String
            /// "add", "edit" or "delete".
            let kind: String
            /// The pair edited or deleted.
            let pairId: Int64?
            /// The pair's fields, for "add" and "edit".
            let pair: Pair?
            /// Milliseconds since 1970, by the device's clock.
            let madeAt: Double
            /// For "edit", the fields changed on the device (english, welsh, note, type, tags); all when left out.
            let fields: [OfflinePairs.Field]?
        }
        let account: String?
        let changes: [Change]
    }

    struct PairsSyncAnswer: ResponseEncodable {
        struct Result: Encodable {
            let id: String
            /// "applied", "alreadyApplied", "later", "gone" or "refused".
            let outcome: String
            /// The pair as it stands now (nil when it is gone, or for a deletion made).
            let pair: Pair?
            /// Why a change was refused, to show.
            let message: String?
        }
        let results: [Result]
        let syncedAt: Int64
    }

    /// Room for `OfflinePairs.batchLimit` changes of pairs with long notes.
    static let maximumPairsBodyBytes = 2 * 1024 * 1024

    /// Makes changes to pairs made offline, each once; of two changes to a pair the later stands.
    @Sendable func syncPairs(_ request: Request, context: FolioRequestContext) async throws -> PairsSyncAnswer {
        let expected = "a JSON object {\"changes\": [{\"id\", \"kind\" (add, edit or delete), \"pairId\" (edit, delete), "
            + "\"pair\" (add, edit), \"madeAt\" (milliseconds), \"fields\"? (edit)}]}"
        let (account, sent) = try await PairsSyncRequest.read(request, context: context, upTo: Self.maximumPairsBodyBytes, expected: expected)
        let changes = try sent.changes.map { sent throws -> OfflinePairs.Change in
            guard let madeAt = DeviceTime.date(milliseconds: sent.madeAt) else { throw InputError.body(expected) }
            let change: PairChange
            switch (sent.kind, sent.pairId, sent.pair) {
            case ("add", nil, let pair?): change = .add(pair)
            case ("edit", let id?, let pair?) where id > 0: change = .edit(PairID(id), pair)
            case ("delete", let id?, nil) where id > 0: change = .delete(PairID(id))
            default: throw InputError.body(expected)
            }
            return try OfflinePairs.Change(id: sent.id, change: change, madeAt: madeAt, fields: sent.fields.map(Set.init))
        }
        let now = Date()
        let outcomes = try await pairs.apply(changes, accountID: account.id, now: now)
        return PairsSyncAnswer(results: outcomes.map { id, outcome in
            switch outcome {
            case .applied(let pair): .init(id: id, outcome: "applied", pair: pair, message: nil)
            case .alreadyApplied(let pair): .init(id: id, outcome: "alreadyApplied", pair: pair, message: nil)
            case .later(let pair): .init(id: id, outcome: "later", pair: pair, message: nil)
            case .gone: .init(id: id, outcome: "gone", pair: nil, message: nil)
            case .refused(let message): .init(id: id, outcome: "refused", pair: nil, message: message)
            }
        }, syncedAt: DeviceTime.milliseconds(now))
    }
}
