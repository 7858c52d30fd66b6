extension Game.RoundResult {
    /// What happened, for the players: who lost the round, why, and what it cost them.
    public func summary(names: [String]) -> String {
        func name(_ seat: Int?) -> String { seat.flatMap { names.indices.contains($0) ? names[$0] : nil } ?? "Someone" }
        let letters = String(Game.ghost.prefix(lettersAfter))
        let cost = eliminated ? "takes the last letter, \(letters), and is out" : "takes a letter: \(letters)"
        switch reason {
        case .completedWord(let word):
            return "\(name(loser)) completed “\(word)” and \(cost)."
        case .calledWord(let word):
            return "\(name(challenger)) called “\(word)”, a word: \(name(loser)) completed it and \(cost)."
        case .conceded:
            return "\(name(loser)) could not answer \(name(challenger))’s challenge at “\(fragment)” and \(cost)."
        case .invalidAnswer(let answer):
            let shown = answer.isEmpty ? "nothing" : "“\(answer)”"
            return "\(name(loser)) answered \(shown), which is not a word of the dictionary \(rules.variant == .superghost ? "with “\(fragment)” in it" : "starting with “\(fragment)”"), and \(cost)."
        case .timedOut:
            return "\(name(loser)) ran out of time \(fragment.isEmpty ? "before the first letter" : "at “\(fragment)”") and \(cost)."
        case .failedChallenge(let answer):
            return "\(name(loser)) challenged, but “\(answer)” is a word; \(name(loser)) \(cost)."
        }
    }
}
