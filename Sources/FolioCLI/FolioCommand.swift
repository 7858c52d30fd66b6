import ArgumentParser
import FolioCore
import Foundation

/// `folio`: lists the subcommands and nothing else.
public struct FolioCommand: AsyncParsableCommand {
    public static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "folio",
            abstract: "Five small apps over one library: Shakespeare monologues and more.",
            subcommands: (serve.map { [$0] } ?? []) + [ImportCommand.self, MonologuesCommand.self, VocabCommand.self, GhostCommand.self,
                                                       AccountCommand.self, PlotCommand.self, CharactersCommand.self, BackupCommand.self,
                                                       RestoreCommand.self, DatabaseCommand.self]
        )
    }

    /// `folio serve`, which the `folio` executable names before it parses anything. It needs the
    /// server, and FolioCLI does not link FolioServer: the two compile side by side in a fresh
    /// build, where FolioCLI waited for FolioServer.
    nonisolated(unsafe) public static var serve: (any AsyncParsableCommand.Type)?

    public init() {}
}

extension FolioCommand {
    /// Parses `arguments` (the process's own when nil), runs the chosen command and exits with
    /// its code.
    public static func run(arguments: [String]? = nil) async {
        let code = await execute(arguments)
        if code != 0 { Foundation.exit(code) }
    }

    /// Parses and runs a command, writing to `Terminal.current`, and answers its exit code:
    /// 0, ArgumentParser's (64) for a usage error with its message, or `report`'s for Folio's
    /// errors. Never exits, so tests run commands in-process.
    public static func execute(_ arguments: [String]?) async -> Int32 {
        do {
            var command = try parseAsRoot(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            return 0
        } catch let error as any FolioError {
            return report(error).rawValue
        } catch {
            let code = exitCode(for: error).rawValue
            let message = fullMessage(for: error)
            if !message.isEmpty {
                if code == 0 { print(message) } else { printError(message + "\n") }
            }
            return code
        }
    }
}
