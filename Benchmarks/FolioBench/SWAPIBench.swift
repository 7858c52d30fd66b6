import Characters
import FolioStore
import Foundation

/// `folio characters import-swapi` at 1,000 and 4,000 people, side by side: read the JSON, merge
/// it into the bundled catalogue, store it. Linear work takes about four times as long for four
/// times the people; the ratio is printed beside that bar.
enum SWAPIBench {
    static func run() async throws {
        print("SWAPI import (read, merge into the bundled catalogue, store), generated people and planets")
        var medians: [Int: Double] = [:]
        for people in [1_000, 4_000] {
            let files = generated(people: people)
            var times: [Double] = []
            for _ in 0..<5 {
                let database = try AppDatabase.inMemory()
                let start = DispatchTime.now().uptimeNanoseconds
                var items = SWAPIImport.Items()
                for (name, data) in files { try SWAPIImport.read(data, name: name, into: &items) }
                var catalogue = try Catalogue.bundled.get()
                let summary = SWAPIImport.merge(items, into: &catalogue)
                try await database.saveCatalogue(catalogue)
                times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
                precondition(summary.added == people + people / 10, "every generated person and planet is new")
            }
            medians[people] = FolioBench.median(times)
            print(String(format: "    %5d people   median %8.1f ms over %d runs", people, FolioBench.median(times) * 1e3, times.count))
        }
        let ratio = medians[4_000]! / medians[1_000]!
        print(String(format: "    4,000 / 1,000 people: %.1f×   (bar ≤ 5×: linear is 4×)", ratio))
    }

    /// SWAPI pages of ten, as `swapi.dev` serves them: people (each with a home planet and two
    /// films) and one planet for every ten people.
    static func generated(people: Int) -> [(String, Data)] {
        let planets = (1...(people / 10)).map { n -> [String: Any] in
            ["name": "Generated World \(n)", "climate": "temperate", "terrain": "plains", "population": "\(n * 1000)",
             "url": "https://swapi.dev/api/planets/\(1000 + n)/"]
        }
        let persons = (1...people).map { n -> [String: Any] in
            ["name": "Generated Person \(n)", "height": "\(150 + n % 50)", "mass": "\(50 + n % 40)", "hair_color": "brown",
             "skin_color": "fair", "eye_color": "blue", "birth_year": "\(n % 90)BBY", "gender": n % 2 == 0 ? "female" : "male",
             "homeworld": "https://swapi.dev/api/planets/\(1000 + n % (people / 10) + 1)/",
             "films": ["https://swapi.dev/api/films/\(n % 6 + 1)/", "https://swapi.dev/api/films/\((n + 1) % 6 + 1)/"],
             "url": "https://swapi.dev/api/people/\(1000 + n)/"]
        }
        func pages(_ kind: String, _ items: [[String: Any]]) -> [(String, Data)] {
            stride(from: 0, to: items.count, by: 10).map { start in
                let page: [String: Any] = ["count": items.count, "next": NSNull(), "previous": NSNull(),
                                           "results": Array(items[start..<min(start + 10, items.count)])]
                return ("\(kind)-\(start / 10 + 1).json", try! JSONSerialization.data(withJSONObject: page))
            }
        }
        return pages("planets", planets) + pages("people", persons)
    }
}
