import ArgumentParser
import FolioCore
import FolioStore
import Foundation
import Monologues

struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Import a data source into the database.",
        subcommands: [ImportShakespeare.self])
}
