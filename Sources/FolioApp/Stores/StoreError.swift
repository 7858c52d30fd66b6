import FolioCore

/// What went wrong in a store, whichever engine keeps it.
public enum StoreError: FolioError, Equatable {
    case corruptRow(table: String, id: String)
    case cannotOpen(path: String, reason: String)
    /// Nothing of that kind with that id belongs to the account asking.
    case notFound(what: String, id: String)
    case backupFailed(path: String, reason: String)
    /// The file given to restore from is not an intact Folio database.
    case notABackup(path: String, reason: String)

    public var kind: FolioErrorKind {
        switch self {
        case .corruptRow: .conflict
        case .cannotOpen: .missingData
        case .notFound: .notFound
        case .backupFailed: .missingData
        case .notABackup: .invalidInput
        }
    }

    public var code: String {
        switch self {
        case .corruptRow: "corrupt_row"
        case .cannotOpen: "database_unavailable"
        case .notFound(let what, _): "\(what)_not_found"
        case .backupFailed: "backup_failed"
        case .notABackup: "not_a_backup"
        }
    }

    public var message: String {
        switch self {
        case .corruptRow(let table, let id):
            "The \(table) row \"\(id)\" in the database cannot be read. Re-import the data (`folio import shakespeare`) to repair it."
        case .cannotOpen(let path, let reason):
            "Cannot open the database at \(path): \(reason). Check that the data directory exists and is writable, or pass --data-dir."
        case .notFound(let what, let id):
            "You have no \(what) with the id \(id). List yours to find its id."
        case .backupFailed(let path, let reason):
            "The backup at \(path) could not be written: \(reason). Check that its folder exists, is writable and has room."
        case .notABackup(let path, let reason):
            "\(path) cannot be restored: \(reason). Give the path of a file that `folio backup` wrote."
        }
    }
}
