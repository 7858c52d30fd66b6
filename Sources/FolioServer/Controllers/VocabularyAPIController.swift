import FolioApp
import FolioCore
import FolioStore
import Foundation
import Hummingbird
import Vocabulary

/// The vocabulary trainer's JSON API. Everything in it belongs to the logged-in account.
struct VocabularyAPIController: Sendable {
    let book: PairBook
    let revision: Revision
    let speech: PairSpeech
    let work: VocabularyWork

    init(store: any VocabularyStore, pairLimit: Int, speech: SpeechCache, work: VocabularyWork = VocabularyWork()) {
        book = PairBook(store: store, pairLimit: pairLimit)
        revision = Revision(store: store)
        self.speech = PairSpeech(book: book, cache: speech)
        self.work = work
    }

    /// The controller's routes, mounted at `/api/v1/vocab`.
    var routes: MountedRoutes<FolioRequestContext> {
        MountedRoutes(at: "/api/v1/vocab")
            .on(api: .pairs, use: list)
            .on(api: .createPair, use: create)
            .on(api: .pair, use: show)
            .on(api: .updatePair, use: update)
            .on(api: .deletePair, use: delete)
            .on(api: .pairAudio, use: audio)
            .on(api: .vocabularyTags, use: tags)
            .on(api: .nextReview, use: next)
            .on(api: .review, use: answer)
            .on(api: .exportPairs, use: export)
            .on(api: .importPairs, use: importTable)
            .on(api: .studySettings, use: settings)
            .on(api: .saveStudySettings, use: saveSettings)
            .on(api: .studyToday, use: today)
            .on(api: .undoReview, use: undo)
            .on(api: .suspendPair, use: suspend)
            .on(api: .vocabularyStats, use: statistics)
            .on(api: .schedulerTuning, use: tuning)
            .on(api: .applySchedulerTuning, use: applyTuning)
    }

    /// What weights fitted to the learner's reviews would do, and whether such weights are in use.
    struct TuningAnswer: ResponseEncodable {
        let result: OptimizerResult
        let improvement: Bool
        let tuned: Bool

        init(_ tuning: Revision.Tuning) {
            result = tuning.result
            improvement = tuning.isImprovement
            tuned = tuning.current != nil
        }
    }

    /// Fits (nothing is stored).
    @Sendable func tuning(_ request: Request, context: FolioRequestContext) async throws -> TuningAnswer {
        let account = try context.requireAccount()
        return TuningAnswer(try await work.fits.run(for: account) { try await revision.tune(accountID: account.id, runner: $0) })
    }

    struct TuningChange: Decodable {
        let apply: Bool?
        let reset: Bool?
    }

    /// `{"apply": true}` puts fitted weights in use (409 when they would not do better);
    /// `{"reset": true}` goes back to the standard ones.
    @Sendable func applyTuning(_ request: Request, context: FolioRequestContext) async throws -> TuningAnswer {
        let account = try context.requireAccount()
        let change: TuningChange
        do {
            change = try await request.decode(as: TuningChange.self, context: context)
        } catch {
            throw InputError.body("a JSON object with apply: true or reset: true")
        }
        if change.reset == true {
            try await revision.applyParameters(nil, accountID: account.id)
            return TuningAnswer(try await work.fits.run(for: account) { try await revision.tune(accountID: account.id, runner: $0) })
        }
        guard change.apply == true else { throw InputError.body("a JSON object with apply: true or reset: true") }
        return TuningAnswer(try await work.fits.run(for: account) { try await revision.applyTuning(accountID: account.id, runner: $0) })
    }

    struct Statistics: ResponseEncodable {
        let statistics: StudyStatistics

        func encode(to encoder: any Encoder) throws { try statistics.encode(to: encoder) }
    }

    @Sendable func statistics(_ request: Request, context: FolioRequestContext) async throws -> Statistics {
        let account = try context.requireAccount()
        return Statistics(statistics: try await revision.statistics(accountID: account.id, now: Date()))
    }

    /// A rating taken back: the pair and direction, the rating, and the card as it is again
    /// (absent when that review was the card's first).
    struct Undone: ResponseEncodable {
        let pairId: PairID
        let direction: Direction
        let rating: Int
        let card: Card?
    }

    @Sendable func undo(_ request: Request, context: FolioRequestContext) async throws -> Undone {
        let account = try context.requireAccount()
        let undone = try await revision.undo(accountID: account.id)
        return Undone(pairId: undone.pairID, direction: undone.direction, rating: undone.rating.rawValue, card: undone.card)
    }

    struct Suspension: Codable, ResponseEncodable {
        let suspended: Bool
    }

    /// `{"suspended": true}` keeps the pair out of revision; `false` lets it back in.
    @Sendable func suspend(_ request: Request, context: FolioRequestContext) async throws -> Suspension {
        let account = try context.requireAccount()
        let id = try context.pairID()
        let body: Suspension
        do {
            body = try await request.decode(as: Suspension.self, context: context)
        } catch {
            throw InputError.body("a JSON object with suspended (true or false)")
        }
        try await revision.suspend(accountID: account.id, pairID: id, body.suspended)
        return Suspension(suspended: try await revision.isSuspended(accountID: account.id, pairID: id))
    }

    /// The daily limits, and how today stands against them.
    struct SettingsAnswer: ResponseEncodable {
        let settings: StudySettings
        /// New cards seen and reviews of learned cards since the day began.
        let studied: StudiedToday
        /// What today's limits still allow.
        let remaining: StudiedToday
        /// ISO 8601, as the OpenAPI document says.
        let dayStarted: String
        let nextDay: String

        init(_ today: Revision.Today) {
            settings = today.settings
            studied = today.studied
            remaining = today.allowance
            dayStarted = today.started.formatted(.iso8601)
            nextDay = today.ends.formatted(.iso8601)
        }
    }

    struct SettingsChange: Decodable {
        let newCardsPerDay: Int?
        let reviewsPerDay: Int?
        let dayStartHour: Int?
        let timeZone: String?
        let desiredRetention: Double?
        let leechThreshold: Int?
    }

    @Sendable func settings(_ request: Request, context: FolioRequestContext) async throws -> SettingsAnswer {
        let account = try context.requireAccount()
        return SettingsAnswer(try await revision.today(accountID: account.id, now: Date()))
    }

    /// Changes the fields given (the others keep their value); every problem is reported at once.
    @Sendable func saveSettings(_ request: Request, context: FolioRequestContext) async throws -> SettingsAnswer {
        let account = try context.requireAccount()
        let change: SettingsChange
        do {
            change = try await request.decode(as: SettingsChange.self, context: context)
        } catch {
            throw InputError.body("a JSON object with any of newCardsPerDay, reviewsPerDay, dayStartHour (0–23), timeZone and desiredRetention (0.70–0.97)")
        }
        try await revision.saveSettings(accountID: account.id, newCardsPerDay: change.newCardsPerDay, reviewsPerDay: change.reviewsPerDay,
                                        dayStartHour: change.dayStartHour, timeZone: change.timeZone, desiredRetention: change.desiredRetention,
                                        leechThreshold: change.leechThreshold)
        return SettingsAnswer(try await revision.today(accountID: account.id, now: Date()))
    }

    /// What may be revised today in a direction, for all pairs and for each tag.
    struct TodayAnswer: ResponseEncodable {
        struct Line: Encodable {
            let tag: String?
            let due: Int
            let new: Int
            /// Held back by today's limits.
            let waiting: Int
        }

        let direction: Direction
        let today: SettingsAnswer
        let all: Line
        /// A page of the tags (`limit`, `offset`), by name.
        let tags: Page<Line>
    }

    @Sendable func today(_ request: Request, context: FolioRequestContext) async throws -> TodayAnswer {
        let account = try context.requireAccount()
        let query = WebForm(query: request)
        let direction = try Revision.direction(query.get("direction"))
        let (limit, offset) = try ListWindow(defaultLimit: 100, maximumLimit: 1_000).read(query)
        let overview = try await revision.overview(accountID: account.id, direction: direction, now: Date())
        let line = { (l: Revision.Overview.Line) in TodayAnswer.Line(tag: l.tag, due: l.due, new: l.new, waiting: l.waiting) }
        let tags = Page(total: overview.tags.count, items: overview.tags.dropFirst(offset).prefix(limit).map(line), limit: limit, offset: offset)
        return TodayAnswer(direction: direction, today: SettingsAnswer(overview.today), all: line(overview.all), tags: tags)
    }

    struct Prompt: ResponseEncodable {
        let pairId: PairID
        let direction: Direction
        let prompt: String
        let isNew: Bool
        let remaining: Int
    }
    struct Empty: ResponseEncodable { let done = true }
    struct Answer: Decodable {
        let direction: Direction
        let answer: String
        /// 1–4 to override the rating the check proposes.
        let rating: Int?
        let durationSeconds: Double?
    }
    struct Outcome: ResponseEncodable {
        let verdict: Verdict
        /// What the learner is told: "Almost — a typo", "Almost — soft mutation of c (cath → gath)".
        let label: String
        let expected: String
        let difference: String?
        let proposedRating: Int
        let rating: Int
        let card: Card
    }
    struct Imported: ResponseEncodable { let imported: Int }


    func decodePair(_ request: Request, _ context: FolioRequestContext) async throws -> Pair {
        do {
            return try await request.decode(as: Pair.self, context: context)
        } catch {
            throw InputError.body("a JSON object with english, welsh, note, type and tags (an array of strings)")
        }
    }

    /// A page of the account's pairs; `q` finds English or Welsh ignoring case and accents,
    /// `tag` keeps pairs with that tag.
    @Sendable func list(_ request: Request, context: FolioRequestContext) async throws -> Page<Pair> {
        let account = try context.requireAccount()
        let query = WebForm(query: request)
        let (limit, offset) = try VocabularyPaging.window(query)
        let filter = PairFilter(query: query.get("q") ?? "", tag: query.get("tag"))
        return try await book.page(accountID: account.id, filter: filter, limit: limit, offset: offset)
    }

    @Sendable func create(_ request: Request, context: FolioRequestContext) async throws -> Pair {
        let account = try context.requireAccount()
        return try await book.add(try await decodePair(request, context), accountID: account.id)
    }

    @Sendable func show(_ request: Request, context: FolioRequestContext) async throws -> Pair {
        let account = try context.requireAccount()
        return try await book.pair(try context.pairID(), accountID: account.id)
    }

    @Sendable func update(_ request: Request, context: FolioRequestContext) async throws -> Pair {
        let account = try context.requireAccount()
        return try await book.replace(try context.pairID(), with: try await decodePair(request, context), accountID: account.id)
    }

    @Sendable func delete(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        try await book.delete(try context.pairID(), accountID: account.id)
        return Response(status: .noContent)
    }

    /// How long a browser may keep a side's sound without asking again. The pages' links carry
    /// the recording's key, so an edited side is a new address and never plays the old words;
    /// `private`: the words are the learner's own, for no shared cache.
    static let audioCacheControl = "private, max-age=86400"

    /// A side of the pair (`side=welsh` or `side=english`) as WAV audio, recorded on first
    /// request. The ETag is the recording's key, a hash of the words and the voice, so a
    /// browser that kept the sound gets a 304 without the recording being read.
    @Sendable func audio(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let id = try context.pairID()
        let side = try Side.named(WebForm(query: request).get("side"))
        let utterance = try await speech.utterance(of: id, side: side, accountID: account.id)
        let tag = "\"\(SpeechCache.key(for: utterance))\""
        var headers: HTTPFields = [.cacheControl: Self.audioCacheControl, .eTag: tag]
        if EntityTags.ifNoneMatch(request.headers[values: .ifNoneMatch]).contains(where: { $0 == "*" || $0 == tag }) {
            return Response(status: .notModified, headers: headers)
        }
        let recording = try await speech.cache.recording(of: utterance)
        headers[.contentType] = "audio/wav"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: recording.bytes)))
    }

    @Sendable func tags(_ request: Request, context: FolioRequestContext) async throws -> Page<VocabularyTag> {
        let account = try context.requireAccount()
        let (limit, offset) = try VocabularyPaging.window(WebForm(query: request))
        return try await book.tags(accountID: account.id, limit: limit, offset: offset)
    }

    /// The next pair to revise: due first, then new. `direction` englishToWelsh (default) or welshToEnglish.
    @Sendable func next(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let query = WebForm(query: request)
        let direction = try Revision.direction(query.get("direction"))
        let queue = try await revision.queue(accountID: account.id, tag: query.get("tag"), direction: direction, now: Date())
        guard let first = queue.first, let id = first.pair.id else {
            return try Empty().response(from: request, context: context)
        }
        return try Prompt(pairId: id, direction: direction, prompt: direction.prompt(for: first.pair), isNew: first.card == nil,
                          remaining: queue.count).response(from: request, context: context)
    }

    /// Checks an answer, schedules the card with the proposed (or chosen) rating, stores the review.
    @Sendable func answer(_ request: Request, context: FolioRequestContext) async throws -> Outcome {
        let account = try context.requireAccount()
        let id = try context.pairID()
        let body: Answer
        do {
            body = try await request.decode(as: Answer.self, context: context)
        } catch {
            throw InputError.body("a JSON object with direction (englishToWelsh or welshToEnglish), answer, and optionally rating (1–4) and durationSeconds")
        }
        let chosen = try body.rating.map { choice throws(RevisionError) in try Revision.rating(choice) }
        let answered = try await revision.answer(accountID: account.id, pairID: id, direction: body.direction, answer: body.answer,
                                                 rating: chosen, seconds: body.durationSeconds, now: Date())
        let result = answered.checked.result
        return Outcome(verdict: result.verdict, label: result.label, expected: result.expected, difference: result.difference?.summary,
                       proposedRating: answered.checked.proposed.rawValue, rating: answered.rating.rawValue, card: answered.card)
    }

    @Sendable func export(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let name = WebForm(query: request).get("format") ?? "csv"
        guard let format = PairTable.Format(rawValue: name) else {
            throw InputError.parameter("format", name, "csv or tsv")
        }
        let text = try await work.exports.run(for: account) { try await book.export(accountID: account.id, format: format, runner: $0) }
        return Response(status: .ok, headers: [.contentType: format == .csv ? "text/csv; charset=utf-8" : "text/tab-separated-values; charset=utf-8",
                                               .contentDisposition: "attachment; filename=\"vocabulary.\(format.rawValue)\""],
                        body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// A CSV (text/csv) or TSV (text/tab-separated-values) body; all rows are imported or none.
    @Sendable func importTable(_ request: Request, context: FolioRequestContext) async throws -> Imported {
        let account = try context.requireAccount()
        let format: PairTable.Format = request.headers[.contentType]?.hasPrefix("text/tab-separated-values") == true ? .tsv : .csv
        var request = request
        let body = try await request.collectBody(upTo: 5 * 1024 * 1024)
        return Imported(imported: try await book.importTable(String(buffer: body), format: format, accountID: account.id))
    }

    static func direction(_ raw: String?) throws -> Direction {
        try Revision.direction(raw)
    }
}

extension Pair: ResponseEncodable {}

/// A request the server cannot read as asked.
enum InputError: FolioError {
    case body(String)
    case parameter(String, String, String)

    var kind: FolioErrorKind { .invalidInput }
    var code: String {
        switch self {
        case .body: "invalid_body"
        case .parameter: "invalid_parameter"
        }
    }
    var message: String {
        switch self {
        case .body(let expected): "The request body should be \(expected)."
        case .parameter(let name, let value, let expected): "Invalid \(name) \"\(value)\": expected \(expected)."
        }
    }
}
