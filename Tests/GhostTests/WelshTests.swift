import FolioCore
import FolioTestSupport
import Foundation
import Ghost
import Testing

/// Ghost in Welsh, where ch, dd, ff, ng, ll, ph, rh and th are single letters.
@Suite struct WelshAlphabetTests {
    let welsh = Alphabet.welsh

    @Test func theAlphabetHas29LettersInWelshOrder() {
        #expect(welsh.count == 29)
        #expect(welsh.letters.prefix(6) == ["a", "b", "c", "ch", "d", "dd"])
        #expect(welsh.index(of: "ll") == 15 && welsh.index(of: "l") == 14)
        #expect(welsh.index(of: "k") == nil && welsh.index(of: "lll") == nil && welsh.index(of: "") == nil)
        #expect(Alphabet.latin.index(of: "ll") == nil && Alphabet.latin.index(of: "z") == 25)
    }

    @Test func wordsAreReadGreedilyLongestLetterFirst() {
        #expect(welsh.split("llan") == ["ll", "a", "n"])
        #expect(welsh.split("ffordd") == ["ff", "o", "r", "dd"])
        #expect(welsh.split("rhydd") == ["rh", "y", "dd"])
        #expect(welsh.split("cwch") == ["c", "w", "ch"])
        // Greedy: three d's are dd then d, and every "ng" is the letter ng, Bangor's too.
        #expect(welsh.split("ddd") == ["dd", "d"])
        #expect(welsh.split("bangor") == ["b", "a", "ng", "o", "r"])
        #expect(welsh.split("jam") == ["j", "a", "m"])
        #expect(welsh.split("kilo") == nil && welsh.split("zebra") == nil && welsh.split("Llan") == nil)
    }

    @Test func accentsFoldToThePlainVowelAndAnythingElseIsNoWord() {
        #expect(welsh.word("llŷn") == "llyn")
        #expect(welsh.word("tŷ") == "ty")
        #expect(welsh.word("ŵyr") == "wyr")
        #expect(welsh.word("apêl") == "apel")
        #expect(welsh.word("agosáu") == "agosau")
        #expect(welsh.word("amgaeëdig") == "amgaeedig")
        #expect(welsh.word("ffenestrì") == "ffenestri")
        #expect(welsh.word("ẁyn") == "wyn")
        // Decomposed, as some keyboards send it: w and a combining circumflex.
        #expect(welsh.word("w\u{302}yr") == "wyr")
        for other in ["Cymru", "ar ben", "x-ray", "10", "kilo", "ñ", "llan!", ""] {
            #expect(welsh.word(other) == nil, "\(other)")
        }
        // English folds nothing: an accented word is not an English one.
        #expect(Alphabet.latin.word("café") == nil)
        #expect(Alphabet.latin.word("cafe") == "cafe")
    }

    @Test func aWelshListKeepsWelshWordsCountedInLetters() throws {
        let raw = ["llan", "llŷn", "bangor", "kilo", "ar ben", "Cymru", "ffordd", "ty", "tŷ"]
        let three = try WordList(words: raw, minimumLength: 3, alphabet: welsh)
        // llan, llyn, bangor, ffordd: "ty" is two letters; kilo, "ar ben" and Cymru are dropped.
        #expect(three.wordCount == 4)
        #expect(three.isWord("llyn") && three.isWord("bangor") && !three.isWord("kilo") && !three.isWord("ty"))
        #expect(three.nextLetters("") == ["b", "ff", "ll"])
        #expect(three.nextLetters("ll") == ["a", "y"])
        // "l" is not a prefix: no word starts with the letter l.
        #expect(!three.isPrefix("l") && three.isPrefix("ll"))
        #expect(three.canFollow("", with: "ll") && !three.canFollow("", with: "l") && !three.canFollow("", with: "q"))
        #expect(three.someWord(startingWith: "ll") == "llan")
        // Four letters: llan and llyn have three (ll·a·n) and no longer count.
        let four = try WordList(words: raw, minimumLength: 4, alphabet: welsh)
        #expect(four.wordCount == 2 && !four.isWord("llan") && four.isWord("ffordd"))
    }
}

@Suite struct WelshSolverTests {
    @Test func aDigraphIsOneMoveAndChangesWhoWins() throws {
        // "llan" is three letters in Welsh: ll, a, n. The first player plays ll, the second a,
        // and the first must complete the word. Counted in characters (l, l, a, n) the second
        // player would complete it instead.
        let welsh = Solver(words: try WordList(words: ["llan"], minimumLength: 3, alphabet: .welsh))
        let characters = Solver(words: try WordList(words: ["llan"], minimumLength: 3))
        #expect(!welsh.firstPlayerWins && welsh.winningFirstLetters.isEmpty)
        #expect(characters.firstPlayerWins && characters.winningFirstLetters == ["l"])
        #expect(try welsh.bestMove("") == "ll")
        #expect(try welsh.movesLeft("") == 3 && characters.movesLeft("") == 4)
        #expect(try welsh.winsToMove("ll") && welsh.winningLetters("ll") == ["a"])
        #expect(throws: GhostError.notAPrefix("l")) { try welsh.winsToMove("l") }
    }

    @Test func handCheckedWelshPosition() throws {
        // In letters, "chwech" is ch·w·e·ch: after the first player's ch the second must complete
        // it. "ddoe" and "ddau" are dd·o·e and dd·a·u: after dd the second player plays o or a and
        // the first must complete one. Counted in characters both d and c would win.
        let raw = ["chwech", "ddoe", "ddau"]
        let solver = Solver(words: try WordList(words: raw, minimumLength: 3, alphabet: .welsh))
        #expect(solver.firstPlayerWins && solver.winningFirstLetters == ["ch"])
        #expect(try solver.winsToMove("dd") && solver.winningLetters("dd") == ["a", "o"])
        #expect(try !solver.winsToMove("ch") && solver.movesLeft("") == 4)
        #expect(Solver(words: try WordList(words: raw, minimumLength: 3)).winningFirstLetters == ["c", "d"])
    }

    /// Words of random letters from a few Welsh ones, digraphs among them. Letters written side
    /// by side are read as the alphabet reads them ("l" then "l" is the word's "ll").
    func welshWords(_ rng: inout SeededRandom, count: Int, letters: [String], maxLength: Int) -> [String] {
        (0..<count).map { _ in (0..<Int.random(in: 1...maxLength, using: &rng)).map { _ in letters.randomElement(using: &rng)! }.joined() }
    }

    func counting(_ raw: [String], minimum: Int) -> Set<String> {
        Set(raw.filter { (Alphabet.welsh.split($0)?.count ?? 0) >= minimum })
    }

    @Test(arguments: [3, 4, 5])
    func ghostAgreesWithExhaustiveSearch(minimum: Int) throws {
        for seed in UInt64(1)...10 {
            var rng = SeededRandom(seed: seed &* 31 &+ UInt64(minimum))
            let letters = seed % 2 == 0 ? ["a", "ch", "dd", "l", "ll"] : ["a", "c", "ch", "n", "ng", "g"]
            let raw = welshWords(&rng, count: Int.random(in: 5...20, using: &rng), letters: letters, maxLength: 6)
            let words = counting(raw, minimum: minimum)
            let oracle = GhostOracle(words, alphabet: .welsh)
            let solver = Solver(words: try WordList(words: raw, minimumLength: minimum, alphabet: .welsh))
            #expect(solver.firstPlayerWins == (!words.isEmpty && oracle.value("").wins), "seed \(seed)")
            for fragment in oracle.prefixes where !words.contains(fragment) && !words.isEmpty {
                let expected = oracle.value(fragment)
                #expect(try solver.winsToMove(fragment) == expected.wins, "seed \(seed) \(fragment)")
                #expect(try solver.movesLeft(fragment) == expected.length, "seed \(seed) \(fragment)")
                #expect(try solver.winningLetters(fragment) == oracle.winningLetters(fragment), "seed \(seed) \(fragment)")
                #expect(oracle.prefixes.contains(fragment + (try solver.bestMove(fragment))), "seed \(seed) \(fragment)")
            }
        }
    }

    @Test(arguments: [3, 4])
    func superghostAgreesWithExhaustiveSearch(minimum: Int) throws {
        for seed in UInt64(1)...12 {
            var rng = SeededRandom(seed: seed &* 7 &+ UInt64(minimum))
            let letters = seed % 2 == 0 ? ["a", "ch", "dd", "l", "ll"] : ["a", "ll", "n", "ng", "g"]
            let raw = welshWords(&rng, count: Int.random(in: 3...14, using: &rng), letters: letters, maxLength: 5)
            let words = counting(raw, minimum: minimum)
            let oracle = SuperghostOracle(words, alphabet: .welsh)
            let solver = SuperghostSolver(words: try WordList(words: raw, minimumLength: minimum, alphabet: .welsh))
            #expect(solver.firstPlayerWins == (!words.isEmpty && oracle.value("").wins), "seed \(seed)")
            #expect(solver.winningFirstMoves == (words.isEmpty ? [] : oracle.winningMoves("")), "seed \(seed)")
            for fragment in oracle.infixes where !words.contains(fragment) && !words.isEmpty {
                let expected = oracle.value(fragment)
                #expect(try solver.winsToMove(fragment) == expected.wins, "seed \(seed) \(fragment)")
                #expect(try solver.movesLeft(fragment) == expected.length, "seed \(seed) \(fragment)")
                #expect(try solver.winningMoves(fragment) == oracle.winningMoves(fragment), "seed \(seed) \(fragment)")
                #expect(solver.index.moves(fragment) == oracle.moves(fragment), "seed \(seed) \(fragment)")
                #expect(solver.index.someWord(containing: fragment) == oracle.someWord(containing: fragment), "seed \(seed) \(fragment)")
            }
        }
    }

    @Test func superghostAddsADigraphAtTheStart() throws {
        // "olan" has the run l·a·n; "llan" has ll·a·n. At "an" both l and ll go at the start,
        // but "lan" cannot take another l in front: l then l is the letter ll.
        let words = try WordList(words: ["llan", "olan"], minimumLength: 3, alphabet: .welsh)
        let solver = SuperghostSolver(words: words)
        #expect(solver.index.moves("an") == [SuperghostMove(letter: "l", side: .start), SuperghostMove(letter: "ll", side: .start)])
        #expect(solver.index.moves("lan") == [SuperghostMove(letter: "o", side: .start)])
        #expect(solver.index.isWord("llan") && !solver.index.isInfix("lan" + "a"))
        // At "an", ll at the start completes "llan"; l leaves "lan", where only o, completing "olan", is left.
        #expect(try solver.winningMoves("an") == [SuperghostMove(letter: "l", side: .start)])

        var game = try Game(players: ["Ann", "Bob"], words: words, rules: Rules(variant: .superghost))
        try game.play(letter: "a")
        try game.play(letter: "n")
        let round = try #require(try game.play(letter: "ll", at: .start))
        #expect(round.reason == .completedWord("llan") && round.loser == 0)
        #expect(round.plays.map(\.letter) == ["a", "n", "ll"] && round.positions == ["", "a", "an", "llan"])
    }
}

@Suite struct WelshGameTests {
    let words = try! WordList(words: ["llan", "llyn", "lan", "chwech", "ddoe"], minimumLength: 3, alphabet: .welsh)

    @Test func aMoveIsOneLetterOfTheAlphabet() throws {
        var game = try Game(players: ["Ann", "Bob"], words: words)
        #expect(throws: GhostError.letterNotInAlphabet("k", .welsh)) { try game.play(letter: "k") }
        #expect(throws: GhostError.letterNotInAlphabet("lla", .welsh)) { try game.play(letter: "lla") }
        let message = GhostError.letterNotInAlphabet("k", .welsh).message
        #expect(message.contains("Welsh alphabet") && message.contains("ch, d, dd") && message.contains("ll"))
        try game.play(letter: "ll")
        #expect(game.fragment == "ll" && game.roundPlays.map(\.letter) == ["ll"])
        // An English game has no letter ll.
        var english = try Game(players: ["Ann", "Bob"], words: try WordList(words: ["llama"], minimumLength: 3))
        #expect(throws: GhostError.letterNotInAlphabet("ll", .latin)) { try english.play(letter: "ll") }
    }

    @Test func lettersThatRunTogetherCannotStandSideBySide() throws {
        // Classic rules would let any letter be played, but "l" then "l" reads as ll: the fragment
        // could not be told from one where ll was played, so it is refused whatever the rules.
        var game = try Game(players: ["Ann", "Bob"], words: words, rules: Rules(challenges: .classic))
        try game.play(letter: "l")
        #expect(throws: GhostError.lettersRunTogether(played: ["l", "l"], reading: ["ll"])) { try game.play(letter: "l") }
        try game.play(letter: "a")
        var other = try Game(players: ["Ann", "Bob"], words: words, rules: Rules(challenges: .classic))
        try other.play(letter: "d")
        #expect(throws: GhostError.lettersRunTogether(played: ["d", "dd"], reading: ["dd", "d"])) { try other.play(letter: "dd") }
        var superghost = try Game(players: ["Ann", "Bob"], words: words, rules: Rules(challenges: .classic, variant: .superghost))
        try superghost.play(letter: "g")
        #expect(throws: GhostError.lettersRunTogether(played: ["n", "g"], reading: ["ng"])) { try superghost.play(letter: "n", at: .start) }
        // A bluff the rules accept is one a Welsh spelling could have.
        try superghost.play(letter: "o", at: .start)
        #expect(superghost.fragment == "og")
    }

    @Test func anAnswerIsReadInLettersWithAccentsFolded() throws {
        var game = try Game(players: ["Ann", "Bob"], words: words)
        try game.play(letter: "ll")
        try game.challenge()
        let round = try game.answerChallenge(word: "llŷn")
        #expect(round.reason == .failedChallenge(answer: "llyn") && round.loser == 1)
        // "lan" starts with the letter l; "llan" starts with ll, which is not l.
        #expect(game.answers("lan", at: "l") && !game.answers("llan", at: "l") && game.answers("llan", at: "ll"))
        let superghost = try Game(players: ["Ann", "Bob"], words: words, rules: Rules(variant: .superghost))
        #expect(superghost.answers("llan", at: "an") && !superghost.answers("chwech", at: "hw") && superghost.answers("chwech", at: "we"))
    }

    @Test func actionCodesOfDigraphsRoundTrip() throws {
        let actions: [Game.Action] = [.letter("ll"), .letter("ch", at: .start), .letter("a"), .challenge, .answer("llŷn"), .answer(nil)]
        #expect(actions.map(\.code) == ["l:ll", "s:ch", "l:a", "c", "a:llŷn", "a"])
        for action in actions { #expect(Game.Action(code: action.code) == action) }
        let json = try JSONEncoder().encode(actions)
        #expect(try JSONDecoder().decode([Game.Action].self, from: json) == actions)
        for bad in ["l:lll", "l:ab", "s:", "l:é"] { #expect(Game.Action(code: bad) == nil, "\(bad)") }

        // A stored Welsh game replays to the same fragment.
        let match = try Match(dictionary: .welsh, minimumLength: 3, seats: [.init(name: "Ann", kind: .person), .init(name: "Bob", kind: .person)],
                              actions: [.letter("ll"), .letter("a")])
        let game = try match.replay(lexicon: Lexicon(words: words))
        #expect(game.fragment == "lla" && game.playerToAct == 0)
        let move = try JSONDecoder().decode(SuperghostMove.self, from: Data(#"{"letter":"ll","side":"start"}"#.utf8))
        #expect(move == SuperghostMove(letter: "ll", side: .start) && move.applied(to: "an") == "llan")
    }

    @Test func computersAndReviewsPlayInWelshLetters() throws {
        let lexicon = Lexicon(words: try WordList(words: ["llan"], minimumLength: 3, alphabet: .welsh))
        var random = SeededRandom(seed: 1)
        var game = try Game(players: ["Ann", "Bob"], lexicon: lexicon)
        #expect(game.legalMoves == [SuperghostMove(letter: "ll", side: .end)])
        #expect(ComputerPlayer(level: .hard).action(in: game, lexicon: lexicon, using: &random) == .letter("ll"))
        try game.play(letter: "ll")
        try game.play(letter: "a")
        let round = try #require(try game.play(letter: "n"))
        let review = RoundReview(round: round, lexicon: lexicon)
        #expect(review.finding == .lostFromStart(fragment: ""))
        // Under classic rules the easy computer, lost at "an" (a·n·a is the only word), bluffs now
        // and then, but never with g: a·n·g would read a·ng.
        let ana = Lexicon(words: try WordList(words: ["ana"], minimumLength: 3, alphabet: .welsh))
        var classic = try Game(players: ["Ann", "Bob"], lexicon: ana, rules: Rules(challenges: .classic))
        try classic.play(letter: "a")
        try classic.play(letter: "n")
        var played: Set<Game.Action> = []
        for _ in 0..<60 {
            let action = ComputerPlayer(level: .easy).action(in: classic, lexicon: ana, using: &random)
            var copy = classic
            #expect(throws: Never.self) { try copy.apply(action) }
            played.insert(action)
        }
        #expect(played.count > 1 && played.contains(.letter("a")) && !played.contains(.letter("g")))
        // Three at the table: ll, a, then the third completes "llan", so the first letter is safe.
        var search = TableSearch(game: try Game(players: ["a", "b", "c"], lexicon: lexicon), players: 3)
        #expect(search.safeMoves(at: "") == [SuperghostMove(letter: "ll", side: .end)])
    }
}
