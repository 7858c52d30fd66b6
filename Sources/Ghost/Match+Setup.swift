import FolioCore

/// How a game's seats are laid out and named, the same for a hot-seat game, an online room and
/// the terminal.
extension Match.Seat {
    /// A computer's seat. Unnamed, it is called by its level, numbered when there are others
    /// ("Computer (hard) 2"); `number` nil for the only computer.
    public static func computer(_ level: ComputerPlayer.Level, name: String = "", number: Int?) -> Match.Seat {
        let given = name.trimmingSpaces
        return Match.Seat(name: given.isEmpty ? number.map { "\(level.label) \($0)" } ?? level.label : given,
                          kind: level == .easy ? .easy : .hard)
    }

    /// The computers' seats for `levels`, in order: one is named by its level alone, several are
    /// numbered from 1.
    public static func computers(_ levels: [ComputerPlayer.Level]) -> [Match.Seat] {
        levels.enumerated().map { k, level in computer(level, number: levels.count == 1 ? nil : k + 1) }
    }
}

extension Match {
    /// An online room's seats: the creator first, then `people - 1` open seats waiting for
    /// players to join, then the computers.
    public static func roomSeats(creator: String, people: Int, computers: [ComputerPlayer.Level]) throws(GhostError) -> [Seat] {
        guard (1...Game.playerRange.upperBound).contains(people) else { throw .invalidPlayerCount(people + computers.count) }
        return [Seat(name: creator, kind: .person)]
            + (1..<people).map { Seat(name: "Open seat \($0 + 1)", kind: .person) }
            + Seat.computers(computers)
    }

    /// The same game to play again: the same seats and rules, no moves, and the next seat to
    /// start, so that no one always has the first letter.
    public func rematch() -> Match {
        var next = self
        next.actions = []
        next.firstPlayer = (firstPlayer + 1) % seats.count
        return next
    }

    /// The computers' levels, seat by seat.
    public var computerLevels: [ComputerPlayer.Level] { seats.compactMap { $0.kind.computer?.level } }

    /// How many seats are for people.
    public var personCount: Int { seats.filter { $0.kind == .person }.count }
}
