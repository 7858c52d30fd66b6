import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a program to the end or until its time is up, whichever comes first. The arguments go to
/// the program as an array, never through a shell, so nothing in them is read as shell syntax;
/// standard input and output are closed and the first few hundred bytes of standard error are
/// kept to say what went wrong. A program still running when its time is up is killed (SIGKILL:
/// a hung program may ignore a polite SIGTERM).
public enum TimedProcess {
    public struct Outcome: Sendable, Equatable {
        public var status: Int32
        /// The start of what the program wrote to standard error, trimmed.
        public var errorOutput: String
    }

    public enum Failure: Error, Equatable {
        /// The program could not be started: missing, not executable.
        case notStarted(String)
        /// The program was killed when its time was up.
        case timedOut
    }

    /// Standard error past this is dropped: a message, not a log.
    static let errorOutputBytes = 400

    public static func run(_ executable: String, arguments: [String], timeout: Duration) async throws(Failure) -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        // Standard error goes to a file rather than a pipe: a pipe is read to its end only once
        // every holder of its write end has closed it, which a killed program's children need not.
        let errorURL = FileManager.default.temporaryDirectory.appendingPathComponent("folio-stderr-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: errorURL.path, contents: nil),
              let errorHandle = try? FileHandle(forWritingTo: errorURL) else { throw .notStarted("no temporary file for its messages") }
        defer {
            try? errorHandle.close()
            try? FileManager.default.removeItem(at: errorURL)
        }
        process.standardError = errorHandle

        let exit = Exit()
        process.terminationHandler = { exit.finish($0.terminationStatus) }
        do {
            try process.run()
        } catch {
            throw .notStarted(error.localizedDescription)
        }
        let pid = process.processIdentifier
        // A Dispatch timer rather than a sleeping task: tasks share a few threads, and work that
        // holds them all delayed a sleeping watchdog by 29 s in a run of the whole test suite,
        // which is as long as a hung program would have had anyway.
        let watchdog = DispatchWorkItem {
            if exit.killIfRunning() { kill(pid, SIGKILL) }
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Self.nanoseconds(timeout)), execute: watchdog)
        let status = await exit.wait()
        watchdog.cancel()
        if exit.wasKilled { throw .timedOut }
        let bytes = (try? FileHandle(forReadingFrom: errorURL)).flatMap { handle in
            defer { try? handle.close() }
            return try? handle.read(upToCount: errorOutputBytes)
        } ?? Data()
        return Outcome(status: status, errorOutput: String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    static func nanoseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
    }

    /// The program's exit, which may come before or after anyone waits for it, and whether the
    /// watchdog killed it: decided under one lock, so a program that ends as its time runs out
    /// is either killed or finished, never both.
    private final class Exit: Sendable {
        private struct State {
            var status: Int32?
            var waiter: CheckedContinuation<Int32, Never>?
            var killed = false
        }

        private let state = Mutex(State())

        func finish(_ status: Int32) {
            let waiter = state.withLock { state -> CheckedContinuation<Int32, Never>? in
                state.status = status
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(returning: status)
        }

        func wait() async -> Int32 {
            await withCheckedContinuation { continuation in
                let status = state.withLock { state -> Int32? in
                    if state.status == nil { state.waiter = continuation }
                    return state.status
                }
                if let status { continuation.resume(returning: status) }
            }
        }

        /// True when the program had not ended: the caller kills it.
        func killIfRunning() -> Bool {
            state.withLock { state in
                guard state.status == nil else { return false }
                state.killed = true
                return true
            }
        }

        var wasKilled: Bool { state.withLock { $0.killed } }
    }
}
