import FolioCore
import Foundation
#if PostgreSQL
import PostgresNIO
#endif

/// Which database Folio uses, named by a URL (`--database`, `FOLIO_DATABASE_URL`):
/// `sqlite:///path/to/folio.sqlite`, or `postgres://user[:password]@host[:port]/database`
/// (`?host=/run/postgresql` for a unix socket folder, `?schema=name` for a schema other than
/// `public`). No URL: the SQLite file in the data directory.
public enum DatabaseLocation: Sendable, Hashable, CustomStringConvertible {
    case sqlite(path: String)
    case postgres(PostgresLocation)

    public init(url text: String) throws {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("sqlite://") {
            let path = String(trimmed.dropFirst("sqlite://".count))
            guard path.hasPrefix("/") || path.hasPrefix("~") else {
                throw DatabaseURLError.invalid(url: text, reason: "a SQLite URL names an absolute path, as in sqlite:///var/lib/folio/folio.sqlite")
            }
            self = .sqlite(path: (path as NSString).expandingTildeInPath)
        } else if trimmed.hasPrefix("postgres://") || trimmed.hasPrefix("postgresql://") {
            self = .postgres(try PostgresLocation(url: trimmed))
        } else {
            throw DatabaseURLError.invalid(url: PostgresLocation.redacted(text), reason: "it starts with neither sqlite:// nor postgres://")
        }
    }

    /// The URL given, or the data directory's SQLite file when there is none.
    public static func resolve(url: String?, dataDirectory: DataDirectory,
                               environment: [String: String] = ProcessInfo.processInfo.environment) throws -> DatabaseLocation {
        if let url, !url.isEmpty { return try DatabaseLocation(url: url) }
        if let url = environment["FOLIO_DATABASE_URL"], !url.isEmpty { return try DatabaseLocation(url: url) }
        return .sqlite(path: dataDirectory.databaseURL.path)
    }

    /// The URL without its password, fit for logs and messages.
    public var description: String {
        switch self {
        case .sqlite(let path): "sqlite://\(path)"
        case .postgres(let location): location.description
        }
    }

    public var engineName: String {
        switch self {
        case .sqlite: "SQLite"
        case .postgres: "PostgreSQL"
        }
    }
}

/// Where a PostgreSQL database is and who Folio connects as.
public struct PostgresLocation: Sendable, Hashable, CustomStringConvertible {
    public enum Server: Sendable, Hashable {
        case tcp(host: String, port: Int)
        /// The socket file itself, `<folder>/.s.PGSQL.<port>`.
        case socket(path: String)
    }

    public var server: Server
    public var username: String
    public var password: String?
    public var database: String
    /// Folio's tables live in this schema (created if missing); nil for the user's default.
    public var schema: String?

    public init(server: Server, username: String, password: String?, database: String, schema: String? = nil) {
        self.server = server
        self.username = username
        self.password = password
        self.database = database
        self.schema = schema
    }

    init(url text: String) throws {
        guard let components = URLComponents(string: text) else {
            throw DatabaseURLError.invalid(url: Self.redacted(text), reason: "it is not a URL")
        }
        let user = components.percentEncodedUser.flatMap { $0.removingPercentEncoding } ?? ""
        guard !user.isEmpty else {
            throw DatabaseURLError.invalid(url: Self.redacted(text), reason: "it names no user, as in postgres://folio@localhost/folio")
        }
        let database = String(components.path.drop(while: { $0 == "/" }))
        guard !database.isEmpty, !database.contains("/") else {
            throw DatabaseURLError.invalid(url: Self.redacted(text), reason: "it names no database after the host, as in postgres://folio@localhost/folio")
        }
        let query = Dictionary((components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { _, last in last })
        let port = components.port ?? query["port"].flatMap(Int.init) ?? 5432
        guard (1...65_535).contains(port) else { throw DatabaseURLError.invalid(url: Self.redacted(text), reason: "the port \(port) is out of range") }
        if let folder = query["host"], folder.hasPrefix("/") {
            server = .socket(path: folder + "/.s.PGSQL.\(port)")
        } else if let host = components.host, !host.isEmpty {
            server = .tcp(host: host, port: port)
        } else {
            throw DatabaseURLError.invalid(url: Self.redacted(text), reason: "it names no host (or ?host=/socket/folder)")
        }
        if let schema = query["schema"] {
            guard !schema.isEmpty, schema.count <= 63, schema.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }),
                  !(schema.first?.isNumber ?? true) else {
                throw DatabaseURLError.invalid(url: Self.redacted(text), reason: "a schema name is letters, digits and _, starting with a letter")
            }
            self.schema = schema.lowercased()
        }
        username = user
        password = components.percentEncodedPassword.flatMap { $0.removingPercentEncoding }
        self.database = database
    }

    #if PostgreSQL
    var clientConfiguration: PostgresClient.Configuration {
        var configuration: PostgresClient.Configuration
        switch server {
        case .tcp(let host, let port):
            // Loopback and private networks: the operator turns TLS on in PostgreSQL itself;
            // `prefer` uses it when the server offers it.
            configuration = PostgresClient.Configuration(host: host, port: port, username: username, password: password,
                                                         database: database, tls: .prefer(.makeClientConfiguration()))
        case .socket(let path):
            configuration = PostgresClient.Configuration(unixSocketPath: path, username: username, password: password, database: database)
        }
        if let schema {
            configuration.options.additionalStartupParameters = [("search_path", schema)]
        }
        configuration.options.connectTimeout = .seconds(5)
        return configuration
    }
    #endif

    public var description: String {
        var text = "postgres://\(username)@"
        switch server {
        case .tcp(let host, let port): text += "\(host):\(port)/\(database)"
        case .socket(let path): text += "/\(database)?host=\((path as NSString).deletingLastPathComponent)"
        }
        if let schema { text += (text.contains("?") ? "&" : "?") + "schema=\(schema)" }
        return text
    }

    /// A URL with any password replaced by `***`, for messages.
    static func redacted(_ url: String) -> String {
        guard var components = URLComponents(string: url), components.password != nil else { return url }
        components.password = "***"
        return components.string ?? url
    }
}

/// A `--database` URL Folio cannot use.
public enum DatabaseURLError: FolioError, Equatable {
    case invalid(url: String, reason: String)
    case engineCannot(engine: String, what: String, instead: String)
    /// This `folio` was built without the PostgreSQL trait (as `scripts/run.sh` builds it for SQLite).
    case engineNotBuiltIn(engine: String)

    public var kind: FolioErrorKind { .invalidInput }
    public var code: String {
        switch self {
        case .invalid: "invalid_database_url"
        case .engineCannot: "not_supported_by_engine"
        case .engineNotBuiltIn: "engine_not_built_in"
        }
    }

    public var message: String {
        switch self {
        case .invalid(let url, let reason):
            "The database URL \(url) cannot be used: \(reason). Give sqlite:///path/to/folio.sqlite or postgres://user[:password]@host[:port]/database."
        case .engineCannot(let engine, let what, let instead):
            "\(what) works on a SQLite database, and this one is \(engine). \(instead)"
        case .engineNotBuiltIn(let engine):
            "This folio was built without \(engine). Build it with `swift build -c release --product folio` (scripts/run.sh does when FOLIO_DATABASE_URL or --database names \(engine)), or give a sqlite:// URL."
        }
    }
}
