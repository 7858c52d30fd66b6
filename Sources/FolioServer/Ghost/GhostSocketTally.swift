import FolioApp
import Ghost
import Synchronization

/// The Ghost sockets open on this instance, per address and per game, held to the operator's
/// limits. A socket is admitted and counted in one step under the lock, so two connecting at
/// once cannot both take the last place, and released when it closes.
final class GhostSocketTally: Sendable {
    private struct Counts {
        var addresses: [String: Int] = [:]
        var games: [MatchID: Int] = [:]
    }

    private let counts = Mutex(Counts())
    let perAddress: Int
    let perGame: Int

    init(perAddress: Int, perGame: Int) {
        self.perAddress = perAddress
        self.perGame = perGame
    }

    /// Counts a socket from `address` on `game`, or says which limit it would pass.
    func admit(address: String, game: MatchID) -> GhostError? {
        counts.withLock { counts in
            if counts.addresses[address, default: 0] >= perAddress { return .tooManySocketsFromAddress(limit: perAddress) }
            if counts.games[game, default: 0] >= perGame { return .tooManySocketsOnGame(limit: perGame) }
            counts.addresses[address, default: 0] += 1
            counts.games[game, default: 0] += 1
            return nil
        }
    }

    func release(address: String, game: MatchID) {
        counts.withLock { counts in
            counts.addresses[address, default: 1] -= 1
            if counts.addresses[address] == 0 { counts.addresses[address] = nil }
            counts.games[game, default: 1] -= 1
            if counts.games[game] == 0 { counts.games[game] = nil }
        }
    }
}
