import FolioApp
import FolioCore
import Foundation
import Hummingbird
import Monologues
import Vocabulary

/// Rehearsal without a connection: the lines a device rated, sent once it is back. What the
/// device rehearses from comes with the rehearse page itself (`RehearsalPackJSON`). Times are
/// milliseconds since 1970, as browsers count them.
struct RehearsalOfflineAPIController: Sendable {
    let offline: OfflineRehearsal
    let library: LibraryCache

    init(rehearsal: Rehearsal, library: LibraryCache) {
        offline = OfflineRehearsal(rehearsal: rehearsal)
        self.library = library
    }

    var routes: MountedRoutes<FolioRequestContext> {
        MountedRoutes(at: "/api/v1/rehearsal")
            .on(api: .syncRehearsal, use: sync)
    }

    struct SyncRequest: DeviceBatch {
        struct Review: Decodable {
            let id: String
            let monologueId: String
            let key: String
            let rating: Int
            /// Milliseconds since 1970, by the device's clock.
            let at: Double
        }
        /// The account the device kept them for: lines kept for another account on this device
        /// are refused (409 other_account), never applied to this one's.
        let account: String?
        let reviews: [Review]
    }

    struct SyncAnswer: ResponseEncodable {
        struct Result: Encodable {
            let id: String
            /// "applied", "alreadyApplied" or "gone".
            let outcome: String
            let line: LineStateJSON?
            let reviewedAt: Int64?
            /// For "gone": "notAFavourite" or "lineCut".
            var reason: String? = nil
        }
        let results: [Result]
        let syncedAt: Int64
    }

    /// Room for `OfflineRevision.batchLimit` ratings of a line with a long key.
    static let maximumBodyBytes = 512 * 1024
    /// A monologue id and a line's key are the library's and `LineDrill`'s: nothing longer is one.
    static let longestMonologueID = 200
    static let longestKeyBytes = 4 * (LineDrill.keyLength + 12)

    /// Applies lines rated offline, each once (a batch sent twice changes nothing).
    @Sendable func sync(_ request: Request, context: FolioRequestContext) async throws -> SyncAnswer {
        let expected = "a JSON object {\"reviews\": [{\"id\", \"monologueId\", \"key\", \"rating\" (1-4), \"at\" (milliseconds)}]}"
        let (account, sent) = try await SyncRequest.read(request, context: context, upTo: Self.maximumBodyBytes, expected: expected)
        let reviews = try sent.reviews.map { review throws -> OfflineRehearsal.Review in
            guard let at = DeviceTime.date(milliseconds: review.at), !review.monologueId.isEmpty,
                  review.monologueId.utf8.count <= Self.longestMonologueID, review.key.utf8.count <= Self.longestKeyBytes else {
                throw InputError.body(expected)
            }
            return try OfflineRehearsal.Review(id: review.id, monologueID: review.monologueId, key: review.key,
                                               rating: try Revision.rating(review.rating), at: at)
        }
        let now = Date()
        let outcomes = try await offline.apply(reviews, accountID: account.id, in: try await library.current(), now: now)
        return SyncAnswer(results: outcomes.map { id, outcome in
            switch outcome {
            case .applied(let line, let at):
                .init(id: id, outcome: "applied", line: LineStateJSON(line), reviewedAt: DeviceTime.milliseconds(at))
            case .alreadyApplied(let line):
                .init(id: id, outcome: "alreadyApplied", line: line.map(LineStateJSON.init), reviewedAt: nil)
            case .gone(let why):
                .init(id: id, outcome: "gone", line: nil, reviewedAt: nil, reason: why.rawValue)
            }
        }, syncedAt: DeviceTime.milliseconds(now))
    }
}

/// A line's progress as the browser's rules (public/rules/rehearsal.js) hold it.
struct LineStateJSON: Encodable {
    let key: String
    let card: CardJSON
    let help: Int
    let wordPerfect: Bool
    let reviews: Int
    let misses: Int

    init(_ line: RehearsedLine) {
        key = line.key
        card = CardJSON(line.card)
        help = line.help
        wordPerfect = line.wordPerfect
        reviews = line.reviews
        misses = line.misses
    }
}

/// What a device takes with it to rehearse a favourite without a connection: the lines of the cut
/// as the server last saved it, each with its progress, and the scheduler. The rehearse page
/// carries it, so every visit online leaves the device the favourite as it stands.
struct RehearsalPackJSON: Encodable {
    struct Line: Encodable {
        let number: Int
        let key: String
        let cue: String
        let text: String
        /// Nil for a line never rehearsed.
        let progress: LineStateJSON?
    }

    /// Whose favourite this is (the service worker's short account tag).
    let account: String
    let monologueId: String
    let title: String
    let character: String
    let play: String
    /// When the server read it: a device takes a line's progress from the newer of this and its own.
    let now: Int64
    let scheduler: SchedulerJSON
    let learnAheadSeconds: Double
    let lines: [Line]

    init(_ plan: Rehearsal.Plan, accountID: Account.ID, scheduler: Scheduler) {
        let monologue = plan.item.monologue
        account = OfflinePagesMiddleware.accountTag(accountID)
        monologueId = plan.item.favourite.monologueID
        // Named as the pages name it, by who speaks and how it begins: "Romeo and Juliet 37" said neither.
        title = monologue.speechName
        character = monologue.character
        play = monologue.play
        now = DeviceTime.milliseconds(plan.now)
        self.scheduler = SchedulerJSON(scheduler)
        learnAheadSeconds = Rehearsal.learnAhead
        lines = plan.lines.map { line in
            Line(number: line.number, key: line.drill.key, cue: line.drill.cue, text: line.drill.text, progress: line.progress.map(LineStateJSON.init))
        }
    }

    /// As the page carries it, in an attribute (the template escapes it; the browser gives it back whole).
    var attribute: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return (try? String(decoding: encoder.encode(self), as: UTF8.self)) ?? "{}"
    }
}
