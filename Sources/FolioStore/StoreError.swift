import FolioCore

/// What went wrong in the database.
public enum StoreError: FolioError, Equatable {
    case corruptRow(table: String, id: String)
    case cannotOpen(path: String, reason: String)
    /// Nothing of that kind with that id belongs to the account asking.
    case notFound(what: String, id: String)

    public var kind: FolioErrorKind {
        switch self {
        case .corruptRow: .conflict
        case .cannotOpen: .missingData
        case .notFound: .notFound
        }
    }

    public var code: String {
        switch self {
        case .corruptRow: "corrupt_row"
        case .cannotOpen: "database_unavailable"
        case .notFound(let what, _): "\(what)_not_found"
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
        }
    }
}
