import FolioApp
import FolioCore
import Foundation
import Vocabulary

/// The fitted FSRS weights as both engines keep them: a JSON array of 21 numbers.
extension StudySettings {
    func encodedWeights() throws -> String? {
        try parameters.map { String(decoding: try JSONEncoder().encode($0.weights), as: UTF8.self) }
    }

    /// Weights outside FSRS's bounds (a damaged row) are said, not used.
    static func decodeWeights(_ json: String?, accountID: Account.ID) throws -> SchedulerParameters? {
        guard let json else { return nil }
        guard let weights = try? JSONDecoder().decode([Double].self, from: Data(json.utf8)),
              let parameters = try? SchedulerParameters(weights) else {
            throw StoreError.corruptRow(table: "vocabSettings", id: accountID.description)
        }
        return parameters
    }
}
