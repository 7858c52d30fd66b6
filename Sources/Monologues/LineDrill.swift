import FolioCore
import Foundation

/// A speech as an actor learns it: line by line, each recalled from its cue (the line before, or
/// for the first line the cue the speech answers), with help that fades — first letters, then
/// more and more of the words hidden, then nothing — and an answer checked with tolerance for
/// punctuation, case, old spellings and a slip of the finger.
public struct LineDrill: Sendable, Hashable {
    public struct Line: Sendable, Hashable, Codable {
        /// From 1, in the actor's cut.
        public var number: Int
        /// What the actor hears before saying it.
        public var cue: String
        public var text: String
        /// What the line's progress is kept under: its words as the check compares them (so a
        /// changed comma keeps it, a changed word makes it a new line to learn), and which
        /// occurrence of those words it is, since a speech may say the same line twice.
        public var key: String
    }

    public var lines: [Line]

    /// - Parameters:
    ///   - text: the speech as the actor cut it: stage directions ("[…]") and beats ("/") are
    ///     not lines to learn.
    ///   - cue: the line the speech answers, when the library knows it.
    public init(text: String, cue: String?) {
        var lines: [Line] = []
        var previous = cue ?? ""
        var seen: [String: Int] = [:]
        Self.forEachLine(of: text) { line in
            let words = String(DrillCheck.words(line).joined(separator: " ").prefix(Self.keyLength))
            seen[words, default: 0] += 1
            lines.append(Line(number: lines.count + 1, cue: previous, text: line, key: "\(seen[words]!) \(words)"))
            previous = line
        }
        self.lines = lines
    }

    /// How many lines `text` has to learn: as many as `init` makes, without the keys that tell
    /// them apart (what a list of favourites with nothing rehearsed yet needs).
    public static func lineCount(of text: String) -> Int {
        var count = 0
        forEachLine(of: text) { _ in count += 1 }
        return count
    }

    /// Each line to learn, trimmed: not a beat ("/"), a stage direction ("[…]") or a line of no
    /// words. Cut at the "\n" byte and trimmed in Swift, not through Foundation: a page of 20
    /// favourites spent a third of its time here.
    private static func forEachLine(of text: String, _ body: (String) -> Void) {
        for raw in text.utf8.split(separator: 0x0A) {
            let line = trimmed(Substring(raw))
            guard line != "/", !line.hasPrefix("["), WordTokenizer.wordCount(line) > 0 else { continue }
            body(String(line))
        }
    }

    /// `line` without the spaces and tabs at its ends (`CharacterSet.whitespaces`, as before).
    private static func trimmed(_ line: Substring) -> Substring {
        func isSpace(_ c: Character) -> Bool { c.unicodeScalars.allSatisfy { CharacterSet.whitespaces.contains($0) } }
        guard let first = line.firstIndex(where: { !isSpace($0) }), let last = line.lastIndex(where: { !isSpace($0) }) else { return "" }
        return line[first...last]
    }

    /// Enough of a line's words to tell it from the others: a key stays small however long an
    /// actor's own line runs.
    public static let keyLength = 160

    /// The cue the library's notes name: `Cue (own line): “She strike upon the bell.”` or
    /// `Cue (Seyton): “The queen, my lord, is dead.”`.
    public static func cue(fromNotes notes: String) -> String? {
        guard let start = notes.range(of: "Cue"), let open = notes[start.upperBound...].firstIndex(of: "“"),
              let close = notes[notes.index(after: open)...].firstIndex(of: "”") else { return nil }
        let cue = notes[notes.index(after: open)..<close].trimmingCharacters(in: .whitespaces)
        return cue.isEmpty ? nil : cue
    }
}

/// The help a line is shown with, fading as the actor learns it.
public enum DrillPrompt: Sendable, Hashable {
    /// Each word's first letter, punctuation kept: "I t a d w I s b m,".
    case firstLetters
    /// Some words hidden: level 1 hides a quarter, 2 half, 3 three quarters, 4 every word.
    case hidden(level: Int)
    /// Nothing shown: the actor says or types the line.
    case none

    public static let hiddenLevels = 1...4

    /// The help a line is given as it is learned, most first: each recall rated Good moves a line
    /// one rung down (Easy two), each Again one back up. A line said with no help at all and
    /// rated Good or Easy is word-perfect.
    public static let ladder: [DrillPrompt] = [.firstLetters, .hidden(level: 2), .hidden(level: 4), .none]

    /// The rung of `ladder` for a stored value, clamped: a value from an older or damaged row
    /// still gives some prompt.
    public static func rung(_ value: Int) -> DrillPrompt {
        ladder[min(max(value, 0), ladder.count - 1)]
    }

    /// The rung with no help.
    public static var unaided: Int { ladder.count - 1 }

    /// "First letters", "Some words hidden", "Every word hidden", "No help": as a person reads it.
    public var label: String {
        switch self {
        case .firstLetters: "First letters"
        case .hidden(let level): level >= Self.hiddenLevels.upperBound ? "Every word hidden" : "Some words hidden"
        case .none: "No help"
        }
    }

    /// "firstLetters", "hidden", "none": the prompt's name in JSON.
    public var name: String {
        switch self {
        case .firstLetters: "firstLetters"
        case .hidden: "hidden"
        case .none: "none"
        }
    }

    /// The line as this prompt shows it; hidden words are underscores as long as the word, so the
    /// rhythm of the line stays visible.
    public func show(_ line: String) -> String {
        let words = line.split(separator: " ", omittingEmptySubsequences: true)
        switch self {
        case .none:
            return ""
        case .firstLetters:
            return words.map { word in
                var out = ""
                var letterShown = false
                for character in word {
                    if character.isLetter || character.isNumber {
                        if !letterShown { out.append(character); letterShown = true }
                    } else {
                        out.append(character)
                    }
                }
                return out
            }.joined(separator: " ")
        case .hidden(let level):
            let level = min(max(level, Self.hiddenLevels.lowerBound), Self.hiddenLevels.upperBound)
            // The same words hide at each level, and each level hides the last one's and more,
            // spread through the line: position i hides from level (i * 3 mod 4) + 1.
            return words.enumerated().map { index, word in
                let hidesFrom = (index * 3) % 4 + 1
                guard hidesFrom <= level else { return String(word) }
                return String(word.map { $0.isLetter || $0.isNumber ? "_" : $0 })
            }.joined(separator: " ")
        }
    }
}

/// How a recalled line compares with the text.
public enum DrillCheck {
    public enum Verdict: Sendable, Hashable {
        /// Word for word (punctuation, case and old spellings aside).
        case exact
        /// A slip or two: the words that differ, as "expected → typed".
        case close(slips: [String])
        case wrong

        /// "Word for word", "Almost", "Not yet": a line is word-perfect only once said so with no
        /// help at all (`DrillPrompt`), which one right answer with first letters shown is not.
        public var label: String {
            switch self {
            case .exact: "Word for word"
            case .close: "Almost"
            case .wrong: "Not yet"
            }
        }
    }

    /// The longest answer read, in characters: the alignment's work grows with both lines, and
    /// no line of verse or prose comes near it.
    public static let longestAnswer = 1_000

    public static func check(_ answer: String, against line: String) -> Verdict {
        let expected = words(line), typed = words(String(answer.prefix(longestAnswer)))
        if expected == typed { return .exact }
        guard !typed.isEmpty else { return .wrong }
        // Each word too many or too few is a slip of its own: when the counts alone differ by
        // more than the slips allowed, no alignment can pass, so none is made (an actor's own
        // line may run to thousands of words).
        let allowed = max(1, expected.count / 8)
        guard abs(expected.count - typed.count) <= allowed else { return .wrong }
        // Word by word along the best alignment; a slip is a word one keystroke away, or a small
        // word missing or added. More slips than one word in eight is not knowing the line.
        let steps = align(expected, typed)
        var slips: [String] = []
        for step in steps {
            switch step {
            case .same: continue
            case .changed(let e, let t):
                guard Slip.isOne(e, t) else { return .wrong }
                slips.append("\(e) → \(t)")
            case .missing(let e):
                guard e.count <= 3 else { return .wrong }
                slips.append("\(e) → (missing)")
            case .extra(let t):
                guard t.count <= 3 else { return .wrong }
                slips.append("(extra) → \(t)")
            }
        }
        return slips.count <= allowed ? .close(slips: slips) : .wrong
    }

    /// The words as compared: folded (case, accents), the spellings of the time made one
    /// ("kill'd" and "killed", "o'er" and "over"), punctuation gone.
    static func words(_ text: String) -> [String] {
        WordTokenizer.words(text).map { word in
            if let spelled = Self.oldSpellings[word] { return spelled }
            if word.hasSuffix("'d"), word.count > 3 { return String(word.dropLast(2)) + "ed" }
            return word.contains("'") ? String(word.unicodeScalars.filter { $0 != "'" }.map(Character.init)) : word
        }
    }

    static let oldSpellings = ["o'er": "over", "e'er": "ever", "ne'er": "never", "e'en": "even", "'tis": "tis", "tis": "tis"]

    enum Step: Equatable { case same, changed(String, String), missing(String), extra(String) }

    /// The cheapest alignment of two word lists (a change, a word missing or added each costs one).
    static func align(_ a: [String], _ b: [String]) -> [Step] {
        let n = a.count, m = b.count
        var cost = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
        for i in 0...n { cost[i][m] = n - i }
        for j in 0...m { cost[n][j] = m - j }
        if n > 0 && m > 0 {
            for i in stride(from: n - 1, through: 0, by: -1) {
                for j in stride(from: m - 1, through: 0, by: -1) {
                    cost[i][j] = a[i] == b[j] ? cost[i + 1][j + 1] : 1 + min(cost[i + 1][j + 1], cost[i + 1][j], cost[i][j + 1])
                }
            }
        }
        var steps: [Step] = []
        var i = 0, j = 0
        while i < n || j < m {
            if i < n, j < m, a[i] == b[j] {
                steps.append(.same); i += 1; j += 1
            } else if i < n, j < m, cost[i][j] == 1 + cost[i + 1][j + 1] {
                steps.append(.changed(a[i], b[j])); i += 1; j += 1
            } else if i < n, cost[i][j] == 1 + cost[i + 1][j] {
                steps.append(.missing(a[i])); i += 1
            } else {
                steps.append(.extra(b[j])); j += 1
            }
        }
        return steps
    }
}
