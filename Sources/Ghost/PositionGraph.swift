/// The positions of a round and the moves between them, for searches that work the same in
/// both variants: trie nodes of the word list in Ghost, nodes of the infix index in Superghost.
struct PositionGraph {
    let words: WordList
    let infixes: InfixIndex?

    init(words: WordList, infixes: InfixIndex?) {
        self.words = words
        self.infixes = infixes
    }

    init(_ game: Game) {
        self.init(words: game.words, infixes: game.infixes)
    }

    /// The position of a fragment with a word behind it, or nil.
    func node(_ fragment: String) -> Int? {
        if let infixes { return infixes.node(for: fragment) }
        return words.node(for: fragment)
    }

    func isWord(_ node: Int) -> Bool {
        if let infixes { return infixes.isWord(node) }
        return words.isTerminal(node)
    }

    /// Calls `body` with each legal move and the position it leads to, until `body` returns false:
    /// the index's own walk of its moves in Superghost (from the empty fragment both ends are one
    /// move, offered once, at the end), the trie node's letters in Ghost.
    func forEachMove(from node: Int, _ body: (SuperghostMove, Int) -> Bool) {
        let letters = words.alphabet.letters
        if let infixes {
            var going = true
            infixes.forEachMove(from: node) { c, side, next in
                if going { going = body(SuperghostMove(letter: letters[c], side: side), next) }
            }
            return
        }
        var mask = words.letterMask(node)
        while mask != 0 {
            let c = mask.trailingZeroBitCount
            mask &= mask - 1
            if !body(SuperghostMove(letter: letters[c], side: .end), words.child(of: node, letterIndex: c)!) { return }
        }
    }
}

/// A round at a table of any size, from one player's side: which moves let them avoid losing
/// the round if every other player in it plays against them. That is the most a review can
/// say when more than two are in: perfect play for several players depends on what each wants
/// besides not losing, and "everyone against you" is the assumption that needs no guess. With
/// two players it is exactly the two-player solver's winning moves.
///
/// The others never complete a word on purpose (that would lose them the round), so a player
/// is safe where they can always move without completing a word into a position where the
/// others cannot do the same to them. The search runs depth first from the fragment, stops at
/// the first proof either way, and remembers each position it settles: turns go round in
/// order, so a position's length fixes whose move it is. One search serves one player through
/// one round: its memo holds for the positions where that player is to move.
public struct TableSearch {
    let graph: PositionGraph
    let players: Int
    /// How many positions one search may settle before giving up: it bounds the work a review
    /// or a computer's move can cause.
    let budget: Int
    private var memo: [Int: Bool] = [:]

    public static let defaultBudget = 1_000_000

    init(graph: PositionGraph, players: Int, budget: Int = TableSearch.defaultBudget) {
        self.graph = graph
        self.players = players
        self.budget = budget
    }

    public init(game: Game, players: Int, budget: Int = TableSearch.defaultBudget) {
        self.init(graph: PositionGraph(game), players: players, budget: budget)
    }

    struct OverBudget: Error {}

    /// The moves at `fragment` that keep the player to move safe; empty when none does; nil
    /// when the fragment has no word behind it or is a word, or the search ran over its budget.
    public mutating func safeMoves(at fragment: String) -> [SuperghostMove]? {
        // A copy, so that the search can change the memo while the graph walks its moves.
        let graph = self.graph
        guard let node = graph.node(fragment), !graph.isWord(node) else { return nil }
        var safe: [SuperghostMove] = []
        do {
            var failure: OverBudget?
            graph.forEachMove(from: node) { move, next in
                guard !graph.isWord(next) else { return true }
                do {
                    if try !opponentsCanBeat(next, turn: 1) { safe.append(move) }
                    return true
                } catch {
                    failure = error as? OverBudget
                    return false
                }
            }
            if let failure { throw failure }
        } catch {
            return nil
        }
        return safe
    }

    /// Whether the others can make the player lose from `node`, where it is the turn of the
    /// player `turn` seats after them (0: their own).
    private mutating func opponentsCanBeat(_ node: Int, turn: Int) throws -> Bool {
        if let known = memo[node] { return known }
        guard memo.count < budget else { throw OverBudget() }
        let graph = self.graph
        let next = (turn + 1) % players
        var result: Bool
        var failure: Error?
        if turn == 0 {
            // The player's move: beaten unless some move is safe.
            result = true
            graph.forEachMove(from: node) { _, child in
                guard !graph.isWord(child) else { return true }
                do {
                    if try !opponentsCanBeat(child, turn: next) { result = false; return false }
                } catch { failure = error; return false }
                return true
            }
        } else {
            // An opponent's move: they win if some move that does not complete a word beats the player.
            result = false
            graph.forEachMove(from: node) { _, child in
                guard !graph.isWord(child) else { return true }
                do {
                    if try opponentsCanBeat(child, turn: next) { result = true; return false }
                } catch { failure = error; return false }
                return true
            }
        }
        if let failure { throw failure }
        memo[node] = result
        return result
    }
}
