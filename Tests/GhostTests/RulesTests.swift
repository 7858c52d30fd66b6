import FolioCore
import FolioTestSupport
import Testing
@testable import Ghost

/// Classic rules (bluffs, challenges, calling a word) and Superghost (letters at either end),
/// through `Game`, the computers and the reviews.
@Suite struct RulesTests {
    let words = try! WordList(words: ["cat", "cats", "dog", "door", "doors", "scat"], minimumLength: 3)
    let classic = Rules(challenges: .classic)

    // MARK: - Classic rules

    @Test func aBluffIsPlayedAndLosesWhenChallenged() throws {
        var game = try Game(players: ["Ann", "Bob"], words: words, rules: classic)
        try game.play(letter: "d")
        // "dx" starts no word: forgiving rules refuse it, classic ones let it stand until challenged.
        #expect(try game.play(letter: "x") == nil)
        #expect(game.fragment == "dx" && !game.hasWordBehind("dx"))
        #expect(try game.challenge() == nil)
        let round = try game.answerChallenge(word: "dxyz")
        #expect(round.loser == 1 && round.reason == .invalidAnswer("dxyz") && round.challenger == 0)

        var forgiving = try Game(players: ["Ann", "Bob"], words: words)
        try forgiving.play(letter: "d")
        #expect(throws: GhostError.invalidLetter("x")) { try forgiving.play(letter: "x") }
    }

    @Test func aCompletedWordStandsUntilItIsCalled() throws {
        var game = try Game(players: ["Ann", "Bob"], words: words, rules: classic)
        for c in ["c", "a", "t"] { #expect(try game.play(letter: c) == nil) }
        // Bob calls it: Ann completed "cat".
        let called = try #require(try game.challenge())
        #expect(called.loser == 0 && called.reason == .calledWord("cat") && called.challenger == 1)
        #expect(called.summary(names: ["Ann", "Bob"]) == "Bob called “cat”, a word: Ann completed it and takes a letter: G.")
        // On each player's own phone, the sentence speaks to its reader.
        #expect(called.summary(names: ["Ann", "Bob"], you: 0) == "Bob called “cat”, a word: you completed it and take a letter: G.")
        #expect(called.summary(names: ["Ann", "Bob"], you: 1) == "You called “cat”, a word: Ann completed it and takes a letter: G.")

        // Not called, play goes on past it: "cats" is a word too, and called in turn.
        for c in ["c", "a", "t"] { try game.play(letter: c) }
        try game.play(letter: "s")
        #expect(game.fragment == "cats")
        let late = try #require(try game.challenge())
        #expect(late.reason == .calledWord("cats") && late.loser == 1)
    }

    @Test func aChallengeOfAnHonestFragmentLosesForTheChallenger() throws {
        var game = try Game(players: ["Ann", "Bob"], words: words, rules: classic)
        try game.play(letter: "d")
        try game.play(letter: "o")
        try game.challenge()
        let round = try game.answerChallenge(word: "door")
        #expect(round.loser == 0 && round.reason == .failedChallenge(answer: "door"))
    }

    @Test func aFragmentCannotGrowPastTheLimit() throws {
        var game = try Game(players: ["Ann", "Bob"], words: words, rules: classic)
        for _ in 0..<Game.maximumFragmentLength { try game.play(letter: "z") }
        #expect(throws: GhostError.fragmentTooLong(limit: Game.maximumFragmentLength)) { try game.play(letter: "z") }
        try game.challenge()
        #expect(try game.answerChallenge(word: nil).loser == 1)
    }

    @Test func startMovesNeedSuperghost() throws {
        var game = try Game(players: ["Ann", "Bob"], words: words)
        try game.play(letter: "c")
        #expect(throws: GhostError.moveNotInVariant(.ghost)) { try game.play(letter: "s", at: .start) }
    }

    @Test func actionCodesKeepTheSide() throws {
        for action: Game.Action in [.letter("q"), .letter("q", at: .start), .challenge, .answer("word"), .answer(nil)] {
            #expect(Game.Action(code: action.code) == action)
        }
        #expect(Game.Action.letter("q", at: .start).code == "s:q")
        #expect(Game.Action(code: "s:") == nil && Game.Action(code: "s:ab") == nil)
    }

    @Test func aMatchReplaysUnderItsRules() throws {
        var match = try Match(dictionary: .english, minimumLength: 3, rules: classic,
                              seats: [.init(name: "Ann", kind: .person), .init(name: "Bob", kind: .person)])
        var random = SeededRandom(seed: 1)
        let lexicon = Lexicon(words: words)
        try match.play(.letter("d"), lexicon: lexicon, using: &random)
        try match.play(.letter("x"), lexicon: lexicon, using: &random)
        let game = try match.replay(lexicon: lexicon)
        #expect(game.fragment == "dx" && game.rules == classic)
        var forgiving = match
        forgiving.rules = .standard
        #expect(throws: GhostError.invalidLetter("x")) { try forgiving.replay(lexicon: lexicon) }
    }

    // MARK: - Computers under classic rules

    @Test func computersCallWordsAndBluffsAndAnswerWhenTheyCan() throws {
        var random = SeededRandom(seed: 5)
        let lexicon = Lexicon(words: words)
        for level in ComputerPlayer.Level.allCases {
            let computer = ComputerPlayer(level: level)
            var game = try Game(players: ["Ann", "Computer"], words: words, rules: classic)
            try game.play(letter: "d")
            try game.play(letter: "x")
            #expect(computer.action(in: game, lexicon: lexicon, using: &random) == .challenge, "\(level) lets a bluff pass")

            game = try Game(players: ["Ann", "Computer"], words: words, rules: classic)
            for c in ["c", "a", "t"] { try game.play(letter: c) }
            // "cat": three letters, so Ann, Computer, Ann: the computer is to move and calls it.
            #expect(computer.action(in: game, lexicon: lexicon, using: &random) == .challenge, "\(level) lets a word pass")

            game = try Game(players: ["Computer", "Ann"], words: words, rules: classic)
            try game.play(letter: "d")
            try game.challenge()
            #expect(computer.action(in: game, lexicon: lexicon, using: &random) == .answer("dog"))
        }
    }

    @Test func easyBluffsOnlyWhenLostAndHardNeverDoes() throws {
        // Every letter a computer plays is checked against the solver: a bluff (a letter that
        // leaves no word) only ever comes from easy, and only in a position already lost.
        let lexicon = Lexicon(words: words)
        var random = SeededRandom(seed: 9)
        var bluffs = 0
        for _ in 0..<400 {
            var game = try Game(players: ["Easy", "Hard"], words: words, rules: classic, firstPlayer: Int.random(in: 0...1, using: &random))
            var steps = 0
            while game.rounds.isEmpty && steps < 60 {
                steps += 1
                let seat = game.playerToAct
                let before = game.fragment
                let action = ComputerPlayer(level: seat == 0 ? .easy : .hard).action(in: game, lexicon: lexicon, using: &random)
                if case .letter(let c, _) = action, !game.hasWordBehind(before + String(c)) {
                    #expect(seat == 0, "hard bluffed at \(before)")
                    #expect((try? lexicon.solver.winsToMove(before)) == false, "easy bluffed in a won position at \(before)")
                    bluffs += 1
                }
                if seat == 1, case .answer(nil) = action { Issue.record("hard conceded at \(before)") }
                try game.apply(action)
            }
            if let round = game.rounds.first, round.challenger == 0 {
                // Easy's challenges are always right: it challenges only words and bluffs.
                #expect(round.loser == 1)
            }
        }
        #expect(bluffs > 5)
    }

    // MARK: - Tables of more than two

    /// The table search straight from the rules: strings, no index, no memo.
    struct TableOracle {
        let words: Set<String>
        let pieces: Set<String>
        let superghost: Bool

        init(_ words: Set<String>, superghost: Bool) {
            self.words = words
            self.superghost = superghost
            var pieces: Set<String> = []
            for w in words {
                let letters = Array(w)
                for i in 0...letters.count {
                    for j in i...letters.count where superghost || i == 0 { pieces.insert(String(letters[i..<j])) }
                }
            }
            self.pieces = pieces
        }

        func moves(_ f: String) -> [(SuperghostMove, String)] {
            var result: [(SuperghostMove, String)] = []
            for c in Alphabet.latin.letters {
                if pieces.contains(f + c) { result.append((SuperghostMove(letter: c, side: .end), f + c)) }
                if superghost, !f.isEmpty, pieces.contains(c + f) { result.append((SuperghostMove(letter: c, side: .start), c + f)) }
            }
            return result
        }

        func survives(_ f: String, turn: Int, players: Int) -> Bool {
            let open = moves(f).map(\.1).filter { !words.contains($0) }
            if turn == 0 { return open.contains { survives($0, turn: 1 % players, players: players) } }
            return !open.contains { !survives($0, turn: (turn + 1) % players, players: players) }
        }

        func safe(_ f: String, players: Int) -> [SuperghostMove] {
            moves(f).filter { !words.contains($0.1) && survives($0.1, turn: 1 % players, players: players) }.map(\.0)
        }
    }

    func randomWords(_ random: inout SeededRandom, minimum: Int) -> [String] {
        (0..<Int.random(in: 3...14, using: &random)).map { _ in
            String((0..<Int.random(in: minimum...minimum + 3, using: &random)).map { _ in "abc".randomElement(using: &random)! })
        }
    }

    @Test func withTwoPlayersTheTableSearchIsTheSolver() throws {
        var random = SeededRandom(seed: 21)
        for _ in 0..<60 {
            let list = try WordList(words: randomWords(&random, minimum: 3), minimumLength: 3)
            guard list.wordCount > 0 else { continue }
            let solver = Solver(words: list)
            let game = try Game(players: ["a", "b"], words: list)
            var search = TableSearch(game: game, players: 2)
            #expect(search.safeMoves(at: "")?.map(\.letter) == solver.winningFirstLetters)
        }
    }

    @Test func theTableSearchAgreesWithTheRulesForThreeAndFour() throws {
        var random = SeededRandom(seed: 33)
        for variant in Rules.Variant.allCases {
            for _ in 0..<30 {
                let minimum = Int.random(in: 3...4, using: &random)
                let raw = randomWords(&random, minimum: minimum)
                let list = try WordList(words: raw, minimumLength: minimum)
                guard list.wordCount > 0 else { continue }
                let counting = Set(raw.filter { $0.count >= minimum })
                let oracle = TableOracle(counting, superghost: variant == .superghost)
                for players in 3...4 {
                    let game = try Game(players: (0..<players).map { "p\($0)" }, words: list, rules: Rules(variant: variant))
                    for fragment in oracle.pieces.sorted() where !counting.contains(fragment) && fragment.count < 4 {
                        var search = TableSearch(game: game, players: players)
                        let expected = oracle.safe(fragment, players: players)
                        #expect(search.safeMoves(at: fragment).map(Set.init) == Set(expected), "\(variant) \(players) at \(fragment)")
                    }
                }
            }
        }
    }

    @Test func reviewsOfBiggerTablesSayWhatTheyAssume() throws {
        // Three players on "cat"/"dog"/"dote": Ann c, Bob a, Cy t completes "cat".
        let small = try WordList(words: ["cat", "dog", "dote"], minimumLength: 3)
        var game = try Game(players: ["Ann", "Bob", "Cy"], words: small)
        var round: Game.RoundResult?
        for action: Game.Action in [.letter("c"), .letter("a"), .letter("t")] { round = try game.apply(action) ?? round }
        let review = RoundReview(round: try #require(round), lexicon: Lexicon(words: small))
        #expect(review.loser == 2 && review.assumesEveryoneAgainstLoser)
        #expect(review.sentence(names: ["Ann", "Bob", "Cy"]).contains("assuming every other player plays against Cy"))
    }

    @Test func aMissedCallIsWhereTheRoundWasLost() throws {
        var game = try Game(players: ["Ann", "Bob"], words: words, rules: classic)
        for c in ["c", "a", "t"] { try game.play(letter: c) }
        // Bob plays on past "cat" instead of calling it, and then Ann calls "cats".
        try game.play(letter: "s")
        let round = try #require(try game.challenge())
        let review = RoundReview(round: round, lexicon: Lexicon(words: words))
        #expect(review.loser == 1 && review.finding == .missedChallenge(fragment: "cat", word: true))
    }
}
