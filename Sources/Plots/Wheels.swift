import FolioCore
import Foundation

/// The three wheels of the plot generator, read from a grammar: `subject` (each rule starts with
/// the action `[predicate:#predicateMale#]`, `…Female#` or `…Plural#` that fixes its agreement),
/// `predicateMale`, `predicateFemale` and `predicatePlural` (the same predicates, entry for entry,
/// in the three forms) and `modifier`. So the grammar works in any Tracery engine — its `origin`
/// is `#subject# #predicate# #modifier#.` — and the wheels are a view of it.
///
/// An entry is 1–3 lines, written with "\n"; a wheel comes to rest on an entry's first line only.
public struct Wheels: Sendable {
    public struct Entry: Sendable, Equatable, Codable {
        /// "s3", "p12", "m40": the wheel's letter and the entry's position in the grammar.
        public let id: String
        public let lines: [String]
        public var text: String { lines.joined(separator: " ") }
    }

    public struct Subject: Sendable, Equatable, Codable {
        public let entry: Entry
        public let agreement: Agreement
    }

    /// One predicate in its three forms.
    public struct Predicate: Sendable, Equatable, Codable {
        public let id: String
        public let forms: [Agreement: Entry]

        public func form(_ agreement: Agreement) -> Entry { forms[agreement]! }
    }

    /// The wheels of Folio's own plot grammar, bundled with this module.
    public static let standard: Result<Wheels, PlotsError> = Result { () throws(PlotsError) in
        try Wheels(grammar: try Grammar.standard.get())
    }

    public let subjects: [Subject]
    public let predicates: [Predicate]
    public let modifiers: [Entry]

    public init(grammar: Grammar) throws(PlotsError) {
        guard let subjectRules = grammar.rules["subject"], let modifierRules = grammar.rules["modifier"] else {
            throw .notAWheelGrammar("it needs the symbols subject, predicateMale, predicateFemale, predicatePlural and modifier")
        }
        var forms: [Agreement: [String]] = [:]
        for agreement in Agreement.allCases {
            guard let list = grammar.rules["predicate" + agreement.symbolSuffix] else {
                throw .notAWheelGrammar("it has no symbol predicate\(agreement.symbolSuffix)")
            }
            forms[agreement] = list
        }
        let count = forms[.male]!.count
        guard forms.values.allSatisfy({ $0.count == count }) else {
            throw .notAWheelGrammar("predicateMale, predicateFemale and predicatePlural must list the same predicates, so the same number of rules")
        }
        var subjects: [Subject] = []
        for (i, rule) in subjectRules.enumerated() {
            let (agreement, text) = try Self.splitSubject(rule)
            subjects.append(Subject(entry: try Self.entry("s\(i)", text), agreement: agreement))
        }
        var predicates: [Predicate] = []
        for i in 0..<count {
            var entries: [Agreement: Entry] = [:]
            for agreement in Agreement.allCases { entries[agreement] = try Self.entry("p\(i)", forms[agreement]![i]) }
            predicates.append(Predicate(id: "p\(i)", forms: entries))
        }
        self.subjects = subjects
        self.predicates = predicates
        modifiers = try modifierRules.enumerated().map { i, rule throws(PlotsError) in try Self.entry("m\(i)", rule) }
        guard !subjects.isEmpty, !predicates.isEmpty, !modifiers.isEmpty else {
            throw .notAWheelGrammar("every wheel needs at least one entry")
        }
    }

    /// "[predicate:#predicateFemale#]A ferry captain" → (.female, "A ferry captain").
    static func splitSubject(_ rule: String) throws(PlotsError) -> (Agreement, String) {
        for agreement in Agreement.allCases {
            let prefix = "[predicate:#predicate\(agreement.symbolSuffix)#]"
            if rule.hasPrefix(prefix) { return (agreement, String(rule.dropFirst(prefix.count))) }
        }
        throw .notAWheelGrammar("the subject \"\(rule.prefix(60))\" does not start with [predicate:#predicateMale#], …Female# or …Plural#")
    }

    static func entry(_ id: String, _ text: String) throws(PlotsError) -> Entry {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard (1...3).contains(lines.count), lines.allSatisfy({ !$0.isEmpty }), !text.contains("#"), !text.contains("[") else {
            throw .notAWheelGrammar("the entry \"\(text.prefix(60))\" should be 1 to 3 lines of plain text")
        }
        return Entry(id: id, lines: lines)
    }

    /// The plot a seed gives: each wheel's entry drawn in turn from one generator.
    public func plot(seed: UInt64) -> Plot {
        var random = SeededRandom(seed: seed)
        let s = Grammar.pick(subjects.count, using: &random)
        let p = Grammar.pick(predicates.count, using: &random)
        let m = Grammar.pick(modifiers.count, using: &random)
        return plot(subject: s, predicate: p, modifier: m, seed: seed)
    }

    /// The plot of three entries named by id, as a permalink names them: "s3-p12-m40".
    public func plot(ids: String) throws(PlotsError) -> Plot {
        let parts = ids.split(separator: "-").map(String.init)
        guard parts.count == 3,
              let s = Self.index(parts[0], "s", count: subjects.count),
              let p = Self.index(parts[1], "p", count: predicates.count),
              let m = Self.index(parts[2], "m", count: modifiers.count) else { throw .unknownEntry(String(ids.prefix(40))) }
        return plot(subject: s, predicate: p, modifier: m, seed: nil)
    }

    static func index(_ id: String, _ letter: Character, count: Int) -> Int? {
        guard id.first == letter, let n = Int(id.dropFirst()), (0..<count).contains(n), id == "\(letter)\(n)" else { return nil }
        return n
    }

    func plot(subject s: Int, predicate p: Int, modifier m: Int, seed: UInt64?) -> Plot {
        let subject = subjects[s]
        let predicate = predicates[p].form(subject.agreement)
        let modifier = modifiers[m]
        var text = "\(subject.entry.text) \(predicate.text) \(modifier.text)"
        if let last = text.last, !".!?".contains(last) { text += "." }
        return Plot(seed: seed, subject: subject.entry, predicate: predicate, modifier: modifier, agreement: subject.agreement,
                    text: text)
    }
}

/// One generated plot: a seed (when it came from one), the three entries, the subject's
/// agreement and the sentence. As JSON: `{"seed", "subject", "predicate", "modifier",
/// "agreement", "text", "ids"}`, the entries as their text.
public struct Plot: Sendable, Equatable, Encodable {
    public let seed: UInt64?
    public let subject: Wheels.Entry
    public let predicate: Wheels.Entry
    public let modifier: Wheels.Entry
    public let agreement: Agreement
    public let text: String

    /// "s3-p12-m40": the three entries, for a permalink that needs no seed.
    public var ids: String { "\(subject.id)-\(predicate.id)-\(modifier.id)" }

    enum CodingKeys: String, CodingKey { case seed, subject, predicate, modifier, agreement, text, ids }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(seed, forKey: .seed)
        try container.encode(subject.text, forKey: .subject)
        try container.encode(predicate.text, forKey: .predicate)
        try container.encode(modifier.text, forKey: .modifier)
        try container.encode(agreement, forKey: .agreement)
        try container.encode(text, forKey: .text)
        try container.encode(ids, forKey: .ids)
    }
}
