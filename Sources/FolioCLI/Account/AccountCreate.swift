import ArgumentParser
import FolioCore
import FolioStore
import Foundation

extension AccountCommand {
    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create an account; the password is read from standard input (one line), never from the command line.")

        @OptionGroup var store: StoreOptions

        @Argument(help: "Username: 3 to 32 letters, digits, '-', '_' or '.'.")
        var username: String

        func run() async throws {
            _ = try AccountRules.validate(username: username)
            guard let password = readLine(strippingNewline: true) else {
                throw AccountError.passwordTooShort
            }
            let passwords = TerminalPasswords()
            let accounts = Accounts(store: try await store.openDatabase(), passwords: passwords)
            let account = try await accounts.create(try await accounts.newAccount(username: username, password: password))
            print("Created account \(account.username).")
        }
    }
}
