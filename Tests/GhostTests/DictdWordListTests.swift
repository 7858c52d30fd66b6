import Foundation
import Ghost
import Testing

/// Word lists read from a dictd index's headwords: how Welsh is loaded from FreeDict.
@Suite struct DictdWordListTests {
    func write(_ text: String, name: String = "welsh.index") throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ghost-dictd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func headwordsOfOneWelshWordAreKept() throws {
        let path = try write("""
            00databaseinfo\tc\tlJ
            00databaseutf8\tA\tB
            10 y cant\tBc2G\tv
            aber\tjv3\tk
            ar ben\tBbyP\th
            Llŷn\tB\tC
            llan\tA\tB
            llan\tQ\tB
            apêl\tA\tB
            kilo\tA\tB
            x-ray\tA\tB
            ci\tA\tB

            """)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let words = try WordList(dictdIndexAtPath: path, minimumLength: 3, alphabet: .welsh)
        // aber, llyn (lowercased, ŷ folded), llan (once), apel; not the database's own entries,
        // several words, digits, k, hyphens, or "ci" (two letters).
        #expect(words.wordCount == 4)
        for word in ["aber", "llyn", "llan", "apel"] { #expect(words.isWord(word), "\(word)") }
        #expect(words.nextLetters("") == ["a", "ll"])
        // Named by a path ending .index, a dictionary's list is read the same way.
        let loaded = try WordList.load(.welsh, path: path, minimumLength: 3)
        #expect(loaded.wordCount == 4 && loaded.alphabet == .welsh)
    }

    @Test func aWelshListByPathIsOneWordALineInTheWelshAlphabet() throws {
        let path = try write("llan\nllŷn\nchwech\nkilo\n", name: "welsh.txt")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let words = try WordList.load(.welsh, path: path, minimumLength: 3)
        #expect(words.wordCount == 3 && words.nextLetters("") == ["ch", "ll"])
        // The same file as an English list: ch and ll are two letters each, and ŷ is no letter.
        let english = try WordList.load(.english, path: path, minimumLength: 3)
        #expect(english.wordCount == 3 && english.nextLetters("") == ["c", "k", "l"])
    }

    @Test func aBrokenIndexOrAMissingOneIsAnErrorThatSaysWhatToDo() throws {
        let path = try write("aber\tjv3\tk\nllan\tA\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: GhostError.malformedIndex(path: path, line: 2, reason: "expected a headword, an offset and a length separated by tabs")) {
            try WordList(dictdIndexAtPath: path, minimumLength: 3, alphabet: .welsh)
        }
        let missing = "/nonexistent/freedict-cym-eng.index"
        #expect(throws: GhostError.dictionaryMissing(.welsh, path: missing)) { try WordList.load(.welsh, path: missing, minimumLength: 3) }
        #expect(GhostError.dictionaryMissing(.welsh, path: missing).message.contains("dict-freedict-cym-eng"))
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: GhostDictionary.welsh.defaultPath)))
    func freeDictsWelshListLoads() throws {
        let words = try WordList.load(.welsh, minimumLength: 3)
        #expect(words.alphabet == .welsh)
        #expect(words.wordCount > 8000, "\(words.wordCount) words")
        for word in ["llyfr", "chwech", "ffordd", "rhaid", "cymraeg"] { #expect(words.isWord(word), "\(word)") }
        #expect(words.nextLetters("").contains("ll") && words.nextLetters("").contains("ch"))
        // Longer minimums keep fewer words.
        #expect(try WordList.load(.welsh, minimumLength: 5).wordCount < words.wordCount)
    }
}
