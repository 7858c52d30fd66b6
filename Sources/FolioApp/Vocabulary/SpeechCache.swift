import FolioDigest
import Foundation
import Vocabulary
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Spoken sides kept as WAV files in one folder (`audio/` in the data directory), each recorded
/// the first time it is asked for and read from the folder after that.
///
/// A file is named by the SHA-256 of its listener, voice and text, never by anything a learner
/// typed, so the same words in the same voice are recorded once per account (a recording shared
/// across accounts was a timing oracle: a fast answer meant someone had heard those words), and
/// an edited side is a new file. A recording is written under a temporary name in the same folder and renamed into place,
/// so a reader (or another process recording the same words at once) never sees half a file.
///
/// Bounded three ways: a few recordings run at once, and a few more wait, past which the request
/// is refused (`SpeechError.busy`); the same words asked for twice at once are recorded once; and
/// past `byteLimit` the files heard least recently are removed. The folder's size is read once
/// per process and then kept up to date here, so another process writing to the same folder is
/// seen at the next sweep, which also clears temporary files a crash left.
public actor SpeechCache {
    /// About 3,000 sides of a few words each ("Bore da" is 40 KB: espeak-ng writes 44 KB a
    /// second of speech), or a hundred of the longest (1.3 MB for 500 characters).
    public static let standardByteLimit = 128 * 1_048_576
    /// espeak-ng keeps one core busy while it runs: two at once leave the server room to answer
    /// everything else on a small machine.
    public static let concurrentRecordings = 2
    /// Recordings that may wait for a place; each takes a fraction of a second, so the last of
    /// them waits about a second, and one more is told to try again.
    public static let waitingRecordings = 16

    public nonisolated let directory: URL
    public nonisolated let engine: any SpeechEngine
    public nonisolated let byteLimit: Int

    private var recordings: [String: Task<URL, any Error>] = [:]
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []
    /// Bytes in the folder as this process last knew it; nil until its first sweep.
    private var knownBytes: Int?

    public init(directory: URL, engine: any SpeechEngine = ESpeakNG(), byteLimit: Int = SpeechCache.standardByteLimit) {
        self.directory = directory
        self.engine = engine
        self.byteLimit = byteLimit
    }

    /// Nil when sides can be heard; else why not.
    public nonisolated var unavailable: SpeechError? { engine.unavailable }

    /// The name of the file that holds `utterance`: its listener, voice and text hashed, 64 hex digits.
    public nonisolated static func key(for utterance: Utterance) -> String {
        let listener = utterance.listener.map { $0 + "\u{0}" } ?? ""
        return Digest.hex(Digest.sha256(Data((listener + utterance.voice + "\u{0}" + utterance.text).utf8)))
    }

    public nonisolated func location(of key: String) -> URL {
        directory.appendingPathComponent(key + ".wav")
    }

    /// The WAV file of `utterance`: the kept one, or one recorded now.
    public func file(for utterance: Utterance) async throws(SpeechError) -> URL {
        let key = Self.key(for: utterance)
        let file = location(of: key)
        if FileManager.default.fileExists(atPath: file.path) {
            // Heard again: the newest, so the last to go in a sweep.
            try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: file.path)
            return file
        }
        let task: Task<URL, any Error>
        if let recording = recordings[key] {
            task = recording
        } else {
            if let unavailable { throw unavailable }
            task = Task { try await self.record(utterance, key: key, as: file) }
            recordings[key] = task
        }
        do {
            return try await task.value
        } catch let error as SpeechError {
            throw error
        } catch {
            throw .engineFailed(String(describing: error))
        }
    }

    /// `utterance`'s file and its bytes. A file removed by a sweep between the two is recorded again.
    public nonisolated func recording(of utterance: Utterance) async throws(SpeechError) -> Recording {
        for _ in 0..<2 {
            let file = try await file(for: utterance)
            if let bytes = try? Data(contentsOf: file) {
                return Recording(key: Self.key(for: utterance), file: file, bytes: bytes)
            }
        }
        throw .cacheUnwritable(directory.path)
    }

    // MARK: - Recording

    private func record(_ utterance: Utterance, key: String, as file: URL) async throws(SpeechError) -> URL {
        defer { recordings[key] = nil }
        try await enter()
        defer { leave() }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .cacheUnwritable(directory.path)
        }
        let temporary = directory.appendingPathComponent(Self.temporaryPrefix + UUID().uuidString + ".wav")
        defer { try? FileManager.default.removeItem(at: temporary) }
        try await engine.record(utterance, to: temporary)
        guard Self.isWAV(temporary) else { throw .engineFailed("it wrote no WAV file") }
        // rename(2) replaces the name in one step: a reader opens the old file or the new one.
        guard rename(temporary.path, file.path) == 0 else { throw .cacheUnwritable(directory.path) }
        let size = ((try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? Int) ?? 0
        if let known = knownBytes, known + size <= byteLimit {
            knownBytes = known + size
        } else {
            sweep()
        }
        return file
    }

    static let temporaryPrefix = ".recording-"

    /// A RIFF file of WAVE data, as `-w` writes: anything else is not played.
    static func isWAV(_ file: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: file) else { return false }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 12), head.count == 12 else { return false }
        return head.prefix(4) == Data("RIFF".utf8) && head.suffix(4) == Data("WAVE".utf8)
    }

    /// Counts the folder, removes temporary files older than a minute (left by a crash: no
    /// recording takes that long), and past the limit removes the files heard least recently
    /// until three quarters of it are used, so a full cache is not swept on every recording.
    private func sweep(now: Date = Date()) {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: directory.path) else { return }
        var files: [(path: String, size: Int, date: Date)] = []
        for name in names {
            let path = directory.appendingPathComponent(name).path
            guard let attributes = try? manager.attributesOfItem(atPath: path) else { continue }
            let date = attributes[.modificationDate] as? Date ?? .distantPast
            if name.hasPrefix(Self.temporaryPrefix) {
                if now.timeIntervalSince(date) > 60 { try? manager.removeItem(atPath: path) }
            } else if name.hasSuffix(".wav") {
                files.append((path, attributes[.size] as? Int ?? 0, date))
            }
        }
        var total = files.reduce(0) { $0 + $1.size }
        if total > byteLimit {
            for file in files.sorted(by: { $0.date < $1.date }) where total > byteLimit / 4 * 3 {
                if (try? manager.removeItem(atPath: file.path)) != nil { total -= file.size }
            }
        }
        knownBytes = total
    }

    // MARK: - Places

    /// Takes one of the places to record, waiting for one if they are all taken and few others
    /// wait; else refuses.
    private func enter() async throws(SpeechError) {
        if running < Self.concurrentRecordings {
            running += 1
            return
        }
        guard waiting.count < Self.waitingRecordings else { throw .busy }
        // `leave` hands its place straight to the first waiting, so `running` stays as it is.
        await withCheckedContinuation { waiting.append($0) }
    }

    private func leave() {
        if waiting.isEmpty {
            running -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}

/// A spoken side: its file in the cache, and the bytes of it.
public struct Recording: Sendable {
    /// The SHA-256 of its voice and text: the same words, the same key.
    public let key: String
    public let file: URL
    public let bytes: Data
}
