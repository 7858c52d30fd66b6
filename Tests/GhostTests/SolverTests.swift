import FolioCore
import FolioTestSupport
import Testing
@testable import Ghost

@Suite struct SolverTests {
    @Test func handCheckedLoss() throws {
        // "ab" and "bc" force the mover to complete a word, so "a" and "b" win for the mover and
        // the first player loses whatever they play.
        let solver = Solver(words: try WordList(words: ["abc", "abd", "bcd"], minimumLength: 3))
        #expect(!solver.firstPlayerWins)
        #expect(solver.winningFirstLetters.isEmpty)
        #expect(try solver.winsToMove("a"))
        #expect(try solver.winningLetters("a") == ["b"])
        #expect(try !solver.winsToMove("ab"))
        #expect(try solver.winsToMove("b"))
        #expect(try solver.longestLosingLetter("") == "a")
        #expect(try solver.longestLosingLetter("a") == nil)
        #expect(try solver.movesLeft("") == 3)
    }

    @Test func handCheckedWin() throws {
        // "d" loses for the mover: "do" lets the other player go on to "doo", after which only "door" remains.
        let solver = Solver(words: try WordList(words: ["cat", "cab", "dog", "door"], minimumLength: 3))
        #expect(solver.firstPlayerWins)
        #expect(solver.winningFirstLetters == ["d"])
        #expect(try solver.bestMove("") == "d")
        #expect(try solver.winningLetters("do") == ["o"])
        #expect(try !solver.winsToMove("d"))
        #expect(try solver.winsToMove("c"))
        #expect(try solver.movesLeft("") == 4)
    }

    @Test func impossibleFragmentsAreErrors() throws {
        let solver = Solver(words: try WordList(words: ["abc", "abcd", "bcd"], minimumLength: 3))
        #expect(throws: GhostError.notAPrefix("x")) { try solver.winsToMove("x") }
        #expect(throws: GhostError.notAPrefix("A")) { try solver.winningLetters("A") }
        #expect(throws: GhostError.alreadyAWord("abc")) { try solver.bestMove("abc") }
    }

    @Test(arguments: [3, 4, 5])
    func agreesWithExhaustiveSearch(minimum: Int) throws {
        for seed in UInt64(1)...8 {
            var rng = SeededRandom(seed: seed &* 1000 &+ UInt64(minimum))
            let raw = randomWords(&rng, count: Int.random(in: 5...25, using: &rng),
                                  alphabet: seed % 2 == 0 ? "abc" : "abcde", maxLength: 7)
            let counting = countingWords(raw, minimum: minimum)
            let oracle = GhostOracle(counting)
            let solver = Solver(words: try WordList(words: raw, minimumLength: minimum))
            #expect(solver.firstPlayerWins == (!counting.isEmpty && oracle.value("").wins))
            for fragment in oracle.prefixes where !counting.contains(fragment) {
                let expected = oracle.value(fragment)
                #expect(try solver.winsToMove(fragment) == expected.wins, "seed \(seed) \(fragment)")
                #expect(try solver.movesLeft(fragment) == expected.length, "seed \(seed) \(fragment)")
                #expect(try solver.winningLetters(fragment) == oracle.winningLetters(fragment), "seed \(seed) \(fragment)")
                let move = try solver.bestMove(fragment)
                let next = fragment + String(move)
                #expect(oracle.prefixes.contains(next))
                if expected.wins {
                    #expect(oracle.winningLetters(fragment).contains(move))
                    #expect(oracle.value(next).length + 1 == expected.length)
                } else {
                    #expect((counting.contains(next) ? 1 : oracle.value(next).length + 1) == expected.length)
                }
            }
        }
    }
}

@Suite struct PerfectPlayTests {
    @Test func theSolversVerdictDecidesARoundBetweenPerfectPlayers() throws {
        for seed in UInt64(1)...10 {
            var rng = SeededRandom(seed: seed)
            let raw = randomWords(&rng, count: 20, alphabet: "abcd", maxLength: 6)
            let words = try WordList(words: raw, minimumLength: 3)
            guard words.wordCount > 0 else { continue }
            let solver = Solver(words: words)
            var game = try Game(players: ["first", "second"], words: words)
            var result: Game.RoundResult? = nil
            var moves = 0
            while result == nil {
                result = try game.play(letter: solver.bestMove(game.fragment))
                moves += 1
            }
            #expect(result!.loser == (solver.firstPlayerWins ? 1 : 0), "seed \(seed)")
            #expect(try moves == solver.movesLeft(""), "seed \(seed)")
        }
    }
}
