/// What went wrong, in the terms a caller can act on. The server maps the kind to an HTTP status
/// in one place and the command line maps it to an exit code, so every module's errors share it.
public enum FolioErrorKind: String, Sendable {
    /// The request itself is wrong: a bad parameter, an unknown filter value, a malformed file.
    case invalidInput
    /// The thing asked for does not exist.
    case notFound
    /// Data the feature needs has not been installed or imported yet.
    case missingData
    /// The caller is not logged in or not allowed.
    case unauthorized
    /// The request clashes with what is stored (a duplicate, a stale edit).
    case conflict
    /// Logged in, but not allowed this: another user's data, or a request without a valid CSRF token.
    case forbidden
    /// Too many attempts; try again later.
    case rateLimited
    /// The server is doing as much of this work as it allows at once; try again in a moment.
    case busy
}

/// Errors of every Folio module conform, so they can be reported without knowing the module.
public protocol FolioError: Error, CustomStringConvertible {
    var kind: FolioErrorKind { get }
    /// A short stable identifier for scripts and API clients: "unknown_filter_value".
    var code: String { get }
    /// A sentence for a person, saying what to do about it.
    var message: String { get }
}

extension FolioError {
    public var description: String { message }
}
