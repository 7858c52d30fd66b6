import FolioApp
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdBcrypt
import Synchronization

/// bcrypt on a few threads of its own, with a short queue in front of them.
///
/// bcrypt is slow on purpose (about a quarter of a second at cost 12). Run on Swift's shared
/// cooperative pool, which has one thread per core, a burst of sign-ups took every thread and
/// held `/api/v1/ping` back by more than 3 s (16 parallel sign-ups on 2 cores). Here at most
/// `threads` checks run at once, on threads nothing else uses, and at most `queueLength` wait:
/// the next is refused at once with `PasswordsBusy` (a 503 with Retry-After) instead of
/// queueing without bound. Threads are started when work arrives and end when none is left,
/// so an idle server (or a test that builds many) keeps none.
public final class Passwords: PasswordHasher {
    public static let standardCost: UInt8 = 12

    public let cost: UInt8
    let threads: Int
    let queueLength: Int
    private let state = Mutex(State())

    private struct State {
        var waiting: [@Sendable () -> Void] = []
        var head = 0
        var running = 0
        var threadCount = 0

        var waitingCount: Int { waiting.count - head }

        mutating func next() -> (@Sendable () -> Void)? {
            guard head < waiting.count else {
                waiting.removeAll(keepingCapacity: true)
                head = 0
                return nil
            }
            defer { head += 1 }
            return waiting[head]
        }
    }

    public init(cost: UInt8 = standardCost, threads: Int, queueLength: Int) {
        self.cost = cost
        self.threads = max(1, threads)
        self.queueLength = max(0, queueLength)
    }

    public func hash(_ password: String) async throws -> String {
        let cost = cost
        return try await run { Bcrypt.hash(password, cost: cost) }
    }

    public func verify(_ password: String, hash: String) async throws -> Bool {
        try await run { Bcrypt.verify(password, hash: hash) }
    }

    /// Checks running or waiting now (for tests and diagnostics).
    var outstanding: Int {
        state.withLock { $0.running + $0.waitingCount }
    }

    func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            let job: @Sendable () -> Void = { continuation.resume(returning: work()) }
            let startThread = state.withLock { state -> Bool? in
                // Every check is either running or waiting for one of `threads` threads.
                guard state.running + state.waitingCount < threads + queueLength else { return nil }
                state.waiting.append(job)
                guard state.threadCount < threads else { return false }
                state.threadCount += 1
                return true
            }
            switch startThread {
            case nil: continuation.resume(throwing: PasswordsBusy.error)
            case true?:
                Thread { [self] in
                    // Named from inside: on Linux a name set before `start()` is not the thread's.
                    Thread.current.name = "folio-bcrypt"
                    drain()
                }.start()
            case false?: break
            }
        }
    }

    /// A thread's life: take checks until none wait, then end.
    private func drain() {
        while let job = state.withLock({ state -> (@Sendable () -> Void)? in
            if let job = state.next() {
                state.running += 1
                return job
            }
            state.threadCount -= 1
            return nil
        }) {
            job()
            state.withLock { $0.running -= 1 }
        }
    }
}

/// Every password thread is busy and the queue is full: a burst of sign-ups or log-ins, answered
/// at once rather than left to wait. One second is about what the queue takes to move (two
/// threads at cost 12 finish some eight checks a second).
enum PasswordsBusy {
    static let retryAfterSeconds = 1

    static var error: HTTPError {
        HTTPError(.serviceUnavailable, headers: [.retryAfter: String(retryAfterSeconds)],
                  message: "The server is checking many passwords at once. Try again in a second.")
    }
}
