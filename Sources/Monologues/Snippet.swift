import FolioCore

/// A few lines of a speech around the words a search matched, the matches marked, as each face
/// shows it: the pages wrap the marked parts in `<mark>` (each part escaped on its own), the API
/// sends the text and the matches' offsets, the command line marks them `*like this*`.
public struct Snippet: Sendable, Hashable {
    public struct Part: Sendable, Hashable {
        public var text: String
        public var isMatch: Bool
    }

    public var parts: [Part]

    public var text: String { parts.map(\.text).joined() }

    /// Where the matches stand in `text`, in UTF-16 code units (a JavaScript string's indices).
    public var matches: [(start: Int, length: Int)] {
        var offset = 0
        var result: [(Int, Int)] = []
        for part in parts {
            let length = part.text.utf16.count
            if part.isMatch { result.append((offset, length)) }
            offset += length
        }
        return result
    }

    /// The text with every match between `open` and `close`: "… *revenge* his foul …".
    public func marked(open: String = "*", close: String = "*") -> String {
        parts.map { $0.isMatch ? open + $0.text + close : $0.text }.joined()
    }

    /// Words of context shown around the matches: about two lines of verse.
    static let windowWords = 26
    /// Words shown before the first match of the window, so it does not open the snippet cold.
    static let leadWords = 5
}

/// What a snippet marks: the word forms a query's words stand for, the starts its prefixes
/// name, and its phrases, whose words are marked only where they stand together.
struct SnippetMatcher: Sendable {
    /// Folded word forms (a term with the seed's endings, "'d" read as "ed").
    var words: Set<String> = []
    /// Folded starts of words (`venge*`, the word being typed).
    var prefixes: [String] = []
    /// Each phrase: per position, the forms it accepts, or a start when the last word is a prefix.
    var phrases: [[(forms: Set<String>, prefix: String?)]] = []

    var isEmpty: Bool { words.isEmpty && prefixes.isEmpty && phrases.isEmpty }

    func matchesWord(_ word: String) -> Bool {
        if words.contains(word) { return true }
        return prefixes.contains { word.hasPrefix($0) }
    }

    /// One spoken word of a text: its bytes in the text and its folded form.
    struct Token {
        var start: Int
        var end: Int
        var word: String
    }

    /// Where each spoken word of `bytes` stands, as `WordTokenizer` cuts the folded text: bytes
    /// of 0x80 and above belong to words, as in the tokenizer, and apostrophes at a word's edges
    /// are not part of it, but for the one that ends "in'".
    /// `limit`: stop once that many are found.
    static func bounds(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int = .max) -> [(start: Int32, end: Int32)] {
        var result: [(start: Int32, end: Int32)] = []
        result.reserveCapacity(min(limit, bytes.count / 5 + 1))
        var start = -1
        var hasApostrophe = false
        func flush(_ end: Int) {
            defer { start = -1; hasApostrophe = false }
            guard start >= 0 else { return }
            var s = start, e = end
            if hasApostrophe {
                while s < e, bytes[s] == 0x27 { s += 1 }
                while e > s, bytes[e - 1] == 0x27 {
                    if e - s >= 3, bytes[e - 2] | 0x20 == 0x6E, bytes[e - 3] | 0x20 == 0x69 { break }
                    e -= 1
                }
            }
            guard s < e else { return }
            result.append((Int32(s), Int32(e)))
        }
        for i in 0..<bytes.count {
            let b = bytes[i]
            let isWord = (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b >= 0x80
            if isWord {
                if start < 0 { start = i }
            } else if b == 0x27, start >= 0 {
                hasApostrophe = true
            } else {
                flush(i)
                if result.count >= limit { return result }
            }
        }
        flush(bytes.count)
        return result
    }

    /// The words of `bytes` with their folded forms (a word with bytes of 0x80 and above is
    /// folded on its own, and may fold to more than one of the index's words).
    static func tokens(_ bytes: UnsafeBufferPointer<UInt8>) -> [Token] {
        bounds(bytes).map { start, end in
            let word = bytes[Int(start)..<Int(end)]
            if word.contains(where: { $0 >= 0x80 }) {
                var words: [String] = []
                WordTokenizer.forEachWord(in: TextFolding.fold(String(decoding: word, as: UTF8.self))) { words.append($0) }
                return Token(start: Int(start), end: Int(end), word: words.joined(separator: " "))
            }
            return Token(start: Int(start), end: Int(end), word: String(decoding: word.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 32 : $0 }, as: UTF8.self))
        }
    }

    /// The snippet of `text` (spoken lines only) around its best cluster of matches; nil when
    /// nothing in it matches (the speech was found by its character, play or tags). Reads every
    /// word of the text as a string: for texts the library has not indexed (an actor's own cut
    /// of a speech); the library's own are cut from word ids (`MonologueLibrary.snippets`).
    func snippet(of text: String) -> Snippet? {
        guard !isEmpty else { return nil }
        var text = text
        return text.withUTF8 { bytes in
            let tokens = Self.tokens(bytes)
            guard !tokens.isEmpty else { return nil }
            var marks = Marks(count: tokens.count)
            for (i, token) in tokens.enumerated() where matchesWord(Self.normalised(token.word)) || matchesWord(token.word) {
                marks.matched[i] = true
            }
            for phrase in phrases where phrase.count <= tokens.count {
                for start in 0...(tokens.count - phrase.count) {
                    var ok = true
                    for (k, position) in phrase.enumerated() {
                        let word = tokens[start + k].word
                        let accepted = position.forms.contains(word) || position.forms.contains(Self.normalised(word))
                            || (position.prefix.map { word.hasPrefix($0) } ?? false)
                        if !accepted { ok = false; break }
                    }
                    if ok { marks.markPhrase(at: start, length: phrase.count) }
                }
            }
            return Self.cut(bytes, marks: marks, bounds: tokens.map { (Int32($0.start), Int32($0.end)) })
        }
    }

    /// Which words of a text a snippet marks.
    struct Marks {
        var matched: [Bool]
        /// joined[i]: words i and i + 1 belong to one phrase, so the space between them is marked too.
        var joined: [Bool]

        init(count: Int) {
            matched = [Bool](repeating: false, count: count)
            joined = [Bool](repeating: false, count: count)
        }

        mutating func markPhrase(at start: Int, length: Int) {
            for k in 0..<length {
                matched[start + k] = true
                if k < length - 1 { joined[start + k] = true }
            }
        }
    }

    /// Words between two checkpoints (`cut`'s `checkpoints`).
    static let checkpointStride = 64

    /// The snippet around the best cluster of marked words, cut from the text's bytes; nil when
    /// none is marked. `known`: the text's word bounds, when already read; otherwise the bytes are
    /// read only as far as the snippet's last word. The parts are gathered as bytes and made
    /// strings once each: a string a word, joined and searched for line breaks character by
    /// character, cost more than finding the words.
    /// `checkpoints`: the byte offsets of every `checkpointStride`th word, when known; the words
    /// are then read from the one at or before the window, not from the first byte. A window late
    /// in a long speech read most of it: "my lord" king's snippets took 13.6 µs a result.
    static func cut(_ bytes: UnsafeBufferPointer<UInt8>, marks: Marks, bounds known: [(start: Int32, end: Int32)]? = nil,
                    checkpoints: ArraySlice<Int32> = []) -> Snippet? {
        let matched = marks.matched, joined = marks.joined
        let count = matched.count
        guard count > 0, matched.contains(true) else { return nil }
        // The window of `windowWords` words holding the most matched words, the earliest of equals.
        // Windows open before each match in turn and only move forward, so two indexes into the
        // matches count what each holds: no pass over every word but the one finding the matches.
        let positions = matched.withUnsafeBufferPointer { flags in
            var found: [Int] = []
            for i in 0..<count where flags[i] { found.append(i) }
            return found
        }
        var bestStart = 0, bestCount = -1
        var low = 0, high = 0
        for i in positions {
            // A match near the end takes its context from before it, so the window stays full.
            let s = max(0, min(i - Snippet.leadWords, count - Snippet.windowWords))
            let e = min(count, s + Snippet.windowWords)
            while low < positions.count && positions[low] < s { low += 1 }
            while high < positions.count && positions[high] < e { high += 1 }
            if high - low > bestCount { bestStart = s; bestCount = high - low }
        }
        let end = min(count, bestStart + Snippet.windowWords)
        // tokens[k] is word first + k.
        let tokens: [(start: Int32, end: Int32)], first: Int
        if let known {
            (tokens, first) = (known, 0)
        } else if !checkpoints.isEmpty {
            let c = min(bestStart / checkpointStride, checkpoints.count - 1)
            let from = Int(checkpoints[checkpoints.startIndex + c])
            first = c * checkpointStride
            tokens = bounds(UnsafeBufferPointer(rebasing: bytes[from...]), limit: end - first).map { ($0.start + Int32(from), $0.end + Int32(from)) }
        } else {
            (tokens, first) = (bounds(bytes, limit: end), 0)
        }
        guard first + tokens.count >= end else { return nil }

        var parts: [Snippet.Part] = []
        var pending: [UInt8] = []
        pending.reserveCapacity(256)
        var pendingMatch = false
        // Bytes of the text added but not yet copied into `pending`: the words and the spaces
        // between them follow each other in the text, so a line's run of them is copied at once
        // (a copy a word and a space was 6% of a snippet's time).
        var run = 0..<0
        func copyRun() {
            pending.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run]))
            run = 0..<0
        }
        func flush() {
            copyRun()
            guard !pending.isEmpty else { return }
            parts.append(Snippet.Part(text: String(decoding: pending, as: UTF8.self), isMatch: pendingMatch))
            pending.removeAll(keepingCapacity: true)
        }
        func take(_ range: Range<Int>) {
            if run.upperBound == range.lowerBound && !run.isEmpty {
                run = run.lowerBound..<range.upperBound
            } else {
                copyRun()
                run = range
            }
        }
        /// `isWord`: the bytes are a word's, which holds no line break.
        func add(_ from: Int, _ to: Int, match: Bool, isWord: Bool = false) {
            guard from < to else { return }
            if match != pendingMatch {
                flush()
                pendingMatch = match
            }
            // A line break shows as " / ", as verse is quoted in running text; what stands before
            // the break (a comma, a colon) is kept, the next line's indent is not.
            guard !isWord, let newline = (from..<to).first(where: { bytes[$0] == 0x0A }) else {
                take(from..<to)
                return
            }
            var before = newline
            while before > from, bytes[before - 1] == 0x20 || bytes[before - 1] == 0x0D || bytes[before - 1] == 0x09 { before -= 1 }
            take(from..<before)
            copyRun()
            pending.append(contentsOf: " / ".utf8)
        }
        if bestStart > 0 {
            pending.append(contentsOf: "… ".utf8)
        } else {
            // What opens the speech before its first word (a quote, a bracket) is part of it: the
            // start of its line, less the indent.
            var from = Int(tokens[bestStart - first].start)
            while from > 0 && bytes[from - 1] != 0x0A { from -= 1 }
            while from < Int(tokens[bestStart - first].start) && (bytes[from] == 0x20 || bytes[from] == 0x09) { from += 1 }
            pending.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[from..<Int(tokens[bestStart - first].start)]))
        }
        for i in bestStart..<end {
            add(Int(tokens[i - first].start), Int(tokens[i - first].end), match: matched[i], isWord: true)
            if i + 1 < end {
                add(Int(tokens[i - first].end), Int(tokens[i + 1 - first].start), match: joined[i] && matched[i + 1])
            } else if end == count {
                // The speech's closing punctuation.
                let after = Int(tokens[i - first].end)
                var stop = after
                while stop < bytes.count && bytes[stop] != 0x0A { stop += 1 }
                add(after, stop, match: false)
            }
        }
        flush()
        if end < count { parts.append(Snippet.Part(text: " …", isMatch: false)) }
        return Snippet(parts: parts)
    }

    /// Shakespeare's "reveng'd" matches as "revenged", as in the index.
    static func normalised(_ word: String) -> String {
        word.hasSuffix("'d") ? String(word.dropLast(2)) + "ed" : word
    }
}
