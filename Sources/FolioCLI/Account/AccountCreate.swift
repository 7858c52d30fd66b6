import ArgumentParser
import FolioCore
import FolioServer
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
            let name = try AccountRules.validate(username: username)
            guard let password = readLine(strippingNewline: true) else {
                throw AccountError.passwordTooShort
            }
            try AccountRules.validate(password: password, username: name)
            let hash = try await Passwords(threads: 1, queueLength: 0).hash(password)
            let account = try await store.openDatabase().createAccount(username: name, passwordHash: hash)
            print("Created account \(account.username).")
        }
    }
}
