import Foundation
import Vocabulary

/// Something that turns an utterance into a WAV file: espeak-ng in use, a counting or failing
/// stand-in in tests.
public protocol SpeechEngine: Sendable {
    /// Nil when the engine can run; else why not, so a page can show a note instead of a button
    /// without running anything.
    var unavailable: SpeechError? { get }
    /// Writes `utterance` as a WAV file at `file` (which does not exist yet).
    func record(_ utterance: Utterance, to file: URL) async throws(SpeechError)
}

/// Debian's espeak-ng, run once per utterance: `espeak-ng -v VOICE -w FILE -- TEXT`, the text one
/// argument after `--` so that a side starting with a dash is spoken, not read as an option.
public struct ESpeakNG: SpeechEngine {
    public static let debianPath = "/usr/bin/espeak-ng"
    /// espeak-ng records "Bore da" in 30–50 ms and a 500-character side (half a minute of
    /// speech) in about 200 ms, measured on a two-core machine at a load average of 8: five
    /// seconds is room for a far busier one, and a stop for a hung one.
    public static let standardTimeout = Duration.seconds(5)

    public let path: String
    public let timeout: Duration

    public init(path: String = ESpeakNG.debianPath, timeout: Duration = ESpeakNG.standardTimeout) {
        self.path = path
        self.timeout = timeout
    }

    /// A stat of the program: cheap enough to ask on every page, so a server finds espeak-ng
    /// installed after it started without a restart.
    public var unavailable: SpeechError? {
        FileManager.default.isExecutableFile(atPath: path) ? nil : .engineMissing(path: path)
    }

    public func record(_ utterance: Utterance, to file: URL) async throws(SpeechError) {
        if let unavailable { throw unavailable }
        let outcome: TimedProcess.Outcome
        do {
            outcome = try await TimedProcess.run(path, arguments: ["-v", utterance.voice, "-w", file.path, "--", utterance.text], timeout: timeout)
        } catch {
            switch error {
            case .timedOut:
                throw .timedOut(seconds: Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18)
            case .notStarted(let reason):
                throw FileManager.default.isExecutableFile(atPath: path) ? .engineFailed("it could not be started: \(reason)") : .engineMissing(path: path)
            }
        }
        guard outcome.status == 0 else {
            throw .engineFailed(outcome.errorOutput.isEmpty ? "it exited with status \(outcome.status)" : outcome.errorOutput)
        }
    }
}
