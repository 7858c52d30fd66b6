import FolioCore
import Foundation
import Testing
@testable import Plots

/// Every expansion of a grammar without actions, with its exact probability: the rules read
/// straight from the definition (each rule of a symbol equally likely, tags independent).
struct Enumerator {
    let rules: [String: [String]]

    func distribution(_ symbol: String) -> [String: Double] {
        let options = rules[symbol]!
        var result: [String: Double] = [:]
        for rule in options {
            for (text, p) in distribution(rule: rule) { result[text, default: 0] += p / Double(options.count) }
        }
        return result
    }

    /// A rule is text and #symbol.modifiers# tags; its outcomes are the product of its tags'.
    func distribution(rule: String) -> [String: Double] {
        var outcomes: [String: Double] = ["": 1]
        let pieces = rule.split(separator: "#", omittingEmptySubsequences: false)
        for (i, piece) in pieces.enumerated() {
            let part: [String: Double]
            if i % 2 == 0 {
                part = [String(piece): 1]
            } else {
                let names = piece.split(separator: ".").map(String.init)
                var inner = distribution(names[0])
                for modifier in names.dropFirst() {
                    var changed: [String: Double] = [:]
                    for (text, p) in inner { changed[try! EnglishModifiers.apply(modifier, to: text), default: 0] += p }
                    inner = changed
                }
                part = inner
            }
            var next: [String: Double] = [:]
            for (a, p) in outcomes { for (b, q) in part { next[a + b, default: 0] += p * q } }
            outcomes = next
        }
        return outcomes
    }
}

@Suite struct GrammarTests {
    static let small: [[String: [String]]] = [
        ["origin": ["#animal.a.capitalize# #verb.ed# the #thing.s#.", "#colour.capitalize# #animal.s#!"],
         "animal": ["owl", "hour", "unicorn", "wolf"], "verb": ["stop", "try", "play"],
         "thing": ["box", "baby", "knife"], "colour": ["red", "ochre"]],
        ["origin": ["#a##b#", "#b#", "#c#"], "a": ["x", "y"], "b": ["#c#", "z"], "c": ["1", "2", "3"]],
        ["origin": ["#greeting.capitalize#, #name#.", "#greeting.inQuotes#"], "greeting": ["hello", "good day #name#"],
         "name": ["Ann", "Bob"]],
    ]

    @Test(arguments: small.indices)
    func seededExpansionsStayInTheSetAndMatchTheExactProbabilities(_ index: Int) throws {
        let rules = Self.small[index]
        let grammar = try Grammar(rules: rules)
        let exact = Enumerator(rules: rules).distribution("origin")
        let n = 20_000
        var counts: [String: Int] = [:]
        for seed in 0..<UInt64(n) {
            let text = try grammar.expand(seed: seed)
            #expect(exact[text] != nil, "\(text) is not a possible expansion")
            counts[text, default: 0] += 1
        }
        #expect(Set(counts.keys) == Set(exact.keys), "not every expansion was reached")
        for (text, p) in exact {
            // Five standard deviations of a binomial count: a wrong distribution fails, chance never does.
            let expected = Double(n) * p
            let sigma = (Double(n) * p * (1 - p)).squareRoot()
            #expect(abs(Double(counts[text] ?? 0) - expected) <= 5 * sigma + 1, "\(text): \(counts[text] ?? 0) vs \(expected)")
        }
    }

    @Test func theSameSeedGivesTheSameTextAndSeedsDiffer() throws {
        let grammar = try Grammar(rules: Self.small[0])
        #expect(try grammar.expand(seed: 42) == (try grammar.expand(seed: 42)))
        let texts = Set(try (0..<50).map { try grammar.expand(seed: UInt64($0)) })
        #expect(texts.count > 20)
    }

    @Test func actionsPushAndPop() throws {
        let grammar = try Grammar(rules: [
            "origin": ["[hero:#name#]#hero# meets #hero#; #[hero:Zed]hero# then #hero#.[hero:POP] Last: #hero#"],
            "name": ["Ann", "Bea"], "hero": ["Nobody"],
        ])
        for seed in 0..<UInt64(20) {
            let text = try grammar.expand(seed: seed)
            let name = text.hasPrefix("Ann") ? "Ann" : "Bea"
            #expect(text == "\(name) meets \(name); Zed then \(name). Last: Nobody")
        }
        let options = try Grammar(rules: ["origin": ["[pet:cat,dog]#pet# #pet# #pet# #pet# #pet# #pet# #pet# #pet#"]])
        let words = Set(try options.expand(seed: 3).split(separator: " "))
        #expect(words == ["cat", "dog"])
    }

    @Test func modifiersSpeakEnglish() throws {
        let cases: [(String, String, String)] = [
            ("a", "hour", "an hour"), ("a", "unicorn", "a unicorn"), ("a", "useful tool", "a useful tool"),
            ("a", "university", "a university"), ("a", "honest man", "an honest man"), ("a", "owl", "an owl"),
            ("a", "umbrella", "an umbrella"), ("a", "one-way ticket", "a one-way ticket"), ("a", "cat", "a cat"),
            ("a", "European", "a European"), ("a", "uncle", "an uncle"),
            ("s", "wolf", "wolves"), ("s", "box", "boxes"), ("s", "baby", "babies"), ("s", "day", "days"),
            ("s", "knife", "knives"), ("s", "hero", "heroes"), ("s", "photo", "photos"), ("s", "church", "churches"),
            ("s", "lighthouse keeper", "lighthouse keepers"), ("s", "woman", "women"), ("s", "child", "children"),
            ("ed", "stop", "stopped"), ("ed", "play", "played"), ("ed", "try", "tried"), ("ed", "bake", "baked"),
            ("ed", "cry", "cried"), ("ed", "look at", "looked at"), ("ed", "open", "opened"), ("ed", "plan", "planned"),
            ("ed", "fix", "fixed"), ("ed", "panic", "panicked"), ("ed", "run", "ran"), ("ed", "go", "went"),
            ("capitalize", "the end", "The end"), ("capitalizeAll", "the long goodbye", "The Long Goodbye"),
            ("inQuotes", "hi", "“hi”"), ("comma", "well", "well,"), ("comma", "well?", "well?"),
        ]
        for (modifier, input, output) in cases {
            #expect(try EnglishModifiers.apply(modifier, to: input) == output, "\(input).\(modifier)")
        }
    }

    /// A phone keyboard's curly quotes where JSON needs straight ones: read as straight, while a
    /// curly quote inside an entry of valid JSON stays the writer's own.
    @Test func curlyQuotesFromAPhoneKeyboardAreRead() throws {
        let typed = "{\u{201C}origin\u{201D}: [\u{201C}#who# waits\u{201D}], \u{201C}who\u{201D}: \u{201C}A pirate\u{201D}}"
        #expect(try Grammar(json: typed).expand("origin", seed: 1) == "A pirate waits")
        let quoting = ##"{"origin": "He said “hello”"}"##
        #expect(try Grammar(json: quoting).expand("origin", seed: 1) == "He said \u{201C}hello\u{201D}")
        // Straightening that does not make JSON leaves the first error standing.
        #expect(throws: PlotsError.self) { try Grammar(json: "{\u{201C}origin\u{201D}: [oops]}") }
    }

    @Test func mistakesAreClearErrors() throws {
        func code(_ json: String, _ symbol: String = "origin") -> String? {
            do {
                let grammar = try Grammar(json: json)
                _ = try grammar.expand(symbol, seed: 1)
                return nil
            } catch {
                return error.code
            }
        }
        #expect(code(##"{"origin": "#nobody#"}"##) == "unknown_symbol")
        #expect(code(##"{"origin": "#a"}"##) == "unbalanced_hash")
        #expect(code(##"{"origin": "[a:b"}"##) == "unbalanced_bracket")
        #expect(code(##"{"origin": "a]b"}"##) == "unbalanced_bracket")
        #expect(code(##"{"origin": "[nocolon]x"}"##) == "invalid_action")
        #expect(code(##"{"origin": "#a.shout#", "a": "x"}"##) == "unknown_modifier")
        #expect(code(##"{"origin": "#origin# again"}"##) == "too_deep")
        #expect(code(##"{"origin": "#a##a##a##a#", "a": "#b##b##b##b#", "b": "#c##c##c##c#", "c": "#d##d##d##d#", "d": "#e##e##e##e#", "e": "#f##f##f##f#", "f": "#g##g##g##g#", "g": "0123456789"}"##) == "grammar_too_costly")
        #expect(code("{not json") == "invalid_json")
        #expect(code(##"["a"]"##) == "invalid_grammar")
        #expect(code(##"{"origin": 3}"##) == "invalid_grammar")
        #expect(code(##"{"origin": []}"##) == "invalid_grammar")
        #expect(code(##"{"other": "x"}"##) == "unknown_symbol")
        let huge = "{\"origin\": \"" + String(repeating: "x", count: Grammar.maximumBytes) + "\"}"
        #expect(code(huge) == "grammar_too_large")
        // Escaped characters are text.
        #expect(try Grammar(json: ##"{"origin": "a \\#b\\# c"}"##).expand(seed: 1) == "a #b# c")
    }

    @Test func problemsListsEverythingAtOnce() throws {
        let grammar = try Grammar(json: ##"{"start": ["#a.shout# #b#", "[x:#c#]#x#"], "a": "ok"}"##)
        let problems = grammar.problems()
        #expect(problems.contains(.unknownSymbol("origin")))
        #expect(problems.contains(.unknownSymbol("b")) && problems.contains(.unknownSymbol("c")))
        #expect(problems.contains(.unknownModifier("shout")))
        // A symbol an action pushes is defined by it.
        #expect(!problems.contains(.unknownSymbol("x")))
        #expect(try Grammar.standard.get().problems().isEmpty)
    }
}

@Suite struct WheelsTests {
    let wheels = try! Wheels.standard.get()
    let grammar = try! Grammar.standard.get()

    @Test func theGrammarFillsThreeWheels() throws {
        #expect(wheels.subjects.count >= 60 && wheels.predicates.count >= 60 && wheels.modifiers.count >= 60)
        for agreement in Agreement.allCases {
            #expect(wheels.subjects.filter { $0.agreement == agreement }.count >= 15, "\(agreement)")
        }
        let entries = wheels.subjects.map(\.entry) + wheels.predicates.flatMap { Agreement.allCases.map($0.form) } + wheels.modifiers
        #expect(entries.allSatisfy { (1...3).contains($0.lines.count) })
        #expect(entries.contains { $0.lines.count == 2 } && entries.contains { $0.lines.count == 3 })
        #expect(Set(wheels.subjects.map(\.entry.id)).count == wheels.subjects.count)
        #expect(Set(wheels.modifiers.map(\.id)).count == wheels.modifiers.count)
        // An action's text is split on commas, so a predicate must hold none.
        #expect(wheels.predicates.allSatisfy { p in Agreement.allCases.allSatisfy { !p.form($0).text.contains(",") } })
        #expect(Set(wheels.predicates.map { $0.form(.male).text }).count == wheels.predicates.count)
    }

    /// Words a form must never hold: pronouns and verb forms of the other agreements.
    static let forbidden: [Agreement: Set<String>] = [
        .male: ["she", "her", "hers", "herself", "they", "their", "them", "themselves", "are", "were", "have"],
        .female: ["he", "his", "him", "himself", "they", "their", "them", "themselves", "are", "were", "have"],
        .plural: ["he", "his", "him", "himself", "she", "her", "hers", "herself", "is", "was", "has"],
    ]

    static func words(_ text: String) -> Set<String> {
        Set(text.lowercased().split { !$0.isLetter }.map(String.init))
    }

    @Test func everyPredicateAgreesWithItsSubjectInTenThousandPlots() throws {
        for seed in 0..<UInt64(10_000) {
            let plot = wheels.plot(seed: seed)
            let subject = try #require(wheels.subjects.first { $0.entry == plot.subject })
            let predicate = try #require(wheels.predicates.first { $0.id == plot.predicate.id })
            #expect(plot.agreement == subject.agreement)
            #expect(plot.predicate == predicate.form(subject.agreement))
            let clash = Self.words(plot.predicate.text).intersection(Self.forbidden[plot.agreement]!)
            #expect(clash.isEmpty, "\(plot.text): \(clash)")
            #expect(plot.text == "\(plot.subject.text) \(plot.predicate.text) \(plot.modifier.text).")
        }
    }

    @Test func theTraceryOriginAgreesToo() throws {
        let byText = Dictionary(uniqueKeysWithValues: wheels.subjects.map { ($0.entry.lines.joined(separator: "\n"), $0.agreement) })
        for seed in 0..<UInt64(2000) {
            let text = try grammar.expand(seed: seed)
            let subject = try #require(byText.keys.first { text.hasPrefix($0 + " ") }, "\(text)")
            let rest = text.dropFirst(subject.count + 1)
            let agreement = byText[subject]!
            let forms = wheels.predicates.map { $0.form(agreement).lines.joined(separator: "\n") }
            #expect(forms.contains { rest.hasPrefix($0 + " ") }, "\(text)")
        }
    }

    @Test func seedsAndIdsReproducePlots() throws {
        let plot = wheels.plot(seed: 20_261_122)
        #expect(wheels.plot(seed: 20_261_122) == plot)
        let again = try wheels.plot(ids: plot.ids)
        #expect(again.text == plot.text && again.seed == nil)
        #expect(Set((0..<UInt64(200)).map { wheels.plot(seed: $0).text }).count > 150)
        for bad in ["", "s1-p2", "s1-p2-m999", "x1-p2-m3", "s01-p2-m3", "s-1-p2-m3", "s1-p2-m3-x"] {
            #expect(throws: PlotsError.self) { try wheels.plot(ids: bad) }
        }
        // The generator and the draw are Folio's own, so a seed names the same plot everywhere.
        #expect(wheels.plot(seed: 1).ids == "s23-p7-m50")
    }

    @Test func aGrammarThatCannotDriveTheWheelsSaysWhy() throws {
        #expect(throws: PlotsError.self) { try Wheels(grammar: Grammar(json: ##"{"origin": "x"}"##)) }
        let uneven = ##"{"subject": "[predicate:#predicateMale#]Al", "predicateMale": ["a", "b"], "predicateFemale": "a", "predicatePlural": "a", "modifier": "m"}"##
        #expect(throws: PlotsError.self) { try Wheels(grammar: Grammar(json: uneven)) }
        let untagged = ##"{"subject": "Al", "predicateMale": "a", "predicateFemale": "a", "predicatePlural": "a", "modifier": "m"}"##
        #expect(throws: PlotsError.self) { try Wheels(grammar: Grammar(json: untagged)) }
    }
}
