import FolioApp
import FolioTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Monologues
import Testing
@testable import FolioServer

/// `GET /api/v1/monologues/define`: a word's meaning, and the JSON errors around it.
@Suite struct GlossaryAPITests {
    struct ErrorBody: Decodable { struct Detail: Decodable { let code: String; let message: String }; let error: Detail }

    func decode<T: Decodable>(_ type: T.Type, _ response: TestResponse) throws -> T {
        try JSONDecoder().decode(type, from: Data(buffer: response.body))
    }

    /// The controller behind the API's error middleware, over a shelf of our choosing: a test
    /// cannot uninstall dict-gcide from the machine.
    func withController(_ shelf: GlossaryShelf, _ test: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let router = Router(context: FolioRequestContext.self)
        router.add(middleware: APIErrorMiddleware(logger: Logger(label: "test")))
        router.mount(GlossaryController(shelf: shelf).routes)
        try await Application(router: router).test(.router) { client in try await test(client) }
    }

    @Test func withoutTheDictionaryEveryWordIs503AndSaysWhatToInstall() async throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-gcide-\(UUID())").path
        try await withController(GlossaryShelf(directory: missing)) { client in
            try await client.execute(uri: "/api/v1/monologues/define?word=dagger", method: .get) { response in
                #expect(response.status == .serviceUnavailable)
                let body = try decode(ErrorBody.self, response)
                #expect(body.error.code == "dictionary_not_installed")
                #expect(body.error.message.contains("dict-gcide") && body.error.message.contains("scripts/setup.sh"))
            }
            // A bad word is still a bad request: it is checked before the dictionary is needed.
            try await client.execute(uri: "/api/v1/monologues/define?word=", method: .get) { response in
                #expect(response.status == .badRequest)
            }
        }
    }

    @Test func aDictionaryThatIsNotOneIs503NotACrash() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bad-gcide-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("dagger\tA\tB\n".utf8).write(to: directory.appendingPathComponent("gcide.index"))
        try Data("not gzip at all".utf8).write(to: directory.appendingPathComponent("gcide.dict.dz"))
        try await withController(GlossaryShelf(directory: directory.path)) { client in
            for _ in 0..<2 {
                try await client.execute(uri: "/api/v1/monologues/define?word=dagger", method: .get) { response in
                    #expect(response.status == .serviceUnavailable)
                    let body = try decode(ErrorBody.self, response)
                    #expect(body.error.code == "dictionary_unreadable")
                }
            }
        }
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/share/dictd/gcide.index") || RealCorpus.required,
                   "scripts/setup.sh installs dict-gcide"))
    func wordsOfTheBuiltServerHaveTheirMeanings() async throws {
        try await TestApp.run { client, _ in
            try await client.execute(uri: "/api/v1/monologues/define?word=kill%E2%80%99d", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.cacheControl] == "public, max-age=86400")
                let meaning = try decode(WordMeaning.self, response)
                #expect(meaning.word == "kill'd")
                #expect(meaning.headword == "kill")
                #expect(meaning.entries.first?.partOfSpeech == "transitive verb")
            }
            try await client.execute(uri: "/api/v1/monologues/define?word=%27tis", method: .get) { response in
                let meaning = try decode(WordMeaning.self, response)
                #expect(meaning.gloss == "it is")
            }
            for (query, status, code) in [("word=xyzzyq", HTTPResponse.Status.notFound, "word_not_found"),
                                          ("word=%3Cscript%3E", .badRequest, "invalid_word"),
                                          ("word=1601", .badRequest, "invalid_word"),
                                          ("word=" + String(repeating: "a", count: 90), .badRequest, "invalid_word"),
                                          ("", .badRequest, "invalid_word")] {
                try await client.execute(uri: "/api/v1/monologues/define?" + query, method: .get) { response in
                    #expect(response.status == status, "\(query)")
                    let body = try decode(ErrorBody.self, response)
                    #expect(body.error.code == code)
                }
            }
        }
    }
}
