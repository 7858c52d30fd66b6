import FolioStore

/// How `folio serve` (and every server test) runs.
public struct ServerConfiguration: Sendable {
    public var hostname: String
    public var port: Int
    public var dataDirectory: DataDirectory
    /// How long the in-memory library is trusted before the database's revision is checked again.
    public var libraryRecheckSeconds: Double

    public init(hostname: String = "127.0.0.1", port: Int = 8080, dataDirectory: DataDirectory,
                libraryRecheckSeconds: Double = 2) {
        self.hostname = hostname
        self.port = port
        self.dataDirectory = dataDirectory
        self.libraryRecheckSeconds = libraryRecheckSeconds
    }
}
