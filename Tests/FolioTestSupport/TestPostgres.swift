import Foundation

/// The PostgreSQL cluster the test command starts (`scripts/postgres-env.sh`), named by
/// `FOLIO_TEST_POSTGRES_URL`. Without it (a plain `swift test`), tests on PostgreSQL are left
/// out; the test command always sets it, and under CI its absence fails a test.
public enum TestPostgres {
    public static var url: String? {
        let url = ProcessInfo.processInfo.environment["FOLIO_TEST_POSTGRES_URL"]
        return url?.isEmpty == false ? url : nil
    }

    /// The URL of a new, empty schema in the test cluster: every test that opens one sees only
    /// its own rows.
    public static func freshURL() -> String? {
        guard let url else { return nil }
        let schema = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(20)
        return url + (url.contains("?") ? "&" : "?") + "schema=\(schema)"
    }
}
