import FolioCore
import Testing
@testable import Vocabulary

struct PairTableTests {
    private let gwr = Pair(english: "husband", welsh: "gŵr", note: "masculine", type: "noun", tags: ["Family", "People"])

    private func malformed(_ text: String, _ format: PairTable.Format = .csv) throws -> (problems: [VocabularyError.LineProblem], total: Int, error: VocabularyError) {
        let error = try #require(throws: VocabularyError.self) { try PairTable.read(text, format: format) }
        guard case .malformedTable(_, let problems, let total) = error else {
            Issue.record("expected a malformed table, got \(error)")
            return ([], 0, error)
        }
        return (problems, total, error)
    }

    // MARK: Writing

    @Test func csvHasAHeaderCRLFAndTagsInOneCell() {
        #expect(PairTable.write([gwr], format: .csv)
            == "English,Welsh,Note,Type,Tags\r\nhusband,gŵr,masculine,noun,\"Family, People\"\r\n")
    }

    @Test func csvQuotesOnlyWhatNeedsIt() {
        let pair = Pair(english: "say \"hello\"", welsh: "a, b", note: "line one\nline two", type: "phrase")
        #expect(PairTable.write([pair], format: .csv).split(separator: "\r\n", omittingEmptySubsequences: false)[1]
            == "\"say \"\"hello\"\"\",\"a, b\",\"line one\nline two\",phrase,")
    }

    @Test func tsvStartsWithAnkiHeadersAndQuotesTabsAndLineBreaks() {
        let pair = Pair(english: "tab", welsh: "a, b", note: "one\ttwo\nthree", type: "noun", tags: ["X"])
        #expect(PairTable.write([pair], format: .tsv)
            == "#separator:tab\n#html:false\n#columns:English\tWelsh\tNote\tType\tTags\ntab\ta, b\t\"one\ttwo\nthree\"\tnoun\tX\n")
    }

    @Test func aFirstFieldStartingWithAHashIsQuoted() throws {
        let pair = Pair(english: "#html:true", welsh: "hash")
        let tsv = PairTable.write([pair], format: .tsv)
        #expect(tsv.contains("\n\"#html:true\"\thash"))
        #expect(try PairTable.read(tsv, format: .tsv) == [pair])
    }

    // MARK: Reading

    @Test func csvWithAQuotedCommaAndNewlineRoundTrips() throws {
        let pair = Pair(english: "bread, butter", welsh: "bara menyn", note: "first line\nsecond line", type: "noun", tags: ["Food"])
        let csv = PairTable.write([pair], format: .csv)
        #expect(csv.contains("\"bread, butter\""))
        #expect(csv.contains("\"first line\nsecond line\""))
        #expect(try PairTable.read(csv, format: .csv) == [pair])
    }

    @Test func headerIsOptional() throws {
        #expect(try PairTable.read("husband,gŵr,masculine,noun,\"Family, People\"\n", format: .csv) == [gwr])
    }

    @Test func headerIsRecognisedWhateverItsCaseAndOrder() throws {
        let csv = "WELSH,english,Tags\ngŵr,husband,family\n"
        #expect(try PairTable.read(csv, format: .csv) == [Pair(english: "husband", welsh: "gŵr", tags: ["Family"])])
    }

    @Test func aPairThatLooksLikeAHeaderIsData() throws {
        #expect(try PairTable.read("English,Saesneg\n", format: .csv) == [Pair(english: "English", welsh: "Saesneg")])
    }

    @Test func missingColumnsAreEmpty() throws {
        #expect(try PairTable.read("house\n,tŷ\n", format: .csv) == [Pair(english: "house"), Pair(welsh: "tŷ")])
    }

    @Test func byteOrderMarkAndAnyLineEndsAreAccepted() throws {
        let expected = [Pair(english: "house", welsh: "tŷ"), Pair(english: "man", welsh: "dyn")]
        for newline in ["\r\n", "\n", "\r"] {
            let csv = "\u{FEFF}English,Welsh" + newline + "house,tŷ" + newline + "man,dyn"
            #expect(try PairTable.read(csv, format: .csv) == expected, "line end \(newline.debugDescription)")
        }
    }

    @Test func blankRowsAndTrailingEmptyCellsAreIgnored() throws {
        let csv = "English,Welsh\n\nhouse,tŷ,,,,,\n,,,,\n\n"
        #expect(try PairTable.read(csv, format: .csv) == [Pair(english: "house", welsh: "tŷ")])
    }

    @Test func cellsAreValidatedAsPairs() throws {
        let csv = "  house  ,  tŷ ,, NOUN ,\"home,  house ,Home\"\n"
        #expect(try PairTable.read(csv, format: .csv) == [Pair(english: "house", welsh: "tŷ", type: "noun", tags: ["Home", "House"])])
    }

    @Test func anEmptyFileHasNoPairs() throws {
        #expect(try PairTable.read("", format: .csv) == [])
        #expect(try PairTable.read("English,Welsh,Note,Type,Tags\r\n", format: .csv) == [])
    }

    @Test func tsvReadsPlainTabSeparatedText() throws {
        #expect(try PairTable.read("house\ttŷ\tmasculine\nman\tdyn\n", format: .tsv)
            == [Pair(english: "house", welsh: "tŷ", note: "masculine"), Pair(english: "man", welsh: "dyn")])
    }

    @Test func commasAreOrdinaryInTSV() throws {
        #expect(try PairTable.read("bread, butter\tbara menyn\n", format: .tsv) == [Pair(english: "bread, butter", welsh: "bara menyn")])
    }

    @Test func aFileLeftInOneColumnIsSplitByTheSeparatorThatWorks() throws {
        let expected = [Pair(english: "house", welsh: "tŷ"), Pair(english: "man", welsh: "dyn")]
        #expect(try PairTable.read("English;Welsh\nhouse;tŷ\nman;dyn\n", format: .csv) == expected)
        #expect(try PairTable.read("house,tŷ\nman,dyn\n", format: .tsv) == expected)
        #expect(try PairTable.read("house\ttŷ\nman\tdyn\n", format: .csv) == expected)
    }

    @Test func aOneColumnFileThatNothingSplitsStaysOneColumn() throws {
        #expect(try PairTable.read("English\nhouse\nman\n", format: .csv) == [Pair(english: "house"), Pair(english: "man")])
    }

    // MARK: Anki

    @Test func ankiExportWithHTMLAndATagsColumn() throws {
        let export = "#separator:tab\n#html:true\n#tags column:3\nhusband\tgŵr &amp; <b>co</b>\tfamily big_family\tline<br>two\n"
        #expect(try PairTable.read(export, format: .tsv)
            == [Pair(english: "husband", welsh: "gŵr & co", note: "line\ntwo", tags: ["Family", "Big family"])])
    }

    @Test func ankiColumnsHeaderNamesTheColumns() throws {
        let text = "#separator:tab\n#columns:Welsh\tEnglish\ntŷ\thouse\n"
        #expect(try PairTable.read(text, format: .tsv) == [Pair(english: "house", welsh: "tŷ")])
    }

    @Test func ankiSeparatorHeaderIsHonoured() throws {
        let text = "#separator:Semicolon\n#html:false\nhouse;tŷ, cartref\n"
        #expect(try PairTable.read(text, format: .tsv) == [Pair(english: "house", welsh: "tŷ, cartref")])
    }

    @Test func aHashLineThatIsNotAnAnkiHeaderIsData() throws {
        #expect(try PairTable.read("#1 fan\tcefnogwr rhif 1\n", format: .tsv) == [Pair(english: "#1 fan", welsh: "cefnogwr rhif 1")])
    }

    // MARK: Malformed files

    @Test func twoBadRowsAreBothReportedWithTheirLines() throws {
        let csv = """
        English,Welsh,Note,Type,Tags
        house,tŷ
        ,,only a note
        man,dyn
        a,b,c,d,e,f
        """
        let (problems, total, error) = try malformed(csv)
        #expect(problems.map(\.line) == [3, 5])
        #expect(total == 2)
        #expect(problems[0].reason == "neither English nor Welsh is filled in")
        #expect(problems[1].reason.hasPrefix("6 columns, but a row has at most 5"))
        #expect(error.message.hasPrefix("Nothing was imported: 2 rows of this CSV file are malformed. Line 3: neither English nor Welsh"))
        #expect(error.message.contains("Line 5: 6 columns"))
        #expect(error.code == "malformed_table")
    }

    @Test func lineNumbersCountLineBreaksInsideQuotedFields() throws {
        let csv = "house,tŷ,\"a note\nover\nthree lines\"\n,,\n,,,noun\n"
        let (problems, _, _) = try malformed(csv)
        #expect(problems.map(\.line) == [5])
    }

    @Test func anUnterminatedQuoteIsReportedWhereItOpens() throws {
        let csv = "house,tŷ\nman,\"dyn\nwoman,menyw\n"
        let (problems, _, error) = try malformed(csv)
        #expect(problems.map(\.line) == [2])
        #expect(problems[0].reason.contains("never closed"))
        #expect(error.message.contains("Line 2: the quoted field that starts here is never closed"))
    }

    @Test func textAfterAClosingQuoteIsReported() throws {
        let (problems, _, _) = try malformed("house,\"tŷ\" bach\nman,dyn\n")
        #expect(problems.map(\.line) == [1])
        #expect(problems[0].reason.contains("write a quote as two"))
    }

    @Test func tooLongFieldsAreReportedWithTheirLine() throws {
        let (problems, _, _) = try malformed("house,tŷ\n\(String(repeating: "x", count: 501)),y\n")
        #expect(problems == [.init(line: 2, reason: "The English is 501 characters long; the limit is 500. Shorten it, or move the detail into the note.")])
    }

    @Test func atMostTwentyProblemsAreListedButAllCounted() throws {
        let csv = (1...30).map { _ in ",,note" }.joined(separator: "\n")
        let (problems, total, error) = try malformed(csv)
        #expect(problems.count == 20)
        #expect(total == 30)
        #expect(error.message.contains("30 rows"))
        #expect(error.message.contains("(10 more not listed.)"))
    }

    @Test func tsvErrorsNameTheFormat() throws {
        let (_, _, error) = try malformed("a\tb\tc\td\te\tf\n", .tsv)
        #expect(error.message.contains("this TSV file"))
    }

    // MARK: Round trip

    @Test(arguments: PairTable.Format.allCases)
    func awkwardPairsRoundTrip(format: PairTable.Format) throws {
        var random = SeededRandom(seed: 2025)
        let pieces = ["\"", ",", "\t", "\n", "\r\n", "'", "ŵ", "ŷ", "â", "ï", "é", "🏴󠁧󠁢󠁷󠁬󠁳󠁿", "🐉", "#", ";", "a", "Bore da", " ", "\\", "=1+2", "<b>"]
        func awkward() -> String {
            (0..<Int.random(in: 0...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
        }
        var pairs: [Pair] = []
        while pairs.count < 300 {
            let candidate = Pair(english: awkward(), welsh: awkward(), note: awkward(), type: awkward(),
                                 tags: (0..<Int.random(in: 0...3, using: &random)).map { _ in awkward() })
            if let pair = try? candidate.validated() { pairs.append(pair) }
        }
        #expect(try PairTable.read(PairTable.write(pairs, format: format), format: format) == pairs)
    }

    // MARK: File names

    @Test func formatFollowsTheFileName() throws {
        #expect(try PairTable.format(forFileName: "words.csv") == .csv)
        #expect(try PairTable.format(forFileName: "/home/me/Words.CSV") == .csv)
        #expect(try PairTable.format(forFileName: "words.tsv") == .tsv)
        #expect(try PairTable.format(forFileName: "Anki export.txt") == .tsv)
        #expect(throws: VocabularyError.unsupportedFileType(fileName: "words.xlsx")) {
            try PairTable.format(forFileName: "/tmp/words.xlsx")
        }
    }
}

@Suite struct PairTableFormulaTests {
    @Test(arguments: PairTable.Format.allCases)
    func cellsASpreadsheetWouldRunAreWrittenAsTextAndReadBackUnchanged(format: PairTable.Format) throws {
        let attack = "=cmd|' /C calc'!A0"
        let pairs = [
            Pair(english: attack, welsh: "+1", note: "-2 @SUM(A1)", type: "@x", tags: ["=evil"]),
            Pair(english: "'twas", welsh: "''", note: "it's fine"),
            Pair(english: "'=already quoted", welsh: "-au", note: "plain"),
        ]
        let text = PairTable.write(pairs, format: format)
        let separator = format == .csv ? "," : "\t"
        let newline = format == .csv ? "\r\n" : "\n"
        let rows = text.components(separatedBy: newline).filter { !$0.isEmpty && !$0.hasPrefix("#") && !$0.hasPrefix("English") }
        // Every cell that a spreadsheet would run starts with the quote that makes it text.
        #expect(rows[0].hasPrefix("'=cmd|' /C calc'!A0" + separator + "'+1" + separator + "'-2 @SUM(A1)" + separator + "'@x" + separator + "'=evil"))
        #expect(rows[1].hasPrefix("''twas" + separator + "'''"))
        #expect(rows[2].hasPrefix("''=already quoted" + separator + "'-au" + separator + "plain"))
        #expect(try PairTable.read(text, format: format) == pairs)
    }

    @Test func aQuoteTheExportDidNotAddIsKept() throws {
        let read = try PairTable.read("English,Welsh,Note\n'twas,'=1+2,''x\n", format: .csv)
        #expect(read == [Pair(english: "'twas", welsh: "=1+2", note: "'x")])
    }

    @Test func ordinaryCellsAreWrittenAsBefore() {
        let pair = Pair(english: "bread", welsh: "bara", note: "loaf - or slice", type: "noun", tags: ["Food"])
        #expect(PairTable.write([pair], format: .csv) == "English,Welsh,Note,Type,Tags\r\nbread,bara,loaf - or slice,noun,Food\r\n")
    }
}
