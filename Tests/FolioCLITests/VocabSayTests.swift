import FolioTestSupport
import Foundation
import Testing

/// `folio vocab say ID --user NAME [--side welsh|english] [--output FILE]`.
@Suite struct VocabSayTests {
    struct PairJSON: Decodable { let id: Int64 }

    func learnerWithAPair(_ folio: Folio) async throws -> Int64 {
        #expect(await folio.run(["account", "create", "alice"], input: "correct horse\n").status == 0)
        #expect(await folio.run(["account", "create", "bob"], input: "correct horse\n").status == 0)
        #expect(await folio("vocab", "add", "--user", "alice", "--english", "thank you", "--welsh", "diolch").status == 0)
        #expect(await folio("vocab", "add", "--user", "alice", "--english", "to look up").status == 0)
        return try #require(try await folio("vocab", "list", "--user", "alice", "--json").json([PairJSON].self).first?.id)
    }

    @Test(.enabled(if: InstalledSpeech.testable, "scripts/setup.sh installs espeak-ng"))
    func aSideIsWrittenAsWAVAndKeptInTheDataDirectory() async throws {
        let folio = Folio()
        defer { folio.cleanUp() }
        let id = try await learnerWithAPair(folio)
        let file = folio.dataDirectory.appendingPathComponent("diolch.wav")
        let said = await folio("vocab", "say", String(id), "--user", "alice", "--output", file.path)
        #expect(said.status == 0, "\(said.stderr)")
        #expect(said.stdout.contains("Wrote the Welsh of pair \(id) to \(file.path)"))
        let bytes = try Data(contentsOf: file)
        #expect(bytes.prefix(4) == Data("RIFF".utf8) && bytes[8..<12] == Data("WAVE".utf8))
        let kept = try FileManager.default.contentsOfDirectory(atPath: folio.dataDirectory.appendingPathComponent("audio").path)
        #expect(kept.count == 1 && kept[0].hasSuffix(".wav") && kept[0].count == 68)

        // The English too; without --output it is played, or its kept file is named.
        let english = await folio("vocab", "say", String(id), "--user", "alice", "--side", "english")
        #expect(english.status == 0, "\(english.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folio.dataDirectory.appendingPathComponent("audio").path).count == 2)
    }

    @Test func badRequestsAndAMissingEngineAreClearErrors() async throws {
        let folio = Folio()
        defer { folio.cleanUp() }
        let id = try await learnerWithAPair(folio)
        let missing = await folio("vocab", "say", String(id), "--user", "alice", "--espeak", "/nonexistent/espeak-ng")
        #expect(missing.status == 69)
        #expect(missing.stderr.contains("espeak-ng") && missing.stderr.contains("scripts/setup.sh"))

        // Another account's pair, and a pair that is not there, are not found; the pair with no
        // Welsh has nothing to say. Each is known before the engine is needed.
        #expect(await folio("vocab", "say", String(id), "--user", "bob").status == 66)
        #expect(await folio("vocab", "say", "999", "--user", "alice").status == 66)
        let half = await folio("vocab", "say", String(id + 1), "--user", "alice")
        #expect(half.status == 66)
        #expect(half.stderr.contains("no Welsh"))
        let side = await folio("vocab", "say", String(id), "--user", "alice", "--side", "klingon")
        #expect(side.status == 64)
        #expect(side.stderr.contains("welsh") && side.stderr.contains("english"))
    }
}
