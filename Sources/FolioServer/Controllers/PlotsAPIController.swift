import FolioApp
import FolioCore
import FolioStore
import Foundation
import Hummingbird
import Plots

/// The plot generator's JSON API: plots by seed or entry ids, the wheels themselves, expanding
/// any Tracery grammar, and an account's kept plots and grammars (a page at a time). Grammars
/// are expanded through the shared `WorkGate`, within the standard `ExpansionBudget`.
struct PlotsAPIController: Sendable {
    let pages: PlotsPagesController
    var expansions: WorkGate { pages.expansions }
    func book() throws -> PlotBook { try pages.book() }

    /// The controller's routes, mounted at `/api/v1/plots`.
    var routes: MountedRoutes<FolioRequestContext> {
        MountedRoutes(at: "/api/v1/plots")
            .on(api: .randomPlot, use: random)
            .on(api: .plotWheels, use: wheels)
            .on(api: .expandGrammar, use: expand)
            .on(api: .keptPlots, use: kept)
            .on(api: .keepPlot, use: keep)
            .on(api: .forgetPlot, use: forget)
            .on(api: .grammars, use: grammars)
            .on(api: .saveGrammar, use: saveGrammar)
            .on(api: .deleteGrammar, use: deleteGrammar)
            .on(api: .plot, use: show)
    }

    struct WheelsBody: ResponseEncodable {
        struct Subject: Encodable { let id: String; let lines: [String]; let agreement: Agreement }
        struct Predicate: Encodable { let id: String; let male: [String]; let female: [String]; let plural: [String] }
        struct Entry: Encodable { let id: String; let lines: [String] }
        let subjects: [Subject]
        let predicates: [Predicate]
        let modifiers: [Entry]
    }

    struct ExpandRequest: Decodable {
        /// The grammar as a JSON object (or that object as a string).
        let grammar: GrammarValue
        let symbol: String?
        let seed: UInt64?
        let count: Int?
    }

    /// A grammar sent inline: the object itself, or its JSON as a string.
    struct GrammarValue: Decodable {
        let json: Data
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) {
                json = Data(text.utf8)
            } else {
                json = try JSONEncoder.folio().encode(try container.decode([String: RuleList].self))
            }
        }
    }

    /// A symbol's value in a grammar: one rule or a list of rules.
    struct RuleList: Codable {
        let rules: [String]
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let one = try? container.decode(String.self) { rules = [one] } else { rules = try container.decode([String].self) }
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rules)
        }
    }

    struct Expansion: Encodable { let seed: UInt64; let text: String }
    struct Expansions: ResponseEncodable { let symbol: String; let items: [Expansion] }
    struct GrammarUpload: Decodable { let name: String; let grammar: GrammarValue }

    @Sendable func random(_ request: Request, context: FolioRequestContext) async throws -> Plot {
        let raw = WebForm(query: request).value("seed")
        let wheels = try PlotsPagesController.wheels()
        guard let raw, !raw.isEmpty else { return wheels.plot(seed: PlotsPagesController.randomSeed()) }
        guard let seed = UInt64(raw) else { throw InputError.parameter("seed", String(raw.prefix(24)), "a whole number from 0 to 18446744073709551615") }
        return wheels.plot(seed: seed)
    }

    @Sendable func show(_ request: Request, context: FolioRequestContext) async throws -> Plot {
        try PlotsPagesController.plot(named: try context.parameters.require("plot"), in: try PlotsPagesController.wheels())
    }

    @Sendable func wheels(_ request: Request, context: FolioRequestContext) async throws -> WheelsBody {
        let wheels = try PlotsPagesController.wheels()
        return WheelsBody(
            subjects: wheels.subjects.map { .init(id: $0.entry.id, lines: $0.entry.lines, agreement: $0.agreement) },
            predicates: wheels.predicates.map { .init(id: $0.id, male: $0.form(.male).lines, female: $0.form(.female).lines, plural: $0.form(.plural).lines) },
            modifiers: wheels.modifiers.map { .init(id: $0.id, lines: $0.lines) })
    }

    @Sendable func expand(_ request: Request, context: FolioRequestContext) async throws -> Expansions {
        var request = request
        let body = try await request.collectBody(upTo: Grammar.maximumBytes + 16 * 1024)
        let input: ExpandRequest
        do {
            input = try JSONDecoder().decode(ExpandRequest.self, from: body)
        } catch {
            throw InputError.body("a JSON object with grammar (an object of symbol names to a rule or a list of rules), and optionally symbol, seed and count (1–100)")
        }
        let count = input.count ?? 1
        guard (1...100).contains(count) else { throw InputError.parameter("count", String(count), "a number from 1 to 100") }
        let symbol = input.symbol ?? "origin"
        let first = input.seed ?? PlotsPagesController.randomSeed()
        let json = input.grammar.json
        // Each of the `count` expansions has the standard budget, so one request holds a place
        // in the gate for at most 100 budgets' time.
        let items = try await expansions.run(closing: context.closing) { isCancelled in
            let grammar = try Grammar(json: json)
            return try (0..<UInt64(count)).map { k in
                Expansion(seed: first &+ k, text: try grammar.expand(symbol, seed: first &+ k, isCancelled: isCancelled))
            }
        }
        return Expansions(symbol: symbol, items: items)
    }

    @Sendable func kept(_ request: Request, context: FolioRequestContext) async throws -> Page<SavedPlot> {
        let account = try context.requireAccount()
        let (limit, offset) = try PlotsPagesController.window(WebForm(query: request))
        return try await book().kept(accountID: account.id, limit: limit, offset: offset)
    }

    /// Keeps the plot with these entry ids; `?seed=` records the seed it came from when it did.
    @Sendable func keep(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        try await book().keep(ids: try context.parameters.require("ids"), seed: WebForm(query: request).value("seed").flatMap { UInt64($0) },
                              accountID: account.id)
        return Response(status: .noContent)
    }

    @Sendable func forget(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        try await book().forget(ids: try context.parameters.require("ids"), accountID: account.id)
        return Response(status: .noContent)
    }

    @Sendable func grammars(_ request: Request, context: FolioRequestContext) async throws -> Page<SavedGrammar> {
        let account = try context.requireAccount()
        let (limit, offset) = try PlotsPagesController.window(WebForm(query: request))
        return try await book().grammars(accountID: account.id, limit: limit, offset: offset)
    }

    @Sendable func saveGrammar(_ request: Request, context: FolioRequestContext) async throws -> SavedGrammar {
        let account = try context.requireAccount()
        var request = request
        let body = try await request.collectBody(upTo: Grammar.maximumBytes + 16 * 1024)
        let upload: GrammarUpload
        do {
            upload = try JSONDecoder().decode(GrammarUpload.self, from: body)
        } catch {
            throw InputError.body("a JSON object with name and grammar (an object of symbol names to a rule or a list of rules)")
        }
        return try await book().saveGrammar(name: upload.name, json: String(decoding: upload.grammar.json, as: UTF8.self),
                                            accountID: account.id, runner: expansions.runner(closing: context.closing))
    }

    @Sendable func deleteGrammar(_ request: Request, context: FolioRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        try await book().deleteGrammar(try context.parameters.require("id"), accountID: account.id)
        return Response(status: .noContent)
    }
}

extension Plot: ResponseEncodable {}
extension SavedGrammar: ResponseEncodable {}
