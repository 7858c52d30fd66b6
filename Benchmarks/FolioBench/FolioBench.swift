import FolioStore
import Foundation
import Monologues

/// `swift run -c release folio-bench [PLAYS_DIR]`: the quality bars of the monologue library and
/// of Ghost, as medians over repeated runs, each beside its baseline measured in the same run.
/// `folio-bench swapi` times SWAPI imports of growing size side by side; `folio-bench scale-seed`
/// fills a data directory with one account at scale for `scripts/scale-bench.sh`; `folio-bench glossary`
/// times word lookups in GCIDE; `folio-bench optimizer` fits FSRS-6's weights to simulated learners;
/// `folio-bench ghost` loads and solves the Ghost lists alone;
/// `folio-bench superghost` builds and solves Superghost's infix index on Debian's lists; `folio-bench ghost-tables` times
/// the searches behind reviews and hard computers at tables of three or more.
@main
struct FolioBench {
    static func main() async throws {
        let arguments = CommandLine.arguments.dropFirst()
        switch arguments.first {
        case "swapi": return try await SWAPIBench.run()
        case "scale-seed": return try await ScaleSeed.run(Array(arguments.dropFirst()))
        case "glossary": return try await GlossaryBench.run(Array(arguments.dropFirst()))
        case "vocab-stats": return try await VocabStatsBench.run()
        case "optimizer": return try await OptimizerBench.run(Array(arguments.dropFirst()))
        case "superghost": return try SuperghostBench.run(Array(arguments.dropFirst()))
        case "ghost-tables": return try TableBench.run()
        case "ghost": return GhostBench.run()
        default: break
        }
        let directory = arguments.first.map { URL(fileURLWithPath: $0) }
            ?? ProcessInfo.processInfo.environment["FOLIO_CORPUS"].map { URL(fileURLWithPath: $0) }
            ?? DataDirectory.resolve(explicit: nil).shakespeareURL
        let files = try PlayCorpus.files(in: directory)
        if arguments.dropFirst().first == "search-guard" {
            // `folio-bench PLAYS_DIR search-guard [FLOOR]`: the test command's ratio guard (exit 1 below it).
            let library = MonologueLibrary(try PlayCorpus.monologues(from: files).monologues)
            let floor = arguments.dropFirst(2).first.flatMap(Double.init) ?? 10
            if try !SearchGuard.run(library, floor: floor) { exit(1) }
            return
        }
        if arguments.dropFirst().first == "import" {
            // `folio-bench PLAYS_DIR import`: reading, parsing and extracting the plays, then the
            // whole import into a new database file, for a quick before-and-after.
            let parse = try (0..<5).map { _ in try measure { _ = try PlayCorpus.monologues(from: try PlayCorpus.files(in: directory)) } }
            report("read, parse and extract all plays", parse, unit: .seconds, bar: nil)
            let monologues = try PlayCorpus.monologues(from: files).monologues
            let write = try (0..<5).map { _ in
                try measure {
                    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("folio-bench-\(UUID())")
                    defer { try? FileManager.default.removeItem(at: scratch) }
                    try AppDatabase.open(in: DataDirectory(url: scratch)).importMonologues(monologues, source: directory.path)
                }
            }
            report("open a new database file and write the monologues", write, unit: .seconds, bar: nil)
            let open = try (0..<5).map { _ in
                try measure {
                    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("folio-bench-\(UUID())")
                    defer { try? FileManager.default.removeItem(at: scratch) }
                    _ = try AppDatabase.open(in: DataDirectory(url: scratch))
                }
            }
            report("    of which opening it (creating the schema)", open, unit: .seconds, bar: nil)
            let whole = try (0..<5).map { _ in try measure { try importOnce(directory) } }
            report("import all plays (read, parse, extract, write a new database file)", whole, unit: .seconds, bar: "≤ 0.5 s")
            return
        }
        if arguments.dropFirst().first == "digest" {
            // `folio-bench PLAYS_DIR digest`: every extracted monologue, field by field, one per
            // line: what a change to the parser or extractor must leave as it was (diff two runs).
            let (monologues, warnings) = try PlayCorpus.monologues(from: files)
            for m in monologues {
                print([m.id, m.title, m.play, m.character, m.gender.rawValue, m.tone.rawValue, "\(m.act).\(m.scene)", m.location, m.notes,
                       m.text, "\(m.wordCount)/\(m.lineCount)/\(m.seconds)", m.length.rawValue, "\(m.verse)", m.tags.joined(separator: ","),
                       m.spokenText, m.firstLine].joined(separator: "|").debugDescription)
            }
            warnings.forEach { print($0) }
            let library = MonologueLibrary(monologues)
            for query in ["revenge", "reveng'd", "revenged", "speaking", "alone", "o'er", "goin'", "king crown blood", "love death night",
                          "\"to be or not to be\"", "venge*", "night", "fool wise folly", "Hamlet revenge blood", "to-night",
                          "\"my lord\" king", "\"lady macbeth\"", "tragic love", "crown* blood", "kisses", "comic fool", "reveng'd blood"] {
                let result = library.search(query, limit: 40)
                print(query, result.total, result.items.map(\.id).joined(separator: " "))
            }
            // As typed: the last word is a word's start.
            for query in ["to-mor", "is this a dag", "\"my lo", "king cro", "love de"] {
                let result = library.search(query, limit: 40, lastWordIsPrefix: true)
                print("typing", query, result.total, result.items.map(\.id).joined(separator: " "))
            }
            let filtered = library.search("night", filter: MonologueFilter(gender: .female, tone: .tragedy), limit: 40)
            print("filtered night", filtered.total, filtered.items.map(\.id).joined(separator: " "))
            return
        }
        if arguments.dropFirst().first == "snippet-digest" {
            // `folio-bench PLAYS_DIR snippet-digest`: the search benches' queries, each result's id
            // and snippet marked, from ids and from the text: what a change to search or snippets
            // must leave as it was (diff two runs).
            let library = MonologueLibrary(try PlayCorpus.monologues(from: files).monologues)
            let queries: [(String, MonologueFilter, Bool)] = [
                ("Hamlet revenge blood", MonologueFilter(gender: .male), false), ("Hamlet revenge blood", MonologueFilter(), false),
                ("love death night", MonologueFilter(gender: .female, tone: .tragedy), false), ("love death night", MonologueFilter(), false),
                ("king crown blood", MonologueFilter(length: .medium), false), ("king crown blood", MonologueFilter(), false),
                ("fool wise folly", MonologueFilter(tone: .comedy), false), ("fool wise folly", MonologueFilter(), false),
                ("\"to be or not to be\"", MonologueFilter(), false), ("to be or not to be", MonologueFilter(), false),
                ("venge* blood", MonologueFilter(), false), ("tragic love", MonologueFilter(gender: .female), false),
                ("\"my lord\" king", MonologueFilter(form: .verse, age: .older), false), ("\"my lord\" king", MonologueFilter(), false),
                ("night", MonologueFilter(gender: .female, play: "romeo-and-juliet", age: .young, fresh: true), false),
                ("is this a dag", MonologueFilter(), true), ("to-mor", MonologueFilter(), true), ("\"my lo", MonologueFilter(), true),
                ("king cro", MonologueFilter(), true), ("love de", MonologueFilter(), true), ("reveng'd blood", MonologueFilter(), false),
                ("\"lady macbeth\"", MonologueFilter(), false), ("crown* blood", MonologueFilter(), false), ("o'er", MonologueFilter(), false),
                ("hamlet", MonologueFilter(), false), ("to be", MonologueFilter(), false), ("romeo romeo", MonologueFilter(), false),
            ]
            for (query, filter, typing) in queries {
                let prepared = library.prepare(query, lastWordIsPrefix: typing)
                for offset in [0, 20] {
                    let page = library.searchNumbers(prepared, filter: filter, limit: 20, offset: offset)
                    print(query, describe(filter), typing, offset, page.total, page.numbers.map { library.monologues[$0].id }.joined(separator: " "))
                    for (number, snippet) in zip(page.numbers, library.snippets(of: page.numbers, for: prepared)) {
                        let fromText = library.snippet(of: library.monologues[number].spokenText, for: prepared)
                        print("  ", library.monologues[number].id, (snippet?.marked() ?? "-").debugDescription,
                              snippet == fromText ? "" : "FROM TEXT: " + (fromText?.marked() ?? "-").debugDescription)
                    }
                }
            }
            return
        }
        if arguments.dropFirst().first == "index" {
            // `folio-bench PLAYS_DIR index`: building the in-memory index alone, for a quick
            // before-and-after, and what it adds to the process's resident memory beside the
            // monologues it is given (measured first, before freed memory can be reused).
            let monologues = try PlayCorpus.monologues(from: files).monologues
            let before = residentKiB()
            let library = MonologueLibrary(monologues)
            let added = residentKiB() - before
            let times = (0..<9).map { _ in measure { _ = MonologueLibrary(monologues) } }
            report("build the in-memory index", times, unit: .milliseconds, bar: "≤ 200 ms")
            print(String(format: "the index adds %.1f MiB resident for %d monologues", Double(added) / 1024, library.count))
            return
        }
        if arguments.dropFirst().first == "search" || ProcessInfo.processInfo.environment["FOLIO_BENCH_ONLY"] == "search" {
            // `folio-bench PLAYS_DIR search`: the search medians alone, for a quick before-and-after.
            let library = MonologueLibrary(try PlayCorpus.monologues(from: files).monologues)
            searchCases(library)
            searchFinding(library)
            return
        }
        print("Folio benchmarks — \(files.count) plays from \(directory.path)")
        print("")

        // Import: read, parse, extract, write into a fresh database.
        let importTimes = try (0..<5).map { _ in try measure { try importOnce(directory) } }
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
        searchFinding(library)
        print("")
        let relatedTimes = (0..<50).map { i in measure { _ = library.related(to: library.monologues[i * 37 % library.count].id) } }
        report("related monologues (five most similar)", relatedTimes, unit: .milliseconds, bar: nil)
        print("")
        GhostBench.run()
    }

    /// The process's resident memory (VmRSS), in KiB.
    static func residentKiB() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    /// One import of every play into a new database file, as `folio import` does it.
    static func importOnce(_ directory: URL) throws {
        let fresh = try PlayCorpus.files(in: directory)
        let (monologues, _) = try PlayCorpus.monologues(from: fresh)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("folio-bench-\(UUID())")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let database = try AppDatabase.open(in: DataDirectory(url: scratch))
        try database.importMonologues(monologues, source: directory.path)
    }

    /// The seed-comparison cases' Folio medians alone (no seed run): the figures the search bar
    /// (≤ 20 µs in-process) is held to.
    static func searchCases(_ library: MonologueLibrary) {
        let cases: [(String, MonologueFilter)] = [
            ("Hamlet revenge blood", MonologueFilter(gender: .male)),
            ("love death night", MonologueFilter(gender: .female, tone: .tragedy)),
            ("king crown blood", MonologueFilter(length: .medium)),
            ("fool wise folly", MonologueFilter(tone: .comedy)),
        ]
        for (query, filter) in cases {
            let ours = (0..<3000).map { _ in measure { _ = library.search(query, filter: filter, limit: 20) } }
            print(String(format: "search %-28@ %-34@ median %6.1f µs", "\"\(query)\"" as NSString, describe(filter) as NSString, median(ours) * 1e6))
        }
    }

    /// What actors type beyond the seed — a quoted phrase, a word's start, a tone word, the new
    /// filters — each timed as the search alone, and the snippets of a page of twenty results
    /// timed apart (they are cut for the page shown, never for every match).
    static func searchFinding(_ library: MonologueLibrary) {
        let cases: [(String, MonologueFilter)] = [
            ("\"to be or not to be\"", MonologueFilter()),
            // The same words unquoted: what the phrase's check of places costs beyond them.
            ("to be or not to be", MonologueFilter()),
            ("venge* blood", MonologueFilter()),
            ("tragic love", MonologueFilter(gender: .female)),
            ("\"my lord\" king", MonologueFilter(form: .verse, age: .older)),
            ("night", MonologueFilter(gender: .female, play: "romeo-and-juliet", age: .young, fresh: true)),
        ]
        for (query, filter) in cases {
            let prepared = library.prepare(query)
            let search = (0..<3000).map { _ in measure { _ = library.searchNumbers(prepared, filter: filter, limit: 20) } }
            let numbers = library.searchNumbers(prepared, filter: filter, limit: 20).numbers
            let texts = numbers.map { library.monologues[$0].spokenText }
            let snippets = (0..<300).map { _ in measure { _ = library.snippets(of: numbers, for: prepared) } }
            // The same snippets read word by word from the text, as for an actor's own cut.
            let fromText = (0..<100).map { _ in measure { for text in texts { _ = library.snippet(of: text, for: prepared) } } }
            let each = { (runs: [Double]) in numbers.isEmpty ? 0 : median(runs) * 1e6 / Double(numbers.count) }
            print(String(format: "search %-28@ %-34@ median %6.1f µs   snippets for %2d results %7.1f µs (%.1f µs each; from the text %.1f µs each)",
                         query as NSString, describe(filter) as NSString, median(search) * 1e6, numbers.count,
                         median(snippets) * 1e6, each(snippets), each(fromText)))
        }
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
        if let f = filter.form { parts.append("verse=\(f.rawValue)") }
        if let p = filter.play { parts.append("play=\(p)") }
        if let a = filter.age { parts.append("age=\(a.rawValue)") }
        if filter.fresh { parts.append("fresh=1") }
        return "[" + parts.joined(separator: " ") + "]"
    }
}
