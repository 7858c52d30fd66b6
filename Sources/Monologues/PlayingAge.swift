import FolioCore
import Foundation

/// The age range a role is usually cast at, as actors filter for it: young (teens to late
/// twenties), adult (about thirty to fifty), older (past fifty). `any` is a role we have not
/// judged, or one the play leaves open; like `any` gender it is offered to every filter, because
/// leaving an unjudged speech out would hide it from the actors it may suit.
public enum PlayingAge: String, Codable, Sendable, CaseIterable, Hashable {
    case young, adult, older, any

    /// The playing age of a monologue's speaker, from the curated table
    /// (`Resources/playing-age.txt`, documented in docs/playing-age.md); `any` when not listed.
    public static func of(_ monologue: Monologue) -> PlayingAge {
        RolePlayingAge.table[RolePlayingAge.key(play: monologue.play, character: monologue.character)] ?? .any
    }
}

/// The curated table behind `PlayingAge.of`, keyed by the play and character as the library
/// displays them, so the table reads as a cast list and needs no speaker keys.
enum RolePlayingAge {
    static func key(play: String, character: String) -> String {
        TextFolding.fold(play) + "|" + TextFolding.fold(character)
    }

    static let table: [String: PlayingAge] = {
        var table: [String: PlayingAge] = [:]
        for (number, line) in MonologueResource.lines("playing-age") {
            let fields = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count == 3, let age = PlayingAge(rawValue: fields[2]), age != .any else {
                preconditionFailure("Resources/playing-age.txt line \(number) is not \"Play | Character | young, adult or older\": \(line)")
            }
            table[key(play: fields[0], character: fields[1])] = age
        }
        return table
    }()

    /// Every listed (play, character), for the tests that hold the table to the library.
    static var entries: [String] { Array(table.keys) }
}

/// Reads the module's plain-text resources: lines that are neither blank nor `#` comments, with
/// their line numbers for error messages.
enum MonologueResource {
    static func lines(_ name: String) -> [(number: Int, line: String)] {
        guard let url = Bundle.module.url(forResource: name, withExtension: "txt", subdirectory: "Resources"),
              let text = try? String(contentsOf: url, encoding: .utf8) else {
            preconditionFailure("The Monologues module's Resources/\(name).txt is missing: rebuild Folio (swift build).")
        }
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, raw in
            let line = raw.trimmingCharacters(in: .whitespaces)
            return line.isEmpty || line.hasPrefix("#") ? nil : (index + 1, line)
        }
    }
}
