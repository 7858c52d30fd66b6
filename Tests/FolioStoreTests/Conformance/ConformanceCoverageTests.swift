import Foundation
import Testing

/// Every method of every store interface is exercised by the conformance suite: the protocols'
/// requirements are read from their source, and each name must appear as a call in a suite file.
@Suite struct ConformanceCoverageTests {
    @Test func everyStoreMethodIsCalledByTheSuite() throws {
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let stores = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/FolioApp/Stores")
        var required: Set<String> = []
        for file in try FileManager.default.contentsOfDirectory(at: stores, includingPropertiesForKeys: nil) where file.pathExtension == "swift" {
            var inProtocol = false
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("public protocol ") { inProtocol = true; continue }
                if inProtocol, line.hasPrefix("}") { inProtocol = false }
                if inProtocol, line.hasPrefix("    func "), let name = line.dropFirst(9).split(separator: "(").first {
                    required.insert(String(name))
                }
            }
        }
        #expect(required.count > 40, "\(required.count) requirements found in \(stores.path)")
        var suite = ""
        for file in try FileManager.default.contentsOfDirectory(at: here, includingPropertiesForKeys: nil)
        where file.pathExtension == "swift" && file.lastPathComponent != "ConformanceCoverageTests.swift" {
            suite += try String(contentsOf: file, encoding: .utf8)
        }
        let untested = required.filter { !suite.contains(".\($0)(") }.sorted()
        #expect(untested.isEmpty, "store methods no conformance test calls: \(untested)")
    }
}
