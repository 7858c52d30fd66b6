import FolioCore
import Foundation
import Testing
@testable import Vocabulary

/// A dictd index and dictionary built from definitions, as dictfmt lays them out.
private struct DictdFixture {
    var index = ""
    var dictionary = Data()

    init(_ definitions: [(headword: String, definition: String)], withMetadata: Bool = true) {
        let metadata = withMetadata
            ? [("00-database-info", "This is a test dictionary.\n"), ("00databaseshort", "Test Welsh-English\n")]
            : []
        for (headword, definition) in metadata + definitions {
            let bytes = Data(definition.utf8)
            index += "\(headword)\t\(Self.number(dictionary.count))\t\(Self.number(bytes.count))\n"
            dictionary.append(bytes)
        }
    }

    /// dictd's base 64, most significant digit first.
    static func number(_ value: Int) -> String {
        let digits = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        var n = value, out = ""
        repeat {
            out = String(digits[n % 64]) + out
            n /= 64
        } while n > 0
        return out
    }

    func pairs(_ direction: Direction, tag: String = "freedict") throws -> [Pair] {
        try Dictd.pairs(index: index, dictionary: dictionary, direction: direction, tag: tag)
    }
}

struct DictdTests {
    // MARK: Numbers

    @Test func numbersAreBase64MostSignificantDigitFirst() {
        #expect(Dictd.decodeNumber("A") == 0)
        #expect(Dictd.decodeNumber("B") == 1)
        #expect(Dictd.decodeNumber("/") == 63)
        #expect(Dictd.decodeNumber("BA") == 64)
        #expect(Dictd.decodeNumber("Bc2G") == 380_294)
        #expect(Dictd.decodeNumber("////") == 16_777_215)
    }

    @Test func badNumbersAreRefused() {
        #expect(Dictd.decodeNumber("") == nil)
        #expect(Dictd.decodeNumber("Bc-G") == nil)
        #expect(Dictd.decodeNumber("B=") == nil)
        #expect(Dictd.decodeNumber("ABCDEFGHIJK") == nil)
    }

    @Test func encodingAndDecodingAgree() {
        var random = SeededRandom(seed: 64)
        for value in [0, 1, 63, 64, 4095, 4096] + (0..<200).map({ _ in Int.random(in: 0..<(1 << 40), using: &random) }) {
            #expect(Dictd.decodeNumber(Substring(Dictd.encodeNumber(value))) == value)
            #expect(Dictd.encodeNumber(value) == DictdFixture.number(value))
        }
    }

    // MARK: Index and entries

    @Test func indexLinesGiveHeadwordsOffsetsAndLengths() throws {
        let index = try Dictd.parseIndex("gŵr\tA\tQ\ntŷ\tQ\tBA\r\n\n")
        #expect(index == [Dictd.IndexEntry(headword: "gŵr", offset: 0, length: 16, line: 1),
                          Dictd.IndexEntry(headword: "tŷ", offset: 16, length: 64, line: 2)])
    }

    @Test func badIndexLinesAreAllReported() throws {
        let text = "gŵr\tA\tQ\ntŷ\tQ!\tB\nbara\tB\nllaeth\tC\tD\tE\tF\n\tA\tB\ncaws\tA\t\n"
        let error = try #require(throws: VocabularyError.self) { try Dictd.parseIndex(text) }
        guard case .malformedIndex(let problems, let total) = error else {
            Issue.record("expected a malformed index, got \(error)")
            return
        }
        #expect(problems.map(\.line) == [2, 3, 4, 5, 6])
        #expect(total == 5)
        #expect(problems[0].reason == "the offset \"Q!\" is not a dictd number (digits A–Z, a–z, 0–9, + and /)")
        #expect(problems[1].reason == "expected a headword, an offset and a length separated by tabs")
        #expect(problems[4].reason == "the length is missing")
        #expect(error.message.hasPrefix("This is not a dictd index: 5 lines cannot be read. Line 2: the offset"))
    }

    @Test func entriesReadTheirBytesAndSkipTheDescription() throws {
        let fixture = DictdFixture([("gŵr", "gŵr /ɡˈuːr/ <n, s, m>\nhusband\n"), ("tŷ", "tŷ /tˈɨː/ <n, s, m>\nhouse\n")])
        let entries = try Dictd.entries(index: Dictd.parseIndex(fixture.index), dictionary: fixture.dictionary)
        #expect(entries == [Dictd.DictEntry(headword: "gŵr", definition: "gŵr /ɡˈuːr/ <n, s, m>\nhusband\n"),
                            Dictd.DictEntry(headword: "tŷ", definition: "tŷ /tˈɨː/ <n, s, m>\nhouse\n")])
    }

    @Test func anOffsetPastTheEndIsAClearError() throws {
        let index = [Dictd.IndexEntry(headword: "gŵr", offset: 0, length: 4, line: 1),
                     Dictd.IndexEntry(headword: "tŷ", offset: 3, length: 10, line: 2),
                     Dictd.IndexEntry(headword: "huge", offset: Int.max, length: Int.max, line: 3)]
        #expect(throws: VocabularyError.malformedDictionary(problems: [
            .init(line: 2, reason: "\"tŷ\" is 10 bytes from byte 3, past the end of the 5-byte dictionary"),
            .init(line: 3, reason: "\"huge\" is \(Int.max) bytes from byte \(Int.max), past the end of the 5-byte dictionary"),
        ], total: 2)) {
            try Dictd.entries(index: index, dictionary: Data("gŵr\n".utf8))
        }
    }

    @Test func aDefinitionThatIsNotUTF8IsAClearError() throws {
        let index = [Dictd.IndexEntry(headword: "gŵr", offset: 0, length: 3, line: 7)]
        let error = try #require(throws: VocabularyError.self) {
            try Dictd.entries(index: index, dictionary: Data([0x67, 0xC5, 0x28]))
        }
        #expect(error == .malformedDictionary(problems: [.init(line: 7, reason: "the definition of \"gŵr\" is not UTF-8 text")], total: 1))
        #expect(error.message.contains("Use the .index and .dict.dz files from the same FreeDict download."))
    }

    @Test func compressedDataIsRecognised() {
        #expect(throws: VocabularyError.compressedDictionary) {
            try Dictd.entries(index: [Dictd.IndexEntry(headword: "a", offset: 0, length: 1)], dictionary: Data([0x1F, 0x8B, 0x08, 0x00]))
        }
    }

    @Test func aDictionaryOfOnlyItsDescriptionIsEmpty() throws {
        let fixture = DictdFixture([])
        #expect(throws: VocabularyError.emptyDictionary) { try fixture.pairs(.welshToEnglish) }
    }

    // MARK: Pairs

    /// Entries as FreeDict's Eurfa dictionaries lay them out.
    private let welshEnglish = DictdFixture([
        ("a", "a /ˈa/ <c>\nand\n"),
        ("a", "a /ˈa/ <b>\nquery (interrogative verbal particle)\n"),
        ("addasydd", "addasydd /aðˈɑːsøð/ <n, s, m>\nadapter\n"),
        ("addasydd", "addasydd /aðˈɑːsøð/ <n, s, m>\nmodifier\n"),
        ("adref", "adref /ˈadrɛv/ <b>\nhomewards\n"),
        ("adref", "adref /ˈadrɛv/ <b>\nhomewards\n"),
        ("canolradd", "canolradd /kanˈɔlrað/ <a>\nintermediate  (in education)\n"),
        ("efe", "efe /ˈeːvɛ/ <r>\nhe, him, it\n"),
        ("ffyrdd", "ffyrdd /fˈɨrð/ <n, p, f>\nroads\n"),
        ("ffyrdd", "ffyrdd /fˈɨrð/ <n, p, m>\nways\n"),
        ("gennyf fi", "gennyf fi /ɡˈɛnnøv vˈiː/ <p>\nwith me\n"),
        ("na", "na /nˈa/ <c>\n(n)or\n"),
        ("toriadau", "toriadau /tɔrjˈɑːdaɨ/ <n, p, m>\nbreaks (page, line, etc)\n"),
        ("10 y cant", "10 y cant /dˈeːɡ ə kˈant/ <h>\n10 per cent\n"),
        ("ŵps", "ŵps /ˈuːps/ <e>\noops\n"),
    ])

    private let englishWelsh = DictdFixture([
        ("husband", "husband /hˈʌsbənd/ <n>\ngŵr <n, s, m>\n"),
        ("death", "death /dˈɛθ/ <n>\nangau <n, s, mf>\n"),
        ("death", "death /dˈɛθ/ <n>\nmarwolaeth <n, s, f>\n"),
        ("multiagency", "multi-agency /mˈʌlti ˈeɪdʒənsi/ <a>\naml-asiantaethol <a>\n"),
        ("tear weeping", "tear  (weeping) /tˈiə wˈiːpɪŋ/ <n>\ndeigryn <n, p, m>\n"),
        ("sheit", "she/it /ʃiː ˈɪt/ <r>\nhi <r>\n"),
        ("he him it", "he, him, it /hiː hˈɪm ɪt/ <r>\nefe <r>\n"),
        ("dance", "dance /dˈans/ <n>\ndawns <n, s, f>\n"),
        ("dance", "dance /dˈans/ <v>\ndawnsio <v>\n"),
    ])

    @Test func welshHeadwordsBecomeWelshSides() throws {
        let pairs = try welshEnglish.pairs(.welshToEnglish, tag: "freedict cym-eng")
        #expect(pairs.first == Pair(english: "and", welsh: "a", type: "conjunction", tags: ["Freedict cym-eng"]))
        #expect(pairs.allSatisfy { $0.tags == ["Freedict cym-eng"] })
    }

    @Test func sensesOfOneHeadwordAreJoinedAsAlternatives() throws {
        let pairs = try welshEnglish.pairs(.welshToEnglish)
        let addasydd = try #require(pairs.first { $0.welsh == "addasydd" })
        #expect(addasydd.english == "adapter / modifier")
        #expect(addasydd.type == "noun")
        #expect(addasydd.note == "masculine")
        #expect(AnswerCheck.check("modifier", against: addasydd.english).verdict == .right)
    }

    @Test func aHeadwordWithTwoPartsOfSpeechGivesTwoPairs() throws {
        let pairs = try welshEnglish.pairs(.welshToEnglish)
        #expect(pairs.filter { $0.welsh == "a" }.map(\.type) == ["conjunction", "adverb"])
        #expect(pairs.filter { $0.welsh == "a" }.map(\.english) == ["and", "query (interrogative verbal particle)"])
        let englishPairs = try englishWelsh.pairs(.englishToWelsh)
        #expect(englishPairs.filter { $0.english == "dance" }.map(\.welsh) == ["dawns", "dawnsio"])
    }

    @Test func repeatedSensesAreKeptOnce() throws {
        #expect(try welshEnglish.pairs(.welshToEnglish).first { $0.welsh == "adref" }?.english == "homewards")
    }

    @Test func commaSeparatedSynonymsBecomeAlternativesButParenthesesStayWhole() throws {
        let pairs = try welshEnglish.pairs(.welshToEnglish)
        #expect(pairs.first { $0.welsh == "efe" }?.english == "he / him / it")
        #expect(pairs.first { $0.welsh == "toriadau" }?.english == "breaks (page, line, etc)")
        #expect(pairs.first { $0.welsh == "canolradd" }?.english == "intermediate (in education)")
    }

    @Test func partsOfSpeechBecomeTypes() throws {
        let types = Dictionary(try welshEnglish.pairs(.welshToEnglish).map { ($0.welsh, $0.type) }, uniquingKeysWith: { a, _ in a })
        #expect(types["canolradd"] == "adjective")
        #expect(types["efe"] == "pronoun")
        #expect(types["gennyf fi"] == "preposition")
        #expect(types["10 y cant"] == "phrase")
        #expect(types["ŵps"] == "interjection")
        #expect(types["adref"] == "adverb")
    }

    @Test func genderAndNumberBecomeTheNote() throws {
        let pairs = try welshEnglish.pairs(.welshToEnglish)
        #expect(pairs.first { $0.welsh == "ffyrdd" }?.note == "roads: feminine plural; ways: masculine plural")
        #expect(pairs.first { $0.welsh == "canolradd" }?.note == "")
        let english = try englishWelsh.pairs(.englishToWelsh)
        #expect(english.first { $0.english == "husband" }?.note == "masculine")
        #expect(english.first { $0.english == "death" } == Pair(english: "death", welsh: "angau / marwolaeth",
                                                                note: "angau: masculine or feminine; marwolaeth: feminine",
                                                                type: "noun", tags: ["Freedict"]))
    }

    @Test func headwordsKeepTheSpellingOfTheDefinitionNotTheIndex() throws {
        let english = try englishWelsh.pairs(.englishToWelsh).map(\.english)
        #expect(english.contains("multi-agency"))
        #expect(english.contains("tear (weeping)"))
        #expect(english.contains("she/it"))
        #expect(english.contains("he / him / it"))
    }

    @Test func dictionaryAnswersWorkWithTheChecker() throws {
        let na = try #require(try welshEnglish.pairs(.welshToEnglish).first { $0.welsh == "na" })
        #expect(AnswerCheck.check("nor", against: na.english).verdict == .right)
        #expect(AnswerCheck.check("or", against: na.english).verdict == .right)
        let sheIt = try #require(try englishWelsh.pairs(.englishToWelsh).first { $0.welsh == "hi" })
        #expect(AnswerCheck.check("it", against: sheIt.english).verdict == .right)
    }

    @Test func everyDictionaryPairIsAlreadyValid() throws {
        for pair in try welshEnglish.pairs(.welshToEnglish) + englishWelsh.pairs(.englishToWelsh) {
            #expect(try pair.validated() == pair)
        }
    }

    /// The layout of newer FreeDict conversions: numbered senses, the part of speech on its own
    /// line, examples and cross-references among the senses.
    @Test func numberedSensesExamplesAndPartOfSpeechLines() throws {
        let fixture = DictdFixture([
            ("gŵr", "gŵr /ɡuːr/\n<noun, masc>\n1. husband\n2. man; fellow\n   \"gŵr a gwraig\" - husband and wife\nsee: gwŷr\n"),
            ("tŷ", "tŷ n\nhouse\n"),
            ("rhaid i", "rhaid i\nmust\n"),
        ])
        let pairs = try fixture.pairs(.welshToEnglish)
        #expect(pairs == [
            Pair(english: "husband / man / fellow", welsh: "gŵr", note: "masculine", type: "noun", tags: ["Freedict"]),
            Pair(english: "house", welsh: "tŷ", type: "noun", tags: ["Freedict"]),
            Pair(english: "must", welsh: "rhaid i", tags: ["Freedict"]),
        ])
    }

    @Test func entriesWithoutTranslationsAreLeftOut() throws {
        let fixture = DictdFixture([("gŵr", "gŵr /ɡuːr/ <n, s, m>\n"), ("tŷ", "tŷ <n>\nhouse\n")])
        #expect(try fixture.pairs(.welshToEnglish).map(\.welsh) == ["tŷ"])
    }

    @Test func veryLongTranslationListsAreCutToFit() throws {
        let senses = (1...100).map { "a rather long translation number \($0)" }.joined(separator: "\n")
        let pairs = try DictdFixture([("hir", "hir <a>\n" + senses + "\n")]).pairs(.welshToEnglish)
        #expect(pairs[0].english.count <= Pair.maximumSideLength)
        #expect(pairs[0].english.hasPrefix("a rather long translation number 1 / a rather long translation number 2 /"))
        #expect(try pairs[0].validated() == pairs[0])
    }

    @Test func directionFollowsTheDictionaryName() {
        #expect(Dictd.direction(forDictionaryNamed: "freedict-cym-eng.index") == .welshToEnglish)
        #expect(Dictd.direction(forDictionaryNamed: "/usr/share/dictd/freedict-eng-cym.dict.dz") == .englishToWelsh)
        #expect(Dictd.direction(forDictionaryNamed: "freedict-eng-deu") == nil)
    }
}

/// The installed FreeDict Welsh dictionaries (Debian's dict-freedict-cym-eng and -eng-cym), when present.
@Suite(.enabled(if: RealFreeDict.available, "install dict-freedict-cym-eng and dict-freedict-eng-cym"))
struct RealFreeDictTests {
    @Test(arguments: [("cym-eng", Direction.welshToEnglish), ("eng-cym", .englishToWelsh)])
    func wholeDictionaryGivesOverTenThousandValidPairs(name: String, direction: Direction) throws {
        let (index, dictionary) = try RealFreeDict.load(name)
        let pairs = try Dictd.pairs(index: index, dictionary: dictionary, direction: direction, tag: "FreeDict")
        #expect(pairs.count > 10_000)
        for pair in pairs {
            #expect(direction.isRevisable(pair))
            #expect(try pair.validated() == pair)
            #expect(AnswerCheck.check(direction.answer(for: pair), against: direction.answer(for: pair)).verdict == .right)
        }
        let gwr = pairs.first { $0.welsh == "gŵr" && $0.type == "noun" }
        #expect(gwr?.english.split(separator: "/").contains { $0.trimmingCharacters(in: .whitespaces) == "husband" } == true)
    }
}

enum RealFreeDict {
    static let directory = "/usr/share/dictd"
    static let gzip = ["/usr/bin/gzip", "/bin/gzip"].first { FileManager.default.isExecutableFile(atPath: $0) }

    static var available: Bool {
        gzip != nil && ["cym-eng", "eng-cym"].allSatisfy {
            FileManager.default.fileExists(atPath: "\(directory)/freedict-\($0).dict.dz")
        }
    }

    static func load(_ name: String) throws -> (String, Data) {
        let index = try String(contentsOfFile: "\(directory)/freedict-\(name).index", encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: gzip!)
        process.arguments = ["-dc", "\(directory)/freedict-\(name).dict.dz"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (index, data)
    }
}
