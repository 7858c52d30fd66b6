import FolioStore
import Foundation

/// Where a command reads and writes: the process's own standard streams and environment, or,
/// when a test runs a command in-process, buffers and an environment of its own. Every command
/// prints and reads through the module's `print` and `readLine` below, which go to
/// `Terminal.current`.
public struct Terminal: Sendable {
    @TaskLocal public static var current = Terminal.process

    public let write: @Sendable (String) -> Void
    public let writeError: @Sendable (String) -> Void
    public let readLine: @Sendable () -> String?
    public let environment: [String: String]

    public init(write: @escaping @Sendable (String) -> Void, writeError: @escaping @Sendable (String) -> Void,
                readLine: @escaping @Sendable () -> String?, environment: [String: String]) {
        self.write = write
        self.writeError = writeError
        self.readLine = readLine
        self.environment = environment
    }

    public static let process = Terminal(
        write: { Swift.print($0, terminator: "") },
        writeError: { FileHandle.standardError.write(Data($0.utf8)) },
        readLine: { Swift.readLine(strippingNewline: true) },
        environment: ProcessInfo.processInfo.environment)
}

/// The standard library's `print`, to `Terminal.current`.
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    Terminal.current.write(items.map { "\($0)" }.joined(separator: separator) + terminator)
}

/// A line of input without its newline, from `Terminal.current`; nil at the end of input.
func readLine(strippingNewline: Bool = true) -> String? {
    Terminal.current.readLine()
}

/// A message on standard error, from `Terminal.current`.
func printError(_ text: String) {
    Terminal.current.writeError(text)
}
