import Foundation
import FolioCore
import Testing

@Suite struct TextFoldingTests {
    @Test func foldsCaseAndDiacritics() {
        #expect(TextFolding.fold("Gŵr") == "gwr")
        #expect(TextFolding.fold("CAFÉ Tŷ") == "cafe ty")
        #expect(TextFolding.fold("Ærgh Œuvre") == "aergh oeuvre")
        #expect(TextFolding.fold("It’s") == "it's")
    }

    @Test func asciiStaysAsciiLowercased() {
        #expect(TextFolding.fold("To Be, OR not!") == "to be, or not!")
        #expect(TextFolding.fold("") == "")
    }

    /// Folding scalar by scalar gives what decomposing and folding the whole text gives, on
    /// random mixes of ASCII, accented letters (composed and decomposed), marks, ligatures,
    /// curly quotes, dashes and other scripts.
    @Test func foldingScalarByScalarMatchesFoldingTheWholeText() {
        let pool: [String] = ["a", "Z", " ", "\n", "'", "-", "7", "é", "E\u{301}", "\u{301}", "\u{308}\u{323}", "ŵ", "Ŷ", "æ", "Œ",
                              "ß", "\u{2019}", "\u{2018}", "\u{02BC}", "—", "Σ", "ά", "ñ", "Å", "\u{20DD}", "ﬁ", "İ", "ǅ", "한"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in pool.randomElement(using: &generator)! }.joined()
            #expect(TextFolding.fold(text) == Self.wholeTextFold(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    /// The fold as it was written first: the whole text decomposed, then each scalar folded.
    static func wholeTextFold(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .spacingMark: continue
            default: break
            }
            switch scalar {
            case "\u{2019}", "\u{2018}", "\u{02BC}": scalars.append("'")
            case "æ", "Æ": scalars.append(contentsOf: "ae".unicodeScalars)
            case "œ", "Œ": scalars.append(contentsOf: "oe".unicodeScalars)
            case "ß": scalars.append(contentsOf: "ss".unicodeScalars)
            default: scalars.append(contentsOf: String(scalar).lowercased().unicodeScalars)
            }
        }
        return String(scalars)
    }

    @Test func containsFindsBytesAnywhere() {
        let hay = Array("lady macbeth".utf8)
        #expect(TextFolding.contains(hay, Array("macbeth".utf8)))
        #expect(TextFolding.contains(hay, Array("y m".utf8)))
        #expect(TextFolding.contains(hay, []))
        #expect(!TextFolding.contains(hay, Array("macduff".utf8)))
        #expect(!TextFolding.contains(Array("ab".utf8), Array("abc".utf8)))
    }
}

@Suite struct WordTokenizerTests {
    @Test func splitsOnPunctuationAndHyphens() {
        #expect(WordTokenizer.words("To be, or not to be: that is the question.") ==
                ["to", "be", "or", "not", "to", "be", "that", "is", "the", "question"])
        #expect(WordTokenizer.words("Stay to-night") == ["stay", "to", "night"])
    }

    @Test func keepsInnerApostrophesAndDroppedG() {
        #expect(WordTokenizer.words("'Tis o'er, and goin' home'") == ["tis", "o'er", "and", "goin'", "home"])
        #expect(WordTokenizer.words("reveng'd!") == ["reveng'd"])
    }

    @Test func foldsAccentedWords() {
        #expect(WordTokenizer.words("Y GŴR") == ["y", "gwr"])
    }

    @Test func countsSpokenWordsOnly() {
        #expect(WordTokenizer.wordCount("O, what a rogue -- and peasant slave am I!") == 9)
        #expect(WordTokenizer.wordCount("   ") == 0)
    }

    /// The ASCII shortcut counts as Unicode's whitespace and letter properties do.
    @Test func countingAsciiAgreesWithUnicodeProperties() {
        let pool: [String] = ["a", "Z", "9", " ", "\t", "\n", "\r", "\u{0B}", "\u{0C}", "-", "'", ",", "é", "—", "\u{85}", "\u{A0}", "Ŵ", "٣"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...14, using: &generator)).map { _ in pool.randomElement(using: &generator)! }.joined()
            var count = 0, inWord = false, hasAlnum = false
            for scalar in text.unicodeScalars {
                if scalar.properties.isWhitespace {
                    if inWord && hasAlnum { count += 1 }
                    inWord = false
                    hasAlnum = false
                } else {
                    inWord = true
                    if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) { hasAlnum = true }
                }
            }
            if inWord && hasAlnum { count += 1 }
            #expect(WordTokenizer.wordCount(Substring(text)) == count, "\(text.debugDescription)")
        }
    }
}

@Suite struct QueryTermsTests {
    @Test func splitsOnSpacesAndCommas() {
        #expect(QueryTerms("Hamlet, revenge  blood").terms == ["hamlet", "revenge", "blood"])
        #expect(QueryTerms(" , ").isEmpty)
        #expect(QueryTerms("GŴR").terms == ["gwr"])
    }
}

@Suite struct BitSetTests {
    @Test func setOperations() {
        var a = BitSet(capacity: 130)
        [0, 5, 64, 129].forEach { a.insert($0) }
        var b = BitSet(capacity: 130)
        [5, 64, 100].forEach { b.insert($0) }
        var both = a
        both.formIntersection(b)
        #expect(both.members == [5, 64])
        var either = a
        either.formUnion(b)
        #expect(either.members == [0, 5, 64, 100, 129])
        #expect(either.count == 5)
        #expect(BitSet(capacity: 10).isEmpty)
    }

    @Test func fullHasExactlyCapacityMembers() {
        #expect(BitSet.full(capacity: 130).count == 130)
        #expect(BitSet.full(capacity: 64).members.last == 63)
        #expect(BitSet.full(capacity: 0).isEmpty)
    }

    /// What a search's scratch sets are made with: another set's members in their own storage,
    /// and a word's list of speeches.
    @Test func replacingAndInsertingAList() {
        var scratch = BitSet(capacity: 130)
        [1, 2, 3].forEach { scratch.insert($0) }
        var index = BitSet(capacity: 130)
        [0, 64, 129].forEach { index.insert($0) }
        scratch.replaceMembers(with: index)
        #expect(scratch.members == [0, 64, 129])
        scratch.insert(contentsOf: [5, 63, 128])
        #expect(scratch.members == [0, 5, 63, 64, 128, 129])
        #expect(index.members == [0, 64, 129], "the index's own set is left as it was")
        scratch.subtract(index)
        #expect(scratch.members == [5, 63, 128])
    }

    /// The word loops run through unchecked pointers in an optimised build: a set of another
    /// capacity, or a member past the end, stops the process rather than writing past the storage.
    @Test func setsOfAnotherCapacityOrMembersPastTheEndStopTheProcess() async {
        await #expect(processExitsWith: .failure) {
            var small = BitSet(capacity: 64)
            small.formUnion(BitSet.full(capacity: 200))
        }
        await #expect(processExitsWith: .failure) {
            var small = BitSet(capacity: 64)
            small.replaceMembers(with: BitSet(capacity: 65))
        }
        await #expect(processExitsWith: .failure) {
            var small = BitSet(capacity: 100)
            small.insert(contentsOf: [3, 100])
        }
    }
}
