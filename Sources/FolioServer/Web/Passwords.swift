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
///
/// The queue is fair between networks (`LoginThrottle.network(of:)`, named for the task by
/// `Passwords.$network`): each network waits in a line of its own, the lines take turns, and
/// one network may have at most `perNetwork` checks running or waiting. A flood of log-ins from
/// one address used to fill the whole queue, so a genuine log-in from elsewhere waited behind
/// 32 decoy hashes (9.7 s with 24 threads) or was refused (5 of 5 with 40): now it waits for
/// the checks running and at most one turn of each other busy network.
public final class Passwords: PasswordHasher {
    public static let standardCost: UInt8 = 12

    /// The network the current task's checks count against; nil counts against no network's cap.
    @TaskLocal public static var network: String?

    public let cost: UInt8
    let threads: Int
    let queueLength: Int
    /// Checks one network may have running or waiting: a quarter of the queue, and at least
    /// one per thread.
    let perNetwork: Int
    private let state = Mutex(State())

    private typealias Job = @Sendable () -> Void

    private struct State {
        /// Each network's waiting checks, first come first.
        var lines: [String: [Job]] = [:]
        /// Networks with checks waiting, in the order they next get a turn.
        var turns: [String] = []
        var waitingCount = 0
        var running = 0
        var threadCount = 0
        /// Checks running or waiting per network.
        var outstanding: [String: Int] = [:]

        mutating func append(_ job: @escaping Job, network: String) {
            if lines[network, default: []].isEmpty { turns.append(network) }
            lines[network, default: []].append(job)
            waitingCount += 1
        }

        /// The first check of the network whose turn it is; that network goes to the back.
        mutating func next() -> Job? {
            guard !turns.isEmpty else { return nil }
            let network = turns.removeFirst()
            let job = lines[network]!.removeFirst()
            if lines[network]!.isEmpty { lines[network] = nil } else { turns.append(network) }
            waitingCount -= 1
            return job
        }
    }

    public init(cost: UInt8 = standardCost, threads: Int, queueLength: Int) {
        self.cost = cost
        self.threads = max(1, threads)
        self.queueLength = max(0, queueLength)
        perNetwork = max(self.threads, self.queueLength / 4)
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
        // A check no network is named for (the terminal's, a test's) is capped only by the queue.
        let named = Self.network
        let network = named ?? ""
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            let job: Job = { [self] in
                let value = work()
                state.withLock { state in
                    state.outstanding[network, default: 1] -= 1
                    if state.outstanding[network] == 0 { state.outstanding[network] = nil }
                }
                continuation.resume(returning: value)
            }
            let startThread = state.withLock { state -> Bool? in
                // Every check is either running or waiting for one of `threads` threads.
                guard state.running + state.waitingCount < threads + queueLength,
                      named == nil || state.outstanding[network, default: 0] < perNetwork else { return nil }
                state.outstanding[network, default: 0] += 1
                state.append(job, network: network)
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
        while let job = state.withLock({ state -> Job? in
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
