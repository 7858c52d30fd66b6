import Testing
@testable import Ghost

@Suite struct GameTests {
    let words = try! WordList(words: ["cat", "cats", "dog", "door", "doors"], minimumLength: 3)

    @Test func needsTwoToEightPlayers() {
        #expect(throws: GhostError.invalidPlayerCount(1)) { try Game(players: ["a"], words: words) }
        #expect(throws: GhostError.invalidPlayerCount(9)) { try Game(players: Array(repeating: "p", count: 9), words: words) }
    }

    @Test func refusesIllegalLetters() throws {
        var game = try Game(players: ["Ann", "Bob"], words: words)
        #expect(throws: GhostError.invalidLetter("x")) { try game.play(letter: "x") }
        // Not letters at all: the error names the letters there are.
        #expect(throws: GhostError.letterNotInAlphabet("C", .latin)) { try game.play(letter: "C") }
        #expect(throws: GhostError.letterNotInAlphabet("é", .latin)) { try game.play(letter: "é") }
        #expect(throws: GhostError.nothingToChallenge) { try game.challenge() }
        #expect(throws: GhostError.noChallengePending) { try game.answerChallenge(word: "cat") }
        #expect(game.fragment == "" && game.toMove == 0)
    }

    /// What a timed table's clock reads: the pause between rounds, and a player who ran out of
    /// time and starts the next round (away, perhaps) until they play.
    @Test func betweenRoundsAndAway() throws {
        var game = try Game(players: ["Ann", "Bob", "Cy"], words: words)
        #expect(!game.isBetweenRounds && game.awaySeat == nil)
        try game.play(letter: "d")
        try game.play(letter: "o")
        try game.play(letter: "g")
        // Cy completed "dog": between rounds, and nobody away.
        #expect(game.isBetweenRounds && game.awaySeat == nil && game.playerToAct == 2)
        try game.timeOut()
        #expect(game.isBetweenRounds && game.awaySeat == 2)
        try game.play(letter: "c")
        #expect(!game.isBetweenRounds && game.awaySeat == nil)
        // Ann times out mid-round, and starts the next: away until she plays.
        try game.timeOut()
        #expect(game.awaySeat == 0)
        try game.play(letter: "d")
        #expect(game.awaySeat == nil)
    }

    @Test func completingAWordLosesAndTheLoserStartsNext() throws {
        var game = try Game(players: ["Ann", "Bob"], words: words)
        #expect(try game.play(letter: "c") == nil)
        #expect(game.toMove == 1 && game.lastMover == 0)
        try game.play(letter: "a")
        let result = try #require(try game.play(letter: "t"))
        #expect(result == Game.RoundResult(loser: 0, reason: .completedWord("cat"), fragment: "cat", lettersAfter: 1, starter: 0,
                                         plays: [.init(mover: 0, letter: "c", side: .end), .init(mover: 1, letter: "a", side: .end),
                                                 .init(mover: 0, letter: "t", side: .end)],
                                         contenders: [0, 1], challenger: nil, rules: .standard))
        #expect(result.movers == [0, 1, 0] && result.positions == ["", "c", "ca", "cat"])
        #expect(game.ghostLetters(of: 0) == "G")
        #expect(game.fragment == "" && game.toMove == 0 && game.lastMover == nil)
    }

    @Test func challenges() throws {
        var game = try Game(players: ["Ann", "Bob"], words: words)
        try game.play(letter: "d")
        try game.play(letter: "o")
        try game.challenge()
        #expect(game.pendingChallenge == Game.Challenge(challenger: 0, challenged: 1))
        #expect(throws: GhostError.challengePending) { try game.play(letter: "g") }
        #expect(throws: GhostError.challengePending) { try game.challenge() }
        // A valid word beats the challenge.
        #expect(try game.answerChallenge(word: "door").reason == .failedChallenge(answer: "door"))
        #expect(game.letters == [1, 0] && game.toMove == 0)

        try game.play(letter: "d")
        try game.challenge()
        // Too short to count, so it does not answer.
        #expect(try game.answerChallenge(word: "do").reason == .invalidAnswer("do"))
        #expect(game.letters == [2, 0] && game.toMove == 0)

        try game.play(letter: "c")
        try game.play(letter: "a")
        try game.challenge()
        // A real word, but not one that starts with the fragment.
        #expect(try game.answerChallenge(word: "dog").reason == .invalidAnswer("dog"))
        #expect(game.letters == [2, 1] && game.toMove == 1)
        try game.play(letter: "c")
        try game.challenge()
        #expect(try game.answerChallenge(word: nil) == Game.RoundResult(loser: 1, reason: .conceded, fragment: "c", lettersAfter: 2,
                                                                               starter: 1, plays: [.init(mover: 1, letter: "c", side: .end)],
                                                                               contenders: [0, 1], challenger: 0, rules: .standard))
        #expect(game.ghostLetters(of: 0) == "GH" && game.ghostLetters(of: 1) == "GH")
    }

    @Test func eliminationSkipsPlayersAndEndsWithAWinner() throws {
        var game = try Game(players: ["Ann", "Bob", "Cy"], words: words)
        // One letter each first, then Bob loses four more rounds by conceding challenges.
        for round in 0..<5 {
            #expect(game.toMove == (round == 0 ? 0 : 1))
            if round == 0 {
                try game.play(letter: "c")   // Ann
                try game.play(letter: "a")   // Bob
                try game.play(letter: "t")   // Cy loses
                #expect(game.letters == [0, 0, 1])
                // Cy starts; make Bob the loser from now on.
                try game.play(letter: "d")   // Cy
                try game.challenge()          // Ann challenges Cy
                try game.answerChallenge(word: "dog")
                #expect(game.toMove == 0)    // Ann lost the failed challenge
                try game.play(letter: "d")   // Ann
                try game.challenge()          // Bob challenges Ann
                try game.answerChallenge(word: "doors")
                #expect(game.letters == [1, 1, 1])
                continue
            }
            try game.play(letter: "c")       // Bob
            try game.challenge()              // Cy challenges Bob
            try game.answerChallenge(word: nil)
        }
        #expect(game.isOut(1) && game.activePlayers == [0, 2])
        #expect(game.rounds.last?.eliminated == true)
        // Bob is out, so the player after him starts and turns skip him.
        #expect(game.toMove == 2)
        try game.play(letter: "d")
        #expect(game.toMove == 0)
        try game.play(letter: "o")
        #expect(game.toMove == 2)
        for _ in 0..<4 {
            try game.play(letter: "g")       // Cy completes "dog"
            #expect(game.toMove == 2 || game.isOver)
            if game.isOver { break }
            try game.play(letter: "d")
            try game.play(letter: "o")
        }
        #expect(game.isOver && game.winner == 0)
        #expect(throws: GhostError.gameOver) { try game.play(letter: "d") }
    }
}
