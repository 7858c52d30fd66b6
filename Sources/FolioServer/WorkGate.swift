import FolioApp
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Synchronization

/// Lets a few costly computations of one kind run at once (grammar expansions, audition sets,
/// word-list indexes, optimiser fits, exports), each on a thread of its own so it never holds an
/// event loop or one of the few threads every other request is served from. A request that
/// finds every place taken waits a moment for one, then is answered 503 with Retry-After: a
/// burst of costly requests slows nobody else, and is told when to come back rather than
/// queued without end.
final class WorkGate: Sendable {
    /// A quarter of a second: longer than a typical expansion takes (well under a millisecond
    /// for the bundled grammar, 12 ms for the costliest within the budget), short enough that a
    /// refused client is not kept hanging.
    static let patience = Duration.milliseconds(250)
    static let retryAfterSeconds = 1
    static let expansionsBusy = "The server is expanding as many grammars as it allows at once. Try again in a second."

    struct State {
        var running = 0
        var nextTicket: UInt64 = 0
        var waiting: [(ticket: UInt64, continuation: CheckedContinuation<Bool, Never>)] = []
    }

    let capacity: Int
    let patience: Duration
    /// Requests that may wait for a place at once; the next is refused without waiting.
    let queueLength: Int
    /// What a refused request is told: which work is busy.
    let busyMessage: String
    private let state = Mutex(State())

    init(capacity: Int, patience: Duration = WorkGate.patience, queueLength: Int = .max, busyMessage: String = WorkGate.expansionsBusy) {
        self.capacity = capacity
        self.patience = patience
        self.queueLength = queueLength
        self.busyMessage = busyMessage
    }

    var busy: HTTPError {
        HTTPError(.serviceUnavailable, headers: [.retryAfter: String(Self.retryAfterSeconds)], message: busyMessage)
    }

    /// Runs `work` once a place is free, on its own thread. `work` is given the question to ask
    /// now and then (a grammar asks every 1,024 steps): "has the caller gone away?" — true once
    /// the connection `closing` belongs to has closed or this task is cancelled (Hummingbird
    /// does not cancel a handler when its client disconnects, so the connection is watched).
    func run<Value: Sendable>(closing: EventLoopFuture<Void>?,
                              _ work: @escaping @Sendable (_ isCancelled: @escaping @Sendable () -> Bool) throws -> Value) async throws -> Value {
        guard await enter() else { throw busy }
        defer { leave() }
        let gone = CallerGone()
        closing?.whenComplete { _ in gone.mark() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let thread = Thread {
                    ThreadName.nameCurrentThread("folio-work")
                    LowPriority.lowerCurrentThread()
                    continuation.resume(with: Result { try work { gone.isMarked } })
                }
                thread.start()
            }
        } onCancel: {
            gone.mark()
        }
    }

    /// Takes a place, waiting at most `patience` for one; false when none came free.
    func enter() async -> Bool {
        let ticket: UInt64? = state.withLock { state in
            if state.running < capacity {
                state.running += 1
                return nil
            }
            state.nextTicket += 1
            return state.nextTicket
        }
        guard let ticket else { return true }
        return await withCheckedContinuation { continuation in
            let admitted = state.withLock { state -> Bool? in
                if state.running < capacity {
                    state.running += 1
                    return true
                }
                guard state.waiting.count < queueLength else { return nil }
                state.waiting.append((ticket, continuation))
                return false
            }
            guard let admitted else { return continuation.resume(returning: false) }
            if admitted { return continuation.resume(returning: true) }
            Task { [patience] in
                try? await Task.sleep(for: patience)
                let expired = self.state.withLock { state in
                    state.waiting.firstIndex { $0.ticket == ticket }.map { state.waiting.remove(at: $0).continuation }
                }
                expired?.resume(returning: false)
            }
        }
    }

    /// Gives the place back, straight to the longest waiting request if there is one.
    func leave() {
        let next = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            if state.waiting.isEmpty {
                state.running -= 1
                return nil
            }
            return state.waiting.removeFirst().continuation
        }
        next?.resume(returning: true)
    }

    /// How many expansions hold a place now (for tests).
    var running: Int { state.withLock { $0.running } }
}

/// Set once the caller of an expansion has gone; read from the expansion's thread.
private final class CallerGone: Sendable {
    private let flag = Atomic<Bool>(false)
    func mark() { flag.store(true, ordering: .relaxed) }
    var isMarked: Bool { flag.load(ordering: .relaxed) }
}

extension WorkGate {
    /// The gate for one request's work, which stops when that request's connection closes.
    func runner(closing: EventLoopFuture<Void>?) -> GatedWork { GatedWork(gate: self, closing: closing) }
}

/// An `WorkRunner` for the use cases: one request's place in the gate.
struct GatedWork: WorkRunner {
    let gate: WorkGate
    let closing: EventLoopFuture<Void>?

    func run<Value: Sendable>(_ work: @escaping @Sendable (_ isCancelled: @escaping @Sendable () -> Bool) throws -> Value) async throws -> Value {
        try await gate.run(closing: closing, work)
    }
}
