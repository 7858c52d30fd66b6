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
/// `Passwords.$network`). A flood of log-ins under made-up names from one address used to fill
/// the whole queue, so a genuine log-in from elsewhere waited behind 32 decoy hashes (9.7 s with
/// 24 threads) or was refused (5 of 5 with 40). Now:
/// - each network waits in a line of its own, and a network with fewer checks running goes
///   first, so a check from anywhere else starts as soon as a thread is free;
/// - a network may have at most `perNetwork` checks running or waiting, and run on at most half
///   the threads;
/// - a network whose checks keep failing (`suspectFailures` wrong passwords within a minute)
///   has its checks run on a lane of its own, one thread at a lower priority (`LowPriority`),
///   so a flood's decoy hashes take only the CPU nobody else wants. Measured on 2 cores with the
///   flood's 40 client threads on the same machine: a genuine log-in from another address took
///   1.0–1.6 s with the flood's checks at normal priority, against 0.37 s alone.
public final class Passwords: PasswordHasher {
    public static let standardCost = PasswordRules.bcryptCost
    /// Wrong passwords from one network within `suspectMemory` that move its checks to the
    /// low-priority lane: more than a person mistypes in a minute.
    static let suspectFailures = 3
    static let suspectMemory: Duration = .seconds(60)

    /// The network the current task's checks count against; nil counts against no network's cap.
    @TaskLocal public static var network: String?

    public let cost: UInt8
    let threads: Int
    let queueLength: Int
    /// Checks one network may have running or waiting: a quarter of the queue, and at least
    /// one per thread.
    let perNetwork: Int
    /// Checks one network may have running at once on the normal lane.
    let runningPerNetwork: Int
    private let state = Mutex(State())

    private typealias Job = @Sendable () -> Void

    /// One lane's waiting checks, a line per network.
    private struct Lane {
        var lines: [String: [Job]] = [:]
        /// Networks with checks waiting, in the order they next get a turn.
        var turns: [String] = []
        var threadCount = 0

        var waiting: Int { lines.values.reduce(0) { $0 + $1.count } }

        mutating func append(_ job: @escaping Job, network: String) {
            if lines[network, default: []].isEmpty { turns.append(network) }
            lines[network, default: []].append(job)
        }

        /// The first check of the network with the fewest running (the first in turn among
        /// equals), unless that network already runs `most`; that network goes to the back.
        mutating func next(running: [String: Int], most: Int) -> (job: Job, network: String)? {
            guard let turn = turns.indices.min(by: { running[turns[$0], default: 0] < running[turns[$1], default: 0] }),
                  running[turns[turn], default: 0] < most
            else { return nil }
            let network = turns.remove(at: turn)
            let job = lines[network]!.removeFirst()
            if lines[network]!.isEmpty { lines[network] = nil } else { turns.append(network) }
            return (job, network)
        }
    }

    private struct State {
        var normal = Lane()
        var suspect = Lane()
        var waitingCount = 0
        var running = 0
        /// Checks running or waiting per network.
        var outstanding: [String: Int] = [:]
        /// Checks running per network.
        var runningPerNetwork: [String: Int] = [:]
        /// Recent wrong passwords per network, oldest first.
        var failures: [String: [ContinuousClock.Instant]] = [:]

        func isSuspect(_ network: String, now: ContinuousClock.Instant) -> Bool {
            (failures[network]?.filter { now - $0 < Passwords.suspectMemory }.count ?? 0) >= Passwords.suspectFailures
        }

        mutating func recordFailure(_ network: String, now: ContinuousClock.Instant) {
            failures[network, default: []].append(now)
            failures[network]!.removeAll { now - $0 >= Passwords.suspectMemory }
            if failures[network]!.count > Passwords.suspectFailures { failures[network]!.removeFirst() }
            // Bounded however many networks fail: the stalest are forgotten first.
            if failures.count > 10_000 {
                failures = failures.filter { now - ($0.value.last ?? now) < Passwords.suspectMemory }
            }
        }
    }

    public init(cost: UInt8 = standardCost, threads: Int, queueLength: Int) {
        self.cost = cost
        self.threads = max(1, threads)
        self.queueLength = max(0, queueLength)
        perNetwork = max(self.threads, self.queueLength / 4)
        runningPerNetwork = max(1, self.threads / 2)
    }

    public func hash(_ password: String) async throws -> String {
        let cost = cost
        return try await run { Bcrypt.hash(password, cost: cost) }
    }

    public func verify(_ password: String, hash: String) async throws -> Bool {
        let network = Self.network
        let matches = try await run { Bcrypt.verify(password, hash: hash) }
        if !matches, let network { state.withLock { $0.recordFailure(network, now: .now) } }
        return matches
    }

    /// Checks running or waiting now (for tests and diagnostics).
    var outstanding: Int {
        state.withLock { $0.running + $0.waitingCount }
    }

    /// Whether a check for `network` would be refused now: the log-in throttle asks before it
    /// counts an attempt, so a flood past its network's share costs no write either.
    func isFull(for network: String) -> Bool {
        state.withLock { state in
            state.running + state.waitingCount >= threads + queueLength || state.outstanding[network, default: 0] >= perNetwork
        }
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
            let start = state.withLock { state -> (thread: Bool, suspect: Bool)? in
                // Every check is either running or waiting for a thread.
                guard state.running + state.waitingCount < threads + queueLength,
                      named == nil || state.outstanding[network, default: 0] < perNetwork else { return nil }
                state.outstanding[network, default: 0] += 1
                state.waitingCount += 1
                if named != nil, state.isSuspect(network, now: .now) {
                    state.suspect.append(job, network: network)
                    guard state.suspect.threadCount < 1 else { return (false, true) }
                    state.suspect.threadCount += 1
                    return (true, true)
                }
                state.normal.append(job, network: network)
                guard state.normal.threadCount < threads else { return (false, false) }
                state.normal.threadCount += 1
                return (true, false)
            }
            switch start {
            case nil: continuation.resume(throwing: PasswordsBusy.error)
            case (true, let suspect)?:
                Thread { [self] in
                    ThreadName.nameCurrentThread(suspect ? "folio-bcrypt-lo" : "folio-bcrypt")
                    if suspect { LowPriority.lowerCurrentThread() }
                    drain(suspect: suspect)
                }.start()
            case (false, _)?: break
            }
        }
    }

    /// A thread's life: take its lane's checks until none wait, then end.
    private func drain(suspect: Bool) {
        while let (job, network) = state.withLock({ state -> (Job, String)? in
            let next = suspect ? state.suspect.next(running: state.runningPerNetwork, most: .max)
                               : state.normal.next(running: state.runningPerNetwork, most: runningPerNetwork)
            guard let next else {
                if suspect { state.suspect.threadCount -= 1 } else { state.normal.threadCount -= 1 }
                return nil
            }
            state.waitingCount -= 1
            state.running += 1
            state.runningPerNetwork[next.network, default: 0] += 1
            return next
        }) {
            job()
            state.withLock { state in
                state.running -= 1
                state.runningPerNetwork[network, default: 1] -= 1
                if state.runningPerNetwork[network] == 0 { state.runningPerNetwork[network] = nil }
            }
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
