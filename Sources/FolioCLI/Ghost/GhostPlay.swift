import ArgumentParser
import FolioCore
import Foundation
import Ghost

extension GhostCommand {
    struct Play: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Play Ghost in the terminal: hot-seat between people, against the computer, or both.",
            discussion: """
                Each turn, type a letter to add it, or ? to challenge the player before you; in Welsh, type \
                ll, ch and the other two-character letters as they are written. In Superghost, \
                a letter goes at the end, or at the start when typed after ^ (^a). When challenged, type a \
                word with the fragment in it (at its start, in Ghost), or press Enter to concede. Under \
                --rules classic any letter may be played, and a completed word stands until it is \
                challenged. With no --player and no --computer, you play the hard computer.
                """)
        @OptionGroup var dictionary: DictionaryOptions
        @Option(name: .customLong("player"), help: "A person at the keyboard (repeat for more).") var people: [String] = []
        @Option(name: .customLong("computer"), help: "A computer seat (repeat for more).") var computers: [ComputerPlayer.Level] = []
        @Option(help: "Seeds the computer's choices, to replay a game.") var seed: UInt64?
        @Option(help: "forgiving (a letter that leaves no word is refused) or classic (bluffs allowed, and challenged).")
        var rules: Rules.Challenges = .forgiving
        @Option(help: "ghost (letters at the end) or superghost (at either end).") var variant: Rules.Variant = .ghost

        func validate() throws {
            guard people.allSatisfy({ !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else {
                throw ValidationError("--player needs a name.")
            }
        }

        func run() async throws {
            let solver = try dictionary.solver()
            let table = Rules(challenges: rules, variant: variant)
            let lexicon = Lexicon(solver: solver, superghost: variant == .superghost ? SuperghostSolver(words: solver.words) : nil)
            var names = people.map { $0.trimmingCharacters(in: .whitespaces) }
            var levels = computers
            if names.isEmpty && levels.isEmpty { names = ["You"]; levels = [.hard] }
            let seats: [ComputerPlayer?] = names.map { _ in nil } + levels.map { ComputerPlayer(level: $0) }
            names += Match.Seat.computers(levels).map(\.name)
            var game = try Game(players: names, lexicon: lexicon, rules: table)
            var random = SeededRandom(seed: seed ?? UInt64.random(in: .min ... .max))
            print("\(table.label): \(names.joined(separator: ", ")). Words of \(solver.words.minimumLength)+ letters count.")
            while !game.isOver {
                let seat = game.playerToAct
                let action: Game.Action
                if let computer = seats[seat] {
                    action = computer.action(in: game, lexicon: lexicon, using: &random)
                    print(Self.describe(action, by: names[seat], in: game))
                } else {
                    guard let typed = Self.ask(game, seat: seat) else { return print("Game abandoned.") }
                    action = typed
                }
                do throws(GhostError) {
                    if let round = try game.apply(action) {
                        print(round.summary(names: names))
                        print(RoundReview(round: round, lexicon: lexicon).sentence(names: names))
                        print(names.indices.map { "\(names[$0]): \(game.ghostLetters(of: $0).isEmpty ? "–" : game.ghostLetters(of: $0))" }
                                .joined(separator: "  "))
                    }
                } catch {
                    print(error.message)
                }
            }
            print("\(names[game.winner!]) wins.")
        }

        /// Reads one action for a person; nil at the end of input.
        static func ask(_ game: Game, seat: Int) -> Game.Action? {
            let name = game.players[seat]
            if let pending = game.pendingChallenge {
                let relation = game.rules.variant == .superghost ? "with “\(game.fragment)” in it" : "starting with “\(game.fragment)”"
                print("\(game.players[pending.challenger]) challenges \(name): a word \(relation) (Enter concedes)? ", terminator: "")
                guard let line = readLine() else { return nil }
                let word = line.trimmingCharacters(in: .whitespaces).lowercased()
                return .answer(word.isEmpty ? nil : word)
            }
            let shown = game.fragment.isEmpty ? "a new round" : "“\(game.fragment)”"
            let superghost = game.rules.variant == .superghost && !game.fragment.isEmpty
            let orChallenge = game.fragment.isEmpty ? "" : ", or ? to challenge"
            let prompt = (superghost ? "a letter for the end, ^letter for the start" : "a letter") + orChallenge
            let alphabet = game.words.alphabet
            let retry = (superghost ? "\(alphabet.oneLetter) for the end, or ^ and a letter for the start" : alphabet.oneLetter) + orChallenge
            while true {
                print("\(name), \(shown): \(prompt)? ", terminator: "")
                guard let line = readLine() else { return nil }
                let typed = line.trimmingCharacters(in: .whitespaces).lowercased()
                if typed == "?" { return .challenge }
                if alphabet.index(of: typed) != nil { return .letter(typed) }
                if superghost, typed.first == "^", alphabet.index(of: typed.dropFirst()) != nil { return .letter(String(typed.dropFirst()), at: .start) }
                print("Type \(retry).")
            }
        }

        static func describe(_ action: Game.Action, by name: String, in game: Game) -> String {
            switch action {
            case .letter(let c, .end): "\(name) adds “\(c)”: \(game.fragment)\(c)"
            case .letter(let c, .start): "\(name) adds “\(c)” at the start: \(c)\(game.fragment)"
            case .challenge: "\(name) challenges."
            case .answer(let word?): "\(name) names “\(word)”."
            case .answer(nil): "\(name) concedes."
            case .timeOut: "\(name) runs out of time."
            }
        }
    }
}
