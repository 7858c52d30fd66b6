import ArgumentParser
import FolioCore
import FolioStore
import Foundation

struct AccountCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "account", abstract: "Manage accounts of this Folio.", subcommands: [Create.self])

}

/// `--user NAME` for commands that read or change one person's data.
struct UserOptions: ParsableArguments {
    @Option(help: "Whose data: an account of this Folio (create one with `folio account create NAME`).")
    var user: String

    /// The database and the account named by --user, the start of every per-user command.
    func open(_ store: StoreOptions) async throws -> (database: any FolioDatabase, account: Account) {
        let database = try await store.openDatabase()
        return (database, try await account(in: database))
    }

    func account(in database: any FolioStores) async throws -> Account {
        guard let found = try await database.credentials(username: user)?.account else {
            throw UserError.unknown(user)
        }
        return found
    }
}

enum UserError: FolioError {
    case unknown(String)
    var kind: FolioErrorKind { .notFound }
    var code: String { "unknown_user" }
    var message: String {
        switch self {
        case .unknown(let name): "There is no account \"\(name)\". Create it with `folio account create \(name)` (password on standard input)."
        }
    }
}
