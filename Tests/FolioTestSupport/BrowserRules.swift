import Foundation

/// One rule, two runtimes: where the browser runs a rule of the server's (public/rules), the Swift
/// tests generate the cases — the Swift code's own answers — and Node runs the browser's module
/// on them (Tests/rules/run-cases.mjs), reporting every answer it gives otherwise.
public enum BrowserRules {
    /// What Node reported: how many cases it ran, how many it answered otherwise, and the first
    /// few of those.
    public struct Report: Decodable, Sendable {
        public var count: Int
        public var mismatches: Int
        public var examples: [JSONValue]

        /// The first few mismatches, one per line, for a failure's message.
        public var sample: String { examples.prefix(5).map(\.description).joined(separator: "\n") }
    }

    /// Enough of JSON to print what Node reported.
    public indirect enum JSONValue: Decodable, Sendable, CustomStringConvertible {
        case string(String), number(Double), bool(Bool), null, array([JSONValue]), object([String: JSONValue])

        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() { self = .null }
            else if let value = try? container.decode(Bool.self) { self = .bool(value) }
            else if let value = try? container.decode(Double.self) { self = .number(value) }
            else if let value = try? container.decode(String.self) { self = .string(value) }
            else if let value = try? container.decode([JSONValue].self) { self = .array(value) }
            else { self = .object(try container.decode([String: JSONValue].self)) }
        }

        public var description: String {
            switch self {
            case .string(let s): "\"\(s)\""
            case .number(let n): "\(n)"
            case .bool(let b): "\(b)"
            case .null: "null"
            case .array(let a): "[\(a.map(\.description).joined(separator: ", "))]"
            case .object(let o): "{\(o.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", "))}"
            }
        }
    }

    public struct RunFailed: Error, CustomStringConvertible {
        public var description: String

        public init(description: String) {
            self.description = description
        }
    }

    /// The repository's root, from this file's place in it.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Writes `cases` to a file and runs the browser's `rule` on them in Node (`nodejs`, which
    /// scripts/setup.sh installs).
    public static func run<Cases: Encodable>(_ rule: String, _ cases: Cases) throws -> Report {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-rule-cases-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("\(rule).json")
        try JSONEncoder().encode(cases).write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["node", repository.appendingPathComponent("Tests/rules/run-cases.mjs").path, rule, file.path]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let problem = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw RunFailed(description: "node exited \(process.terminationStatus) (scripts/setup.sh installs nodejs): \(problem)")
        }
        return try JSONDecoder().decode(Report.self, from: data)
    }
}
