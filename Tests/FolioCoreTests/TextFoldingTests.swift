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
}
