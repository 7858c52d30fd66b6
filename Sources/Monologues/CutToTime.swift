import FolioCore
import Foundation

/// Proposes cuts that bring a speech within an audition slot and keep its sense.
///
/// What an actor cuts first is a whole thought that the speech does not lean on: so the unit is
/// the sentence (lines from one that starts a sentence to the one that ends it), never a part of
/// one; a sentence holding one of the speech's key words (the words it is about: rare in the
/// library, or said again and again here) is kept; the first and the last line are kept, as the
/// way in and the button. Of what may go, the sentences that say least per second go first, until
/// the speech fits.
public enum CutToTime {
    /// One proposed cut: whole lines of the text as it stands.
    public struct Proposal: Sendable, Hashable, Codable {
        /// Indexes into the text's lines (split on "\n", beats and directions counted).
        public var lines: [Int]
        /// The lines themselves, for showing.
        public var text: [String]
        /// Seconds the cut saves.
        public var seconds: Int
    }

    /// Where to start and stop when no choice of whole sentences brings the speech within the
    /// slot: the stretch of whole sentences that fits and holds most of what the speech is about.
    public struct Excerpt: Sendable, Hashable, Codable {
        /// The first and the last line kept (indexes into the text's lines).
        public var first: Int
        public var last: Int
        public var firstLine: String
        public var lastLine: String
        /// The stretch's running time.
        public var seconds: Int
        /// Every line outside it: what taking it cuts.
        public var cut: [Int]
    }

    /// Where the speech stands against the slot, and what could go.
    public struct Plan: Sendable, Hashable, Codable {
        public var seconds: Int
        public var target: Int
        /// The speech's key words, which no proposal touches.
        public var keyWords: [String]
        /// In the order to accept them; empty when the speech already fits.
        public var proposals: [Proposal]
        /// The running time with every proposal accepted.
        public var secondsAfter: Int
        /// False when even every proposal leaves it over the slot.
        public var fits: Bool
        /// When the proposals cannot make it fit, the best stretch that does; nil otherwise.
        public var excerpt: Excerpt?
    }

    /// The slots actors are asked for, in seconds.
    public static let slots = [60, 90, 120, 180]
    /// Longer than any monologue, shorter than an overflow.
    public static let maximumTarget = 3_600
    /// - Parameters:
    ///   - text: the speech as it stands (the actor's cut): lines, "/" beats, "[…]" directions.
    ///   - target: the slot, in seconds.
    ///   - weight: how telling a word is in the whole library (rarity; 0 for the commonest).
    ///   - keyWordCount: how many of the speech's most telling words keep their sentences.
    public static func plan(text: String, target: Int, wordsPerMinute: Double = ExtractionRules.standard.wordsPerMinute,
                            keyWordCount: Int = 8, weight: (String) -> Double) -> Plan {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let spoken = lines.indices.filter { isSpoken(lines[$0]) }
        let words = lines.map { isSpoken($0) ? WordTokenizer.words($0) : [] }
        let totalWords = spoken.reduce(0) { $0 + WordTokenizer.wordCount(Substring(lines[$1])) }
        let seconds = Int((Double(totalWords) * 60 / wordsPerMinute).rounded())
        let keyWords = keyWords(words.flatMap { $0 }, count: keyWordCount, weight: weight)
        guard seconds > target, spoken.count > 2 else {
            return Plan(seconds: seconds, target: target, keyWords: keyWords, proposals: [], secondsAfter: seconds, fits: seconds <= target)
        }
        let keys = Set(keyWords)
        let protected: Set<Int> = [spoken.first!, spoken.last!]

        // Sentences, as runs of spoken lines; a beat or a direction between lines ends one too.
        // A stage direction goes with the line before it ("lie thou there." [Laying down her
        // dagger]): a cut takes both, never leaving the direction with nothing to refer to.
        var sentences: [(lines: [Int], words: Int)] = []
        var current: [Int] = []
        func close() {
            defer { current = [] }
            let count = current.reduce(0) { $0 + WordTokenizer.wordCount(Substring(lines[$1])) }
            if count > 0 { sentences.append((current, count)) }
        }
        for index in lines.indices {
            if isSpoken(lines[index]) {
                current.append(index)
                if endsSentence(lines[index]) { close() }
            } else if lines[index].hasPrefix("[") {
                close()
                if let last = sentences.indices.last, let end = sentences[last].lines.last,
                   lines[(end + 1)..<index].allSatisfy({ $0.hasPrefix("[") }) {
                    sentences[last].lines.append(index)
                }
            } else {
                close()
            }
        }
        close()

        var candidates: [(lines: [Int], words: Int, score: Double)] = []
        for sentence in sentences where protected.isDisjoint(with: sentence.lines) {
            let sentenceWords = sentence.lines.flatMap { words[$0] }
            // A sentence of a few words saves a second or two and is most often an address or a
            // turn the next one leans on ("Come, vial." before "What if this mixture…").
            guard keys.isDisjoint(with: sentenceWords), sentence.words >= Self.shortestCut else { continue }
            // What the sentence says, per word: the less, the sooner it goes.
            let meaning = sentenceWords.reduce(0.0) { $0 + weight($1) } / Double(sentence.words)
            candidates.append((sentence.lines, sentence.words, meaning))
        }

        var remaining = totalWords
        var proposals: [Proposal] = []
        let targetWords = Int(Double(target) * wordsPerMinute / 60)
        for candidate in candidates.sorted(by: { ($0.score, $0.lines.first!) < ($1.score, $1.lines.first!) }) where remaining > targetWords {
            remaining -= candidate.words
            proposals.append(Proposal(lines: candidate.lines, text: candidate.lines.map { lines[$0] },
                                      seconds: Int((Double(candidate.words) * 60 / wordsPerMinute).rounded())))
        }
        // Shown in the speech's order, which is how an actor reads them.
        proposals.sort { $0.lines[0] < $1.lines[0] }
        let after = Int((Double(remaining) * 60 / wordsPerMinute).rounded())
        guard after > target else {
            return Plan(seconds: seconds, target: target, keyWords: keyWords, proposals: proposals, secondsAfter: after, fits: true)
        }
        // Whole sentences cannot do it (Juliet's potion speech stayed 48 s over a minute): say so,
        // and offer the stretch to play instead.
        let excerpt = bestStretch(sentences, lines: lines, words: words, targetWords: targetWords, keys: keys, weight: weight,
                                  wordsPerMinute: wordsPerMinute)
        return Plan(seconds: seconds, target: target, keyWords: keyWords, proposals: proposals, secondsAfter: after, fits: false, excerpt: excerpt)
    }

    /// Sentences of fewer words are never proposed alone.
    static let shortestCut = 4

    /// The run of whole sentences within `targetWords` that says most: the most of the speech's
    /// key words, then the most telling words, then the earliest. Linear in the sentences (a
    /// window slid along them).
    static func bestStretch(_ sentences: [(lines: [Int], words: Int)], lines: [String], words: [[String]], targetWords: Int,
                            keys: Set<String>, weight: (String) -> Double, wordsPerMinute: Double) -> Excerpt? {
        let value = sentences.map { sentence -> (keys: Int, meaning: Double) in
            let said = sentence.lines.flatMap { words[$0] }
            return (Set(said).intersection(keys).count, said.reduce(0.0) { $0 + weight($1) })
        }
        var best: (start: Int, end: Int, keys: Int, meaning: Double, words: Int)?
        var start = 0, total = 0, keyCount = 0, meaning = 0.0
        for end in sentences.indices {
            total += sentences[end].words
            keyCount += value[end].keys
            meaning += value[end].meaning
            while total > targetWords, start <= end {
                total -= sentences[start].words
                keyCount -= value[start].keys
                meaning -= value[start].meaning
                start += 1
            }
            guard start <= end else { continue }
            if best.map({ (keyCount, meaning) > ($0.keys, $0.meaning) }) ?? true {
                best = (start, end, keyCount, meaning, total)
            }
        }
        guard let best, let first = sentences[best.start].lines.first, let last = sentences[best.end].lines.last else { return nil }
        let inside = Set(sentences[best.start...best.end].flatMap(\.lines))
        let cut = lines.indices.filter { index in !inside.contains(index) && (isSpoken(lines[index]) || lines[index].hasPrefix("[")) }
        let lastSpoken = sentences[best.end].lines.last { isSpoken(lines[$0]) } ?? last
        return Excerpt(first: first, last: lastSpoken, firstLine: lines[first], lastLine: lines[lastSpoken],
                       seconds: Int((Double(best.words) * 60 / wordsPerMinute).rounded()), cut: cut)
    }

    /// The words a speech is about: the most telling by the library's measure, counted as often
    /// as they are said here.
    static func keyWords(_ words: [String], count: Int, weight: (String) -> Double) -> [String] {
        var counts: [String: Int] = [:]
        for word in words where word.count > 2 { counts[word, default: 0] += 1 }
        struct Scored { let word: String; let score: Double }
        var scored: [Scored] = []
        for (word, times) in counts {
            let score = Double(times) * weight(word)
            if score > 0 { scored.append(Scored(word: word, score: score)) }
        }
        scored.sort { $0.score != $1.score ? $0.score > $1.score : $0.word < $1.word }
        return scored.prefix(count).map(\.word)
    }

    static func isSpoken(_ line: String) -> Bool {
        line != "/" && !line.hasPrefix("[") && WordTokenizer.wordCount(Substring(line)) > 0
    }

    static func endsSentence(_ line: String) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "'\"’”)]"))
        guard let last = trimmed.last else { return false }
        return ".!?;:".contains(last)
    }
}
