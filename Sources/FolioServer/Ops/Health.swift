import FolioApp
import FolioCore
import FolioStore
import Foundation
import Hummingbird

/// `GET /health`: 200 when the database answers and the monologue library is loaded, 503
/// otherwise, so a load balancer sends no one to an instance that cannot serve them. The
/// answer says which part is missing.
struct HealthCheck: Sendable {
    let database: any FolioDatabase
    let library: LibraryCache
    /// How long the database may take to answer before the instance counts as down.
    let timeout: Duration = .seconds(2)

    struct Report: Encodable {
        var status: String
        var database: String
        var engine: String
        var library: String
        var libraryRevision: Int?
    }

    func response() async -> Response {
        var report = Report(status: "ok", database: "ok", engine: database.location.engineName, library: "loaded")
        let answered = await withTaskGroup(of: Bool.self) { group in
            group.addTask { (try? await database.ping()) != nil }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
        if !answered {
            report.status = "unavailable"
            report.database = "unreachable"
        }
        do {
            if answered { report.libraryRevision = try await library.revision() }
        } catch {
            report.status = "unavailable"
            report.library = (error as? any FolioError)?.code ?? "unavailable"
        }
        let body = (try? JSONEncoder.folio().encode(report)) ?? Data()
        return Response(status: report.status == "ok" ? .ok : .serviceUnavailable,
                        headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
                        body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }
}
