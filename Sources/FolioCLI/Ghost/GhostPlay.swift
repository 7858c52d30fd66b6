import ArgumentParser
import FolioCore
import Foundation
import Ghost

extension GhostCommand {
    struct Play: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Play Ghost in the terminal: hot-seat between people, against the computer, or both.",
            discussion: """
                Each turn, type a letter to add it, or ? to challenge the player before you. When challenged, \
                type a word that starts with the fragment, or press Enter to concede. With no --player and \
                no --computer, you play the hard computer.
                """)
        @OptionGroup var dictionary: DictionaryOptions
        @Option(name: .customLong("player"), help: "A person at the keyboard (repeat for more).") var people: [String] = []
        @Option(name: .customLong("computer"), help: "A computer seat (repeat for more).") var computers: [ComputerPlayer.Level] = []
        @Option(help: "Seeds the computer's choices, to replay a game.") var seed: UInt64?

        func validate() throws {
            guard people.allSatisfy({ !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else {
                throw ValidationError("--player needs a name.")
            }
        }

        func run() async throws {
            let solver = try dictionary.solver()
            var names = people.map { $0.trimmingCharacters(in: .whitespaces) }
            var levels = computers
            if names.isEmpty && levels.isEmpty { names = ["You"]; levels = [.hard] }
            let seats: [ComputerPlayer?] = names.map { _ in nil } + levels.map { ComputerPlayer(level: $0) }
            names += Match.Seat.computers(levels).map(\.name)
            var game = try Game(players: names, words: solver.words)
            var random = SeededRandom(seed: seed ?? UInt64.random(in: .min ... .max))
            print("Ghost: \(names.joined(separator: ", ")). Words of \(solver.words.minimumLength)+ letters count.")
            while !game.isOver {
                let seat = game.playerToAct
                let action: Game.Action
                if let computer = seats[seat] {
                    action = computer.action(in: game, solver: solver, using: &random)
                    print(Self.describe(action, by: names[seat], in: game))
                } else {
                    guard let typed = Self.ask(game, seat: seat) else { return print("Game abandoned.") }
                    action = typed
                }
                do throws(GhostError) {
                    if let round = try game.apply(action) {
                        print(round.summary(names: names))
                        print(RoundReview(round: round, solver: solver).sentence(names: names))
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
                print("\(game.players[pending.challenger]) challenges \(name): a word starting with “\(game.fragment)” (Enter concedes)? ",
                      terminator: "")
                guard let line = readLine() else { return nil }
                let word = line.trimmingCharacters(in: .whitespaces).lowercased()
                return .answer(word.isEmpty ? nil : word)
            }
            let shown = game.fragment.isEmpty ? "a new round" : "“\(game.fragment)”"
            while true {
                print("\(name), \(shown): a letter\(game.fragment.isEmpty ? "" : ", or ? to challenge")? ", terminator: "")
                guard let line = readLine() else { return nil }
                let typed = line.trimmingCharacters(in: .whitespaces).lowercased()
                if typed == "?" { return .challenge }
                if typed.count == 1 { return .letter(typed.first!) }
                print("Type one letter a–z\(game.fragment.isEmpty ? "" : ", or ? to challenge").")
            }
        }

        static func describe(_ action: Game.Action, by name: String, in game: Game) -> String {
            switch action {
            case .letter(let c): "\(name) adds “\(c)”: \(game.fragment)\(c)"
            case .challenge: "\(name) challenges."
            case .answer(let word?): "\(name) names “\(word)”."
            case .answer(nil): "\(name) concedes."
            }
        }
    }
}
