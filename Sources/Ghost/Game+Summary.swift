extension Game.RoundResult {
    /// What happened, for the players: who lost the round, why, and what it cost them. `you` is
    /// the seat of the player the page speaks to, if one (see `SeatNaming`).
    public func summary(names: [String], you: Int? = nil) -> String {
        let n = SeatNaming(names: names, you: you)
        let letters = String(Game.ghost.prefix(lettersAfter))
        let cost = eliminated
            ? "\(n.verb(loser, "takes", "take")) the last letter, \(letters), and \(n.verb(loser, "is", "are")) out"
            : "\(n.verb(loser, "takes", "take")) a letter: \(letters)"
        switch reason {
        case .completedWord(let word):
            return "\(n.subject(loser)) completed “\(word)” and \(cost)."
        case .calledWord(let word):
            return "\(n.subject(challenger)) called “\(word)”, a word: \(n.object(loser)) completed it and \(cost)."
        case .conceded:
            return "\(n.subject(loser)) could not answer \(n.possessive(challenger)) challenge at “\(fragment)” and \(cost)."
        case .invalidAnswer(let answer):
            let shown = answer.isEmpty ? "nothing" : "“\(answer)”"
            return "\(n.subject(loser)) answered \(shown), which is not a word of the dictionary \(rules.variant == .superghost ? "with “\(fragment)” in it" : "starting with “\(fragment)”"), and \(cost)."
        case .timedOut:
            return "\(n.subject(loser)) ran out of time \(fragment.isEmpty ? "before the first letter" : "at “\(fragment)”") and \(cost)."
        case .failedChallenge(let answer):
            return "\(n.subject(loser)) challenged, but “\(answer)” is a word; \(n.object(loser)) \(cost)."
        }
    }
}
