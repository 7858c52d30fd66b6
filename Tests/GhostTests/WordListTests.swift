import FolioCore
import Testing
@testable import Ghost

@Suite struct WordListTests {
    @Test func dropsCapitalsAndNonLetters() throws {
        let list = try WordList(text: "apple\nBanana\ncafé\nit's\nwell-known\nzebra\r\n  grape \nAPPLE\napple\n\n", minimumLength: 4)
        #expect(list.wordCount == 3)
        #expect(list.isWord("apple"))
        #expect(list.isWord("zebra"))
        #expect(list.isWord("grape"))
        #expect(!list.isPrefix("b"))
        #expect(!list.isPrefix("caf"))
        #expect(!list.isPrefix("well"))
        #expect(!list.isPrefix("it"))
        #expect(list.nextLetters("") == ["a", "g", "z"])
    }

    @Test func shortWordsNeitherCountNorServeAsPrefixes() throws {
        let list = try WordList(words: ["at", "ate", "atom", "be", "cat", "cats"], minimumLength: 4)
        #expect(list.wordCount == 2)
        #expect(!list.isWord("ate"))
        #expect(!list.isWord("cat"))
        #expect(list.isWord("cats"))
        #expect(list.isPrefix("ato"))
        // "ate" is too short to count and no counting word starts with it.
        #expect(!list.isPrefix("ate"))
        #expect(!list.isPrefix("b"))
        #expect(list.nextLetters("at") == ["o"])
        let three = try WordList(words: ["at", "ate", "atom", "be", "cat", "cats"], minimumLength: 3)
        #expect(three.isWord("ate") && three.isWord("cat"))
        #expect(!three.isPrefix("b"))
    }

    @Test func queriesOnFragments() throws {
        let list = try WordList(words: ["abcd", "abce", "abcef", "bcde"], minimumLength: 4)
        #expect(list.canFollow("abc", with: "e"))
        #expect(!list.canFollow("abc", with: "f"))
        #expect(!list.canFollow("abc", with: "E"))
        #expect(!list.canFollow("xyz", with: "a"))
        #expect(list.nextLetters("abc") == ["d", "e"])
        #expect(list.nextLetters("abce") == ["f"])
        #expect(list.isWord("abce") && list.isPrefix("abce"))
        #expect(!list.isPrefix("ABC"))
        #expect(!list.isPrefix("ab c"))
        #expect(list.nextLetters("q").isEmpty)
        #expect(list.someWord(startingWith: "ab") == "abcd")
        #expect(list.someWord(startingWith: "abce") == "abce")
        #expect(list.someWord(startingWith: "x") == nil)
    }

    @Test func rejectsOtherMinimumLengths() {
        #expect(throws: GhostError.invalidMinimumLength(2)) { try WordList(words: ["abc"], minimumLength: 2) }
        #expect(throws: GhostError.invalidMinimumLength(6)) { try WordList(words: ["abc"], minimumLength: 6) }
    }

    @Test func emptyListHasNoPrefixes() throws {
        let list = try WordList(text: "", minimumLength: 3)
        #expect(list.wordCount == 0)
        #expect(!list.isPrefix(""))
        #expect(list.nextLetters("").isEmpty)
        let solver = Solver(words: list)
        #expect(!solver.firstPlayerWins)
        #expect(solver.winningFirstLetters.isEmpty)
    }

    @Test func agreesWithPlainSetOnRandomLists() throws {
        var rng = SeededRandom(seed: 7)
        for _ in 0..<20 {
            let raw = randomWords(&rng, count: 30, alphabet: "abcdE-")
            let minimum = Int.random(in: 3...5, using: &rng)
            let list = try WordList(words: raw, minimumLength: minimum)
            let counting = countingWords(raw, minimum: minimum)
            #expect(list.wordCount == counting.count)
            for fragment in allStrings(alphabet: "abcd", maxLength: 6) {
                let isPrefix = counting.contains { $0.hasPrefix(fragment) }
                #expect(list.isPrefix(fragment) == isPrefix, "\(fragment)")
                #expect(list.isWord(fragment) == counting.contains(fragment), "\(fragment)")
                let next = Set(Alphabet.latin.letters.filter { c in counting.contains { $0.hasPrefix(fragment + c) } })
                #expect(Set(list.nextLetters(fragment)) == next, "\(fragment)")
            }
        }
    }
}


func randomWords(_ rng: inout SeededRandom, count: Int, alphabet: String, maxLength: Int = 7) -> [String] {
    let letters = Array(alphabet)
    return (0..<count).map { _ in
        String((0..<Int.random(in: 1...maxLength, using: &rng)).map { _ in letters.randomElement(using: &rng)! })
    }
}

/// The rules' normalisation, written the obvious way.
func countingWords(_ raw: [String], minimum: Int) -> Set<String> {
    Set(raw.filter { w in w.count >= minimum && w.allSatisfy { ("a"..."z").contains($0) } })
}

func allStrings(alphabet: String, maxLength: Int) -> [String] {
    var result = [""]
    var layer = [""]
    for _ in 0..<maxLength {
        layer = layer.flatMap { s in alphabet.map { s + String($0) } }
        result += layer
    }
    return result
}
