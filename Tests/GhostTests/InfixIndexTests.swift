import FolioCore
import FolioTestSupport
import Testing
@testable import Ghost

@Suite struct InfixIndexTests {
    @Test func handPickedWords() throws {
        let index = InfixIndex(words: try WordList(words: ["abc", "bcd", "ab"], minimumLength: 3))
        // "", a, b, c, d, ab, bc, cd, abc, bcd.
        #expect(index.nodeCount == 10)
        #expect(index.node(for: "") == 0)
        #expect(index.isInfix("bc"))
        #expect(!index.isInfix("ac"))
        #expect(!index.isInfix("abcd"))
        #expect(!index.isInfix("B"))
        #expect(index.isWord("bcd"))
        #expect(!index.isWord("ab"))
        #expect(!index.isWord("zz"))
        #expect(index.moves("") == "abcd".map { SuperghostMove(letter: String($0), side: .end) })
        #expect(index.moves("b") == [SuperghostMove(letter: "a", side: .start), SuperghostMove(letter: "c", side: .end)])
        #expect(index.moves("bc") == [SuperghostMove(letter: "a", side: .start), SuperghostMove(letter: "d", side: .end)])
        #expect(index.moves("bcd").isEmpty)
        #expect(index.moves("x").isEmpty)
        #expect(index.someWord(containing: "") == "abc")
        #expect(index.someWord(containing: "c") == "abc")
        #expect(index.someWord(containing: "d") == "bcd")
        #expect(index.someWord(containing: "abc") == nil)
        #expect(index.someWord(containing: "x") == nil)
        let b = try #require(index.node(for: "b"))
        #expect(index.extend(b, letterIndex: 0, side: .start) == index.node(for: "ab"))
        #expect(index.extend(b, letterIndex: 2, side: .end) == index.node(for: "bc"))
        #expect(index.extend(b, letterIndex: 2, side: .start) == nil)
        #expect(index.extend(b, letterIndex: 26, side: .end) == nil)
    }

    @Test func aWordInsideALongerWordIsStillAWord() throws {
        let index = InfixIndex(words: try WordList(words: ["cat", "bobcats", "scatter"], minimumLength: 3))
        #expect(index.isWord("cat"))
        #expect(!index.isWord("cats"))
        #expect(index.someWord(containing: "cat") == "bobcats")
        #expect(index.someWord(containing: "att") == "scatter")
        #expect(index.moves("cat") == [SuperghostMove(letter: "b", side: .start), SuperghostMove(letter: "s", side: .end),
                                       SuperghostMove(letter: "s", side: .start), SuperghostMove(letter: "t", side: .end)])
    }

    @Test func anEmptyListHasNoInfixes() throws {
        let index = InfixIndex(words: try WordList(words: ["ab", "Cat"], minimumLength: 3))
        #expect(index.nodeCount == 1)
        #expect(index.node(for: "") == nil)
        #expect(index.moves("").isEmpty)
        #expect(index.someWord(containing: "") == nil)
    }

    @Test func longWordsAgreeToo() throws {
        // Words longer than the letters the build reads at a time (six), over two letters so infixes share a lot.
        for seed in UInt64(1)...4 {
            var rng = SeededRandom(seed: seed)
            let raw = (0..<8).map { _ in String((0..<Int.random(in: 8...20, using: &rng)).map { _ in "ab".randomElement(using: &rng)! }) }
            let oracle = SuperghostOracle(Set(raw))
            let index = InfixIndex(words: try WordList(words: raw, minimumLength: 5))
            #expect(index.nodeCount == oracle.infixes.count, "seed \(seed)")
            for fragment in oracle.infixes {
                #expect(index.isWord(fragment) == oracle.words.contains(fragment), "seed \(seed) \(fragment)")
                #expect(index.moves(fragment) == oracle.moves(fragment), "seed \(seed) \(fragment)")
            }
            let solver = SuperghostSolver(index: index)
            #expect(solver.firstPlayerWins == oracle.value("").wins, "seed \(seed)")
            for fragment in oracle.infixes where !oracle.words.contains(fragment) {
                #expect(try solver.movesLeft(fragment) == oracle.value(fragment).length, "seed \(seed) \(fragment)")
            }
        }
    }

    @Test func agreesWithTheSubstringsOfEveryWord() throws {
        for seed in UInt64(1)...12 {
            var rng = SeededRandom(seed: seed &* 31 &+ 5)
            let minimum = 3 + Int(seed % 3)
            let raw = superghostWords(&rng, count: Int.random(in: 1...25, using: &rng), alphabet: seed % 2 == 0 ? "abc" : "abcd")
            let counting = countingWords(raw, minimum: minimum)
            let oracle = SuperghostOracle(counting)
            let index = InfixIndex(words: try WordList(words: raw, minimumLength: minimum))
            #expect(index.nodeCount == (counting.isEmpty ? 1 : oracle.infixes.count), "seed \(seed)")
            var nodes: Set<Int> = []
            // Every short string (some with a letter no word has), and every infix however long.
            for fragment in Set(allStrings(alphabet: "abcde", maxLength: 4)).union(oracle.infixes) {
                let infix = !counting.isEmpty && oracle.infixes.contains(fragment)
                #expect(index.isInfix(fragment) == infix, "seed \(seed) \(fragment)")
                #expect(index.isWord(fragment) == counting.contains(fragment), "seed \(seed) \(fragment)")
                #expect(index.moves(fragment) == (infix ? oracle.moves(fragment) : []), "seed \(seed) \(fragment)")
                #expect(index.someWord(containing: fragment) == (infix ? oracle.someWord(containing: fragment) : nil),
                        "seed \(seed) \(fragment)")
                guard let n = index.node(for: fragment) else { continue }
                #expect(nodes.insert(n).inserted, "seed \(seed) \(fragment) shares node \(n)")
                #expect(index.isWord(n) == counting.contains(fragment))
                for move in index.moves(fragment) {
                    let c = index.words.alphabet.index(of: move.letter)!
                    #expect(index.extend(n, letterIndex: c, side: move.side) == index.node(for: move.applied(to: fragment)))
                }
            }
        }
    }

    @Test func oneIndexServesEveryLongerMinimum() throws {
        for seed in UInt64(1)...12 {
            var rng = SeededRandom(seed: seed &* 17 &+ 3)
            let raw = superghostWords(&rng, count: Int.random(in: 1...25, using: &rng), alphabet: seed % 2 == 0 ? "abc" : "abcd")
            let shared = InfixIndex(words: try WordList(words: raw, minimumLength: 3))
            for minimum in 3...5 {
                let words = try WordList(words: raw, minimumLength: minimum)
                let view = shared.atMinimumLength(of: words)
                let own = InfixIndex(words: words)
                let counting = countingWords(raw, minimum: minimum)
                let oracle = SuperghostOracle(counting)
                let context = "seed \(seed) minimum \(minimum)"
                #expect(view.minimumLength == minimum && view.nodeCount == shared.nodeCount, "\(context)")
                // A view of a view, from any length, is the view of the index it was made from.
                let viewOfView = shared.atMinimumLength(of: try WordList(words: raw, minimumLength: 6 - minimum + 2))
                    .atMinimumLength(of: words)
                for fragment in Set(allStrings(alphabet: "abcde", maxLength: 4)).union(oracle.infixes) {
                    #expect(view.isInfix(fragment) == own.isInfix(fragment), "\(context) \(fragment)")
                    #expect(viewOfView.isWord(fragment) == own.isWord(fragment) && viewOfView.moves(fragment) == own.moves(fragment),
                            "\(context) \(fragment), a view of a view")
                    #expect(view.isWord(fragment) == counting.contains(fragment), "\(context) \(fragment)")
                    #expect(view.moves(fragment) == own.moves(fragment), "\(context) \(fragment)")
                    #expect(view.someWord(containing: fragment) == own.someWord(containing: fragment), "\(context) \(fragment)")
                }
                // The solver over the view values every position as the one over its own index.
                let solver = SuperghostSolver(index: view), ownSolver = SuperghostSolver(index: own)
                #expect(solver.firstPlayerWins == ownSolver.firstPlayerWins, "\(context)")
                for fragment in oracle.infixes where !counting.contains(fragment) {
                    #expect(try solver.movesLeft(fragment) == oracle.value(fragment).length, "\(context) \(fragment)")
                    #expect(try solver.winsToMove(fragment) == oracle.value(fragment).wins, "\(context) \(fragment)")
                    #expect(try solver.winningMoves(fragment) == ownSolver.winningMoves(fragment), "\(context) \(fragment)")
                    #expect(try solver.bestMove(fragment) == ownSolver.bestMove(fragment), "\(context) \(fragment)")
                }
            }
        }
    }

    @Test func theLongestWordHoldingAnInfixIsKeptPerNode() throws {
        let index = InfixIndex(words: try WordList(words: ["cat", "bobcats", "scatter", "dog"], minimumLength: 3))
        let longest = { (fragment: String) in index.longest[index.node(for: fragment)!] }
        #expect(longest("") == 7 && longest("cat") == 7 && longest("og") == 3 && longest("tt") == 7 && longest("dog") == 3)
        let atFive = index.atMinimumLength(of: try WordList(words: ["cat", "bobcats", "scatter", "dog"], minimumLength: 5))
        #expect(!atFive.isInfix("og") && !atFive.isInfix("do") && !atFive.isWord("cat") && atFive.isInfix("cat") && atFive.isWord("scatter"))
        #expect(atFive.moves("") == "abceorst".map { SuperghostMove(letter: String($0), side: .end) })
    }
}

