import ArgumentParser
import FolioCore
import Foundation
import Plots

struct PlotCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plot",
        abstract: "Spin the plot wheels, or expand any Tracery grammar.",
        discussion: """
            Without --grammar, each plot comes from Folio's own wheels: a subject, a predicate in the form \
            that agrees with it, and a modifier. A seed always gives the same plot; --count K gives the \
            plots of K seeds in a row. With --grammar FILE, the symbol (origin by default) of that Tracery \
            grammar is expanded instead.
            """)

    @Option(help: "The seed of the first plot (random when left out).") var seed: UInt64?
    @Option(help: "How many plots, from consecutive seeds (1–1000).") var count = 1
    @Option(help: "A Tracery grammar (JSON) to expand instead of the plot wheels.") var grammar: String?
    @Option(help: "The symbol to expand with --grammar.") var symbol = "origin"
    @OptionGroup var output: OutputOptions

    struct Expansion: Encodable { let seed: UInt64; let symbol: String; let text: String }

    func validate() throws {
        guard (1...1000).contains(count) else { throw ValidationError("--count must be from 1 to 1000.") }
        if grammar == nil && symbol != "origin" { throw ValidationError("--symbol goes with --grammar.") }
    }

    func run() async throws {
        let first = seed ?? UInt64.random(in: 0...UInt64(UInt32.max))
        let seeds = (0..<UInt64(count)).map { first &+ $0 }
        if let grammar {
            guard let data = FileManager.default.contents(atPath: grammar) else { throw GrammarFileError.unreadable(grammar) }
            let loaded = try Grammar(json: data)
            let texts = try seeds.map { seed throws(PlotsError) in Expansion(seed: seed, symbol: symbol, text: try loaded.expand(symbol, seed: seed)) }
            if output.json { return try printJSON(count == 1 ? AnyEncodable(texts[0]) : AnyEncodable(texts)) }
            texts.forEach { print($0.text) }
            return
        }
        let wheels = try Wheels.standard.get()
        let plots = seeds.map { wheels.plot(seed: $0) }
        if output.json { return try printJSON(count == 1 ? AnyEncodable(plots[0]) : AnyEncodable(plots)) }
        for plot in plots { print("\(plot.text)  (seed \(plot.seed!))") }
    }
}

/// One value or a list, printed the same way.
struct AnyEncodable: Encodable {
    let value: any Encodable
    init(_ value: any Encodable) { self.value = value }
    func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}

enum GrammarFileError: FolioError {
    case unreadable(String)
    var kind: FolioErrorKind { .notFound }
    var code: String { "grammar_unreadable" }
    var message: String {
        switch self {
        case .unreadable(let path): "Cannot read the grammar \(path). Give the path of a Tracery JSON file."
        }
    }
}
