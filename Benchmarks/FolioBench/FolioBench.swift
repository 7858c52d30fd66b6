import FolioStore
import Foundation
import Monologues

/// `swift run -c release folio-bench [PLAYS_DIR]`: the quality bars of the monologue library and
/// of Ghost, as medians over repeated runs, each beside its baseline measured in the same run.
/// `folio-bench swapi` times SWAPI imports of growing size side by side; `folio-bench scale-seed`
/// fills a data directory with one account at scale for `scripts/scale-bench.sh`.
@main
struct FolioBench {
    static func main() async throws {
        let arguments = CommandLine.arguments.dropFirst()
        switch arguments.first {
        case "swapi": return try await SWAPIBench.run()
        case "scale-seed": return try await ScaleSeed.run(Array(arguments.dropFirst()))
        default: break
        }
        let directory = arguments.first.map { URL(fileURLWithPath: $0) }
            ?? ProcessInfo.processInfo.environment["FOLIO_CORPUS"].map { URL(fileURLWithPath: $0) }
            ?? DataDirectory.resolve(explicit: nil).shakespeareURL
        let files = try PlayCorpus.files(in: directory)
        print("Folio benchmarks — \(files.count) plays from \(directory.path)")
        print("")

        // Import: read, parse, extract, write into a fresh database.
        let importTimes = try (0..<5).map { _ in
            try measure {
                let fresh = try PlayCorpus.files(in: directory)
                let (monologues, _) = try PlayCorpus.monologues(from: fresh)
                let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("folio-bench-\(UUID())")
                defer { try? FileManager.default.removeItem(at: scratch) }
                let database = try AppDatabase.open(in: DataDirectory(url: scratch))
                try database.importMonologues(monologues, source: directory.path)
            }
        }
        let (monologues, _) = try PlayCorpus.monologues(from: files)
        report("import all plays (read, parse, extract, write a new database file)", importTimes, unit: .seconds, bar: "≤ 3 s")

        let indexTimes = (0..<5).map { _ in measure { _ = MonologueLibrary(monologues) } }
        report("build the in-memory index", indexTimes, unit: .milliseconds, bar: nil)
        print("")

        let library = MonologueLibrary(monologues)
        let seed = SeedSearch(monologues: library.monologues)
        let cases: [(String, MonologueFilter)] = [
            ("Hamlet revenge blood", MonologueFilter(gender: .male)),
            ("love death night", MonologueFilter(gender: .female, tone: .tragedy)),
            ("king crown blood", MonologueFilter(length: .medium)),
            ("fool wise folly", MonologueFilter(tone: .comedy)),
        ]
        var ratios: [Double] = []
        for (query, filter) in cases {
            let ours = (0..<3000).map { _ in measure { _ = library.search(query, filter: filter, limit: 20) } }
            let baseline = (0..<15).map { _ in measure { _ = seed.search(query, gender: filter.gender, tone: filter.tone, length: filter.length) } }
            let oursMedian = median(ours), baselineMedian = median(baseline)
            ratios.append(baselineMedian / oursMedian)
            let found = library.search(query, filter: filter).total
            let seedFound = seed.search(query, gender: filter.gender, tone: filter.tone, length: filter.length).count
            print("search \"\(query)\" \(describe(filter)): \(found) results (seed's algorithm: \(seedFound))")
            print(String(format: "    Folio index  median %8.1f µs   (bar ≤ 100 µs)", oursMedian * 1e6))
            print(String(format: "    seed search  median %8.1f µs   → %.0f× faster (bar ≥ 100×)", baselineMedian * 1e6, baselineMedian / oursMedian))
        }
        print("")
        let relatedTimes = (0..<50).map { i in measure { _ = library.related(to: library.monologues[i * 37 % library.count].id) } }
        report("related monologues (five most similar)", relatedTimes, unit: .milliseconds, bar: nil)
        print("")
        GhostBench.run()
    }

    enum Unit { case seconds, milliseconds }

    static func measure(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    static func report(_ what: String, _ times: [Double], unit: Unit, bar: String?) {
        let m = median(times)
        let value = unit == .seconds ? String(format: "%.3f s", m) : String(format: "%.1f ms", m * 1000)
        print("\(what): median \(value) over \(times.count) runs" + (bar.map { "   (bar \($0))" } ?? ""))
    }

    static func describe(_ filter: MonologueFilter) -> String {
        var parts: [String] = []
        if let g = filter.gender { parts.append("gender=\(g.rawValue)") }
        if let t = filter.tone { parts.append("tone=\(t.rawValue)") }
        if let l = filter.length { parts.append("length=\(l.rawValue)") }
        return "[" + parts.joined(separator: " ") + "]"
    }
}
