import ArgumentParser
import FolioCore
import FolioStore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Monologues

/// Why a sync could not talk to the other server.
enum SyncError: FolioError {
    case badURL(String)
    case unreachable(String, String)
    case badAnswer(String, String)

    var kind: FolioErrorKind {
        switch self {
        case .badURL: .invalidInput
        case .unreachable, .badAnswer: .missingData
        }
    }

    var code: String { "sync_failed" }

    var message: String {
        switch self {
        case .badURL(let url): "\"\(url)\" is not a server address. Give one like http://127.0.0.1:8080."
        case .unreachable(let url, let reason): "Cannot reach \(url): \(reason). Check that `folio serve` runs there."
        case .badAnswer(let url, let reason): "\(url) did not answer like a Folio server (\(reason))."
        }
    }
}
