import ArgumentParser
import FolioApp
import FolioCore
import Foundation
import Monologues

extension MonologuesCommand {
    struct Define: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "What a word of the plays means, from GCIDE (Webster's 1913; Debian's dict-gcide).",
            discussion: "Old forms are found under their headwords: kill'd under kill, speak'st under speak, loveth under love; "
                + "thou, hath, 'tis and the like get a short gloss of their own.")

        @OptionGroup var output: OutputOptions

        @Option(help: "Where dict-gcide's gcide.index and gcide.dict.dz are.")
        var dictionaryDirectory = GlossaryShelf.debianDirectory

        @Argument(help: "The word, as the play spells it: \"kill'd\", \"o'er\", \"bodkin\".")
        var word: String

        func run() async throws {
            let meaning = try await GlossaryShelf(directory: dictionaryDirectory).define(word)
            if output.json { return try printJSON(meaning) }
            print(meaning.word == meaning.headword ? meaning.word : "\(meaning.word) → \(meaning.headword)")
            if let gloss = meaning.gloss { print("  \(gloss)") }
            for entry in meaning.entries {
                print("")
                print([entry.headword, entry.partOfSpeech].compactMap { $0 }.joined(separator: ", "))
                for (n, sense) in entry.senses.enumerated() {
                    print(entry.senses.count == 1 ? "  \(sense)" : "  \(n + 1). \(sense)")
                }
            }
        }
    }
}
