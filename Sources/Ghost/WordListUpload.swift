import Foundation

/// A word list a player brings, checked and put in the form every list is read in: one word a
/// line, lower case, accents folded (café → cafe), only a–z, each word once, in order. What was
/// left out is counted, so the player can see what happened to their file.
public struct WordListUpload: Sendable, Equatable {
    public static let maximumBytes = 1_000_000
    public static let maximumWords = 150_000
    public static let maximumNameLength = 40
    /// Longer than any word of Debian's lists (English's longest counting word has 23 letters),
    /// and a bound on Superghost's index: a word of n letters has up to n(n+1)/2 infixes.
    public static let maximumWordLength = 32
    /// The most infixes (counted word by word, before sharing) a list may have for Superghost:
    /// Dutch has 4.7 million distinct ones and indexes in 190 MB, so an uploaded list stays
    /// well under that.
    public static let maximumSuperghostInfixes = 3_000_000

    public let name: String
    /// The words kept, sorted, one a line.
    public let text: String
    public let wordCount: Int
    /// Lines that were not a word of letters a–z once folded, or longer than
    /// `maximumWordLength` (blank lines are not counted).
    public let dropped: Int
    /// Words that appeared more than once.
    public let repeated: Int

    public init(name: String, text: String) throws(GhostError) {
        let trimmedName = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...Self.maximumNameLength).contains(trimmedName.count) else { throw .invalidWordListName(String(trimmedName.prefix(60))) }
        guard text.utf8.count <= Self.maximumBytes else { throw .wordListTooLarge(bytes: Self.maximumBytes, words: Self.maximumWords) }
        var kept = Set<String>()
        var dropped = 0, repeated = 0, lines = 0
        for raw in text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty else { continue }
            lines += 1
            guard lines <= Self.maximumWords else { throw .wordListTooLarge(bytes: Self.maximumBytes, words: Self.maximumWords) }
            // Most lines are plain a–z already; only the others pay for Foundation's folding.
            let folded = line.utf8.allSatisfy({ $0 >= 97 && $0 <= 122 }) ? line
                : line.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: Locale(identifier: "en"))
            guard folded.utf8.count <= Self.maximumWordLength, folded.utf8.allSatisfy({ $0 >= 97 && $0 <= 122 }) else {
                dropped += 1
                continue
            }
            if !kept.insert(folded).inserted { repeated += 1 }
        }
        guard kept.contains(where: { WordList.allowedMinimumLengths.contains($0.count) || $0.count > WordList.allowedMinimumLengths.upperBound })
        else { throw .emptyWordList }
        self.name = trimmedName
        self.text = kept.sorted().joined(separator: "\n")
        wordCount = kept.count
        self.dropped = dropped
        self.repeated = repeated
    }

    /// An upper bound on the infixes of a list kept as one word a line: what a Superghost game
    /// on it would index.
    public static func infixBound(of text: String) -> Int {
        text.split(separator: "\n").reduce(0) { total, word in total + word.utf8.count * (word.utf8.count + 1) / 2 }
    }
}
