import Foundation
import Testing
@testable import Monologues

/// The tag lexicons live in the module's resources and docs/tags.md explains them: the enums, the
/// files and the documentation name the same tags.
@Suite struct TagResourcesTests {
    /// The first column of the table under `heading` in docs/tags.md, without its backquotes.
    static func documented(under heading: String) throws -> [String] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("docs/tags.md"), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex(of: heading), "docs/tags.md has no \(heading)")
        return lines[(start + 1)...].drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }.dropFirst(2).map { line in
            line.split(separator: "|")[0].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`"))
        }
    }

    @Test func theDocumentedCharacterTypesAreTheEnumsInOrder() throws {
        #expect(try Self.documented(under: "## Character types") == CharacterType.allCases.map(\.rawValue))
        #expect(TagLexicon.characterVocabulary == CharacterType.allCases.map(\.rawValue))
    }

    @Test func theDocumentedActionsAreTheEnumsInScoringOrder() throws {
        #expect(try Self.documented(under: "## Actions") == SpeechAction.allCases.map(\.rawValue))
        #expect(TagLexicon.actionVocabulary == SpeechAction.allCases.map(\.rawValue))
        #expect(SpeechAction(rawValue: TagLexicon.fallbackAction) != nil)
    }

    @Test func theResourcesLoadWhole() {
        // Every curated line of the table (719 roles across the 38 plays) and every word group.
        #expect(TagLexicon.curatedRoles.values.reduce(0) { $0 + $1.count } == 719)
        #expect(TagLexicon.curatedRoles.count == 38)
        #expect(LexiconResources.roleWords.roleWords.count == 13)
        #expect(TagLexicon.roleWords["KING"] == ["ruler"])
        #expect(TagLexicon.peopleWords["GOTH"] == "soldier")
        #expect(TagLexicon.actionLexicons.count == SpeechAction.allCases.count)
        #expect(TagLexicon.actionLexicons.first?.strongCues.contains("alas") == true)
    }
}
