import FolioCore
import FolioTestSupport
import Foundation
@testable import Ghost
import Testing

// One rule, two runtimes: Ghost without a connection is refereed and played by the browser
// (public/rules/ghost-words.js, ghost-game.js, ghost-computer.js). Here the Swift code generates
// the cases — its own answers — and Node runs the browser's modules on them
// (Tests/rules/run-cases.mjs): the trie a word pack builds, every position of random small lists
// (who wins, the winning letters, the perfect move, the round's length, the word a computer
// names, the moves safe at tables of three and four), random games played through both referees
// with legal and illegal actions, the computers' choices at every turn, and the real lists'
// openings at each minimum length. Any answer the browser gives otherwise fails the test command.

private struct PositionCase: Encodable {
    var fragment: String
    var isWord: Bool
    var isPrefix: Bool
    var someWord: String?
    /// Nil where the fragment is no position (not a prefix, or a word).
    var wins: Bool?
    var winning: [String]?
    var best: String?
    var movesLeft: Int?
    var legal: [String]
    var safe3: [String]?
    var safe4: [String]?
}

private struct Choice: Encodable {
    var answer: String??
    var challenge: Bool?
    var letters: [String]?
    var bluffs: [String]?

    init(_ choices: ComputerPlayer.Choices) {
        switch choices {
        case .answer(let word): answer = .some(word)
        case .challenge: challenge = true
        case .moves(let moves, let bluffs):
            letters = moves.map(\.letter)
            self.bluffs = bluffs.map(\.letter)
        }
    }

    enum CodingKeys: String, CodingKey { case answer, challenge, letters, bluffs }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if let answer { try container.encode(answer, forKey: .answer) }
        try container.encodeIfPresent(challenge, forKey: .challenge)
        try container.encodeIfPresent(letters, forKey: .letters)
        try container.encodeIfPresent(bluffs, forKey: .bluffs)
    }
}

private struct GameStep: Encodable {
    /// {"type": "letter", "letter"} | {"type": "challenge"} | {"type": "answer", "word"}.
    var action: [String: String?]
    var error: String?
    var fragment: String
    var toMove: Int
    var playerToAct: Int
    var letters: [Int]
    var lastMover: Int?
    var pending: [Int]?
    var rounds: Int
    var loser: Int?
    var reason: String?
    var word: String?
    var winner: Int?
    /// The round's summary, as the players read it on a phone passed round, and as the first
    /// seat reads it on a phone of its own ("You completed…").
    var summary: String?
    var summaryToFirst: String?
    /// The computers' choices for the player now to act, easy and hard.
    var easy: Choice?
    var hard: Choice?
}

private struct ListCase: Encodable {
    var alphabet: String
    var minimumLength: Int
    var pack: String
    var wordCount: Int
    var masks: [UInt32]
    var firstChild: [Int32]
    var positions: [PositionCase]
    var games: [GameCase]
}

private struct GameCase: Encodable {
    var players: Int
    var challenges: String
    var firstPlayer: Int
    var steps: [GameStep]
}

private struct OpeningCase: Encodable {
    var dictionary: String
    var alphabet: String
    /// As the server sends it: the words at the shortest minimum, front-coded.
    var pack: String
    struct AtLength: Encodable {
        var minimumLength: Int
        var wordCount: Int
        var nodeCount: Int
        var positions: [PositionCase]
    }
    var lengths: [AtLength]
}

private func alphabetName(_ alphabet: Alphabet) -> String { alphabet.isLatin ? "latin" : "welsh" }

private func position(_ fragment: String, lexicon: Lexicon, tables: Bool) -> PositionCase {
    let words = lexicon.words, solver = lexicon.solver
    let node = words.node(for: fragment)
    let playable = node.map { !words.isTerminal($0) } ?? false
    var safe3: [String]?, safe4: [String]?
    if tables, playable {
        let graph = PositionGraph(words: words, infixes: nil)
        var three = TableSearch(graph: graph, players: 3), four = TableSearch(graph: graph, players: 4)
        safe3 = three.safeMoves(at: fragment)?.map(\.letter)
        safe4 = four.safeMoves(at: fragment)?.map(\.letter)
    }
    return PositionCase(fragment: fragment, isWord: words.isWord(fragment), isPrefix: words.isPrefix(fragment),
                        someWord: words.someWord(startingWith: fragment),
                        wins: playable ? try? solver.winsToMove(fragment) : nil,
                        winning: playable ? try? solver.winningLetters(fragment) : nil,
                        best: playable ? try? solver.bestMove(fragment) : nil,
                        movesLeft: playable ? try? solver.movesLeft(fragment) : nil,
                        legal: words.nextLetters(fragment), safe3: safe3, safe4: safe4)
}

/// Every fragment of the list's trie, and a few that are none.
private func fragments(_ words: WordList, _ random: inout SeededRandom) -> [String] {
    var found: [String] = []
    func visit(_ node: Int, _ path: [Int]) {
        found.append(words.alphabet.spell(path))
        var mask = words.letterMask(node)
        while mask != 0 {
            let c = mask.trailingZeroBitCount
            mask &= mask - 1
            visit(words.child(of: node, letterIndex: c)!, path + [c])
        }
    }
    visit(0, [])
    for _ in 0..<6 {
        found.append((0..<Int.random(in: 1...4, using: &random)).map { _ in words.alphabet.letters.randomElement(using: &random)! }.joined())
    }
    return found
}

private func step(_ game: Game, _ action: Game.Action, error: String?, result: Game.RoundResult?, lexicon: Lexicon) -> GameStep {
    let description: [String: String?]
    switch action {
    case .letter(let letter, _): description = ["type": "letter", "letter": letter]
    case .challenge: description = ["type": "challenge"]
    case .answer(let word): description = ["type": "answer", "word": word]
    case .timeOut: description = ["type": "timeOut"]
    }
    var reason: String?, word: String?
    switch result?.reason {
    case .completedWord(let w): (reason, word) = ("completedWord", w)
    case .calledWord(let w): (reason, word) = ("calledWord", w)
    case .conceded: reason = "conceded"
    case .invalidAnswer(let w): (reason, word) = ("invalidAnswer", w)
    case .failedChallenge(let w): (reason, word) = ("failedChallenge", w)
    case .timedOut: reason = "timedOut"
    case nil: break
    }
    let over = game.isOver
    return GameStep(action: description, error: error, fragment: game.fragment, toMove: game.toMove, playerToAct: game.playerToAct,
                    letters: game.letters,
                    lastMover: game.lastMover, pending: game.pendingChallenge.map { [$0.challenger, $0.challenged] },
                    rounds: game.rounds.count, loser: result?.loser, reason: reason, word: word, winner: game.winner,
                    summary: result?.summary(names: game.players),
                    summaryToFirst: result?.summary(names: game.players, you: 0),
                    easy: over ? nil : Choice(ComputerPlayer(level: .easy).choices(in: game, lexicon: lexicon)),
                    hard: over ? nil : Choice(ComputerPlayer(level: .hard).choices(in: game, lexicon: lexicon)))
}

/// A random game: mostly legal letters and the computers' own actions, with letters that are no
/// move, bluffs, challenges out of turn, and answers right, wrong, accented and none.
private func randomGame(_ lexicon: Lexicon, challenges: Rules.Challenges, random: inout SeededRandom) throws -> GameCase {
    let words = lexicon.words
    let players = Int.random(in: 2...4, using: &random)
    let first = Int.random(in: 0..<players, using: &random)
    var game = try Game(players: (0..<players).map { "P\($0)" }, words: words, rules: Rules(challenges: challenges), firstPlayer: first)
    var steps: [GameStep] = []
    while steps.count < 120, !game.isOver {
        let action: Game.Action
        switch Int.random(in: 0..<12, using: &random) {
        case 0: action = .letter(words.alphabet.letters.randomElement(using: &random)!)
        case 1: action = .letter(["x", "ŵ", "", "ab", "L"].randomElement(using: &random)!)
        case 2: action = .challenge
        case 3:
            let named = words.someWord(startingWith: game.fragment)
            let accented = named.map { $0.replacingOccurrences(of: "w", with: "ŵ").replacingOccurrences(of: "a", with: "â") }
            action = .answer([named, nil, accented, "zzz", named.map { " \($0)\t" }, game.fragment].randomElement(using: &random)!)
        case 4, 5:
            let level: ComputerPlayer.Level = Bool.random(using: &random) ? .easy : .hard
            action = ComputerPlayer(level: level).action(in: game, lexicon: lexicon, using: &random)
        default:
            if let move = game.legalMoves.randomElement(using: &random) { action = .letter(move.letter) } else { action = .challenge }
        }
        do {
            let result = try game.apply(action)
            steps.append(step(game, action, error: nil, result: result, lexicon: lexicon))
        } catch {
            steps.append(step(game, action, error: error.code, result: nil, lexicon: lexicon))
        }
    }
    return GameCase(players: players, challenges: challenges.rawValue, firstPlayer: first, steps: steps)
}

private func listCases() throws -> [ListCase] {
    var random = SeededRandom(seed: 28_11_2026_3)
    var cases: [ListCase] = []
    let latin = ["a", "b", "c", "d", "e", "n"]
    let welsh = ["a", "c", "ch", "d", "dd", "l", "ll", "n", "g", "ng", "y", "w"]
    for index in 0..<60 {
        let alphabet: Alphabet = index % 3 == 2 ? .welsh : .latin
        let letters = alphabet.isLatin ? latin : welsh
        let minimumLength = [3, 3, 4, 5][index % 4]
        var lines: [String] = []
        for _ in 0..<Int.random(in: 4...40, using: &random) {
            lines.append((0..<Int.random(in: 2...7, using: &random)).map { _ in letters.randomElement(using: &random)! }.joined())
        }
        // Lines a list drops or folds: capitals, digits, accents (Welsh folds them), duplicates.
        lines += ["Abc", "ab1", "ŵyn", "dŵr", lines.first ?? "abc"]
        guard let words = try? WordList(words: lines, minimumLength: minimumLength, alphabet: alphabet), words.wordCount > 0 else { continue }
        let lexicon = Lexicon(words: words)
        var games: [GameCase] = []
        for g in 0..<4 { games.append(try randomGame(lexicon, challenges: g % 2 == 0 ? .forgiving : .classic, random: &random)) }
        cases.append(ListCase(alphabet: alphabetName(alphabet), minimumLength: minimumLength, pack: words.frontCoded, wordCount: words.wordCount,
                              masks: words.masks, firstChild: words.firstChild,
                              positions: fragments(words, &random).map { position($0, lexicon: lexicon, tables: true) }, games: games))
    }
    return cases
}

/// The real lists' openings: every position of one and two letters, at each minimum length,
/// from the pack the server sends.
private func openingCases() throws -> [OpeningCase] {
    var cases: [OpeningCase] = []
    for dictionary in GhostDictionary.allCases where FileManager.default.fileExists(atPath: dictionary.defaultPath) {
        let shortest = try WordList.load(dictionary, minimumLength: WordList.allowedMinimumLengths.lowerBound)
        var lengths: [OpeningCase.AtLength] = []
        // Dutch's 344,230 words at one length: its trie is the largest, and each length is built anew in Node.
        for minimumLength in dictionary == .dutch ? [WordList.defaultMinimumLength] : Array(WordList.allowedMinimumLengths) {
            let words = try WordList.load(dictionary, minimumLength: minimumLength)
            let lexicon = Lexicon(words: words)
            let first = words.nextLetters("")
            let openings = [""] + first + first.flatMap { a in words.nextLetters(a).map { a + $0 } }
            lengths.append(.init(minimumLength: minimumLength, wordCount: words.wordCount, nodeCount: words.nodeCount,
                                 positions: openings.map { position($0, lexicon: lexicon, tables: false) }))
        }
        cases.append(OpeningCase(dictionary: dictionary.rawValue, alphabet: alphabetName(dictionary.alphabet), pack: shortest.frontCoded,
                                 lengths: lengths))
    }
    return cases
}

@Suite struct BrowserGhostTests {
    @Test func theBrowserRefereesAndPlaysEveryRandomListAsTheServerDoes() throws {
        let cases = try listCases()
        let positions = cases.map(\.positions.count).reduce(0, +), steps = cases.flatMap(\.games).map(\.steps.count).reduce(0, +)
        #expect(cases.count >= 50 && positions >= 2_000 && steps >= 5_000, "\(cases.count) lists, \(positions) positions, \(steps) steps")
        // The games reach every ending and refusal the referees share.
        let all = cases.flatMap(\.games).flatMap(\.steps)
        #expect(Set(all.compactMap(\.reason)).isSuperset(of: ["completedWord", "calledWord", "conceded", "invalidAnswer", "failedChallenge"]))
        #expect(Set(all.compactMap(\.error)).isSuperset(of: ["invalid_letter", "letters_run_together", "nothing_to_challenge",
                                                             "challenge_pending", "no_challenge_pending"]))
        #expect(all.contains { $0.winner != nil } && all.contains { !($0.easy?.bluffs ?? []).isEmpty })
        let report = try BrowserRules.run("ghost", cases)
        #expect(report.count == cases.count)
        #expect(report.mismatches == 0, "the browser played \(report.mismatches) of \(report.count) lists otherwise: \(report.sample)")
    }

    @Test func theBrowserOpensTheRealListsAsTheServerDoes() throws {
        let cases = try openingCases()
        try #require(!cases.isEmpty, "no Ghost dictionary installed: scripts/setup.sh installs wbritish, wdutch and dict-freedict-cym-eng")
        let report = try BrowserRules.run("ghost-openings", cases)
        #expect(report.count == cases.count)
        #expect(report.mismatches == 0, "the browser opened \(report.mismatches) of \(report.count) lists otherwise: \(report.sample)")
    }
}
