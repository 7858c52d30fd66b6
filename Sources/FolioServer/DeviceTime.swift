import Foundation

/// A time a device sent with work it did without a connection: milliseconds since 1970, as
/// browsers count them. Anything no clock gives (negative, past the year 9999, not a number) is
/// nil, and each face answers it with its own 400. The server then keeps the time between the
/// thing's last change and now (`OfflineRevision.deviceTime`).
enum DeviceTime {
    /// The year 9999: any later time is no clock's.
    static let latestMilliseconds = 253_402_300_799_000.0

    static func date(milliseconds: Double) -> Date? {
        guard milliseconds.isFinite, (0...latestMilliseconds).contains(milliseconds) else { return nil }
        return Date(timeIntervalSince1970: milliseconds / 1000)
    }

    /// As a form field carries it.
    static func date(field: String) -> Date? {
        Double(field).flatMap { date(milliseconds: $0) }
    }

    /// A time as a browser counts it.
    static func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }
}
