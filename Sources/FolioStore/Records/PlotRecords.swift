import FolioApp
import FolioCore
import Foundation
import GRDB

/// A plot an account keeps: a row of `plotFavourite`. A seed is a full 64-bit number; SQLite
/// keeps it as the signed integer with the same bits.
struct KeptPlotRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "plotFavourite"

    enum Columns {
        static let accountId = Column(CodingKeys.accountId)
        static let plotIds = Column(CodingKeys.plotIds)
        static let createdAt = Column(CodingKeys.createdAt)
    }

    var accountId: Account.ID
    var plotIds: String
    var seed: Int64?
    var text: String
    var createdAt: Date

    var savedPlot: SavedPlot {
        SavedPlot(ids: plotIds, seed: seed.map { UInt64(bitPattern: $0) }, text: text, createdAt: createdAt)
    }

    static func of(_ accountID: Account.ID) -> QueryInterfaceRequest<KeptPlotRecord> {
        filter(Columns.accountId == accountID)
    }
}

/// A grammar an account saved: a row of `plotGrammar`. Names compare without regard to case.
struct GrammarRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "plotGrammar"

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let accountId = Column(CodingKeys.accountId)
        static let name = Column(CodingKeys.name)
        static let json = Column(CodingKeys.json)
        static let updatedAt = Column(CodingKeys.updatedAt)
    }

    var id: Int64?
    var accountId: Account.ID
    var name: String
    var json: String
    var createdAt: Date
    var updatedAt: Date

    var savedGrammar: SavedGrammar {
        SavedGrammar(id: id ?? 0, name: name, json: json, updatedAt: updatedAt)
    }

    static func of(_ accountID: Account.ID) -> QueryInterfaceRequest<GrammarRecord> {
        filter(Columns.accountId == accountID)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
