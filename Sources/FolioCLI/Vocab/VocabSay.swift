import ArgumentParser
import FolioApp
import FolioCore
import Foundation
import Vocabulary

extension VocabCommand {
    struct Say: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Hear a side of a pair, spoken by espeak-ng (Welsh voice cy, English voice en-gb).",
            discussion: "The sound is recorded the first time and kept in the data directory's audio folder, as the server keeps it. "
                + "With --output it is written to FILE as WAV; otherwise it is played with aplay when that is installed, "
                + "and else the kept file is named so another player can open it.")
        @OptionGroup var store: StoreOptions
        @OptionGroup var user: UserOptions
        @Argument(help: "The pair's id.") var id: PairID
        @Option(help: "The side to hear: welsh or english.") var side: Side = .welsh
        @Option(help: "Write the WAV audio to this file instead of playing it.") var output: String?
        @Option(help: "The espeak-ng program (Debian's espeak-ng puts it here).") var espeak = ESpeakNG.debianPath

        func run() async throws {
            let (book, account) = try await user.book(store)
            let speech = PairSpeech(book: book, cache: SpeechCache(directory: store.directory.audioURL, engine: ESpeakNG(path: espeak)))
            let recording = try await speech.recording(of: id, side: side, accountID: account.id)
            if let output {
                do {
                    try recording.bytes.write(to: URL(fileURLWithPath: output), options: .atomic)
                } catch {
                    throw SayError.unwritable(output)
                }
                print("Wrote the \(side.title) of pair \(id) to \(output) (\(recording.bytes.count) bytes of WAV).")
                return
            }
            if let player = Self.aplay(), await Self.play(recording.file, with: player) { return }
            print("The \(side.title) of pair \(id) is in \(recording.file.path) (WAV; install alsa-utils for aplay, or open it in any player).")
        }

        /// `aplay` from the PATH, if there is one.
        static func aplay() -> String? {
            let path = Terminal.current.environment["PATH"] ?? "/usr/bin:/bin"
            return path.split(separator: ":").map { "\($0)/aplay" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        }

        /// Plays the file; false when aplay could not (no sound device, as on a server).
        static func play(_ file: URL, with player: String) async -> Bool {
            // Half a minute is the longest side (500 characters) with room to spare.
            let outcome = try? await TimedProcess.run(player, arguments: ["-q", "--", file.path], timeout: .seconds(60))
            return outcome?.status == 0
        }
    }
}

enum SayError: FolioError {
    case unwritable(String)
    var kind: FolioErrorKind { .invalidInput }
    var code: String { "output_unwritable" }
    var message: String {
        switch self {
        case .unwritable(let path): "\(path) cannot be written. Name a file in a folder that exists and that you may write to."
        }
    }
}
