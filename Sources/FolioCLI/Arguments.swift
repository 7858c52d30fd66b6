import ArgumentParser
import Characters
import FolioCore
import Ghost
import Monologues
import Vocabulary
// Ghost has a Side too (the end of a fragment a letter goes at); the voice's side is the one read here.
import enum Vocabulary.Side

// The apps' enums, read straight from the command line: an unknown value is ArgumentParser's
// usage error, which lists the values allowed, and `--help` lists them too. The conformances
// live here because the apps know nothing of command lines.

extension Direction: ExpressibleByArgument {}
extension Side: ExpressibleByArgument {}
extension Section: ExpressibleByArgument {}
extension GhostDictionary: ExpressibleByArgument {}
extension ComputerPlayer.Level: ExpressibleByArgument {}
extension Rules.Challenges: ExpressibleByArgument {}
extension Gender: ExpressibleByArgument {}

extension PairTable.Format: ExpressibleByArgument {
    /// Either case: "CSV" is as clear as "csv".
    public init?(argument: String) {
        self.init(rawValue: argument.lowercased())
    }
}

/// A record's number on the command line: `folio vocab edit 42`.
extension Identifier: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(argument)
    }
}
