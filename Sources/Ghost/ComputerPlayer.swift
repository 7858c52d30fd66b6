/// A computer seat at the table.
///
/// Easy plays any legal letter; under classic rules, in a position it has lost, it now and
/// then bluffs with a letter that leaves no word. Hard plays perfectly: with two players in, by
/// the solver, picking at random among winning moves so games differ, and in a lost position
/// playing for the longest round, giving the opponent the most chances to slip; with more in, it
/// plays the moves that are safe even if every other player plays against it (`TableSearch`).
///
/// Both call a completed word and challenge a fragment that has no word behind it, and name a
/// word when challenged whenever one exists: hard never loses a challenge it could avoid.
public struct ComputerPlayer: Sendable {
    public enum Level: String, Sendable, Codable, CaseIterable {
        case easy, hard

        public var label: String {
            switch self {
            case .easy: "Computer (easy)"
            case .hard: "Computer (hard)"
            }
        }
    }

    public let level: Level

    /// How often the easy computer bluffs when it knows it is lost: one time in this many.
    static let bluffOneIn = 3

    public init(level: Level) {
        self.level = level
    }

    /// What the computer may do when `game.playerToAct` is its seat: the one answer or challenge
    /// it gives, or the moves it picks among at random (and, easy and lost under classic rules,
    /// the bluffs it plays instead one time in `bluffOneIn`). The browser's computer
    /// (public/rules/ghost-computer.js) is held to these, and a game played without a connection
    /// counts only if each computer's action was among them.
    public enum Choices: Sendable, Equatable {
        case answer(String?)
        case challenge
        case moves([SuperghostMove], bluffs: [SuperghostMove])
    }

    public func choices(in game: Game, lexicon: Lexicon) -> Choices {
        let variant = game.rules.variant
        if game.pendingChallenge != nil {
            return .answer(lexicon.someWord(for: game.fragment, variant: variant))
        }
        // Under forgiving rules neither can happen: the round ends on a word, and a letter
        // without a word behind it is refused.
        if game.lastMover != nil, game.words.isWord(game.fragment) || !game.hasWordBehind(game.fragment) {
            return .challenge
        }
        let legal = game.legalMoves
        switch level {
        case .easy:
            let lost = game.rules.challenges == .classic && (try? lexicon.winsToMove(at: game.fragment, variant: variant)) == false
            // A fragment in play always has a word behind it, so a legal move exists.
            return .moves(legal, bluffs: lost ? game.bluffs : [])
        case .hard:
            if game.activePlayers.count > 2 {
                var search = TableSearch(game: game, players: game.activePlayers.count)
                if let safe = search.safeMoves(at: game.fragment), !safe.isEmpty { return .moves(safe, bluffs: []) }
            } else if let winning = try? lexicon.winningMoves(at: game.fragment, variant: variant), !winning.isEmpty {
                return .moves(winning, bluffs: [])
            }
            return .moves([(try? lexicon.bestMove(at: game.fragment, variant: variant)) ?? legal[0]], bluffs: [])
        }
    }

    /// What the computer does when `game.playerToAct` is its seat: one of its `choices`, at random.
    public func action(in game: Game, lexicon: Lexicon, using random: inout some RandomNumberGenerator) -> Game.Action {
        switch choices(in: game, lexicon: lexicon) {
        case .answer(let word):
            return .answer(word)
        case .challenge:
            return .challenge
        case .moves(let moves, let bluffs):
            if !bluffs.isEmpty, Int.random(in: 0..<Self.bluffOneIn, using: &random) == 0, let bluff = bluffs.randomElement(using: &random) {
                return bluff.action
            }
            return moves.randomElement(using: &random)!.action
        }
    }
}

extension SuperghostMove {
    /// The action that plays this move.
    public var action: Game.Action { .letter(letter, at: side) }
}

extension Game {
    /// The moves that keep a word behind the fragment, letters in order; from the empty fragment
    /// each letter once, at the end.
    public var legalMoves: [SuperghostMove] {
        let graph = PositionGraph(self)
        guard let node = graph.node(fragment) else { return [] }
        var moves: [SuperghostMove] = []
        graph.forEachMove(from: node) { move, _ in
            moves.append(move)
            return true
        }
        return moves
    }

    /// The letters at the end that leave no word behind the fragment: what a bluff can be.
    /// Letters the rules refuse outright (one that runs together with the last) are none.
    var bluffs: [SuperghostMove] {
        words.alphabet.letters.compactMap { letter in
            guard let next = try? adding(letter, at: .end), !hasWordBehind(next) else { return nil }
            return SuperghostMove(letter: letter, side: .end)
        }
    }
}
