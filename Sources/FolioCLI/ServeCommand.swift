import ArgumentParser
import FolioServer
import Hummingbird

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Serve the web app and the JSON API (/api/v1/…).")

    @OptionGroup var store: StoreOptions

    @Option(help: "Address to listen on.")
    var hostname = "127.0.0.1"

    @Option(help: "Port to listen on.")
    var port = 8080

    @Option(help: "Where characters' web pages are read from: a mirror of the wiki, if you keep one.")
    var wikiBase = CharacterLinks.wiki

    func validate() throws {
        guard (1...65535).contains(port) else { throw ValidationError("--port must be from 1 to 65535.") }
        guard wikiBase.hasPrefix("http://") || wikiBase.hasPrefix("https://") else { throw ValidationError("--wiki-base must be an http(s) URL.") }
    }

    func run() async throws {
        try await reportingErrors {
            let app = try await buildApplication(ServerConfiguration(hostname: hostname, port: port, dataDirectory: store.directory,
                                                                          wikiBase: wikiBase.hasSuffix("/") ? wikiBase : wikiBase + "/"))
            try await app.runService()
        }
    }
}
