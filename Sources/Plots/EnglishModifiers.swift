/// Tracery's modifiers, with the English Tracery gets wrong put right: "an hour", "a unicorn",
/// "wolves", "babies", "stopped", "tried". Plurals change the last word of a phrase ("lighthouse
/// keepers"), past tenses the first ("looked at").
public enum EnglishModifiers {
    public static let names = ["capitalize", "capitalizeAll", "s", "a", "ed", "inQuotes", "comma"]

    public static func apply(_ name: String, to text: String) throws(PlotsError) -> String {
        switch name {
        case "capitalize": return capitalize(text)
        case "capitalizeAll": return text.split(separator: " ", omittingEmptySubsequences: false).map { capitalize(String($0)) }.joined(separator: " ")
        case "s": return onLastWord(text, plural)
        case "a": return article(for: text) + " " + text
        case "ed": return onFirstWord(text, pastTense)
        case "inQuotes": return "“" + text + "”"
        case "comma": return comma(text)
        default: throw .unknownModifier(name)
        }
    }

    static func capitalize(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }

    static func comma(_ text: String) -> String {
        guard let last = text.last else { return text }
        return ",.!?;:".contains(last) ? text : text + ","
    }

    static func onLastWord(_ text: String, _ change: (String) -> String) -> String {
        guard let space = text.lastIndex(of: " ") else { return change(text) }
        return String(text[...space]) + change(String(text[text.index(after: space)...]))
    }

    static func onFirstWord(_ text: String, _ change: (String) -> String) -> String {
        guard let space = text.firstIndex(of: " ") else { return change(text) }
        return change(String(text[..<space])) + String(text[space...])
    }

    /// Keeps the word's own capitalisation on the part that stays.
    static func replacingEnding(_ word: String, drop: Int, add: String) -> String {
        String(word.dropLast(drop)) + add
    }

    // MARK: - a / an

    /// Words that start with a vowel letter but a consonant sound ("a unicorn", "a one-off").
    static let consonantSoundPrefixes = ["uni", "use", "usu", "uti", "ure", "uro", "eu", "ewe", "one", "once", "ubiq", "uk"]
    /// Words that start with a silent h ("an hour", "an honest").
    static let silentHPrefixes = ["hour", "honest", "honour", "honor", "heir"]

    public static func article(for text: String) -> String {
        let word = text.split(separator: " ").first.map { String($0).lowercased() } ?? ""
        guard let first = word.first else { return "a" }
        if silentHPrefixes.contains(where: word.hasPrefix) { return "an" }
        if consonantSoundPrefixes.contains(where: word.hasPrefix) { return "a" }
        // "u" then a consonant then a vowel, as in "usual" or "utopia", sounds like "you".
        if first == "u", word.count >= 3 {
            let letters = Array(word)
            if !"aeiou".contains(letters[1]) && "aeiou".contains(letters[2]) && !["un", "up", "ug"].contains(String(letters[0...1])) {
                return "a"
            }
        }
        return "aeiou".contains(first) ? "an" : "a"
    }

    // MARK: - plurals

    static let irregularPlurals = [
        "man": "men", "woman": "women", "child": "children", "person": "people", "mouse": "mice", "goose": "geese",
        "foot": "feet", "tooth": "teeth", "ox": "oxen", "sheep": "sheep", "deer": "deer", "fish": "fish", "cactus": "cacti",
    ]
    /// Nouns in f or fe whose plural is in ves.
    static let pluralsInVes: Set = ["wolf", "knife", "life", "wife", "leaf", "half", "self", "shelf", "thief", "loaf", "calf", "elf", "scarf", "wharf", "sheaf"]
    /// Nouns in consonant + o whose plural is in oes.
    static let pluralsInOes: Set = ["hero", "potato", "tomato", "echo", "veto", "torpedo", "volcano", "mosquito", "domino"]

    public static func plural(_ word: String) -> String {
        let lower = word.lowercased()
        if let irregular = irregularPlurals[lower] {
            return word.first?.isUppercase == true ? capitalize(irregular) : irregular
        }
        if pluralsInVes.contains(lower) {
            return replacingEnding(word, drop: lower.hasSuffix("fe") ? 2 : 1, add: "ves")
        }
        if pluralsInOes.contains(lower) { return word + "es" }
        if ["s", "x", "z", "ch", "sh"].contains(where: lower.hasSuffix) { return word + "es" }
        if lower.hasSuffix("y"), lower.count > 1, !"aeiou".contains(lower.dropLast().last!) {
            return replacingEnding(word, drop: 1, add: "ies")
        }
        return word + "s"
    }

    // MARK: - past tense

    static let irregularPasts = [
        "be": "was", "go": "went", "run": "ran", "see": "saw", "take": "took", "make": "made", "find": "found",
        "give": "gave", "come": "came", "eat": "ate", "get": "got", "have": "had", "do": "did", "say": "said",
        "sing": "sang", "swim": "swam", "fly": "flew", "fall": "fell", "steal": "stole", "win": "won", "lose": "lost",
        "buy": "bought", "bring": "brought", "think": "thought", "catch": "caught", "teach": "taught", "fight": "fought",
        "sell": "sold", "tell": "told", "hide": "hid", "ride": "rode", "write": "wrote", "drive": "drove", "break": "broke",
        "wake": "woke", "know": "knew", "grow": "grew", "throw": "threw", "draw": "drew", "leave": "left", "feel": "felt",
        "keep": "kept", "sleep": "slept", "meet": "met", "sit": "sat", "stand": "stood", "build": "built", "send": "sent",
        "spend": "spent", "begin": "began", "forget": "forgot", "dig": "dug", "hold": "held", "read": "read", "put": "put",
        "cut": "cut", "let": "let", "set": "set", "hit": "hit", "shut": "shut", "bet": "bet",
    ]

    public static func pastTense(_ word: String) -> String {
        let lower = word.lowercased()
        if let irregular = irregularPasts[lower] { return irregular }
        if lower.hasSuffix("e") { return word + "d" }
        let letters = Array(lower)
        if let last = letters.last, last == "y", letters.count > 1 {
            return "aeiou".contains(letters[letters.count - 2]) ? word + "ed" : replacingEnding(word, drop: 1, add: "ied")
        }
        // One short syllable ending consonant-vowel-consonant doubles its last letter: stop → stopped.
        if letters.count >= 3, letters.count <= 4 {
            let (a, b, c) = (letters[letters.count - 3], letters[letters.count - 2], letters[letters.count - 1])
            let vowels = "aeiou"
            let vowelCount = letters.filter { vowels.contains($0) }.count
            if !vowels.contains(a), vowels.contains(b), !vowels.contains(c), !"wxy".contains(c), vowelCount == 1 {
                return word + String(word.last!) + "ed"
            }
        }
        if lower.hasSuffix("c") { return word + "ked" }
        return word + "ed"
    }
}
