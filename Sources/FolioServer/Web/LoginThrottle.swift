import FolioApp
import FolioCore
import FolioStore
import Foundation
import Hummingbird
#if canImport(Glibc)
import Glibc
#endif

/// Limits password guesses per username *and* network together, counted in the database so every
/// server instance sees the same numbers.
///
/// Counting per username alone let anyone lock an account by failing at it; counting per address
/// alone locked out everyone behind a shared address. A pair's count touches only that username
/// from that network, so a correct password is never refused because of someone else's failures
/// elsewhere. Each attempt is reserved (written) before the password is checked, so guesses sent
/// at once cannot overrun the limit.
struct LoginThrottle: Sendable {
    let database: any AccountStore
    var backoff = LoginBackoff()
    /// Asked before an attempt is counted: a network past its share of the password threads is
    /// refused (503) without a write.
    var passwords: Passwords?
    /// How long a refusal (a network past its share of the threads, or one that must wait)
    /// is held before it is sent. It costs nothing but the waiting task, and a flood refused at
    /// once came straight back: 500 refusals a second, whose answering took the cooperative
    /// pool's two threads, so a genuine log-in elsewhere queued behind them (1–2.5 s). Held a
    /// second, 40 flooding connections send 40 a second.
    static let refusalPause = Duration.seconds(1)

    /// Reserves an attempt, or throws `tooManyAttempts` with the wait, then checks the password
    /// with `check`. A correct password forgets this pair's failures; a wrong one is left counted;
    /// a check that never ran (the password threads were busy) is taken back.
    func attempt(username: String, address: String, now: Date = Date(), check: () async throws -> Bool) async throws -> Bool {
        let network = Self.network(of: address), name = username.trimmingSpaces
        if passwords?.isFull(for: network) == true {
            try await Task.sleep(for: Self.refusalPause)
            throw PasswordsBusy.error
        }
        let id: Int64
        switch try await database.reserveLoginAttempt(username: name, network: network, backoff: backoff, now: now) {
        case .wait(let seconds):
            try await Task.sleep(for: Self.refusalPause)
            throw AccountError.tooManyAttempts(retryAfterSeconds: seconds)
        case .reserved(let reserved): id = reserved
        }
        let matches: Bool
        do {
            matches = try await Passwords.$network.withValue(network) { try await check() }
        } catch {
            try await database.withdrawLoginAttempt(id: id)
            throw error
        }
        if matches { try await database.releaseLoginAttempts(username: name, network: network) }
        return matches
    }

    /// The network an address counts as: an IPv4 address itself, an IPv6 address its /64 (the
    /// block one household or host is given, which it could otherwise walk through to get
    /// fresh counts), an IPv4 address written as IPv6 the IPv4 address.
    static func network(of address: String) -> String {
        var bytes = [UInt8](repeating: 0, count: 16)
        guard address.contains(":"), inet_pton(AF_INET6, address, &bytes) == 1 else { return address }
        if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xff, bytes[11] == 0xff {
            return bytes[12..<16].map(String.init).joined(separator: ".")
        }
        let groups = stride(from: 0, to: 8, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
        return groups.joined(separator: ":") + "::/64"
    }
}

/// Registrations per network per hour (`limits.registrationsPerAddressPerHour`), counted in the
/// database: each one costs a bcrypt hash and leaves an account behind.
struct RegistrationThrottle: Sendable {
    let database: any AccountStore
    let perHour: Int

    /// Reserves a registration (or throws `tooManyRegistrations`), then runs `register`. One that
    /// fails before an account exists because the password threads were busy, or because the
    /// form broke a rule (a typo in the confirmation is no probe), is taken back; one refused
    /// because the name is taken stays counted, so names cannot be probed without limit.
    func attempt<T>(address: String, now: Date = Date(), register: () async throws -> T) async throws -> T {
        let id: Int64
        switch try await database.reserveRegistration(network: LoginThrottle.network(of: address), perHour: perHour, now: now) {
        case .wait(let seconds): throw AccountError.tooManyRegistrations(retryAfterSeconds: seconds)
        case .reserved(let reserved): id = reserved
        }
        do {
            // Not counted against the network's share of the password threads: sign-ups have
            // their own limit per network and hour, and a burst of them is the limit's to bound.
            return try await register()
        } catch let error as HTTPError where error.status == .serviceUnavailable {
            try await database.withdrawRegistration(id: id)
            throw error
        } catch let error as AccountError where error.kind == .invalidInput {
            try await database.withdrawRegistration(id: id)
            throw error
        }
    }
}
