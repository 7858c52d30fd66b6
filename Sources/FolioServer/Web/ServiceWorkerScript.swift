import FolioDigest
import Foundation
import HTTPTypes
import Hummingbird

/// The service worker as `/sw.js` serves it: `public/sw.js` with the shell's version and the list
/// of its files written in.
///
/// The version is a digest of every bundled static file and template. A release that changes any
/// of them is therefore a different worker to the browser, which installs it beside the old one,
/// fills a cache of the new name, and deletes the old cache once it takes over: the new shell is
/// in use from the next visit, and there is no version number to remember to raise by hand.
///
/// It is served from the root because a worker controls only the pages below its own address.
struct ServiceWorkerScript: Sendable {
    let body: String
    let version: String

    /// The line of `sw.js` that the server replaces; as written in the file it is a valid empty
    /// shell, so the file is still a working script if it is read without the server.
    static let shellLinePrefix = "const SHELL = "

    /// Read once, the first time it is asked for; a server built without its files answers
    /// `/sw.js` with a logged 500 (and every page keeps working without a worker).
    static let bundled: Result<ServiceWorkerScript, ServerError> = {
        do { return .success(try load()) } catch { return .failure(.missingResource("service worker (\(error))")) }
    }()

    static func load() throws -> ServiceWorkerScript {
        guard let publicDirectory = PageRenderer.publicDirectory,
              let templates = Bundle.module.url(forResource: "Templates", withExtension: nil)?.path
        else { throw ServerError.missingResource("public files and templates") }
        let source = try String(contentsOfFile: publicDirectory + "/sw.js", encoding: .utf8)
        return try ServiceWorkerScript(source: source, publicFiles: try files(in: publicDirectory), templates: try files(in: templates))
    }

    /// - Parameters:
    ///   - publicFiles: the static files by their path under `public/`, with their bytes.
    ///   - templates: the templates likewise: the pages the worker keeps are drawn with them.
    init(source: String, publicFiles: [(path: String, data: Data)], templates: [(path: String, data: Data)]) throws {
        let digest = SHA256Hasher()
        for (group, files) in [("public", publicFiles), ("templates", templates)] {
            for file in files.sorted(by: { $0.path < $1.path }) {
                digest.update(Data("\(group)/\(file.path)\u{0}\(file.data.count)\u{0}".utf8))
                digest.update(file.data)
            }
        }
        version = Digest.hex(digest.finalize().prefix(8))
        // The worker itself is not part of the shell it caches.
        let shellFiles = publicFiles.map(\.path).filter { $0 != "sw.js" }.sorted().map { PublicPathGuard<FolioRequestContext>.prefix + $0 }
        struct Shell: Encodable { let version: String; let files: [String] }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let shell = String(decoding: try encoder.encode(Shell(version: version, files: shellFiles)), as: UTF8.self)
        var replaced = false
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard !replaced, line.hasPrefix(Self.shellLinePrefix) else { return String(line) }
            replaced = true
            return Self.shellLinePrefix + shell + ";"
        }
        guard replaced else { throw ServerError.missingResource("shell line of sw.js") }
        body = lines.joined(separator: "\n")
    }

    /// The script, or 304 when the browser's copy is this version. The browser checks for a new
    /// worker on every visit (at least once a day), so most checks cost no body.
    func response(to request: Request) -> Response {
        let tag = "\"\(version)\""
        let headers: HTTPFields = [.contentType: "text/javascript; charset=utf-8", .cacheControl: "no-cache", .eTag: tag]
        if request.headers[.ifNoneMatch]?.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == tag }) == true {
            return Response(status: .notModified, headers: headers)
        }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
    }

    /// Every regular file below `directory` (hidden ones left out), by its path relative to it.
    static func files(in directory: String) throws -> [(path: String, data: Data)] {
        let root = URL(fileURLWithPath: directory).standardizedFileURL
        guard let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey],
                                                        options: [.skipsHiddenFiles]) else { return [] }
        var found: [(path: String, data: Data)] = []
        for case let url as URL in walk where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            let path = String(url.standardizedFileURL.path.dropFirst(root.path.count).drop { $0 == "/" })
            found.append((path, try Data(contentsOf: url)))
        }
        return found
    }
}
