import FolioApp
import FolioServer
import FolioStore
import FolioTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import Vocabulary

/// `GET /api/v1/vocab/pairs/{id}/audio` and the play buttons of the pages: a side of the
/// learner's own pair, spoken once and kept.
@Suite struct PairAudioTests {
    struct ErrorBody: Decodable { struct Detail: Decodable { let code: String; let message: String }; let error: Detail }

    /// The server over `engine`, keeping its recordings in a folder of this test's own.
    func withSpeech(_ engine: any SpeechEngine, _ test: @escaping @Sendable (any TestClientProtocol, URL) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-audio-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var configuration = TestApp.configuration()
        configuration.speechEngine = engine
        configuration.audioDirectory = folder
        try await TestApp.run(configuration) { client, _ in try await test(client, folder) }
    }

    func newPair(_ visitor: inout Visitor, english: String, welsh: String) async throws -> Int64 {
        let created = try await visitor.api("/api/v1/vocab/pairs", method: .post,
                                            json: String(decoding: try JSONEncoder().encode(Pair(english: english, welsh: welsh)), as: UTF8.self))
        return try #require(try JSONDecoder().decode(Pair.self, from: Data(created.body.utf8)).id?.rawValue)
    }

    func error(_ page: Visitor.Page) throws -> ErrorBody.Detail {
        try JSONDecoder().decode(ErrorBody.self, from: Data(page.body.utf8)).error
    }

    @Test func theOwnerHearsEachSideOnceRecordedAndOthersNothing() async throws {
        let engine = CountingSpeech()
        try await withSpeech(engine) { client, folder in
            var a = Visitor(client)
            try await a.register("sian")
            let id = try await newPair(&a, english: "good night", welsh: "Nos da")
            let audio = "/api/v1/vocab/pairs/\(id)/audio"

            let first = try await a.get(audio + "?side=welsh")
            #expect(first.status == .ok)
            #expect(first.headers[.contentType] == "audio/wav")
            #expect(first.headers[.cacheControl] == "private, max-age=86400")
            #expect(first.body.hasPrefix("RIFF"))
            let tag = try #require(first.headers[.eTag])
            let second = try await a.get(audio + "?side=welsh&v=anything")
            #expect(second.status == .ok && second.body == first.body && second.headers[.eTag] == tag)
            #expect(engine.runs == 1, "the second request is read from the cache")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".wav") }.count == 1)

            // A browser that kept it is told it has not changed, without the recording being read.
            let kept = try await a.send(audio + "?side=welsh", method: .get, body: nil, contentType: nil, extra: [.ifNoneMatch: tag])
            #expect(kept.status == .notModified && kept.body.isEmpty)
            try FileManager.default.removeItem(at: folder)
            #expect(try await a.send(audio + "?side=welsh", method: .get, body: nil, contentType: nil, extra: [.ifNoneMatch: "W/" + tag]).status == .notModified)
            #expect(engine.runs == 1)

            let english = try await a.get(audio + "?side=english")
            #expect(english.status == .ok && english.headers[.eTag] != tag)
            #expect(engine.utterances.map(\.voice) == ["cy", "en-gb"])
            #expect(engine.utterances.map(\.text) == ["Nos da", "good night"])

            // Bad sides are 400s naming the allowed values; an empty side is nothing to hear.
            for query in ["?side=klingon", "?side=", "", "?side=WELSH"] {
                let bad = try await a.get(audio + query)
                #expect(bad.status == .badRequest, "\(query)")
                #expect(try error(bad).code == "invalid_side")
                #expect(try error(bad).message.contains("welsh") && error(bad).message.contains("english"))
            }
            let half = try await newPair(&a, english: "to look up", welsh: "")
            let empty = try await a.get("/api/v1/vocab/pairs/\(half)/audio?side=welsh")
            #expect(empty.status == .notFound)
            #expect(try error(empty).code == "nothing_to_say")
            #expect(try error(empty).message.contains("no Welsh"))
            #expect(try await a.get("/api/v1/vocab/pairs/999999/audio?side=welsh").status == .notFound)
            #expect(try await a.get("/api/v1/vocab/pairs/x/audio?side=welsh").status == .notFound)

            // Another account's pair does not exist for them; nobody logged out hears anything.
            var b = Visitor(client)
            try await b.register("bryn")
            let other = try await b.get(audio + "?side=welsh")
            #expect(other.status == .notFound && other.headers[.contentType]?.hasPrefix("application/json") == true)
            #expect(!other.body.contains("Nos da"))
            var stranger = Visitor(client)
            #expect(try await stranger.get(audio + "?side=welsh").status == .unauthorized)
            #expect(engine.runs == 2)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".wav") }.count == 1)
        }
    }

    @Test func withoutASpeechEngineTheAPISaysWhatToInstallAndThePagesShowANote() async throws {
        try await withSpeech(ESpeakNG(path: "/nonexistent/espeak-ng")) { client, _ in
            var a = Visitor(client)
            try await a.register("gwen")
            let id = try await newPair(&a, english: "bread", welsh: "bara")
            let missing = try await a.get("/api/v1/vocab/pairs/\(id)/audio?side=welsh")
            #expect(missing.status == .serviceUnavailable)
            #expect(try error(missing).code == "speech_not_installed")
            #expect(try error(missing).message.contains("apt-get install espeak-ng"))

            let page = try await a.get("/vocab/pairs/\(id)")
            #expect(page.status == .ok)
            #expect(page.body.contains("id=\"speech-note\""))
            #expect(!page.body.contains("data-listen"))
            let card = try await a.get("/vocab/revise/session?direction=englishToWelsh")
            #expect(card.status == .ok && card.body.contains("id=\"speech-note\"") && !card.body.contains("data-listen"))
        }
    }

    @Test func theCardOffersOnlyThePromptAndTheResultAndPairPageBothSides() async throws {
        try await withSpeech(CountingSpeech()) { client, _ in
            var a = Visitor(client)
            try await a.register("elin")
            let id = try await newPair(&a, english: "cat", welsh: "cath")
            let welshKey = SpeechCache.key(for: try Utterance(pair: Pair(english: "cat", welsh: "cath"), side: .welsh))

            let page = try await a.get("/vocab/pairs/\(id)")
            #expect(page.body.contains("id=\"hear-welsh\" href=\"/api/v1/vocab/pairs/\(id)/audio?side=welsh&amp;v=\(welshKey.prefix(16))\""))
            #expect(page.body.contains("id=\"hear-english\""))
            #expect(!page.body.contains("speech-note"))

            // English → Welsh: the Welsh is the answer, so only the English may be heard first.
            let card = try await a.get("/vocab/revise/session?direction=englishToWelsh")
            #expect(card.body.contains("id=\"hear-english\"") && !card.body.contains("id=\"hear-welsh\""))
            let reverse = try await a.get("/vocab/revise/session?direction=welshToEnglish")
            #expect(reverse.body.contains("id=\"hear-welsh\"") && !reverse.body.contains("id=\"hear-english\""))
            let result = try await a.get("/vocab/revise/answer", ["pairId": String(id), "direction": "englishToWelsh", "answer": "cath",
                                                                   "startedAt": String(Int(Date().timeIntervalSince1970) - 3)])
            #expect(result.body.contains("id=\"hear-english\"") && result.body.contains("id=\"hear-welsh\""))

            // The link a page gives plays.
            let played = try await a.get("/api/v1/vocab/pairs/\(id)/audio?side=welsh&v=\(welshKey.prefix(16))")
            #expect(played.status == .ok && played.headers[.contentType] == "audio/wav")

            // An edited side is a new address.
            try await a.api("/api/v1/vocab/pairs/\(id)", method: .put, json: #"{"english": "cat", "welsh": "cath fach"}"#)
            #expect(!(try await a.get("/vocab/pairs/\(id)").body.contains(String(welshKey.prefix(16)))))
        }
    }

    @Test(.enabled(if: InstalledSpeech.testable, "scripts/setup.sh installs espeak-ng"))
    func espeakSpeaksThroughTheAPI() async throws {
        try await withSpeech(ESpeakNG()) { client, _ in
            var a = Visitor(client)
            try await a.register("iolo")
            let id = try await newPair(&a, english: "thank you", welsh: "Diolch")
            let spoken = try await a.get("/api/v1/vocab/pairs/\(id)/audio?side=welsh")
            #expect(spoken.status == .ok && spoken.headers[.contentType] == "audio/wav")
            #expect(spoken.body.hasPrefix("RIFF") && spoken.body.contains("WAVE"))
        }
    }
}
