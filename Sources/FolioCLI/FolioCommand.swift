import ArgumentParser
import FolioCore

/// `folio`: lists the subcommands and nothing else.
public struct FolioCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "folio",
        abstract: "Five small apps over one library: Shakespeare monologues and more.",
        subcommands: [ServeCommand.self, ImportCommand.self, MonologuesCommand.self, VocabCommand.self, GhostCommand.self, AccountCommand.self,
                      PlotCommand.self, CharactersCommand.self, BackupCommand.self, RestoreCommand.self]
    )

    public init() {}
}

extension FolioCommand {
    /// Parses `arguments` (the process's own when nil) and runs the chosen command, exiting with
    /// its message and code on failure: ArgumentParser's for usage, `report`'s for Folio's errors.
    public static func run(arguments: [String]? = nil) async {
        do {
            var command = try parseAsRoot(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let error as any FolioError {
            exit(withError: report(error))
        } catch {
            exit(withError: error)
        }
    }
}
