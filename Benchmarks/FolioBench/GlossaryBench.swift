import FolioApp
import FolioCore
import FolioStore
import Foundation
import Monologues

/// `folio-bench glossary [PLAYS_DIR]`: the word lookup's quality bar, ≤ 1 ms a word, timed on
/// words of the monologues themselves (every form they use, Elizabethan ones included), and
/// what the dictionary costs to load and to keep. There was no lookup before; the baseline is
/// the obvious design without an index in memory — scanning dictd's index file for the word.
enum GlossaryBench {
    static func run(_ arguments: [String]) async throws {
        let shelf = GlossaryShelf.shared
        guard shelf.isInstalled else {
            print("Glossary: \(shelf.directory)/gcide.index is missing (scripts/setup.sh installs dict-gcide); skipped.")
            return
        }
        let directory = arguments.first.map { URL(fileURLWithPath: $0) }
            ?? ProcessInfo.processInfo.environment["FOLIO_CORPUS"].map { URL(fileURLWithPath: $0) }
            ?? DataDirectory.resolve(explicit: nil).shakespeareURL
        let (monologues, _) = try PlayCorpus.monologues(from: try PlayCorpus.files(in: directory))

        // A few hundred distinct words, taken evenly through the library, so common and rare,
        // plain and Elizabethan forms come in the proportions a reader meets them.
        var seen = Set<String>()
        var words: [String] = []
        for (number, monologue) in monologues.enumerated() where number % 7 == 0 {
            for word in monologue.text.split(whereSeparator: { !($0.isLetter || $0 == "'" || $0 == "’") }).prefix(6) {
                let word = String(word)
                if GlossaryForms.clean(word) != nil, seen.insert(word.lowercased()).inserted { words.append(word) }
            }
        }
        words = Array(words.prefix(400))

        let residentBefore = residentMegabytes()
        let start = DispatchTime.now().uptimeNanoseconds
        let glossary = try await shelf.glossary()
        let loadTime = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let residentAfter = residentMegabytes()
        print("Glossary — GCIDE from \(shelf.directory), \(glossary.count) single-word headwords")
        print(String(format: "    first lookup reads and indexes the dictionary: %.0f ms; resident memory +%.0f MB (%.0f → %.0f MB)",
                     loadTime * 1e3, residentAfter - residentBefore, residentBefore, residentAfter))

        var times: [Double] = []
        var found = 0, glossed = 0
        for word in words {
            var meaning: WordMeaning?
            for _ in 0..<5 { times.append(FolioBench.measure { meaning = try? glossary.define(word) }) }
            if let meaning {
                found += 1
                if meaning.gloss != nil { glossed += 1 }
            }
        }
        let sorted = times.sorted()
        if ProcessInfo.processInfo.environment["GLOSSARY_BENCH_SLOWEST"] != nil {
            let slowest = zip(words, stride(from: 0, to: times.count, by: 5).map { times[$0..<($0 + 5)].min()! }).sorted { $0.1 > $1.1 }.prefix(8)
            print("    slowest: " + slowest.map { String(format: "%@ %.0f µs", $0.0, $0.1 * 1e6) }.joined(separator: ", "))
        }
        print("    \(words.count) words of the monologues: \(found) found (\(glossed) with our own gloss), \(words.count - found) not")
        print(String(format: "    lookup           median %8.1f µs   p95 %8.1f µs   max %8.1f µs   (bar ≤ 1 ms)",
                     FolioBench.median(times) * 1e6, sorted[sorted.count * 95 / 100] * 1e6, sorted.last! * 1e6))

        // The baseline: scan the index file for the word's line, as a reader without an index would.
        let index = [UInt8](FileManager.default.contents(atPath: shelf.indexPath) ?? Data())
        let baseline = words.prefix(40).map { word in
            FolioBench.measure {
                let key = TextFolding.fold(word)
                _ = DictdIndex.scan(index) { headword, _, _, _ in _ = headword.count == key.utf8.count && headword.elementsEqual(key.utf8) }
            }
        }
        print(String(format: "    scanning the index file per lookup (no index in memory): median %8.1f ms",
                     FolioBench.median(baseline) * 1e3))
        print("")
    }

    /// This process's resident set, from /proc (Linux).
    static func residentMegabytes() -> Double {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
              let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Double($0) }) else { return 0 }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }
}
