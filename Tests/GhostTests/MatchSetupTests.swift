import Testing
@testable import Ghost

/// How seats are laid out and named: one rule for hot-seat games, rooms and the terminal.
@Suite struct MatchSetupTests {
    @Test func computersAreNamedByLevelAndNumberedOnlyAmongOthers() {
        #expect(Match.Seat.computers([.hard]).map(\.name) == ["Computer (hard)"])
        #expect(Match.Seat.computers([.easy, .hard]).map(\.name) == ["Computer (easy) 1", "Computer (hard) 2"])
        #expect(Match.Seat.computers([.easy, .hard]).map(\.kind) == [.easy, .hard])
        #expect(Match.Seat.computer(.easy, name: "  Robo  ", number: 3) == Match.Seat(name: "Robo", kind: .easy))
        #expect(Match.Seat.computer(.hard, name: " ", number: 2).name == "Computer (hard) 2")
    }

    @Test func aRoomSeatsItsCreatorFirstThenOpenSeatsThenComputers() throws {
        let seats = try Match.roomSeats(creator: "ada", people: 3, computers: [.easy])
        #expect(seats == [Match.Seat(name: "ada", kind: .person), Match.Seat(name: "Open seat 2", kind: .person),
                          Match.Seat(name: "Open seat 3", kind: .person), Match.Seat(name: "Computer (easy)", kind: .easy)])
        #expect(throws: GhostError.invalidPlayerCount(1)) { try Match.roomSeats(creator: "ada", people: 0, computers: [.hard]) }
        #expect(throws: GhostError.self) { try Match.roomSeats(creator: "ada", people: 9, computers: []) }
    }

    @Test func aRematchKeepsTheSeatsClearsTheMovesAndPassesTheFirstLetterOn() throws {
        var match = try Match(dictionary: .english, minimumLength: 3,
                              seats: [Match.Seat(name: "ada", kind: .person), Match.Seat(name: "bo", kind: .person)] + Match.Seat.computers([.hard]),
                              firstPlayer: 2)
        match.actions = [.letter("c")]
        let again = match.rematch()
        #expect(again.seats == match.seats && again.actions.isEmpty && again.firstPlayer == 0)
        #expect(again.rematch().firstPlayer == 1)
        #expect(match.personCount == 2 && match.computerLevels == [.hard])
    }
}
