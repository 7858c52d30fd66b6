import FolioStore

/// How `folio serve` (and every server test) runs.
public struct ServerConfiguration: Sendable {
    public var hostname: String
    public var port: Int
    public var dataDirectory: DataDirectory
    /// How long the in-memory library is trusted before the database's revision is checked again.
    public var libraryRecheckSeconds: Double
    /// bcrypt's work factor: 12 in use; tests lower it to keep a log-in fast (4 is bcrypt's least).
    public var bcryptCost: UInt8

    public init(hostname: String = "127.0.0.1", port: Int = 8080, dataDirectory: DataDirectory,
                libraryRecheckSeconds: Double = 2, bcryptCost: UInt8 = Passwords.standardCost) {
        self.hostname = hostname
        self.port = port
        self.dataDirectory = dataDirectory
        self.libraryRecheckSeconds = libraryRecheckSeconds
        self.bcryptCost = bcryptCost
    }
}
