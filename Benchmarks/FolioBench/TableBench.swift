import FolioCore
import Foundation
import Ghost

/// `folio-bench ghost-tables`: what a review of a round at a table of three or more, or a hard
/// computer's move there, costs on Debian's English list: `TableSearch` from the empty fragment
/// and from fragments a game reaches, in both variants. The baseline is the two-player
/// solver's answer for the same position, read from its table.
enum TableBench {
    static func run() throws {
        let path = GhostDictionary.english.defaultPath
        guard FileManager.default.fileExists(atPath: path) else {
            print("Ghost tables: \(path) is missing (scripts/setup.sh installs wbritish); skipped.")
            return
        }
        let words = try WordList(contentsOfFile: path, minimumLength: 4)
        let lexicon = Lexicon(words: words, variant: .superghost)
        for variant in Rules.Variant.allCases {
            print("Ghost tables — English, minimum 4, \(variant.label)")
            for players in 3...5 {
                let game = try Game(players: (0..<players).map { "p\($0)" }, lexicon: lexicon, rules: Rules(variant: variant))
                for fragment in ["", "qu", "ab", "stre"] {
                    guard (variant == .ghost ? words.isPrefix(fragment) : lexicon.superghost!.index.isInfix(fragment)) else { continue }
                    var safe: [SuperghostMove]? = nil
                    let times = (0..<5).map { _ in
                        FolioBench.measure {
                            var search = TableSearch(game: game, players: players)
                            safe = search.safeMoves(at: fragment)
                        }
                    }
                    let baseline = (0..<5).map { _ in FolioBench.measure { _ = try? lexicon.winningMoves(at: fragment, variant: variant) } }
                    let verdict = safe.map { $0.isEmpty ? "no safe move" : "safe: " + $0.map { String($0.letter) + ($0.side == .start ? "<" : "") }.joined(separator: " ") }
                        ?? "over the search's budget"
                    print(String(format: "    %d players at %-6@ median %8.2f ms   (two-player table %6.3f ms)   %@",
                                 players, "\"\(fragment)\"" as NSString, FolioBench.median(times) * 1e3, FolioBench.median(baseline) * 1e3,
                                 verdict as NSString))
                }
            }
            print("")
        }
    }
}
