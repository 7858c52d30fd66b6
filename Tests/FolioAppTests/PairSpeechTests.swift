import FolioApp
import FolioCore
import FolioStore
import FolioTestSupport
import Foundation
import Synchronization
import Testing
import Vocabulary
#if canImport(Glibc)
import Glibc
#endif

/// Hearing a side: the engine run with a time limit, the cache in front of it, and the use case
/// that lets a learner hear only their own pairs.
@Suite struct PairSpeechTests {
    static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("folio-audio-\(UUID().uuidString)")
    }

    static func wavFiles(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".wav") }.sorted()
    }

    @Test(.enabled(if: InstalledSpeech.testable, "scripts/setup.sh installs espeak-ng"))
    func espeakRecordsEachSideOnceAndTheCacheAnswersAfter() async throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let engine = CountingSpeech(over: ESpeakNG())
        let cache = SpeechCache(directory: folder, engine: engine)
        #expect(cache.unavailable == nil)
        let welsh = try Utterance(pair: Pair(english: "good morning", welsh: "Bore da"), side: .welsh)

        let clock = ContinuousClock()
        var first: Recording?
        let recorded = try await clock.measure { first = try await cache.recording(of: welsh) }
        let recording = try #require(first)
        #expect(recording.bytes.prefix(4) == Data("RIFF".utf8))
        #expect(recording.bytes[8..<12] == Data("WAVE".utf8))
        #expect(recording.bytes.count > 10_000, "half a second or more of speech")
        #expect(recording.file.lastPathComponent == recording.key + ".wav" && recording.key.count == 64)
        var again: Recording?
        let cached = try await clock.measure { again = try await cache.recording(of: welsh) }
        #expect(again?.bytes == recording.bytes)
        #expect(engine.runs == 1, "the second hearing is read from the cache")
        print("espeak-ng: first recording \(recorded), from the cache \(cached)")

        // The English is its own recording, in the English voice; a side starting with a dash
        // is spoken, not read as an option.
        let english = try await cache.recording(of: try Utterance(pair: Pair(english: "-v xx good morning", welsh: "x"), side: .english))
        #expect(english.key != recording.key && english.bytes.prefix(4) == Data("RIFF".utf8))
        #expect(engine.utterances.map(\.voice) == ["cy", "en-gb"])
        #expect(Self.wavFiles(in: folder).count == 2)
        // Nothing but the recordings is left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 2)
    }

    @Test func aMissingEngineIsAClearErrorBeforeAnythingRuns() async throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = SpeechCache(directory: folder, engine: ESpeakNG(path: "/nonexistent/espeak-ng"))
        let missing = try #require(cache.unavailable)
        #expect(missing.code == "speech_not_installed" && missing.kind == .missingData)
        #expect(missing.message.contains("scripts/setup.sh") && missing.message.contains("apt-get install espeak-ng"))
        let utterance = try Utterance(pair: Pair(welsh: "ci"), side: .welsh)
        await #expect(throws: missing) { try await cache.recording(of: utterance) }
        // Asked directly, the engine says the same.
        await #expect(throws: missing) { try await ESpeakNG(path: "/nonexistent/espeak-ng").record(utterance, to: folder.appendingPathComponent("x.wav")) }
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    /// Whether the program `pidFile` names is still running `sleep`: a killed one is gone (its
    /// number, should it be reused, runs something else).
    static func stillSleeping(_ pidFile: URL) throws -> Bool {
        let pid = try #require(Int32(try String(contentsOf: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        guard kill(pid, 0) == 0 else { return false }
        return FileManager.default.contents(atPath: "/proc/\(pid)/cmdline").map { String(decoding: $0, as: UTF8.self).contains("sleep") } ?? false
    }

    @Test func aHungEngineIsKilledWhenItsTimeIsUp() async throws {
        let folder = Self.folder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // /bin/sleep, after the shell has written down its process number.
        let pidFile = folder.appendingPathComponent("pid")
        await #expect(throws: TimedProcess.Failure.timedOut) {
            try await TimedProcess.run("/bin/sh", arguments: ["-c", "echo $$ > \"$0\"; exec /bin/sleep 600", pidFile.path],
                                       timeout: .milliseconds(300))
        }
        #expect(try !Self.stillSleeping(pidFile))

        // As an engine: a program that never finishes is stopped, and leaves no file behind.
        let hung = folder.appendingPathComponent("hung-engine")
        try "#!/bin/sh\necho $$ > '\(pidFile.path)'\nexec /bin/sleep 600\n".write(to: hung, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hung.path)
        let audio = folder.appendingPathComponent("audio")
        let cache = SpeechCache(directory: audio, engine: ESpeakNG(path: hung.path, timeout: .milliseconds(300)))
        let utterance = try Utterance(pair: Pair(welsh: "Bore da"), side: .welsh)
        await #expect(throws: SpeechError.timedOut(seconds: 0.3)) { try await cache.recording(of: utterance) }
        #expect(try !Self.stillSleeping(pidFile))
        #expect(try FileManager.default.contentsOfDirectory(atPath: audio.path).isEmpty)

        // A program that fails says why, in its own words.
        let failing = try await TimedProcess.run("/bin/sh", arguments: ["-c", "echo 'no such voice' >&2; exit 3"], timeout: .seconds(5))
        #expect(failing.status == 3 && failing.errorOutput == "no such voice")
    }

    @Test func sameWordsAskedForAtOnceAreRecordedOnce() async throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let engine = CountingSpeech(delay: .milliseconds(100))
        let cache = SpeechCache(directory: folder, engine: engine)
        let utterance = try Utterance(pair: Pair(welsh: "Nos da"), side: .welsh)
        let sizes = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<8 { group.addTask { try await cache.recording(of: utterance).bytes.count } }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(engine.runs == 1)
        #expect(Set(sizes) == [CountingSpeech.silence(samples: 2_205 * 6).count])
        #expect(Self.wavFiles(in: folder).count == 1)
    }

    @Test func pastItsLimitTheCacheDropsTheLeastRecentlyHeard() async throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let engine = CountingSpeech()
        // Each of these files is 44 + 2 × 2,205 × 4 = 17,684 bytes; room for five.
        let cache = SpeechCache(directory: folder, engine: engine, byteLimit: 90_000)
        let words = ["ci", "cath", "buwch", "ceffyl", "mochyn", "dafad", "gafr", "iâr"].map { String($0.prefix(4)).padding(toLength: 4, withPad: "a", startingAt: 0) }
        var keys: [String] = []
        for (n, word) in words.enumerated() {
            let utterance = try Utterance(pair: Pair(welsh: word), side: .welsh)
            keys.append(try await cache.recording(of: utterance).key)
            // The first word is heard again after each new one, so it is never the oldest.
            if n > 0 { _ = try await cache.recording(of: try Utterance(pair: Pair(welsh: words[0]), side: .welsh)) }
            try await Task.sleep(for: .milliseconds(20))
        }
        let kept = Self.wavFiles(in: folder)
        let bytes = kept.reduce(0) { $0 + ((try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent($1).path))?[.size] as? Int ?? 0) }
        #expect(bytes <= 90_000)
        #expect(kept.contains(keys[0] + ".wav"), "the word heard most often stays")
        #expect(kept.contains(keys[7] + ".wav"), "the newest stays")
        #expect(!kept.contains(keys[1] + ".wav"), "the oldest not heard again goes")
        #expect(engine.runs == words.count)
    }

    /// An engine whose recordings all wait until the test lets them finish.
    final class HeldSpeech: SpeechEngine {
        let runs = Mutex(0)
        let held = Mutex<(open: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))
        var unavailable: SpeechError? { nil }

        func record(_ utterance: Utterance, to file: URL) async throws(SpeechError) {
            runs.withLock { $0 += 1 }
            await withCheckedContinuation { continuation in
                let open = held.withLock { held in
                    if !held.open { held.waiting.append(continuation) }
                    return held.open
                }
                if open { continuation.resume() }
            }
            try? CountingSpeech.silence(samples: 10).write(to: file)
        }

        func release() {
            held.withLock { held in
                held.open = true
                defer { held.waiting = [] }
                return held.waiting
            }.forEach { $0.resume() }
        }
    }

    @Test func recordingsPastThePlacesAndTheQueueAreRefused() async throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let engine = HeldSpeech()
        let cache = SpeechCache(directory: folder, engine: engine)
        let admitted = SpeechCache.concurrentRecordings + SpeechCache.waitingRecordings
        let utterances = try (0...admitted).map { try Utterance(pair: Pair(welsh: "gair \($0)"), side: .welsh) }
        let outcomes = await withTaskGroup(of: SpeechError?.self) { group in
            for utterance in utterances {
                group.addTask {
                    do { _ = try await cache.recording(of: utterance); return nil } catch { return error as? SpeechError }
                }
            }
            // Nothing can finish while the engine holds its recordings, but the one turned away.
            var outcomes = [await group.next() ?? nil]
            engine.release()
            for await outcome in group { outcomes.append(outcome) }
            return outcomes
        }
        #expect(outcomes.first == .busy)
        #expect(outcomes.dropFirst().allSatisfy { $0 == nil } && outcomes.count == admitted + 1)
        #expect(engine.runs.withLock { $0 } == admitted)
        #expect(Self.wavFiles(in: folder).count == admitted)
        #expect(SpeechError.busy.kind == .rateLimited)
    }

    @Test func aLearnerHearsOnlyTheirOwnPairsAndOnlySidesWithWords() async throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try AppDatabase.inMemory()
        let learner = try await store.createAccount(username: "learner", passwordHash: "x", now: Date())
        let other = try await store.createAccount(username: "other", passwordHash: "x", now: Date())
        let book = PairBook(store: store, pairLimit: nil)
        let engine = CountingSpeech()
        let speech = PairSpeech(book: book, cache: SpeechCache(directory: folder, engine: engine))
        let dog = try #require(try await book.add(Pair(english: "dog", welsh: "ci"), accountID: learner.id).id)
        let half = try #require(try await book.add(Pair(english: "to look up"), accountID: learner.id).id)

        let recording = try await speech.recording(of: dog, side: .welsh, accountID: learner.id)
        #expect(recording.bytes.prefix(4) == Data("RIFF".utf8))
        await #expect(throws: StoreError.self) { try await speech.recording(of: dog, side: .welsh, accountID: other.id) }
        await #expect(throws: SpeechError.nothingToSay(.welsh)) { try await speech.recording(of: half, side: .welsh, accountID: learner.id) }
        #expect(engine.runs == 1)
        #expect(PairSpeech.sides(of: Pair(english: "to look up")).map(\.side) == [.english])
        #expect(PairSpeech.sides(of: Pair(english: "dog", welsh: "ci"), [.english]).map(\.side) == [.english])
    }
}
