import FolioCore
import Foundation

/// Shakespeare's spellings, turned into the headwords a dictionary lists them under: "kill'd" is
/// found under "kill", "speak'st" under "speak", "loveth" under "love". Webster's 1913 has the
/// old words themselves (bodkin, fardel, quietus) but not their inflected forms, and says little
/// useful about the pronouns and auxiliaries an actor meets on every line, so those get a short
/// gloss of our own.
public enum GlossaryForms {
    /// Longer than any word in the plays ("honorificabilitudinitatibus" is 27 letters).
    public static let maximumWordLength = 40

    /// The word as typed or tapped, ready to look up: folded (lowercase, no accents, straight
    /// apostrophes — the plays print "belovèd" and "kill’d"), with quotes, punctuation and a
    /// possessive "'s" around it dropped. Nil when nothing of a word is left, when it is longer
    /// than `maximumWordLength`, or when it has anything but letters, apostrophes and hyphens.
    public static func clean(_ typed: String) -> String? {
        guard typed.count <= maximumWordLength * 2 else { return nil }
        var word = TextFolding.fold(typed.trimmingCharacters(in: .whitespacesAndNewlines))
        // Quotes and punctuation around a word, but not the apostrophe of "'tis" or "th'".
        // Symbols ("<", "$") are not trimmed: a word with them is not a word.
        let edge = CharacterSet.punctuationCharacters.subtracting(CharacterSet(charactersIn: "'"))
        word = word.trimmingCharacters(in: edge)
        if word.hasSuffix("'s"), word.count > 3 { word.removeLast(2) }
        // A quotation's closing mark written as an apostrophe: "'Tis so.'" Only when both ends
        // have one and the inside is not a known elision.
        if word.count > 2, word.hasPrefix("'"), word.hasSuffix("'"), elisions[word] == nil {
            word = String(word.dropFirst().dropLast())
        }
        // The same mark closing a quotation after a word: "the deed is done'".
        if word.count > 2, word.hasSuffix("'"), elisions[word] == nil { word.removeLast() }
        guard !word.isEmpty, word.count <= maximumWordLength,
              word.contains(where: \.isLetter),
              word.allSatisfy({ $0.isLetter || $0 == "'" || $0 == "-" }) else { return nil }
        return word
    }

    /// The headwords to try for a cleaned word, most likely first, the word itself always
    /// first: a form the dictionary lists ("beloved", "o'er") is never second-guessed.
    public static func candidates(for word: String) -> [String] {
        var result: [String] = []
        func add(_ candidate: String) {
            // A stem cut inside an elision ("kill'" from "kill'd" less "d") is no word.
            guard candidate == word || (candidate.filter(\.isLetter).count >= 2 && candidate.last != "'" && candidate.last != "-"),
                  !result.contains(candidate) else { return }
            result.append(candidate)
        }
        add(word)
        if let expansion = elisions[word] {
            expansion.lookUp.forEach(add)
        }
        // An elided letter the dictionary spells out: "o'erthrown" is "overthrown".
        var spellings = [word]
        for (elided, full) in [("o'er", "over"), ("ne'er", "never"), ("e'er", "ever")] where word.hasPrefix(elided) && word != elided {
            spellings.append(full + word.dropFirst(elided.count))
        }
        if word.hasPrefix("'"), word.count > 2 { spellings.append(String(word.dropFirst())) }
        spellings.dropFirst().forEach(add)
        for spelling in spellings {
            for (ending, restore) in endings where spelling.hasSuffix(ending) && spelling.count > ending.count + 1 {
                let stem = String(spelling.dropLast(ending.count))
                if let restore { add(stem + restore) }
                // An ending that starts with a consonant took nothing from its stem: "cats" is
                // "cat" and never "cate" (whose plural is "cates"), "loves" is "love".
                if let first = ending.first, first.isLetter, !isVowel(first) {
                    add(stem)
                } else {
                    stems(of: stem).forEach(add)
                }
            }
        }
        // "self-slaughter": the whole first, then its parts, the last (the noun) before the first.
        if word.contains("-") {
            let parts = word.split(separator: "-").map(String.init).filter { $0.count > 1 }
            for part in parts.reversed() where part != word { add(part) }
        }
        return result
    }

    /// True for a form only a verb takes ("kill'd", "loveth", "speak'st", "knowing"): its meaning
    /// is the verb's, where the dictionary has a noun too. "-est" alone is left out, as it is
    /// also the superlative ("fairest").
    public static func isVerbForm(_ word: String) -> Bool {
        ["'d", "ed", "'st", "'dst", "edst", "eth", "ing", "in'"].contains { word.hasSuffix($0) && word.count > $0.count + 1 }
    }

    /// Endings to take off, longest first so "-'st" wins over "-st", each with what the stem
    /// may have had before the ending was added ("kill'd" was "killed"). The stems then try the
    /// spellings a stem can lose: a final e, a doubled consonant, a y made i.
    static let endings: [(ending: String, restore: String?)] = [
        ("'dst", nil), ("edst", nil),            // "return'dst", "lovedst"
        ("'st", nil), ("est", nil), ("st", nil), // "speak'st", "knowest", "mayst"
        ("'d", "ed"), ("ied", "y"), ("ed", nil), ("d", nil),
        ("eth", nil), ("th", nil),               // "loveth", "goeth"
        ("'n", "en"), ("en", nil), ("n", nil),   // "fall'n", "gotten", "thrown"
        ("ing", nil), ("in'", nil),
        ("ies", "y"), ("es", nil), ("s", nil),
        ("er", nil),
    ]

    /// The spellings `stem` may stand for, in order: the magic e first where the stem looks like
    /// one that lost it ("lov'd" is "loved", from "love"; "hop'd" from "hope"), else the stem
    /// itself first ("kill'd", "look'd"); then a doubled consonant undone ("stopp'd", "marshall'st").
    static func stems(of stem: String) -> [String] {
        guard !stem.isEmpty else { return [] }
        var result: [String] = []
        let withE = stem.hasSuffix("e") ? nil : stem + "e"
        if losesFinalE(stem), let withE {
            result.append(withE)
            result.append(stem)
        } else {
            result.append(stem)
            if let withE { result.append(withE) }
        }
        let letters = Array(stem)
        if letters.count >= 3, letters[letters.count - 1] == letters[letters.count - 2], !isVowel(letters[letters.count - 1]) {
            result.append(String(letters.dropLast()))
        }
        if stem.hasSuffix("i") { result.append(String(stem.dropLast()) + "y") }
        return result
    }

    /// A stem ending consonant, single vowel, consonant ("lov", "hop", "car") usually lost an e;
    /// one ending in two consonants ("kill", "wish") or two vowels and a consonant ("look")
    /// did not. w, x and y never take the e back ("show'd", "fix'd", "pray'd").
    static func losesFinalE(_ stem: String) -> Bool {
        let letters = Array(stem)
        guard let last = letters.last, !isVowel(last), !"wxy'-".contains(last), letters.count >= 2 else { return false }
        let vowel = letters[letters.count - 2]
        guard isVowel(vowel), vowel != "e" || letters.count <= 3 else { return false }
        // "us'd": a vowel and a consonant are the whole stem.
        guard letters.count >= 3 else { return true }
        return !isVowel(letters[letters.count - 3])
    }

    private static func isVowel(_ letter: Character) -> Bool { "aeiou".contains(letter) }

    // MARK: - Our own glosses

    /// A gloss of our own and the headwords to look up besides the word itself.
    public struct Elision: Sendable, Hashable {
        /// What the word means on stage, short: "you (one person, familiar)".
        public var gloss: String
        /// The dictionary headwords the meaning is found under: "over" for "o'er".
        public var lookUp: [String]
    }

    /// The pronouns, auxiliaries and contractions Webster's 1913 either lacks or buries under
    /// other senses ("art" is first "skill"; "an" is first the article). Keys are folded words.
    public static let elisions: [String: Elision] = {
        let table: [(String, String, [String])] = [
            ("thou", "you (one person; familiar, or to an inferior, or in anger or prayer)", []),
            ("thee", "you (one person; object of a verb: \"I love thee\")", ["thou"]),
            ("thy", "your (one person's; before a consonant)", ["thou"]),
            ("thine", "your, yours (one person's; before a vowel, or standing alone)", ["thou"]),
            ("thyself", "yourself", ["thou"]),
            ("ye", "you (more than one person, or respectful)", []),
            ("art", "are (with thou: \"thou art\" is \"you are\"); also skill, cunning", ["be"]),
            ("hath", "has", ["have"]),
            ("hast", "have (with thou: \"thou hast\")", ["have"]),
            ("hadst", "had (with thou)", ["have"]),
            ("doth", "does", ["do"]),
            ("dost", "do (with thou: \"dost thou\")", ["do"]),
            ("didst", "did (with thou)", ["do"]),
            ("wilt", "will (with thou: \"thou wilt\"); also wishest", ["will"]),
            ("shalt", "shall (with thou)", ["shall"]),
            ("canst", "can (with thou)", ["can"]),
            ("couldst", "could (with thou)", ["can"]),
            ("wouldst", "would (with thou)", ["will"]),
            ("shouldst", "should (with thou)", ["shall"]),
            ("mayst", "may (with thou)", ["may"]),
            ("mightst", "might (with thou)", ["may"]),
            ("wast", "were (with thou: \"thou wast\")", ["be"]),
            ("wert", "were (with thou: \"thou wert\"; or \"if thou wert\")", ["be"]),
            ("'tis", "it is", ["it"]),
            ("'twas", "it was", ["it"]),
            ("'twere", "it were, it would be", ["it"]),
            ("'twill", "it will", ["it"]),
            ("'twould", "it would", ["it"]),
            ("o'er", "over", ["over"]),
            ("ne'er", "never", ["never"]),
            ("e'er", "ever", ["ever"]),
            ("e'en", "even (also evening)", ["even"]),
            ("i'", "in", ["in"]),
            ("o'", "of, on", ["of"]),
            ("th'", "the", ["the"]),
            ("'gainst", "against", ["against"]),
            ("'twixt", "betwixt, between", ["betwixt"]),
            ("'mongst", "amongst, among", ["amongst"]),
            ("'scape", "escape", ["escape"]),
            ("'em", "them", ["them"]),
            ("an", "if (\"an it please you\"); or the article", ["an"]),
            ("prithee", "I pray thee: please", ["pray"]),
            ("ay", "yes", []),
            ("aye", "always, ever; or yes", []),
            ("sirrah", "sir (to an inferior, or in contempt)", []),
            ("whither", "where to", []),
            ("hither", "here, to this place", []),
            ("thither", "there, to that place", []),
            ("hence", "from here; from now", []),
            ("thence", "from there", []),
            ("wherefore", "why", []),
        ]
        return Dictionary(uniqueKeysWithValues: table.map { ($0.0, Elision(gloss: $0.1, lookUp: $0.2)) })
    }()
}
