import FolioCore
import Foundation

/// A Tracery grammar: symbols, each with one or more rules, expanded from a starting symbol
/// (`origin` unless told otherwise) with a seeded random source, so the same seed gives the same
/// text on every platform.
///
/// What Tracery does and this does too: `#symbol#`, nested rules, a string as a one-rule list,
/// modifiers chained as `#animal.s.capitalize#`, actions `[name:#rule#]` (options split by commas)
/// and `[name:POP]`, actions at the front of a tag lasting only for that tag. What it does
/// differently: an unknown symbol or modifier is an error rather than text in the output, and
/// expansion stops with an error past `maximumDepth` nested rules or past its `ExpansionBudget`
/// of steps and characters.
public struct Grammar: Sendable {
    public static let maximumDepth = 40
    /// The most characters one expansion may produce (the standard budget's characters).
    public static let maximumLength = ExpansionBudget.standard.characters
    /// The largest grammar file a user may load.
    public static let maximumBytes = 256 * 1024
    /// The longest symbol name: every step looks its symbol up by name, so a name of thousands of
    /// characters would make each step that much slower than the budget allows for.
    public static let maximumSymbolLength = 200

    /// Folio's own plot grammar (`Resources/plots.json`).
    public static let standard: Result<Grammar, PlotsError> = Result { () throws(PlotsError) in
        guard let url = Bundle.module.url(forResource: "plots", withExtension: "json", subdirectory: "Resources"),
              let data = try? Data(contentsOf: url) else {
            throw .invalidShape("the bundled plots.json is missing; rebuild Folio")
        }
        return try Grammar(json: data)
    }

    /// Each symbol's rules, as written and as parsed.
    public let rules: [String: [String]]
    let parsed: [String: [[RuleText]]]

    public init(rules: [String: [String]]) throws(PlotsError) {
        var parsed: [String: [[RuleText]]] = [:]
        for (symbol, list) in rules {
            try RuleText.checkName(symbol)
            guard !list.isEmpty else { throw .invalidShape("\"\(symbol)\" has no rules") }
            var each: [[RuleText]] = []
            for rule in list { each.append(try RuleText.parse(rule)) }
            parsed[symbol] = each
        }
        self.rules = rules
        self.parsed = parsed
    }

    /// A JSON object of symbol names to a string or an array of strings.
    public init(json data: Data) throws(PlotsError) {
        guard data.count <= Self.maximumBytes else { throw .tooLarge(bytes: data.count, limit: Self.maximumBytes) }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            // A phone's keyboard types “curly” quotes where JSON needs straight ones: read them as
            // straight when that makes the lists readable (never otherwise: inside an entry a
            // curly quote is the writer's own, and stays).
            guard let straightened = Self.straighteningQuotes(data),
                  let retried = try? JSONSerialization.jsonObject(with: straightened) else {
                throw .invalidJSON((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "unreadable")
            }
            object = retried
        }
        guard let dictionary = object as? [String: Any] else { throw .invalidShape("the top level must be an object") }
        var rules: [String: [String]] = [:]
        for (symbol, value) in dictionary {
            if let one = value as? String {
                rules[symbol] = [one]
            } else if let many = value as? [Any], !many.isEmpty, many.allSatisfy({ $0 is String }) {
                rules[symbol] = many.map { $0 as! String }
            } else {
                throw .invalidShape("\"\(symbol)\" should be a string or a non-empty list of strings")
            }
        }
        try self.init(rules: rules)
    }

    /// `data` with typographic double quotes (“ ” „ ‟ ″) made straight; nil when it has none.
    static func straighteningQuotes(_ data: Data) -> Data? {
        guard let text = String(data: data, encoding: .utf8) else { return nil }
        let curly: Set<Character> = ["\u{201C}", "\u{201D}", "\u{201E}", "\u{201F}", "\u{2033}"]
        guard text.contains(where: curly.contains) else { return nil }
        return Data(String(text.map { curly.contains($0) ? "\"" : $0 }).utf8)
    }

    public init(json text: String) throws(PlotsError) {
        try self.init(json: Data(text.utf8))
    }

    /// Every problem of the grammar at once: symbols referred to but not defined, modifiers that
    /// do not exist, and a missing starting symbol. Empty when the grammar is sound.
    public func problems(startingAt start: String = "origin") -> [PlotsError] {
        var found: [PlotsError] = []
        if parsed[start] == nil { found.append(.unknownSymbol(start)) }
        var pushed = Set<String>()
        func collectPushed(_ parts: [RuleText]) {
            for part in parts {
                switch part {
                case .action(let action): pushed.insert(action.name); collectPushed(action.rule ?? [])
                case .tag(let tag): tag.actions.forEach { pushed.insert($0.name); collectPushed($0.rule ?? []) }
                case .text: break
                }
            }
        }
        parsed.values.forEach { $0.forEach(collectPushed) }
        var seenSymbols = Set<String>(), seenModifiers = Set<String>()
        func check(_ parts: [RuleText]) {
            for part in parts {
                switch part {
                case .text: break
                case .action(let action): check(action.rule ?? [])
                case .tag(let tag):
                    tag.actions.forEach { check($0.rule ?? []) }
                    if !tag.symbol.isEmpty, parsed[tag.symbol] == nil, !pushed.contains(tag.symbol), seenSymbols.insert(tag.symbol).inserted {
                        found.append(.unknownSymbol(tag.symbol))
                    }
                    for modifier in tag.modifiers where !EnglishModifiers.names.contains(modifier) && seenModifiers.insert(modifier).inserted {
                        found.append(.unknownModifier(modifier))
                    }
                }
            }
        }
        for symbol in parsed.keys.sorted() { parsed[symbol]!.forEach(check) }
        return found
    }

    /// The text of `symbol`, expanded with `random` within `budget`. `isCancelled` is asked every
    /// 1,024 steps (the calling task's cancellation unless told otherwise), so a caller that has
    /// gone away stops the work with `PlotsError.cancelled`.
    public func expand(_ symbol: String = "origin", using random: inout some RandomNumberGenerator,
                       budget: ExpansionBudget = .standard,
                       isCancelled: @escaping () -> Bool = { Task.isCancelled }) throws(PlotsError) -> String {
        var expansion = Expansion(grammar: self, budget: budget, isCancelled: isCancelled)
        return try expansion.expand(symbol: symbol, depth: 0, random: &random)
    }

    /// The expansion for a seed: the same on every platform and every run.
    public func expand(_ symbol: String = "origin", seed: UInt64, budget: ExpansionBudget = .standard,
                       isCancelled: @escaping () -> Bool = { Task.isCancelled }) throws(PlotsError) -> String {
        var random = SeededRandom(seed: seed)
        return try expand(symbol, using: &random, budget: budget, isCancelled: isCancelled)
    }

    /// A choice among `count` options: the generator's number modulo the count, so it depends on
    /// nothing but the generator (the standard library's own method may change between versions).
    static func pick(_ count: Int, using random: inout some RandomNumberGenerator) -> Int {
        Int(random.next() % UInt64(count))
    }
}

/// One expansion's state: the rules pushed by actions, and what it has spent of its budget.
struct Expansion {
    let grammar: Grammar
    let budget: ExpansionBudget
    let isCancelled: () -> Bool
    var pushed: [String: [[[RuleText]]]] = [:]
    var steps = 0
    var characters = 0

    init(grammar: Grammar, budget: ExpansionBudget, isCancelled: @escaping () -> Bool) {
        self.grammar = grammar
        self.budget = budget
        self.isCancelled = isCancelled
    }

    /// One unit of work: a symbol, an action, a modifier or an empty tag.
    mutating func step() throws(PlotsError) {
        steps += 1
        guard steps <= budget.steps else { throw .tooCostly(budget) }
        // Asking costs far more than a step, so ask once per 1,024 (well under a millisecond apart).
        if steps & 1023 == 0, isCancelled() { throw .cancelled }
    }

    /// Characters just made, wherever they were made.
    mutating func produced(_ text: String) throws(PlotsError) {
        characters += text.count
        guard characters <= budget.characters else { throw .tooCostly(budget) }
    }

    mutating func rules(for symbol: String) throws(PlotsError) -> [[RuleText]] {
        if let top = pushed[symbol]?.last { return top }
        guard let rules = grammar.parsed[symbol] else { throw .unknownSymbol(symbol) }
        return rules
    }

    mutating func expand(symbol: String, depth: Int, random: inout some RandomNumberGenerator) throws(PlotsError) -> String {
        guard depth < Grammar.maximumDepth else { throw .tooDeep(limit: Grammar.maximumDepth) }
        try step()
        let options = try rules(for: symbol)
        return try expand(options[Grammar.pick(options.count, using: &random)], depth: depth + 1, random: &random)
    }

    mutating func expand(_ parts: [RuleText], depth: Int, random: inout some RandomNumberGenerator) throws(PlotsError) -> String {
        var out = ""
        for part in parts {
            switch part {
            case .text(let text):
                try produced(text)
                out += text
            case .action(let action):
                try run(action, depth: depth, random: &random)
            case .tag(let tag):
                for action in tag.actions { try run(action, depth: depth, random: &random) }
                if tag.symbol.isEmpty {
                    try step()
                } else {
                    var text = try expand(symbol: tag.symbol, depth: depth, random: &random)
                    for modifier in tag.modifiers {
                        try step()
                        text = try EnglishModifiers.apply(modifier, to: text)
                        try produced(text)
                    }
                    out += text
                }
                // A tag's own actions end with the tag.
                for action in tag.actions.reversed() where action.rule != nil && pushed[action.name]?.isEmpty == false {
                    pushed[action.name]?.removeLast()
                }
            }
        }
        return out
    }

    mutating func run(_ action: RuleText.Action, depth: Int, random: inout some RandomNumberGenerator) throws(PlotsError) {
        try step()
        guard let rule = action.rule else {
            if pushed[action.name]?.isEmpty == false { pushed[action.name]?.removeLast() }
            return
        }
        let text = try expand(rule, depth: depth + 1, random: &random)
        let options = text.split(separator: ",", omittingEmptySubsequences: false).map { [RuleText.text(String($0))] }
        pushed[action.name, default: []].append(options)
    }
}
