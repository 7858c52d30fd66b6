import FolioCore
import Foundation

/// Welsh initial consonant mutations: the first sound of a word changes after certain words
/// ("cath", a cat; "ei gath", his cat; "fy nghath", my cat; "ei chath", her cat), and a word
/// starting with a vowel may take an h ("enw", name; "ei henw", her name). The tables are
/// documented in docs/welsh-mutations.md.
///
/// Welsh writes some single letters with two: ch, dd, ff, ng, ll, ph, rh, th. A word's first
/// letter is read as one of those first, so "llaw" begins with ll (softened to "law") and "chwaer"
/// with ch, which does not mutate — never with c followed by h.
public enum WelshMutation: String, CaseIterable, Sendable, Hashable, Codable {
    /// Treiglad meddal: p→b, t→d, c→g, b→f, d→dd, g→(nothing), m→f, ll→l, rh→r.
    case soft
    /// Treiglad trwynol: p→mh, t→nh, c→ngh, b→m, d→n, g→ng.
    case nasal
    /// Treiglad llaes: p→ph, t→th, c→ch.
    case aspirate
    /// An h before a word that begins with a vowel: enw→henw.
    case hBeforeVowel

    /// Radical first letter → mutated first letter.
    public var table: [(radical: String, mutated: String)] {
        switch self {
        case .soft: [("p", "b"), ("t", "d"), ("c", "g"), ("b", "f"), ("d", "dd"), ("g", ""), ("m", "f"), ("ll", "l"), ("rh", "r")]
        case .nasal: [("p", "mh"), ("t", "nh"), ("c", "ngh"), ("b", "m"), ("d", "n"), ("g", "ng")]
        case .aspirate: [("p", "ph"), ("t", "th"), ("c", "ch")]
        case .hBeforeVowel: Self.vowels.map { ($0, "h" + $0) }
        }
    }

    /// "soft mutation", "nasal mutation", "aspirate mutation", "h before a vowel".
    public var name: String {
        switch self {
        case .soft: "soft mutation"
        case .nasal: "nasal mutation"
        case .aspirate: "aspirate mutation"
        case .hBeforeVowel: "h before a vowel"
        }
    }

    /// The letters Welsh writes with two characters.
    public static let digraphs = ["ch", "dd", "ff", "ng", "ll", "ph", "rh", "th"]
    /// Vowels, with the circumflex and other accents Welsh writes on them.
    static let vowels = ["a", "e", "i", "o", "u", "w", "y", "â", "ê", "î", "ô", "û", "ŵ", "ŷ", "á", "é", "í", "ó", "ú", "ẃ", "ý",
                         "ä", "ë", "ï", "ö", "ü", "ẅ", "ÿ", "à", "è", "ì", "ò", "ù", "ẁ", "ỳ"]

    /// The word's first letter as Welsh counts letters: a digraph when it starts with one.
    public static func firstLetter(of word: String) -> String {
        let lower = word.lowercased()
        if let digraph = digraphs.first(where: { lower.hasPrefix($0) }) { return digraph }
        return lower.first.map(String.init) ?? ""
    }

    /// The word under this mutation, or nil when its first letter does not mutate so. Case is
    /// kept: "Cath" → "Gath".
    public func apply(to word: String) -> String? {
        let first = Self.firstLetter(of: word)
        guard !first.isEmpty, let rule = table.first(where: { $0.radical == first }) else { return nil }
        let rest = word.dropFirst(first.count)
        let capital = word.first?.isUppercase ?? false
        if self == .hBeforeVowel {
            return (capital ? "H" : "h") + (capital ? word.prefix(1).lowercased() : String(word.prefix(1))) + rest
        }
        let mutated = rule.mutated
        guard !mutated.isEmpty else {
            // Soft g disappears: the next letter takes the capital.
            guard let next = rest.first else { return nil }
            return (capital ? String(next).uppercased() : String(next)) + rest.dropFirst()
        }
        return (capital ? mutated.prefix(1).uppercased() + mutated.dropFirst() : mutated) + rest
    }

    /// Every mutated form of a word, with the mutation that makes it.
    public static func forms(of word: String) -> [(mutation: WelshMutation, form: String)] {
        allCases.compactMap { mutation in mutation.apply(to: word).map { (mutation, $0) } }
    }

    /// The words a form could be a mutation of, lower case, each with the mutation that gives the
    /// form back: "gath" → cath (soft), "nhad" → tad (nasal), "law" → llaw (soft) and glaw (soft).
    public static func radicals(of form: String) -> [(mutation: WelshMutation, radical: String)] {
        let lower = form.lowercased()
        var found: [(WelshMutation, String)] = []
        for mutation in allCases {
            // The longest mutated beginning is the one there: "nhad" is t under the nasal
            // mutation (nh), not d (n) followed by h.
            let longest = mutation.table.filter { !$0.mutated.isEmpty && lower.hasPrefix($0.mutated) }.map(\.mutated.count).max() ?? 0
            for rule in mutation.table where rule.mutated.isEmpty || rule.mutated.count == longest {
                let candidate: String
                if rule.mutated.isEmpty {
                    // Soft g: a word may have lost a g before a vowel or l, n, r, w (glaw → law).
                    // (No g-word begins gnh: an nh is t under the nasal mutation.)
                    let next = firstLetter(of: lower)
                    guard vowels.contains(next) || ["l", "r", "w"].contains(next) || (next == "n" && !lower.hasPrefix("nh")) else { continue }
                    candidate = rule.radical + lower
                } else if lower.hasPrefix(rule.mutated) {
                    candidate = rule.radical + lower.dropFirst(rule.mutated.count)
                } else {
                    continue
                }
                if mutation.apply(to: candidate)?.lowercased() == lower, !found.contains(where: { $0.1 == candidate }) {
                    found.append((mutation, candidate))
                }
            }
        }
        return found
    }

    /// How a form relates to its radical, for a learner: "soft mutation of c (cath → gath)".
    public static func describe(_ mutation: WelshMutation, radical: String, form: String) -> String {
        let first = firstLetter(of: radical)
        switch mutation {
        case .hBeforeVowel: return "h before a vowel (\(radical) → \(form))"
        default: return "\(mutation.name) of \(first) (\(radical) → \(form))"
        }
    }
}
