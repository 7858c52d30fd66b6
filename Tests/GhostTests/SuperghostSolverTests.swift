import FolioCore
import FolioTestSupport
import Foundation
import Testing
@testable import Ghost

@Suite struct SuperghostSolverTests {
    @Test func handCheckedLoss() throws {
        // Every two-letter infix ("ab", "bc", "cd") can only be finished into a word, so every
        // single letter wins for the player to move and the first player loses.
        let solver = SuperghostSolver(words: try WordList(words: ["abc", "bcd"], minimumLength: 3))
        #expect(!solver.firstPlayerWins)
        #expect(solver.winningFirstMoves.isEmpty)
        #expect(try solver.movesLeft("") == 3)
        #expect(try solver.winsToMove("b"))
        #expect(try solver.winningMoves("b") == [SuperghostMove(letter: "a", side: .start), SuperghostMove(letter: "c", side: .end)])
        #expect(try solver.winningMoves("d") == [SuperghostMove(letter: "c", side: .start)])
        #expect(try !solver.winsToMove("bc"))
        #expect(try solver.movesLeft("bc") == 1)
        // Both moves spell a word; the tie goes to the first letter.
        #expect(try solver.bestMove("bc") == SuperghostMove(letter: "a", side: .start))
        #expect(try solver.bestMove("") == SuperghostMove(letter: "a", side: .end))
    }

    @Test func handCheckedWin() throws {
        // With "abcd" the only word, the fourth letter ends every round: the second player plays it.
        let solver = SuperghostSolver(words: try WordList(words: ["abcd", "ab"], minimumLength: 3))
        #expect(solver.firstPlayerWins)
        #expect(solver.winningFirstMoves == "abcd".map { SuperghostMove(letter: String($0), side: .end) })
        #expect(try solver.movesLeft("") == 4)
        #expect(try solver.winsToMove("bc"))
        #expect(try solver.movesLeft("bc") == 2)
        #expect(try solver.winningMoves("bc") == [SuperghostMove(letter: "a", side: .start), SuperghostMove(letter: "d", side: .end)])
        #expect(try !solver.winsToMove("abc"))
        #expect(try solver.movesLeft("abc") == 1)
    }

    @Test func theSameLetterWinsAtOneEndAndLosesAtTheOther() throws {
        // At "at", "e" at the end spells "ate" and loses; at the start it makes "eat", which only
        // "heat" and "eats" extend, so the opponent must spell a word. "cat" (only "cats" and
        // "scat") and "ats" (only "eats" and "cats") win the same way; "hat" is a word.
        let words = ["ate", "heat", "eats", "wheat", "hat", "hate", "cats", "scat"]
        let solver = SuperghostSolver(words: try WordList(words: words, minimumLength: 3))
        #expect(solver.index.moves("at") == [SuperghostMove(letter: "c", side: .start), SuperghostMove(letter: "e", side: .end),
                                             SuperghostMove(letter: "e", side: .start), SuperghostMove(letter: "h", side: .start),
                                             SuperghostMove(letter: "s", side: .end)])
        #expect(try solver.winningMoves("at") == [SuperghostMove(letter: "c", side: .start), SuperghostMove(letter: "e", side: .start),
                                                  SuperghostMove(letter: "s", side: .end)])
        #expect(try solver.movesLeft("at") == 2)
        #expect(try !solver.winsToMove("eat"))
    }

    @Test func impossibleFragmentsAreErrors() throws {
        let solver = SuperghostSolver(words: try WordList(words: ["abc", "abcd", "bcd"], minimumLength: 3))
        #expect(throws: GhostError.notAnInfix("x")) { try solver.winsToMove("x") }
        #expect(throws: GhostError.notAnInfix("ca")) { try solver.winningMoves("ca") }
        #expect(throws: GhostError.notAnInfix("B")) { try solver.movesLeft("B") }
        #expect(throws: GhostError.alreadyAWord("bcd")) { try solver.bestMove("bcd") }
        #expect(try solver.winsToMove("cd") == false)

        let empty = SuperghostSolver(words: try WordList(words: ["ab"], minimumLength: 3))
        #expect(!empty.firstPlayerWins)
        #expect(empty.winningFirstMoves.isEmpty)
        #expect(throws: GhostError.notAnInfix("")) { try empty.winsToMove("") }
    }

    @Test(arguments: [3, 4, 5])
    func agreesWithExhaustiveSearch(minimum: Int) throws {
        for seed in UInt64(1)...30 {
            var rng = SeededRandom(seed: seed &* 7919 &+ UInt64(minimum))
            let raw = superghostWords(&rng, count: Int.random(in: 3...25, using: &rng), alphabet: seed % 2 == 0 ? "abc" : "abcd")
            let counting = countingWords(raw, minimum: minimum)
            let oracle = SuperghostOracle(counting)
            let solver = SuperghostSolver(words: try WordList(words: raw, minimumLength: minimum))
            #expect(solver.firstPlayerWins == (!counting.isEmpty && oracle.value("").wins), "seed \(seed)")
            #expect(solver.winningFirstMoves == (counting.isEmpty ? [] : oracle.winningMoves("")), "seed \(seed)")
            for fragment in oracle.infixes where !counting.contains(fragment) && !counting.isEmpty {
                let expected = oracle.value(fragment)
                #expect(try solver.winsToMove(fragment) == expected.wins, "seed \(seed) \(fragment)")
                #expect(try solver.movesLeft(fragment) == expected.length, "seed \(seed) \(fragment)")
                #expect(try solver.winningMoves(fragment) == oracle.winningMoves(fragment), "seed \(seed) \(fragment)")
                let move = try solver.bestMove(fragment)
                let next = move.applied(to: fragment)
                #expect(oracle.moves(fragment).contains(move), "seed \(seed) \(fragment)")
                if expected.wins {
                    #expect(oracle.winningMoves(fragment).contains(move))
                    #expect(oracle.value(next).length + 1 == expected.length, "seed \(seed) \(fragment)")
                } else {
                    #expect((counting.contains(next) ? 1 : oracle.value(next).length + 1) == expected.length, "seed \(seed) \(fragment)")
                }
            }
            for word in counting { #expect(throws: GhostError.alreadyAWord(word)) { try solver.winsToMove(word) } }
        }
    }

    @Test func perfectPlayersFinishTheRoundTheSolverForetells() throws {
        for seed in UInt64(1)...12 {
            var rng = SeededRandom(seed: seed)
            let words = try WordList(words: superghostWords(&rng, count: 15, alphabet: "abcd"), minimumLength: 3)
            guard words.wordCount > 0 else { continue }
            let solver = SuperghostSolver(words: words)
            var fragment = ""
            var player = 0
            while !solver.index.isWord(fragment) {
                fragment = try solver.bestMove(fragment).applied(to: fragment)
                player ^= 1
            }
            // The player who spelled the word (the one before `player`) loses the round.
            let loser = player ^ 1
            #expect(loser == (solver.firstPlayerWins ? 1 : 0), "seed \(seed)")
            #expect(try fragment.count == solver.movesLeft(""), "seed \(seed)")
        }
    }

    @Test func movesAreCodedAsLetterAndSide() throws {
        let move = SuperghostMove(letter: "q", side: .start)
        let json = String(decoding: try JSONEncoder.folio().encode(move), as: UTF8.self)
        #expect(json == #"{"letter":"q","side":"start"}"#)
        #expect(try JSONDecoder().decode(SuperghostMove.self, from: Data(json.utf8)) == move)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(SuperghostMove.self, from: Data(#"{"letter":"qu","side":"end"}"#.utf8))
        }
        #expect(move.applied(to: "uit") == "quit")
        #expect(SuperghostMove(letter: "s", side: .end).applied(to: "cat") == "cats")
        #expect(SuperghostMove(letter: "s", side: .end).description == "s at the end")
    }
}

/// Random words of three to seven letters from a small alphabet, so fragments share a lot.
func superghostWords(_ rng: inout SeededRandom, count: Int, alphabet: String) -> [String] {
    let letters = Array(alphabet)
    return (0..<count).map { _ in
        String((0..<Int.random(in: 3...7, using: &rng)).map { _ in letters.randomElement(using: &rng)! })
    }
}
