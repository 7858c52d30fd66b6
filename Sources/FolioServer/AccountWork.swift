import FolioCore
import Hummingbird
import Synchronization

/// Costly work an account may have only one of under way at a time, run behind a gate on a
/// thread of its own: a vocabulary export (0.6–0.8 s for 50,000 pairs) or an optimiser fit
/// (1.2 s at 100,000 reviews). Four exports of one account at once held `/api/v1/ping` back
/// 1.8 s, and four fits 867 ms; now a second request of the same account while the first runs
/// is answered 429 with Retry-After, and the gate keeps all accounts' together to its places.
final class AccountWork: Sendable {
    let gate: WorkGate
    /// What a second request of the same account is told.
    let oneAtATime: String
    private let running = Mutex<Set<Account.ID>>([])

    init(gate: WorkGate, oneAtATime: String) {
        self.gate = gate
        self.oneAtATime = oneAtATime
    }

    /// Runs `work` with the account's one place, handing it the gate to run its arithmetic on.
    func run<Value>(for account: Account, _ work: (GatedWork) async throws -> Value) async throws -> Value {
        guard running.withLock({ $0.insert(account.id).inserted }) else {
            throw HTTPError(.tooManyRequests, headers: [.retryAfter: String(WorkGate.retryAfterSeconds)], message: oneAtATime)
        }
        defer { running.withLock { _ = $0.remove(account.id) } }
        return try await work(gate.runner(closing: nil))
    }
}

/// The vocabulary's costly work, shared by the pages and the API so that an account's one export
/// (or fit) at a time holds across both faces.
struct VocabularyWork: Sendable {
    let exports: AccountWork
    let fits: AccountWork

    init(concurrent: Int = 1) {
        exports = AccountWork(gate: WorkGate(capacity: concurrent, patience: .seconds(2), queueLength: 4,
                                             busyMessage: "The server is writing as many exports as it allows at once. Try again in a second."),
                              oneAtATime: "Your last export is still being written. Wait for it, then try again.")
        fits = AccountWork(gate: WorkGate(capacity: concurrent, patience: .seconds(2), queueLength: 4,
                                          busyMessage: "The server is fitting as many schedulers as it allows at once. Try again in a second."),
                           oneAtATime: "Your scheduler is already being fitted. Wait for it, then try again.")
    }
}
