import FolioCore
import Foundation
import Ghost

/// Ghost's quality bars on Debian's lists: load and index ≤ 300 ms, solve every position ≤ 2 s,
/// a legal-move check ≤ 1 µs. The baseline is the obvious design: a `Set<String>` of every
/// prefix, and a solver that recurses over strings with a memo table. The baseline spells in
/// a–z, so the Welsh list (29 letters, some of two characters) is timed without it.
enum GhostBench {
    static func run() {
        for dictionary in GhostDictionary.allCases where dictionary.alphabet.isLatin {
            let path = dictionary.defaultPath
            guard let data = FileManager.default.contents(atPath: path) else {
                print("Ghost \(dictionary.label): \(path) is missing (scripts/setup.sh installs \(dictionary.package)); skipped.")
                continue
            }
            print("Ghost — \(dictionary.label) (\(path)), minimum length 4")
            let loads = (0..<9).map { _ in FolioBench.measure { _ = try! WordList(data: data, minimumLength: 4) } }
            let words = try! WordList(data: data, minimumLength: 4)
            let baselineLoads = (0..<3).map { _ in FolioBench.measure { _ = PrefixSet(data: data, minimumLength: 4) } }
            let prefixSet = PrefixSet(data: data, minimumLength: 4)
            print("    \(words.wordCount) counting words, \(words.nodeCount) positions")
            print(String(format: "    load and index   median %8.1f ms   (bar ≤ 300 ms); Set<String> of prefixes %8.1f ms",
                         FolioBench.median(loads) * 1e3, FolioBench.median(baselineLoads) * 1e3))

            let solves = (0..<9).map { _ in FolioBench.measure { _ = Solver(words: words) } }
            let baselineSolves = (0..<3).map { _ in FolioBench.measure { _ = prefixSet.solve() } }
            let solver = Solver(words: words)
            let baselineWins = prefixSet.solve()
            precondition(baselineWins == solver.firstPlayerWins, "the baseline solver disagrees")
            print(String(format: "    solve all        median %8.1f ms   (bar ≤ 2 s);   recursive string memo %8.1f ms",
                         FolioBench.median(solves) * 1e3, FolioBench.median(baselineSolves) * 1e3))

            // Legal-move checks on fragments a game really reaches, with every letter.
            var random = SeededRandom(seed: 42)
            let fragments = (0..<2000).map { _ in prefixSet.sample(using: &random) }
            let letters = words.alphabet.letters
            let checks = fragments.count * letters.count
            let legalMoves = fragments.reduce(0) { n, f in n + letters.filter { words.canFollow(f, with: $0) }.count }
            var legal = 0
            let ours = (0..<7).map { _ in
                FolioBench.measure { for f in fragments { for c in letters where words.canFollow(f, with: c) { legal += 1 } } } / Double(checks)
            }
            let baseline = (0..<7).map { _ in
                FolioBench.measure { for f in fragments { for c in letters where prefixSet.prefixes.contains(f + c) { legal += 1 } } } / Double(checks)
            }
            print(String(format: "    legal-move check median %8.1f ns   (bar ≤ 1 µs);  Set<String>.contains  %8.1f ns   (%d of %d legal)",
                         FolioBench.median(ours) * 1e9, FolioBench.median(baseline) * 1e9, legalMoves, checks))
            precondition(legal == 14 * legalMoves, "the baseline's legal moves differ")
            for minimum in WordList.allowedMinimumLengths {
                let s = Solver(words: try! WordList(data: data, minimumLength: minimum))
                print("    minimum \(minimum): first player \(s.firstPlayerWins ? "wins" : "loses"); winning first letters "
                      + s.winningFirstLetters.joined(separator: ", "))
            }
            print("")
        }
        for dictionary in GhostDictionary.allCases where !dictionary.alphabet.isLatin { other(dictionary) }
    }

    /// A list in another alphabet: load and solve times, and who wins.
    static func other(_ dictionary: GhostDictionary) {
        guard FileManager.default.fileExists(atPath: dictionary.defaultPath) else {
            print("Ghost \(dictionary.label): \(dictionary.defaultPath) is missing (scripts/setup.sh installs \(dictionary.package)); skipped.")
            return
        }
        print("Ghost — \(dictionary.label) (\(dictionary.defaultPath)), \(dictionary.alphabet.count) letters")
        for minimum in WordList.allowedMinimumLengths {
            let loads = (0..<9).map { _ in FolioBench.measure { _ = try! WordList.load(dictionary, minimumLength: minimum) } }
            let words = try! WordList.load(dictionary, minimumLength: minimum)
            let solves = (0..<9).map { _ in FolioBench.measure { _ = Solver(words: words) } }
            let s = Solver(words: words)
            print(String(format: "    minimum %d: %d counting words, %d positions; load %.1f ms, solve %.2f ms; ", minimum, words.wordCount,
                         words.nodeCount, FolioBench.median(loads) * 1e3, FolioBench.median(solves) * 1e3)
                  + "first player \(s.firstPlayerWins ? "wins" : "loses")"
                  + (s.firstPlayerWins ? "; winning first letters " + s.winningFirstLetters.joined(separator: ", ") : ""))
        }
        print("")
    }
}

/// The baseline: every prefix of every counting word in a hash set, solved by recursion.
struct PrefixSet {
    let prefixes: Set<String>
    let words: Set<String>
    let sorted: [String]

    init(data: Data, minimumLength: Int) {
        let text = String(decoding: data, as: UTF8.self)
        var words = Set<String>()
        for line in text.split(separator: "\n") {
            let word = line.trimmingCharacters(in: .whitespaces)
            if word.count >= minimumLength, word.utf8.allSatisfy({ $0 >= 97 && $0 <= 122 }) { words.insert(word) }
        }
        var prefixes = Set<String>()
        for word in words { for k in 0...word.count { prefixes.insert(String(word.prefix(k))) } }
        self.words = words
        self.prefixes = prefixes
        sorted = prefixes.sorted()
    }

    func sample(using random: inout SeededRandom) -> String {
        var f = sorted.randomElement(using: &random)!
        while words.contains(f) { f.removeLast() }
        return f
    }

    /// Whether the player to move wins from the empty fragment, having valued every position.
    func solve() -> Bool {
        var memo: [String: Bool] = [:]
        func wins(_ fragment: String) -> Bool {
            if let known = memo[fragment] { return known }
            var result = false
            for c in "abcdefghijklmnopqrstuvwxyz" {
                let next = fragment + String(c)
                guard prefixes.contains(next), !words.contains(next) else { continue }
                // No early exit: like the solver, the baseline values every position.
                if !wins(next) { result = true }
            }
            memo[fragment] = result
            return result
        }
        return wins("")
    }
}
