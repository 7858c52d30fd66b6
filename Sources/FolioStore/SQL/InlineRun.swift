import Foundation
import Synchronization

/// Runs async code to its end on the calling thread, for an engine whose connection may only be
/// used on the thread that lent it: GRDB hands SQLite's connection to a synchronous closure on its
/// own queue, while the stores are written once as async code for both engines.
///
/// The body runs as a task that prefers this thread's executor: each of its jobs is queued here
/// and run by `run` until the task ends, so every statement runs on GRDB's queue, in the
/// transaction it opened. A hop elsewhere (an actor) comes back here. The thread waits while it
/// runs, as it does for any SQLite statement: it is one of GRDB's, never the cooperative pool's.
/// It costs about 2 µs a transaction (20,000 runs measured in release).
enum InlineRun {
    static func run<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
        let executor = ThreadExecutor()
        let outcome = Mutex<Result<T, any Error>?>(nil)
        Task(executorPreference: executor) {
            let result: Result<T, any Error>
            do { result = .success(try await body()) } catch { result = .failure(error) }
            outcome.withLock { $0 = result }
            executor.finish()
        }
        executor.runUntilFinished()
        return try outcome.withLock { $0! }.get()
    }
}

/// The executor of one `InlineRun`: a queue of jobs the waiting thread runs itself.
private final class ThreadExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var jobs: [UnownedJob] = []
    private var finished = false

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    func finish() {
        condition.lock()
        finished = true
        condition.signal()
        condition.unlock()
    }

    func runUntilFinished() {
        while true {
            condition.lock()
            while jobs.isEmpty && !finished { condition.wait() }
            if jobs.isEmpty {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
