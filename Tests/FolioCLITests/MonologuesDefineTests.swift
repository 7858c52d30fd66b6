import FolioApp
import FolioTestSupport
import Foundation
import Monologues
import Testing

/// `folio monologues define WORD`: the meaning in text and JSON, and the exit codes around it.
@Suite struct MonologuesDefineTests {
    static let installed = FileManager.default.fileExists(atPath: "/usr/share/dictd/gcide.index")

    @Test(.enabled(if: installed || RealCorpus.required, "scripts/setup.sh installs dict-gcide"))
    func aWordAndItsOldFormsFromTheCommandLine() async throws {
        let folio = Folio()
        defer { folio.cleanUp() }
        let text = await folio("monologues", "define", "kill’d")
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.hasPrefix("kill'd → kill\n"))
        #expect(text.stdout.contains("transitive verb"))
        #expect(!text.stdout.contains("[1913 Webster]"))

        let json = await folio("monologues", "define", "bodkin", "--json")
        #expect(json.status == 0)
        let meaning = try json.json(WordMeaning.self)
        #expect(meaning.headword == "bodkin")
        #expect(meaning.entries.first?.senses.first == "A dagger. [Obs.]")

        let tis = try await folio("monologues", "define", "'tis", "--json").json(WordMeaning.self)
        #expect(tis.gloss == "it is")

        let unknown = await folio("monologues", "define", "xyzzyq")
        #expect(unknown.status == 66)
        #expect(unknown.stderr.contains("No meaning found"))
    }

    @Test func badWordsAndAMissingDictionaryAreClearErrors() async throws {
        let folio = Folio()
        defer { folio.cleanUp() }
        let bad = await folio("monologues", "define", "two words")
        #expect(bad.status == 65)
        #expect(bad.stderr.contains("not a word"))
        let missing = await folio("monologues", "define", "dagger", "--dictionary-directory", "/nonexistent/dictd")
        #expect(missing.status == 69)
        #expect(missing.stderr.contains("Word meanings need Debian's dict-gcide; run scripts/setup.sh"))
    }
}
