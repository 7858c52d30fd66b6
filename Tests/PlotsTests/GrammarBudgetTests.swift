import FolioCore
import Foundation
import Testing
@testable import Plots

/// Grammars written to cost as much as they can: exponential branching into empty text, modifier
/// chains that copy or grow text, actions pushing rules, nesting and long names. Every one must
/// end quickly, with `grammar_too_costly` (or `too_deep`) and never with more than the cap.
@Suite struct GrammarBudgetTests {
    /// `fanout` tags of the next level per rule, `levels` deep, ending in `leaf`.
    static func branching(_ fanout: Int, levels: Int, leaf: String = "") -> [String: [String]] {
        var rules: [String: [String]] = [:]
        for level in 0..<levels {
            rules[level == 0 ? "origin" : "l\(level)"] = [String(repeating: "#l\(level + 1)#", count: fanout)]
        }
        rules["l\(levels)"] = [leaf]
        return rules
    }

    /// `count` uses of a symbol whose rule is `symbol` followed by `chain` modifiers.
    static func modifierChain(_ modifier: String, _ chain: Int, on text: String, uses: Int = 200) -> [String: [String]] {
        ["origin": [String(repeating: "#y#", count: uses)], "y": ["#e" + String(repeating: ".\(modifier)", count: chain) + "#"], "e": [text]]
    }

    static let long = String(repeating: "n", count: Grammar.maximumSymbolLength)
    static let longer = String(repeating: "m", count: Grammar.maximumSymbolLength)

    /// The costliest grammars: each runs to the budget (or just under it) — `ExpansionBudget.standard`'s
    /// comment gives their times in a release build.
    static let costly: [(String, [String: [String]])] = [
        ("empty binary tree", branching(2, levels: 30)),
        ("empty wide tree", branching(16, levels: 6)),
        ("text binary tree", branching(2, levels: 20, leaf: "ab")),
        ("capitalize chain on empty text", modifierChain("capitalize", 20_000, on: "")),
        ("a chain", modifierChain("a", 20_000, on: "x")),
        ("s chain", modifierChain("s", 20_000, on: "box")),
        ("ed chain", modifierChain("ed", 5_000, on: "stop")),
        ("capitalizeAll twice on 12,000 characters", ["origin": ["#t.capitalizeAll.capitalizeAll#"], "t": [String(repeating: "a ", count: 6_000)]]),
        ("a on huge text", ["origin": ["#t.a#"], "t": [String(repeating: "x", count: 19_000)]]),
        ("inQuotes on text reused", ["origin": [String(repeating: "#t.inQuotes#", count: 20)], "t": [String(repeating: "x", count: 1_000)]]),
        ("actions push and pop", ["origin": [String(repeating: "[x:#y#][x:POP]", count: 10_000)], "y": ["a,b,c"]]),
        ("actions push big text never shown", ["origin": [String(repeating: "[x:#big#]", count: 50)], "big": [String(repeating: "x", count: 5_000)]]),
        ("actions split many commas", ["origin": [String(repeating: "[x:#c#]", count: 3)], "c": [String(repeating: ",", count: 19_000)]]),
        ("pushed rule used many times", ["origin": ["[x:#big#]" + String(repeating: "#x#", count: 100)], "big": [String(repeating: "y", count: 500)]]),
        ("longest names looked up", ["origin": [String(repeating: "#\(long)#", count: 550)], long: [String(repeating: "#\(longer)#", count: 550)], longer: [""]]),
        ("self reference", ["origin": ["#origin##origin#"]]),
    ]

    static func json(_ rules: [String: [String]]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: rules), as: UTF8.self)
    }

    /// Expands and returns the outcome, checking it took under `seconds` (a debug build is some
    /// ten times slower than release, where the worst of these takes 12 ms).
    static func outcome(_ grammar: Grammar, seed: UInt64, within seconds: Double = 2) -> Result<String, PlotsError> {
        let clock = ContinuousClock()
        let start = clock.now
        let result = Result { () throws(PlotsError) in try grammar.expand(seed: seed) }
        let elapsed = clock.now - start
        #expect(elapsed < .milliseconds(Int(seconds * 1000)), "took \(elapsed)")
        if case .success(let text) = result { #expect(text.count <= Grammar.maximumLength) }
        return result
    }

    @Test(arguments: costly.indices)
    func costlyGrammarsEndQuicklyWithoutPartialOutput(_ index: Int) throws {
        let (name, rules) = Self.costly[index]
        let grammar = try Grammar(json: Self.json(rules))
        for seed in 0..<UInt64(3) {
            switch Self.outcome(grammar, seed: seed) {
            case .success(let text): Issue.record("\(name) expanded to \(text.count) characters")
            case .failure(let error): #expect(error == .tooCostly(.standard) || error == .tooDeep(limit: Grammar.maximumDepth), "\(name): \(error)")
            }
        }
    }

    @Test func theErrorNamesTheLimits() throws {
        let error = try #require(Self.outcome(try Grammar(rules: Self.branching(2, levels: 30)), seed: 1).failure)
        #expect(error.code == "grammar_too_costly" && error.kind == .invalidInput)
        #expect(error.message.contains("100,000 steps") && error.message.contains("20,000 characters"))
    }

    /// An 18 KB request whose modifiers once multiplied its text to tens of megabytes.
    @Test func aModifierBombNeverPassesTheCap() throws {
        var rules: [String: [String]] = ["w": ["wolf"]]
        rules["y"] = ["#w" + String(repeating: ".a", count: 3_000) + "#"]
        rules["origin"] = [String(repeating: "#y#", count: 4_000)]
        let json = try Self.json(rules)
        #expect((17_000..<18_500).contains(json.utf8.count))
        let grammar = try Grammar(json: json)
        for seed in 0..<UInt64(5) {
            #expect(Self.outcome(grammar, seed: seed).failure == .tooCostly(.standard))
        }
    }

    /// Random grammars built from the costly shapes, in random sizes: each expands within the cap
    /// or stops with a clear error, and quickly.
    @Test func randomCostlyShapesAlwaysEndWithinTheBudget() throws {
        var random = SeededRandom(seed: 2024)
        func upTo(_ n: Int) -> Int { Int(random.next() % UInt64(n)) + 1 }
        let modifiers = EnglishModifiers.names
        for _ in 0..<60 {
            var rules: [String: [String]] = [:]
            let levels = upTo(12)
            for level in 0..<levels {
                var rule = ""
                for _ in 0..<upTo(6) {
                    let chain = (0..<(random.next() % 4 == 0 ? upTo(400) : 0)).map { _ in "." + modifiers[upTo(modifiers.count) - 1] }.joined()
                    switch random.next() % 4 {
                    case 0: rule += "#l\(level + 1)\(chain)#"
                    case 1: rule += "[p:#l\(level + 1)#]#p\(chain)#"
                    case 2: rule += String(repeating: "x", count: upTo(50)) + "#l\(level + 1)#"
                    default: rule += "#l\(level + 1)##l\(level + 1)#"
                    }
                }
                rules[level == 0 ? "origin" : "l\(level)"] = [rule]
            }
            rules["l\(levels)"] = [String(repeating: "word ", count: upTo(30)), ""]
            let grammar = try Grammar(json: Self.json(rules))
            for seed in 0..<UInt64(2) {
                if case .failure(let error) = Self.outcome(grammar, seed: seed) {
                    #expect(error == .tooCostly(.standard) || error == .tooDeep(limit: Grammar.maximumDepth), "\(error)")
                }
            }
        }
    }

    @Test func ordinaryGrammarsExpandExactlyAsWithoutALimit() throws {
        let unlimited = ExpansionBudget(steps: .max, characters: .max)
        let standard = try Grammar.standard.get()
        for seed in 0..<UInt64(2_000) {
            #expect(try standard.expand(seed: seed) == (try standard.expand(seed: seed, budget: unlimited)))
        }
        for rules in GrammarTests.small {
            let grammar = try Grammar(rules: rules)
            for seed in 0..<UInt64(200) { #expect(try grammar.expand(seed: seed) == (try grammar.expand(seed: seed, budget: unlimited))) }
        }
        // Just under the cap is allowed; one character more is not.
        let exact = try Grammar(rules: ["origin": ["#t##t#"], "t": [String(repeating: "x", count: 10_000)]])
        #expect(try exact.expand(seed: 1).count == 20_000)
        let over = try Grammar(rules: ["origin": ["#t##t#!"], "t": [String(repeating: "x", count: 10_000)]])
        #expect(throws: PlotsError.tooCostly(.standard)) { try over.expand(seed: 1) }
        // A smaller budget is counted the same way: 1 symbol, 1 action, 2 symbols and a modifier.
        let small = try Grammar(rules: ["origin": ["[x:#y#]#x.s#"], "y": ["cat"]])
        // Characters: "cat" from y, "cat" again where x is used, "cats" from .s.
        #expect(try small.expand(seed: 0, budget: ExpansionBudget(steps: 5, characters: 10)) == "cats")
        #expect(throws: PlotsError.tooCostly(ExpansionBudget(steps: 4, characters: 10))) {
            try small.expand(seed: 0, budget: ExpansionBudget(steps: 4, characters: 10))
        }
        #expect(throws: PlotsError.tooCostly(ExpansionBudget(steps: 5, characters: 9))) {
            try small.expand(seed: 0, budget: ExpansionBudget(steps: 5, characters: 9))
        }
    }

    @Test func aCancelledExpansionStops() async throws {
        let grammar = try Grammar(rules: Self.branching(2, levels: 30))
        var asked = 0
        #expect(throws: PlotsError.cancelled) {
            try grammar.expand(seed: 1) { asked += 1; return true }
        }
        #expect(asked == 1)
        // By default the calling task's cancellation is what is asked.
        let task = Task {
            while !Task.isCancelled { await Task.yield() }
            return Result { () throws(PlotsError) in try grammar.expand(seed: 1) }
        }
        task.cancel()
        #expect(await task.value.failure == .cancelled)
    }

    @Test func rulesThatWouldExhaustTheParserAreRefused() throws {
        // Actions nested thousands deep: refused before the stack runs out.
        let nested = String(repeating: "[a:", count: 5_000) + "x" + String(repeating: "]", count: 5_000)
        #expect(throws: PlotsError.tooDeep(limit: Grammar.maximumDepth)) { try Grammar(rules: ["origin": [nested]]) }
        // A tag of many actions is read in one pass (it once took a pass per action).
        let clock = ContinuousClock()
        let start = clock.now
        let many = try Grammar(rules: ["origin": ["#" + String(repeating: "[a:b]", count: 10_000) + "a#"]])
        #expect(clock.now - start < .seconds(2))
        #expect(Self.outcome(many, seed: 1).failure == nil)
        // Names longer than the limit are refused, wherever they appear.
        let name = String(repeating: "n", count: Grammar.maximumSymbolLength + 1)
        for rules in [[name: ["x"], "origin": ["x"]], ["origin": ["#\(name)#"]], ["origin": ["[\(name):x]"]]] {
            #expect(throws: PlotsError.self) { try Grammar(rules: rules) }
            #expect((try? Grammar(rules: rules)) == nil)
        }
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
