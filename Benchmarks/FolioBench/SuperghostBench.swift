import FolioCore
import Foundation
import Ghost

/// `folio-bench superghost`: Superghost's bars on Debian's lists at minimum length 4: build the
/// infix index and solve every position in ≤ 2 s together, in ≤ 500 MB. The baseline is the rules
/// written over strings: a `Set<String>` of every infix and a recursion with a memo table.
/// Peak memory is each process's VmHWM, so every figure comes from a child process that builds one
/// thing only (`folio-bench superghost peak DICTIONARY index|baseline|list`).
enum SuperghostBench {
    static let minimumLength = 4
    /// The baseline on every eighth Dutch word: on the whole list it would hold 4.7 million infix
    /// strings and take minutes.
    static let dutchBaselineStride = 8

    static func run(_ arguments: [String]) throws {
        if arguments.first == "peak" { return try peak(Array(arguments.dropFirst())) }
        // The baseline spells in a–z: lists in other alphabets are only solved, below.
        for dictionary in GhostDictionary.allCases where dictionary.alphabet.isLatin {
            guard let data = FileManager.default.contents(atPath: dictionary.defaultPath) else {
                print("Superghost \(dictionary.label): \(dictionary.defaultPath) is missing (scripts/setup.sh installs \(dictionary.package)); skipped.")
                continue
            }
            try measure(dictionary, data)
        }
        for dictionary in GhostDictionary.allCases {
            guard FileManager.default.fileExists(atPath: dictionary.defaultPath) else { continue }
            print("Superghost — \(dictionary.label), who wins under perfect play")
            for minimum in WordList.allowedMinimumLengths {
                let words = try WordList.load(dictionary, minimumLength: minimum)
                let solver = SuperghostSolver(words: words)
                print("    minimum \(minimum): \(words.wordCount) counting words, \(solver.index.nodeCount) infixes; first player \(solver.firstPlayerWins ? "wins" : "loses")"
                      + (solver.firstPlayerWins ? "; winning first letters " + solver.winningFirstMoves.map(\.letter).joined(separator: ", ") : ""))
            }
            print("")
        }
    }

    static func measure(_ dictionary: GhostDictionary, _ data: Data) throws {
        print("Superghost — \(dictionary.label) (\(dictionary.defaultPath)), minimum length \(minimumLength)")
        let words = try WordList(data: data, minimumLength: minimumLength)
        let builds = (0..<5).map { _ in FolioBench.measure { _ = InfixIndex(words: words) } }
        let index = InfixIndex(words: words)
        let solves = (0..<5).map { _ in FolioBench.measure { _ = SuperghostSolver(index: index) } }
        let solver = SuperghostSolver(index: index)
        let build = FolioBench.median(builds), solve = FolioBench.median(solves)
        print("    \(words.wordCount) counting words, \(index.nodeCount) infixes (positions and words)")
        print(String(format: "    build the infix index  median %7.1f ms over %d runs", build * 1e3, builds.count))
        print(String(format: "    solve every position   median %7.1f ms over %d runs", solve * 1e3, solves.count))
        print(String(format: "    index and solve        %7.1f ms   (bar ≤ 2 s)", (build + solve) * 1e3))
        // The server keeps one index a list, built at the shortest minimum and viewed at this one.
        let shortest = try WordList(data: data, minimumLength: WordList.allowedMinimumLengths.lowerBound)
        let shared = InfixIndex(words: shortest).atMinimumLength(of: words)
        let viewSolves = (0..<5).map { _ in FolioBench.measure { _ = SuperghostSolver(index: shared) } }
        let viewSolver = SuperghostSolver(index: shared)
        precondition(viewSolver.firstPlayerWins == solver.firstPlayerWins, "the shared index disagrees about the first player")
        let probes = (0..<20_000).map { k in index.words.alphabet.spell([k % index.words.alphabet.count, (k / 7) % index.words.alphabet.count]) }
        func moveTime(_ s: SuperghostSolver) -> Double {
            FolioBench.median((0..<5).map { _ in FolioBench.measure { for p in probes { _ = try? s.winningMoves(p) } } }) / Double(probes.count)
        }
        print(String(format: "    solve on the shared index (built at %d, %d infixes)  median %7.1f ms; winning moves %.2f µs a position (own index %.2f µs)",
                     shortest.minimumLength, shared.nodeCount, FolioBench.median(viewSolves) * 1e3, moveTime(viewSolver) * 1e6, moveTime(solver) * 1e6))
        let list = try peakInChild(dictionary, "list")
        let ours = try peakInChild(dictionary, "index")
        print(String(format: "    peak memory (VmHWM)    %7.1f MB   (bar ≤ 500 MB); a process that only reads the list into a WordList: %.1f MB",
                     ours, list))

        // The baseline, and the index on the same words, side by side.
        let counting = countingWords(data)
        let sample = dictionary == .dutch ? stride(from: 0, to: counting.count, by: dutchBaselineStride).map { counting[$0] } : counting
        let sampleList = try WordList(words: sample, minimumLength: minimumLength)
        let sampleRuns = dictionary == .dutch ? 1 : 3
        let baselineTimes = (0..<sampleRuns).map { _ in FolioBench.measure { _ = InfixSet(words: sample).firstPlayerWins() } }
        let sampleOurs = (0..<5).map { _ in FolioBench.measure { _ = SuperghostSolver(words: sampleList) } }
        let baselineWins = InfixSet(words: sample).firstPlayerWins()
        precondition(baselineWins == SuperghostSolver(words: sampleList).firstPlayerWins, "the baseline disagrees about the first player")
        if dictionary != .dutch { precondition(baselineWins == solver.firstPlayerWins) }
        let baselinePeak = try peakInChild(dictionary, "baseline")
        let sampleInfixes = InfixIndex(words: sampleList).nodeCount
        let what = (dictionary == .dutch ? "every \(dutchBaselineStride)th word" : "the whole list") + " (\(sample.count) words, \(sampleInfixes) infixes)"
        print("    baseline on \(what): Set<String> of infixes, recursion with a [String: Bool] memo")
        print(String(format: "        baseline median %8.1f ms, peak %7.1f MB;  index and solve on the same words median %7.1f ms, peak %7.1f MB",
                     FolioBench.median(baselineTimes) * 1e3, baselinePeak, FolioBench.median(sampleOurs) * 1e3,
                     try peakInChild(dictionary, "sample-index")))
        print("")
    }

    /// Counting words read the obvious way, sorted, for the baseline.
    static func countingWords(_ data: Data) -> [String] {
        var words = Set<String>()
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let word = line.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\r"))
            if word.count >= minimumLength, word.utf8.allSatisfy({ $0 >= 97 && $0 <= 122 }) { words.insert(word) }
        }
        return words.sorted()
    }

    // MARK: Peak memory

    /// Runs `folio-bench superghost peak DICTIONARY WHAT` and returns the child's VmHWM in MB.
    static func peakInChild(_ dictionary: GhostDictionary, _ what: String) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        process.arguments = ["superghost", "peak", dictionary.rawValue, what]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0, let kilobytes = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "the peak-memory run for \(what) failed: \(text)"])
        }
        return kilobytes / 1024
    }

    /// In the child: build one thing, keep it alive, print VmHWM in kB.
    static func peak(_ arguments: [String]) throws {
        guard arguments.count == 2, let dictionary = GhostDictionary(rawValue: arguments[0]),
              let data = FileManager.default.contents(atPath: dictionary.defaultPath) else {
            throw CocoaError(.fileReadNoSuchFile)
        }
        switch arguments[1] {
        case "list":
            let words = try WordList(data: data, minimumLength: minimumLength)
            withExtendedLifetime(words) { print(highWaterMark()) }
        case "index":
            let solver = SuperghostSolver(words: try WordList(data: data, minimumLength: minimumLength))
            withExtendedLifetime(solver) { print(highWaterMark()) }
        case "sample-index", "baseline":
            let counting = countingWords(data)
            let sample = dictionary == .dutch ? stride(from: 0, to: counting.count, by: dutchBaselineStride).map { counting[$0] } : counting
            if arguments[1] == "baseline" {
                let set = InfixSet(words: sample)
                _ = set.firstPlayerWins()
                withExtendedLifetime(set) { print(highWaterMark()) }
            } else {
                let solver = SuperghostSolver(words: try WordList(words: sample, minimumLength: minimumLength))
                withExtendedLifetime(solver) { print(highWaterMark()) }
            }
        default:
            throw CocoaError(.featureUnsupported)
        }
    }

    /// The process's peak resident size so far, in kB, from /proc/self/status.
    static func highWaterMark() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.split(separator: " ")[1]) ?? 0
        }
        return 0
    }
}

/// The baseline: every infix of every counting word in a hash set, valued by recursion over
/// strings with a memo table.
struct InfixSet {
    let words: Set<String>
    let infixes: Set<String>

    init(words: [String]) {
        self.words = Set(words)
        var infixes: Set<String> = [""]
        for word in words {
            let letters = Array(word.utf8)
            for i in 0..<letters.count {
                for j in (i + 1)...letters.count { infixes.insert(String(decoding: letters[i..<j], as: UTF8.self)) }
            }
        }
        self.infixes = infixes
    }

    /// Whether the player to move wins from the empty fragment, having valued every position.
    func firstPlayerWins() -> Bool {
        var memo: [String: Bool] = [:]
        func wins(_ fragment: String) -> Bool {
            if let known = memo[fragment] { return known }
            var result = false
            for c in "abcdefghijklmnopqrstuvwxyz" {
                for next in fragment.isEmpty ? [String(c)] : [fragment + String(c), String(c) + fragment] {
                    guard infixes.contains(next), !words.contains(next) else { continue }
                    // No early exit: like the solver, the baseline values every position.
                    if !wins(next) { result = true }
                }
            }
            memo[fragment] = result
            return result
        }
        return wins("")
    }
}
