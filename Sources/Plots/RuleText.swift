/// A rule's text cut into its parts: plain text, `#tags#` and `[actions]`. Cut once per rule and
/// kept, so expanding a grammar many times never parses a rule twice.
enum RuleText: Sendable, Equatable {
    case text(String)
    case tag(Tag)
    case action(Action)

    /// `#[actions]symbol.modifier.modifier#`; actions before the symbol last as long as the tag.
    struct Tag: Sendable, Equatable {
        var actions: [Action]
        var symbol: String
        var modifiers: [String]
    }

    /// `[name:rule]` pushes the rule's expansion (options split by commas); `[name:POP]` pops it.
    struct Action: Sendable, Equatable {
        var name: String
        var rule: [RuleText]?
        var rawRule: String
    }

    /// `nesting` counts the actions this rule sits inside: each one is parsed by a nested call,
    /// so a rule like `[a:[a:[a:…]]]` is refused past `Grammar.maximumDepth` instead of
    /// exhausting the stack.
    static func parse(_ rule: String, nesting: Int = 0) throws(PlotsError) -> [RuleText] {
        guard nesting <= Grammar.maximumDepth else { throw .tooDeep(limit: Grammar.maximumDepth) }
        var parts: [RuleText] = []
        var text = ""
        let chars = Array(rule)
        var i = 0
        func flush() {
            if !text.isEmpty { parts.append(.text(text)); text = "" }
        }
        while i < chars.count {
            let c = chars[i]
            if c == "\\", i + 1 < chars.count {
                text.append(chars[i + 1])
                i += 2
                continue
            }
            if c == "#" {
                guard let end = closing(of: "#", in: chars, from: i + 1) else { throw .unbalancedHash(rule: rule) }
                flush()
                parts.append(.tag(try parseTag(String(chars[(i + 1)..<end]), rule: rule, nesting: nesting)))
                i = end + 1
            } else if c == "[" {
                guard let end = closing(of: "]", in: chars, from: i + 1) else { throw .unbalancedBracket(rule: rule) }
                flush()
                parts.append(.action(try parseAction(String(chars[(i + 1)..<end]), rule: rule, nesting: nesting)))
                i = end + 1
            } else if c == "]" {
                throw .unbalancedBracket(rule: rule)
            } else {
                text.append(c)
                i += 1
            }
        }
        flush()
        return parts
    }

    /// The index of the `#` or `]` that closes what starts at `start`, passing over nested
    /// brackets (an action inside a tag, a tag inside an action) and escaped characters.
    static func closing(of closer: Character, in chars: [Character], from start: Int) -> Int? {
        var depth = 0
        var i = start
        while i < chars.count {
            switch chars[i] {
            case "\\":
                i += 1
            case "[":
                depth += 1
            case "]":
                if depth == 0 { return closer == "]" ? i : nil }
                depth -= 1
            case "#" where depth == 0 && closer == "#":
                return i
            default:
                break
            }
            i += 1
        }
        return nil
    }

    static func parseTag(_ inside: String, rule: String, nesting: Int) throws(PlotsError) -> Tag {
        let chars = Array(inside)
        var actions: [Action] = []
        // An index rather than removing each action from the front: a tag of thousands of
        // actions is read in one pass, not one pass per action.
        var start = 0
        while start < chars.count, chars[start] == "[" {
            guard let end = closing(of: "]", in: chars, from: start + 1) else { throw .unbalancedBracket(rule: rule) }
            actions.append(try parseAction(String(chars[(start + 1)..<end]), rule: rule, nesting: nesting))
            start = end + 1
        }
        let rest = String(chars[start...])
        if rest.contains("[") || rest.contains("]") { throw .unbalancedBracket(rule: rule) }
        let pieces = rest.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        try checkName(pieces[0])
        return Tag(actions: actions, symbol: pieces[0], modifiers: Array(pieces.dropFirst()).filter { !$0.isEmpty })
    }

    static func parseAction(_ inside: String, rule: String, nesting: Int) throws(PlotsError) -> Action {
        guard let colon = inside.firstIndex(of: ":") else { throw .invalidAction(inside) }
        let name = String(inside[..<colon])
        let value = String(inside[inside.index(after: colon)...])
        guard !name.isEmpty, !name.contains("#") else { throw .invalidAction(inside) }
        try checkName(name)
        if value == "POP" { return Action(name: name, rule: nil, rawRule: value) }
        return Action(name: name, rule: try parse(value, nesting: nesting + 1), rawRule: value)
    }

    static func checkName(_ name: String) throws(PlotsError) {
        guard name.count <= Grammar.maximumSymbolLength else {
            throw .invalidShape("the symbol name \"\(name.prefix(40))…\" is \(name.count) characters long; a name may have at most \(Grammar.maximumSymbolLength)")
        }
    }
}
