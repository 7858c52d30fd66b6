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
        var candidates: [(lines: [Int], words: Int, score: Double)] = []
        var current: [Int] = []
        func close() {
            defer { current = [] }
            guard !current.isEmpty, protected.isDisjoint(with: current) else { return }
            let sentenceWords = current.flatMap { words[$0] }
            guard keys.isDisjoint(with: sentenceWords) else { return }
            let count = current.reduce(0) { $0 + WordTokenizer.wordCount(Substring(lines[$1])) }
            guard count > 0 else { return }
            // What the sentence says, per word: the less, the sooner it goes.
            let meaning = sentenceWords.reduce(0.0) { $0 + weight($1) } / Double(count)
            candidates.append((current, count, meaning))
        }
        for index in lines.indices {
            guard isSpoken(lines[index]) else { close(); continue }
            current.append(index)
            if endsSentence(lines[index]) { close() }
        }
        close()

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
        return Plan(seconds: seconds, target: target, keyWords: keyWords, proposals: proposals, secondsAfter: after, fits: after <= target)
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
