import Foundation
import GRDB
import Testing
@testable import FolioStore

@Suite struct SQLiteDateTests {
    /// A date bound on SQLite reads exactly as GRDB writes it, so rows GRDB wrote compare and
    /// sort with the ones written here.
    @Test func datesAreStoredAsGRDBStoresThem() {
        var random = SystemRandomNumberGenerator()
        var dates = [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1_800_000_000.999), Date(timeIntervalSince1970: 951_782_400),
                     Date(timeIntervalSince1970: -1.5), Date(timeIntervalSince1970: 4_102_444_799.9995)]
        for _ in 0..<2000 { dates.append(Date(timeIntervalSince1970: Double.random(in: -2_000_000_000...4_200_000_000, using: &random))) }
        for date in dates {
            #expect(SQLiteConnection.storageText(date) == String.fromDatabaseValue(date.databaseValue), "\(date.timeIntervalSince1970)")
        }
    }
}
