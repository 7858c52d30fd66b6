import FolioCore
import FolioTestSupport
import Foundation
@testable import Monologues
import Testing

/// Elizabethan forms to headwords, GCIDE entries to plain senses, and lookups over a small
/// dictionary written here in dict-gcide's format — and, when it is installed, over the real one.
@Suite struct GlossaryFormsTests {
    /// Each form with the headword it must be found under: the first of its candidates that a
    /// dictionary listing only the plain headwords has.
    static let forms: [(String, String)] = [
        ("kill'd", "kill"), ("scotch'd", "scotch"), ("lov'd", "love"), ("us'd", "use"), ("stopp'd", "stop"),
        ("hop'd", "hope"), ("fix'd", "fix"), ("look'd", "look"), ("pray'd", "pray"),
        ("speak'st", "speak"), ("know'st", "know"), ("knowest", "know"), ("lovest", "love"), ("marshall'st", "marshal"),
        ("mayst", "may"), ("return'dst", "return"),
        ("loveth", "love"), ("speaketh", "speak"), ("goeth", "go"),
        ("killed", "kill"), ("loved", "love"), ("cried", "cry"), ("killing", "kill"), ("daggers", "dagger"), ("fardels", "fardel"),
        ("fall'n", "fall"), ("o'erthrown", "overthrow"),
        ("Whips,", "whip"), ("“Dagger”", "dagger"), ("belovèd", "beloved"), ("Hamlet's", "hamlet"),
        // Words a Ghost round ends on: a plural's stem as it stands, never with an e put back.
        ("cats", "cat"), ("hopes", "hope"), ("cates", "cate"), ("thrown", "throw"),
    ]
    static let headwords: Set<String> = [
        "kill", "scotch", "love", "use", "stop", "hope", "fix", "look", "pray", "speak", "know", "marshal", "may", "return",
        "go", "cry", "dagger", "fardel", "fall", "overthrow", "whip", "beloved", "hamlet", "cat", "cate", "throw",
        // Decoys a careless stemmer would land on first.
        "us", "hop", "lov", "kille", "marshall'",
    ]

    @Test(arguments: forms)
    func anOldFormIsFoundUnderItsHeadword(form: String, headword: String) throws {
        let word = try #require(GlossaryForms.clean(form), "\(form) is a word")
        let found = GlossaryForms.candidates(for: word).first { Self.headwords.contains($0) }
        #expect(found == headword, "\(form): candidates \(GlossaryForms.candidates(for: word))")
    }

    @Test func theWordItselfIsAlwaysTriedFirst() {
        #expect(GlossaryForms.candidates(for: "beloved").first == "beloved")
        #expect(GlossaryForms.candidates(for: "o'er").first == "o'er")
        #expect(GlossaryForms.candidates(for: "forest").first == "forest")
    }

    @Test func contractionsAndPronounsHaveOurOwnGloss() throws {
        let expected: [String: String] = [
            "'tis": "it is", "o'er": "over", "ne'er": "never", "e'en": "even", "'twas": "it was", "th'": "the",
        ]
        for (word, gloss) in expected {
            let elision = try #require(GlossaryForms.elisions[word], "\(word)")
            #expect(elision.gloss.hasPrefix(gloss), "\(word): \(elision.gloss)")
        }
        for word in ["thee", "thy", "thine", "thou", "ye", "hath", "doth", "art", "wilt", "shalt"] {
            #expect(GlossaryForms.elisions[word] != nil, "\(word) needs a gloss")
        }
        #expect(GlossaryForms.elisions["art"]?.gloss.contains("thou art") == true)
        // Typed with a curly apostrophe and a capital, as the plays print them.
        #expect(GlossaryForms.clean("’Tis") == "'tis")
        #expect(GlossaryForms.candidates(for: "o'er").contains("over"))
    }

    @Test func badWordsAreRefused() {
        for bad in ["", "   ", "42", "kill d", "a<b>", "!!!", String(repeating: "a", count: 41), "'", "--"] {
            #expect(GlossaryForms.clean(bad) == nil, "\(bad)")
        }
        #expect(GlossaryForms.clean(" bodkin? ") == "bodkin")
        #expect(GlossaryForms.clean("self-slaughter") == "self-slaughter")
        #expect(GlossaryForms.isVerbForm("kill'd") && GlossaryForms.isVerbForm("loveth") && !GlossaryForms.isVerbForm("fairest"))
    }
}

@Suite struct GlossaryEntryTests {
    static let bodkin = """
        Bodkin \\Bod"kin\\ (b[o^]d"k[i^]n), n. [OE. boydekyn a short
           blade; of uncertain origin.]
           1. A dagger. [Obs.]
              [1913 Webster]

                    With a bare bodkin.                   --Shak.
              [1913 Webster]

           2. (Needlework) A pointed tool for making holes; a
              stiletto.
              [1913 Webster]

           Note: Not a sense, a note.
                 [1913 Webster]

           {To ride bodkin}, to sit wedged between two. [Colloq.]
              [1913 Webster]
        """

    @Test func aGCIDEEntryBecomesHeadwordPartOfSpeechAndPlainSenses() throws {
        let entry = try #require(GlossaryEntry.parse(Substring(Self.bodkin)))
        #expect(entry.headword == "Bodkin")
        #expect(entry.partOfSpeech == "noun")
        #expect(entry.senses == ["A dagger. [Obs.]", "(Needlework) A pointed tool for making holes; a stiletto."])
    }

    @Test func anUnnumberedSenseLosesItsQuotationAndMarkup() throws {
        let text = """
            Kill \\Kill\\, v. t. [imp. & p. p. {Killed}; p. pr. & vb. n.
               {Killing}.]
               To put to death; to slay; as, to kill {time}. "To kill thine honor." --Shak.
               [1913 Webster]
            """
        let entry = try #require(GlossaryEntry.parse(Substring(text)))
        #expect(entry.headword == "Kill")
        #expect(entry.partOfSpeech == "transitive verb")
        #expect(entry.senses == ["To put to death; to slay; as, to kill time."])
    }

    @Test func characterCodesBecomeLettersAndLabelsStay() {
        #expect(GlossaryEntry.decodeCharacters("larv[ae] of caf['e] [Obs.]") == "larvæ of café [Obs.]")
        #expect(GlossaryEntry.decodeCharacters("[=a] [a^] [\"o]") == "ā ă ö")
        #expect(GlossaryEntry.decodeCharacters("the sign [[dagger]]") == "the sign †")
    }

    @Test func aPartOfSpeechWithMoreToSayKeepsItWithTheSenses() throws {
        let text = """
            Hath \\Hath\\ (h[a^]th), v., 3d pers. sing. pres. of {Have}.
               Has. [Archaic.]
               [1913 Webster]
            """
        let entry = try #require(GlossaryEntry.parse(Substring(text)))
        #expect(entry.partOfSpeech == "verb")
        #expect(entry.senses == ["3d pers. sing. pres. of Have. Has. [Archaic.]"])
    }

    @Test func sensesAreCountedAndCutToLength() throws {
        let long = String(repeating: "word ", count: 100)
        let text = "Many \\Ma\"ny\\, a.\n" + (1...9).map { "   \($0). \(long)\n      [1913 Webster]\n" }.joined(separator: "\n")
        let entry = try #require(GlossaryEntry.parse(Substring(text)))
        #expect(entry.senses.count == GlossaryEntry.maximumSenses)
        #expect(entry.senses.allSatisfy { $0.count <= GlossaryEntry.maximumSenseLength && $0.hasSuffix("…") })
        #expect(GlossaryEntry.parse("   indented, no headword") == nil)
        #expect(GlossaryEntry.parse("") == nil)
    }
}

@Suite struct GlossaryLookupTests {
    /// A dictd dictionary of `entries`, with the index lines `extra` adds (a headword pointing
    /// into another entry, as GCIDE's index does).
    static func glossary(_ entries: [(String, String)], extra: [(String, Int)] = []) throws -> Glossary {
        var dictionary = Data()
        var index = "00-database-short\tA\tB\n"
        var offsets: [Int] = []
        for (headword, text) in entries {
            offsets.append(dictionary.count)
            index += "\(headword)\t\(DictdIndex.encodeNumber(dictionary.count))\t\(DictdIndex.encodeNumber(text.utf8.count))\n"
            dictionary.append(Data(text.utf8))
        }
        for (headword, entry) in extra {
            index += "\(headword)\t\(DictdIndex.encodeNumber(offsets[entry]))\t\(DictdIndex.encodeNumber(entries[entry].1.utf8.count))\n"
        }
        index += "Broken\tA\n" + "Outside\tBBBBB\tB\n"
        return try Glossary(index: Array(index.utf8), dictionary: dictionary)
    }

    static let small: [(String, String)] = [
        ("Kill", "Kill \\Kill\\, n.\n   A kiln. [Obs.]\n   [1913 Webster]\n"),
        ("Kill", "Kill \\Kill\\, v. t. [imp. & p. p. {Killed}.]\n   1. To put to death; to slay.\n      [1913 Webster]\n\n   2. To quell; to calm.\n      [1913 Webster]\n"),
        ("Love", "Love \\Love\\, n.\n   1. A feeling of strong attachment; affection; tenderness; devotion; fondness; the longest entry of all.\n      [1913 Webster]\n"),
        ("Love", "Love \\Love\\, v. t.\n   To have a feeling of love for.\n   [1913 Webster]\n"),
        ("Obelisk", "Obelisk \\Ob\"e*lisk\\, n.\n   A mark of reference; called also {dagger}.\n   [1913 Webster]\n"),
        ("Dagger", "Dagger \\Dag\"ger\\, n.\n   A short weapon used for stabbing.\n   [1913 Webster]\n"),
        ("Over", "Over \\O\"ver\\, prep.\n   Above; across.\n   [1913 Webster]\n"),
    ]

    @Test func aFormIsFoundUnderItsHeadwordWithTheVerbFirst() throws {
        let glossary = try Self.glossary(Self.small, extra: [("Killed", 1), ("dagger", 4)])
        #expect(glossary.count == 6)
        let killed = try glossary.define("Kill’d")
        #expect(killed.word == "kill'd")
        #expect(killed.headword == "kill")
        #expect(killed.entries.first?.senses == ["To put to death; to slay.", "To quell; to calm."])
        // "loveth" is the verb, though the noun's entry is longer.
        #expect(try glossary.define("loveth").entries.first?.partOfSpeech == "transitive verb")
        #expect(try glossary.define("love").entries.first?.partOfSpeech == "noun")
        // The dagger's own entry, not OBELISK where the index also points "dagger".
        let dagger = try glossary.define("dagger")
        #expect(dagger.entries.map(\.headword) == ["Dagger"])
        #expect(dagger.gloss == nil)
    }

    @Test func ourGlossComesWithOrWithoutTheDictionary() throws {
        let glossary = try Self.glossary(Self.small)
        let over = try glossary.define("o'er")
        #expect(over.gloss == "over")
        #expect(over.headword == "over")
        let tis = try glossary.define("'Tis")
        #expect(tis.gloss == "it is")
        #expect(tis.entries.isEmpty)
    }

    @Test func unknownAndBadWordsAreTypedErrors() throws {
        let glossary = try Self.glossary(Self.small)
        #expect(throws: GlossaryError.notFound("xyzzy")) { try glossary.define("xyzzy") }
        #expect(throws: GlossaryError.invalidWord("")) { try glossary.define("") }
        #expect(GlossaryError.dictionaryMissing.message.contains("dict-gcide"))
        #expect(GlossaryError.dictionaryMissing.kind == .missingData)
        #expect(throws: GlossaryError.self) { try Glossary(index: Array("only\tbroken\n".utf8), dictionary: Data()) }
    }
}

/// The real GCIDE, when installed: the words the brief names, as an actor would tap them.
enum InstalledGCIDE {
    /// Under CI (RealCorpus.required) the suite runs regardless, and fails if set-up did not install it.
    static let present = FileManager.default.fileExists(atPath: "/usr/share/dictd/gcide.index")
}

@Suite(.enabled(if: InstalledGCIDE.present || RealCorpus.required, "scripts/setup.sh installs dict-gcide"))
struct GlossaryRealTests {
    static let glossary: Result<Glossary, any Error> = Result {
        let index = try Data(contentsOf: URL(fileURLWithPath: "/usr/share/dictd/gcide.index"))
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        gzip.arguments = ["gzip", "-dc", "/usr/share/dictd/gcide.dict.dz"]
        let out = Pipe()
        gzip.standardOutput = out
        try gzip.run()
        let dictionary = out.fileHandleForReading.readDataToEndOfFile()
        gzip.waitUntilExit()
        return try Glossary(index: [UInt8](index), dictionary: dictionary)
    }

    @Test(arguments: [
        ("dagger", "dagger", "weapon"), ("kill'd", "kill", "death"), ("marshall'st", "marshal", "order"),
        ("bodkin", "bodkin", "dagger"), ("fardels", "fardel", "burden"), ("quietus", "quietus", "death"),
        ("speak'st", "speak", "words"), ("loveth", "love", "love"),
    ])
    func wordsOfTheSpeechesHaveTheirMeaning(word: String, headword: String, meaning: String) throws {
        let found = try Self.glossary.get().define(word)
        #expect(found.headword == headword)
        let text = found.entries.flatMap(\.senses).joined(separator: " ").lowercased()
        #expect(text.contains(meaning), "\(word): \(text)")
        #expect(!text.contains("[1913 webster]") && !text.contains("{") && !text.contains("--shak"))
    }

    /// Words a Ghost round ends on: the word as played, else its stem by the plural's rule, and
    /// never a neighbouring headword ("cats" once showed CATE, "Food… Catechetic").
    @Test(arguments: [("cats", "cat", "felidae"), ("dogs", "dog", "canis"), ("cate", "cate", "food")])
    func aGhostWordIsLookedUpAsPlayed(word: String, headword: String, meaning: String) throws {
        let found = try Self.glossary.get().define(word)
        #expect(found.headword == headword)
        let text = found.entries.flatMap(\.senses).joined(separator: " ").lowercased()
        #expect(text.contains(meaning), "\(word): \(text)")
        #expect(!text.contains("catechetic"), "\(word): \(text)")
    }

    @Test func thePronounsAndContractions() throws {
        let glossary = try Self.glossary.get()
        #expect(try glossary.define("'tis").gloss == "it is")
        #expect(try glossary.define("thou").gloss?.hasPrefix("you") == true)
        #expect(try glossary.define("hath").gloss == "has")
        #expect(try glossary.define("o'er").entries.isEmpty == false)
    }
}
