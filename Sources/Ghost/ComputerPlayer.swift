/// A computer seat at the table.
///
/// Easy plays any legal letter. Hard plays perfectly by the two-player solver: among winning
/// letters it picks at random, so games differ; in a lost position it plays for the longest
/// round, giving the opponent the most chances to slip. With more than two players still in,
/// hard plays as if against one opponent, which is the best the solver can say.
///
/// Neither ever challenges: a letter that leaves no word is refused, so every fragment has a
/// word behind it, and the computer always names one when challenged.
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

    public init(level: Level) {
        self.level = level
    }

    /// What the computer does when `game.playerToAct` is its seat.
    public func action(in game: Game, solver: Solver, using random: inout some RandomNumberGenerator) -> Game.Action {
        if game.pendingChallenge != nil {
            return .answer(game.words.someWord(startingWith: game.fragment))
        }
        let legal = game.words.nextLetters(game.fragment)
        switch level {
        case .easy:
            // A fragment in play is always a prefix of some word, so a letter exists.
            return .letter(legal.randomElement(using: &random)!)
        case .hard:
            if let winning = try? solver.winningLetters(game.fragment), let letter = winning.randomElement(using: &random) {
                return .letter(letter)
            }
            return .letter((try? solver.bestMove(game.fragment)) ?? legal[0])
        }
    }
}
