import FolioCore
import Foundation
import Hummingbird
import Vocabulary

// What the browser's rules (public/rules) read and write for work done without a connection:
// cards and the scheduler as public/rules/fsrs.js holds them, times in milliseconds since 1970.

/// A card as the browser's scheduler (public/rules/fsrs.js) holds it.
struct CardJSON: Codable {
    let state: Int
    let step: Int?
    let stability: Double?
    let difficulty: Double?
    let due: Int64
    let lastReview: Int64?

    init(_ card: Card) {
        state = card.state.rawValue
        step = card.step
        stability = card.stability
        difficulty = card.difficulty
        due = DeviceTime.milliseconds(card.due)
        lastReview = card.lastReview.map(DeviceTime.milliseconds)
    }

    /// Every key, null where the card has nothing yet, as the browser's scheduler reads it.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(state, forKey: .state)
        try container.encode(step, forKey: .step)
        try container.encode(stability, forKey: .stability)
        try container.encode(difficulty, forKey: .difficulty)
        try container.encode(due, forKey: .due)
        try container.encode(lastReview, forKey: .lastReview)
    }
}

/// A learner's scheduler as public/rules/fsrs.js takes it.
struct SchedulerJSON: Encodable {
    let weights: [Double]
    let desiredRetention: Double
    let learningSteps: [Double]
    let relearningSteps: [Double]
    let maximumInterval: Int

    init(_ scheduler: Scheduler) {
        weights = scheduler.parameters.weights
        desiredRetention = scheduler.desiredRetention
        learningSteps = scheduler.learningSteps
        relearningSteps = scheduler.relearningSteps
        maximumInterval = scheduler.maximumInterval
    }
}

/// Work a device did without a connection, sent as one JSON batch.
protocol DeviceBatch: Decodable {
    /// The account the device kept it for: work kept for another account on the same device is
    /// refused (409 other_account), never applied to the one signed in.
    var account: String? { get }
}

extension DeviceBatch {
    /// The batch a request carries, for the account signed in: read whole (up to `bytes`), a
    /// body that is not one a 400 saying `expected`.
    static func read(_ request: Request, context: FolioRequestContext, upTo bytes: Int, expected: String) async throws -> (Account, Self) {
        var request = request
        let account = try context.requireAccount()
        let body = try await request.collectBody(upTo: bytes)
        let sent: Self
        do {
            sent = try JSONDecoder().decode(Self.self, from: body)
        } catch {
            throw InputError.body(expected)
        }
        if let owner = sent.account, owner != OfflinePagesMiddleware.accountTag(account.id) {
            throw OfflineSyncError.otherAccount
        }
        return (account, sent)
    }
}

/// Work kept on a device for another account than the one signed in.
enum OfflineSyncError: FolioError {
    case otherAccount

    var kind: FolioErrorKind { .conflict }
    var code: String { "other_account" }
    var message: String {
        "This work was done on this device by another account: log in as that account to send it."
    }
}
