import FolioCore
import Foundation

/// How a typed answer compares with the expected one.
public enum Verdict: String, Codable, Sendable {
    /// The answer, or one of its accepted forms.
    case right
    /// Right but for accents: "gwr" for "gŵr".
    case almost
    case wrong

    /// What the learner is told, on a page or in the terminal.
    public var label: String {
        switch self {
        case .right: "Right"
        case .almost: "Almost — mind the accents"
        case .wrong: "Not quite"
        }
    }
}

/// Checks what a learner typed against a pair's answer.
///
/// Both are trimmed, compared without regard to case, runs of spaces, curly or straight
/// apostrophes, or a final ".", "!" or "?". The expected answer may offer several forms:
/// - alternatives split by "/": "car / automobile" accepts either; a slash inside a word offers
///   that word's alternatives only, so "to his/her" accepts "to his" and "to her";
/// - optional text in "( )": "(to) run" accepts "run" and "to run", "mynd (i)" accepts "mynd" and
///   "mynd i", "(n)or" accepts "or" and "nor"; a "(" that is never closed runs to the end.
/// An answer that matches a form except for accents is `almost`, with the letters that differ.
public struct AnswerCheck: Sendable {
    public struct CheckResult: Sendable, Hashable {
        public var verdict: Verdict
        /// The whole expected answer, as stored.
        public var expected: String
        /// The accepted form the answer matched, nil when it is wrong: "run" for "(to) run".
        public var matched: String?
        /// For `almost`: where the answer differs from `matched`.
        public var difference: Difference?
        /// For `almost`: what kind of nearly.
        public var almost: Almost?

        public init(verdict: Verdict, expected: String, matched: String? = nil, difference: Difference? = nil, almost: Almost? = nil) {
            self.verdict = verdict
            self.expected = expected
            self.matched = matched
            self.difference = difference
            self.almost = almost ?? (verdict == .almost ? .accents : nil)
        }

        /// What the learner is told: "Right", "Almost — a typo", "Almost — soft mutation of c
        /// (cath → gath)".
        public var label: String {
            switch almost {
            case nil: verdict.label
            case .accents: "Almost — mind the accents"
            case .typo: "Almost — a typo"
            case .mutation(let mutation, let radical, let form):
                "Almost — \(WelshMutation.describe(mutation, radical: radical, form: form))"
            }
        }
    }

    /// Why an answer is nearly right.
    public enum Almost: Sendable, Hashable {
        /// Right but for accents: "gwr" for "gŵr".
        case accents
        /// One slip (a letter wrong, missing or added, or two swapped) in a word of at least
        /// `typoWordLength` letters.
        case typo
        /// One word in another of its mutated forms: typed "gath" for "cath" (or "cath" for "gath").
        case mutation(WelshMutation, radical: String, form: String)
    }

    /// Shorter words are not forgiven a slip: "cat" for "cath" is another word.
    public static let typoWordLength = 6

    /// The accepted form with the letters that differ from the typed answer marked.
    public struct Difference: Sendable, Hashable {
        /// A run of the accepted form that matches the typed answer or differs from it.
        public struct Part: Sendable, Hashable {
            public var text: String
            public var differs: Bool
        }

        /// A letter as typed and as expected: typed "w", expected "ŵ".
        public struct Letter: Sendable, Hashable {
            public var typed: String
            public var expected: String
        }

        /// The whole accepted form, in runs, so a page can wrap the differing ones in `<mark>`.
        public var parts: [Part]
        public var letters: [Letter]

        /// The accepted form with differing letters in brackets: "g[ŵ]r".
        public var marked: String {
            parts.map { $0.differs ? "[\($0.text)]" : $0.text }.joined()
        }

        /// "ŵ, not w", for a sentence under the answer.
        public var summary: String {
            letters.map { "\($0.expected), not \($0.typed.isEmpty ? "nothing" : $0.typed)" }
                .joined(separator: "; ")
        }
    }

    /// How a word in another mutated form is taken: only a Welsh answer has mutations ("pat" for
    /// "bat" is no mutation in English), and a pair may say that any of them is right.
    public enum Mutations: Sendable {
        case ignored, almost, accepted
    }

    public static func check(_ typed: String, against expected: String, mutations: Mutations = .ignored) -> CheckResult {
        let answer = normalised(typed)
        let forms = acceptedForms(of: expected)
        guard !answer.isEmpty, !forms.isEmpty else { return CheckResult(verdict: .wrong, expected: expected) }

        let answerKey = answer.lowercased()
        if let form = forms.first(where: { $0.lowercased() == answerKey }) {
            return CheckResult(verdict: .right, expected: expected, matched: form)
        }
        let answerFold = TextFolding.fold(answer)
        if let form = forms.first(where: { TextFolding.fold($0) == answerFold }) {
            return CheckResult(verdict: .almost, expected: expected, matched: form,
                               difference: difference(typed: answer, expected: form), almost: .accents)
        }
        // One word apart: a mutation of it, or a slip in a long one.
        let typedWords = answerFold.split(separator: " ").map(String.init)
        for form in forms {
            let formWords = TextFolding.fold(form).split(separator: " ").map(String.init)
            guard formWords.count == typedWords.count else { continue }
            let apart = formWords.indices.filter { formWords[$0] != typedWords[$0] }
            guard apart.count == 1 else { continue }
            let want = formWords[apart[0]], got = typedWords[apart[0]]
            if mutations != .ignored, let related = mutation(between: want, and: got) {
                if mutations == .accepted { return CheckResult(verdict: .right, expected: expected, matched: form) }
                return CheckResult(verdict: .almost, expected: expected, matched: form,
                                   difference: difference(typed: answer, expected: form), almost: related)
            }
            if want.count >= typoWordLength, Slip.isOne(want, got) {
                return CheckResult(verdict: .almost, expected: expected, matched: form,
                                   difference: difference(typed: answer, expected: form), almost: .typo)
            }
        }
        return CheckResult(verdict: .wrong, expected: expected)
    }

    /// Whether one of two words (folded) is a mutated form of the other.
    static func mutation(between expected: String, and typed: String) -> Almost? {
        for mutation in WelshMutation.allCases {
            if let form = mutation.apply(to: expected), TextFolding.fold(form) == typed {
                return .mutation(mutation, radical: expected, form: typed)
            }
            if let form = mutation.apply(to: typed), TextFolding.fold(form) == expected {
                return .mutation(mutation, radical: typed, form: expected)
            }
        }
        return nil
    }

    /// The FSRS rating an answer proposes, which the learner may override: 1 (Again) for wrong,
    /// 2 (Hard) for almost — the word was known, its spelling was not — and 3 (Good) for right.
    /// Easy (4) is never proposed: a typed answer shows correctness, not ease.
    public static func proposedRating(for verdict: Verdict) -> Int {
        switch verdict {
        case .wrong: 1
        case .almost: 2
        case .right: 3
        }
    }

    /// Letters typed with a circumflex on a keyboard without Welsh keys: "w^" → "ŵ", "Y^" → "Ŷ",
    /// and likewise a, e, i, o, u. Any other "^" is left alone.
    public static func typingAid(_ input: String) -> String {
        guard input.contains("^") else { return input }
        var result = ""
        var pending: Character?
        for character in input {
            if character == "^", let letter = pending, let accented = circumflexed[letter] {
                result.append(accented)
                pending = nil
                continue
            }
            if let letter = pending { result.append(letter) }
            pending = character
        }
        if let letter = pending { result.append(letter) }
        return result
    }

    private static let circumflexed: [Character: Character] = [
        "a": "â", "e": "ê", "i": "î", "o": "ô", "u": "û", "w": "ŵ", "y": "ŷ",
        "A": "Â", "E": "Ê", "I": "Î", "O": "Ô", "U": "Û", "W": "Ŵ", "Y": "Ŷ",
    ]

    // MARK: - Accepted forms

    /// More forms than this are not generated; an answer with that many options is a note.
    static let maximumForms = 64

    /// Every form the expected answer accepts, normalised, the written one first.
    static func acceptedForms(of expected: String) -> [String] {
        var candidates = [expected]
        for alternative in alternatives(expected) {
            candidates.append(alternative)
            candidates += expand(alternative)
        }
        var seen = Set<String>()
        var forms: [String] = []
        for candidate in candidates {
            let form = normalised(candidate)
            if !form.isEmpty, seen.insert(form.lowercased()).inserted { forms.append(form) }
        }
        return forms
    }

    /// Splits at each "/" outside parentheses with a space on at least one side.
    static func alternatives(_ text: String) -> [String] {
        let characters = Array(text)
        var pieces: [String] = []
        var start = 0
        var depth = 0
        for (i, c) in characters.enumerated() {
            switch c {
            case "(": depth += 1
            case ")": depth = max(0, depth - 1)
            case "/" where depth == 0:
                let spaced = i == 0 || characters[i - 1].isWhitespace
                    || i == characters.count - 1 || characters[i + 1].isWhitespace
                if spaced {
                    pieces.append(String(characters[start..<i]))
                    start = i + 1
                }
            default: break
            }
        }
        pieces.append(String(characters[start...]))
        return pieces
    }

    /// The forms of one alternative: each "( )" group present or absent, each word with a slash
    /// replaced by one of its options.
    static func expand(_ text: String) -> [String] {
        let characters = Array(text)
        var segments: [[String]] = []
        var literal = ""

        func flushLiteral() {
            guard !literal.isEmpty else { return }
            // Keep the spaces as they are: the form is normalised afterwards.
            var word = ""
            func flushWord() {
                guard !word.isEmpty else { return }
                if word.contains("/") {
                    let options = word.split(separator: "/").map(String.init)
                    segments.append(options.isEmpty ? [""] : options)
                } else {
                    segments.append([word])
                }
                word = ""
            }
            for c in literal {
                if c.isWhitespace {
                    flushWord()
                    segments.append([String(c)])
                } else {
                    word.append(c)
                }
            }
            flushWord()
            literal = ""
        }

        var i = 0
        while i < characters.count {
            let c = characters[i]
            if c == "(" {
                flushLiteral()
                var depth = 1
                var j = i + 1
                while j < characters.count {
                    if characters[j] == "(" { depth += 1 }
                    if characters[j] == ")" { depth -= 1; if depth == 0 { break } }
                    j += 1
                }
                let inner = String(characters[(i + 1)..<j])
                var options = [""]
                for alternative in alternatives(inner) { options += expand(alternative) }
                segments.append(options)
                i = j + 1
            } else {
                if c != ")" { literal.append(c) }
                i += 1
            }
        }
        flushLiteral()

        var forms = [""]
        for options in segments {
            var next: [String] = []
            outer: for form in forms {
                for option in options {
                    next.append(form + option)
                    if next.count >= maximumForms { break outer }
                }
            }
            forms = next
        }
        return forms
    }

    /// Trimmed, single-spaced, straight apostrophes, without a final ".", "!" or "?".
    static func normalised(_ text: String) -> String {
        var result = text.unicodeScalars.map { scalar -> String in
            switch scalar {
            case "\u{2019}", "\u{2018}", "\u{02BC}": "'"
            default: String(scalar)
            }
        }.joined()
        result = Pair.singleLine(result)
        while let last = result.last, last == "." || last == "!" || last == "?" {
            result.removeLast()
            result = Pair.singleLine(result)
        }
        return result
    }

    // MARK: - Difference

    static func difference(typed: String, expected: String) -> Difference {
        let t = Array(typed), e = Array(expected)
        if t.count == e.count {
            var parts: [Difference.Part] = []
            var letters: [Difference.Letter] = []
            for (a, b) in zip(t, e) {
                let differs = String(a).lowercased() != String(b).lowercased()
                if differs { letters.append(.init(typed: String(a), expected: String(b))) }
                if let last = parts.last, last.differs == differs {
                    parts[parts.count - 1].text.append(b)
                } else {
                    parts.append(.init(text: String(b), differs: differs))
                }
            }
            return Difference(parts: parts, letters: letters)
        }
        // Lengths differ only when a letter was typed as two ("ae" for "æ"): mark the stretch
        // between the common beginning and end.
        func same(_ a: Character, _ b: Character) -> Bool { String(a).lowercased() == String(b).lowercased() }
        var prefix = 0
        while prefix < min(t.count, e.count), same(t[prefix], e[prefix]) { prefix += 1 }
        var suffix = 0
        while suffix < min(t.count, e.count) - prefix, same(t[t.count - 1 - suffix], e[e.count - 1 - suffix]) { suffix += 1 }
        let typedMiddle = String(t[prefix..<(t.count - suffix)])
        let expectedMiddle = String(e[prefix..<(e.count - suffix)])
        var parts: [Difference.Part] = []
        if prefix > 0 { parts.append(.init(text: String(e[..<prefix]), differs: false)) }
        parts.append(.init(text: expectedMiddle, differs: true))
        if suffix > 0 { parts.append(.init(text: String(e[(e.count - suffix)...]), differs: false)) }
        return Difference(parts: parts, letters: [.init(typed: typedMiddle, expected: expectedMiddle)])
    }
}
