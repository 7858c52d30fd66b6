import FolioApp
import Foundation
import Synchronization
import Vocabulary

/// Debian's espeak-ng, when set-up installed it. Under CI (`RealCorpus.required`) tests that
/// need it run regardless, and fail if it is missing.
public enum InstalledSpeech {
    public static let present = FileManager.default.isExecutableFile(atPath: ESpeakNG.debianPath)
    public static let testable = present || RealCorpus.required
}

/// A speech engine that counts its runs: over espeak-ng when given one, else writing a small
/// WAV file of its own (a tenth of a second of silence per character), so a test can tell a
/// recording from a cache hit without the real engine.
public final class CountingSpeech: SpeechEngine {
    public let engine: (any SpeechEngine)?
    /// How long each run takes, for tests of runs that overlap.
    public let delay: Duration
    private let counted = Mutex<[Utterance]>([])

    public init(over engine: (any SpeechEngine)? = nil, delay: Duration = .zero) {
        self.engine = engine
        self.delay = delay
    }

    /// How many times the engine ran.
    public var runs: Int { counted.withLock { $0.count } }
    public var utterances: [Utterance] { counted.withLock { $0 } }

    public var unavailable: SpeechError? { engine?.unavailable }

    public func record(_ utterance: Utterance, to file: URL) async throws(SpeechError) {
        counted.withLock { $0.append(utterance) }
        if delay > .zero { try? await Task.sleep(for: delay) }
        if let engine { return try await engine.record(utterance, to: file) }
        do {
            try Self.silence(samples: 2_205 * utterance.text.count).write(to: file)
        } catch {
            throw .engineFailed("\(error)")
        }
    }

    /// A mono 16-bit WAV file at 22,050 Hz, as espeak-ng writes, of `samples` zero samples.
    public static func silence(samples: Int) -> Data {
        func le<T: FixedWidthInteger>(_ value: T) -> Data { withUnsafeBytes(of: value.littleEndian) { Data($0) } }
        let dataBytes = UInt32(samples * 2)
        var wav = Data("RIFF".utf8) + le(36 + dataBytes) + Data("WAVEfmt ".utf8)
        wav += le(UInt32(16)) + le(UInt16(1)) + le(UInt16(1)) + le(UInt32(22_050)) + le(UInt32(44_100)) + le(UInt16(2)) + le(UInt16(16))
        wav += Data("data".utf8) + le(dataBytes) + Data(count: Int(dataBytes))
        return wav
    }
}
