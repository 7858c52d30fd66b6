import FolioCore
import FolioTestSupport
import Testing
@testable import Ghost

/// Replayable actions, computer players and round reviews.
@Suite struct PlayTests {
    // From "": "c" loses ("cat" falls to the first player); "d" wins: "do", then "t" forces "dote".
    let small = try! WordList(words: ["cat", "dog", "dote"], minimumLength: 3)

    @Test func actionCodesRoundTrip() throws {
        let actions: [Game.Action] = [.letter("q"), .challenge, .answer("word"), .answer(nil)]
        for action in actions {
            #expect(Game.Action(code: action.code) == action)
        }
        for bad in ["", "l:", "l:ab", "x", "challenge", "a-word"] {
            #expect(Game.Action(code: bad) == nil, "\(bad)")
        }
    }

    @Test func replayingActionsGivesTheSameGame() throws {
        var live = try Game(players: ["Ann", "Bob"], words: small)
        let actions: [Game.Action] = [.letter("d"), .letter("o"), .challenge, .answer("dote"), .letter("c"), .letter("a"), .letter("t")]
        for action in actions { try live.apply(action) }
        let replayed = try Game(players: ["Ann", "Bob"], words: small, replaying: actions)
        #expect(replayed.letters == live.letters && replayed.rounds == live.rounds && replayed.toMove == live.toMove)
        #expect(replayed.rounds.map(\.loser) == [0, 0])
        #expect(replayed.rounds[0].movers == [0, 1] && replayed.rounds[0].challenger == 0 && replayed.rounds[0].starter == 0)
        #expect(replayed.rounds[1].movers == [0, 1, 0] && replayed.rounds[1].starter == 0)
        #expect(throws: GhostError.invalidLetter("z")) {
            try Game(players: ["Ann", "Bob"], words: small, replaying: [.letter("z")])
        }
    }

    @Test func anEmptyListIsRefused() throws {
        let empty = try WordList(words: ["ab"], minimumLength: 3)
        #expect(throws: GhostError.emptyDictionary) { try Game(players: ["Ann", "Bob"], words: empty) }
    }

    @Test func playerToActIsTheChallengedWhileAChallengeWaits() throws {
        var game = try Game(players: ["Ann", "Bob"], words: small)
        try game.play(letter: "d")
        #expect(game.playerToAct == 1)
        try game.challenge()
        #expect(game.playerToAct == 0)
    }

    // MARK: - Computer players

    /// Random lists of short words over a few letters, so the game trees are small but varied.
    func randomLists(count: Int, seed: UInt64) -> [(WordList, Set<String>)] {
        var random = SeededRandom(seed: seed)
        return (0..<count).map { _ in
            let minimum = [3, 4].randomElement(using: &random)!
            let words = (0..<Int.random(in: 4...30, using: &random)).map { _ in
                String((0..<Int.random(in: minimum...minimum + 3, using: &random)).map { _ in "abcd".randomElement(using: &random)! })
            }
            return (try! WordList(words: words, minimumLength: minimum), Set(words.filter { $0.count >= minimum }))
        }
    }

    @Test func hardNeverLosesARoundItCouldWinAndEasyPlaysOnlyLegalLetters() throws {
        var random = SeededRandom(seed: 7)
        var hardRoundsWon = 0
        for (words, counting) in randomLists(count: 40, seed: 11) {
            let solver = Solver(words: words)
            let oracle = GhostOracle(counting)
            let hard = ComputerPlayer(level: .hard), easy = ComputerPlayer(level: .easy)
            for starter in 0..<2 {
                var game = try Game(players: ["Hard", "Easy"], words: words, firstPlayer: starter)
                let hardStartsWinning = (starter == 0) == solver.firstPlayerWins
                var result: Game.RoundResult?
                var steps = 0
                while result == nil {
                    steps += 1
                    #expect(steps < 100)
                    let seat = game.playerToAct
                    let action = (seat == 0 ? hard : easy).action(in: game, lexicon: Lexicon(solver: solver), using: &random)
                    guard case .letter(let c, .end) = action else {
                        Issue.record("a computer challenged or answered unprompted: \(action)")
                        break
                    }
                    #expect(words.canFollow(game.fragment, with: c))
                    if seat == 0, oracle.value(game.fragment).wins {
                        #expect(oracle.winningLetters(game.fragment).contains(c), "hard threw away a win at \(game.fragment)")
                    }
                    result = try game.apply(action)
                }
                if hardStartsWinning {
                    #expect(result?.loser == 1)
                    hardRoundsWon += 1
                }
            }
        }
        #expect(hardRoundsWon > 10)
    }

    @Test func hardPicksAtRandomAmongWinningLettersAndStallsWhenLost() throws {
        let words = try WordList(words: ["abcd", "abce", "bcde", "bcdf", "cdef", "cdeg"], minimumLength: 4)
        let solver = Solver(words: words)
        let winning = try solver.winningLetters("")
        #expect(winning.count > 1)
        var seen = Set<String>()
        var random = SeededRandom(seed: 3)
        for _ in 0..<50 {
            guard case .letter(let c, .end) = ComputerPlayer(level: .hard).action(in: try Game(players: ["a", "b"], words: words),
                                                                                  lexicon: Lexicon(solver: solver), using: &random) else { continue }
            #expect(winning.contains(c))
            seen.insert(c)
        }
        #expect(seen == Set(winning))

        // "dog"/"dote": at "d" the second player is lost; "o" is the only letter anyway, but at
        // "" the first player of the first list below is lost and must take the longest line.
        let lost = try WordList(words: ["abc", "abd", "bcd", "bcdef"], minimumLength: 3)
        let lostSolver = Solver(words: lost)
        var game = try Game(players: ["a", "b"], words: lost)
        try game.play(letter: "b")
        try game.play(letter: "c")
        #expect(try !lostSolver.winsToMove("bc"))
        #expect(ComputerPlayer(level: .hard).action(in: game, lexicon: Lexicon(solver: lostSolver), using: &random) == .letter(try lostSolver.bestMove("bc")))
    }

    @Test func computersAnswerChallengesWithAWord() throws {
        var random = SeededRandom(seed: 1)
        for level in ComputerPlayer.Level.allCases {
            var game = try Game(players: ["a", "b"], words: small)
            try game.play(letter: "d")
            try game.challenge()
            let action = ComputerPlayer(level: level).action(in: game, lexicon: Lexicon(words: small), using: &random)
            #expect(action == .answer("dog"))
            #expect(try game.apply(action)?.reason == .failedChallenge(answer: "dog"))
        }
    }

    // MARK: - Reviews

    func review(_ actions: [Game.Action], players: [String] = ["Ann", "Bob"]) throws -> RoundReview {
        var game = try Game(players: players, words: small)
        var last: Game.RoundResult?
        for action in actions { last = try game.apply(action) ?? last }
        return RoundReview(round: try #require(last), lexicon: Lexicon(words: small))
    }

    @Test func reviewsFindTheMoveThatLostTheRound() throws {
        let solver = Solver(words: small)
        #expect(try solver.winningLetters("") == ["d"])
        let first = try review([.letter("c"), .letter("a"), .letter("t")])
        #expect(first.finding == .threwAwayWin(fragment: "", played: .init(letter: "c", side: .end), winning: [.init(letter: "d", side: .end)]))
        #expect(first.sentence(names: ["Ann", "Bob"]) == "At the start, Ann played “c”, but “d” would have won.")

        let late = try review([.letter("d"), .letter("o"), .letter("g")])
        #expect(late.finding == .threwAwayWin(fragment: "do", played: .init(letter: "g", side: .end), winning: [.init(letter: "t", side: .end)]))

        let bob = try review([.letter("d"), .letter("o"), .letter("t"), .letter("e")])
        #expect(bob.loser == 1 && bob.finding == .lostFromStart(fragment: "d"))
        #expect(bob.sentence(names: ["Ann", "Bob"]).hasPrefix("Bob was lost from the first turn at “d”"))

        let challenged = try review([.letter("d"), .letter("o"), .challenge, .answer("dog")])
        #expect(challenged.loser == 0 && challenged.finding == .threwAwayWin(fragment: "do", played: nil, winning: [.init(letter: "t", side: .end)]))
        #expect(challenged.sentence(names: ["Ann", "Bob"]).contains("Ann challenged"))

        let hopeless = try review([.letter("d"), .challenge, .answer("dote")])
        #expect(hopeless.loser == 1 && hopeless.finding == .lostFromStart(fragment: "d"))

        let conceded = try review([.letter("d"), .challenge, .answer(nil)])
        #expect(conceded.loser == 0 && conceded.finding == .couldNotNameWord(fragment: "d", example: "dog"))
        #expect(conceded.sentence(names: ["Ann", "Bob"]) == "Ann could not name a word starting with “d”: “dog” would have done.")

        // The round's summary says the time ran out; the review says what the position held.
        let slow = try review([.timeOut])
        #expect(slow.loser == 0 && slow.finding == .ranOutOfTime(fragment: "", winning: [.init(letter: "d", side: .end)]))
        #expect(slow.sentence(names: ["Ann", "Bob"]) == "At the start, Ann could have won with “d”.")
        let stuck = try review([.letter("d"), .timeOut])
        #expect(stuck.loser == 1 && stuck.finding == .ranOutOfTime(fragment: "d", winning: []))
        #expect(stuck.sentence(names: ["Ann", "Bob"]) == "At “d”, every letter loses against perfect play: Bob’s round was lost before the time ran out.")

        // To the loser on their own phone, the same lessons in the second person.
        #expect(first.sentence(names: ["Ann", "Bob"], you: 0) == "At the start, you played “c”, but “d” would have won.")
        #expect(first.sentence(names: ["Ann", "Bob"], you: 1) == "At the start, Ann played “c”, but “d” would have won.")
        #expect(bob.sentence(names: ["Ann", "Bob"], you: 1).hasPrefix("You were lost from the first turn at “d”"))
        #expect(conceded.sentence(names: ["Ann", "Bob"], you: 0) == "You could not name a word starting with “d”: “dog” would have done.")
        #expect(stuck.sentence(names: ["Ann", "Bob"], you: 1) == "At “d”, every letter loses against perfect play: your round was lost before the time ran out.")

    }
}
