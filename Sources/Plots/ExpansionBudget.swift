/// How much work one expansion may do, so no grammar — however it branches — can hold a thread
/// for long or produce more text than a page can show. Every symbol expanded, action run and
/// modifier applied is a step; every character produced counts, wherever it is made: plain text,
/// the text a modifier returns (all of it, since a modifier copies what it changes), and the
/// rules an action pushes each time they are used. Reaching either limit ends the expansion with
/// `PlotsError.tooCostly`, never with part of the text.
public struct ExpansionBudget: Sendable, Equatable {
    public var steps: Int
    public var characters: Int

    public init(steps: Int, characters: Int) {
        self.steps = steps
        self.characters = characters
    }

    /// 100,000 steps: the costliest grammars that stay within it (empty text branching until the
    /// step limit, a rule of 60,000 tags, 30,000 actions pushing rules, `.a` and `.capitalize`
    /// chains, symbol names of the longest allowed length looked up 100,000 times) take at most
    /// 12 ms each in a release build, median of 20 runs on one core of a busy 2-core machine
    /// (32 ms the slowest single run); the bundled plots.json takes 0.01 ms. The grammars are
    /// those of `GrammarBudgetTests`. 20,000 characters is the documented cap on one expansion.
    public static let standard = ExpansionBudget(steps: 100_000, characters: 20_000)
}
