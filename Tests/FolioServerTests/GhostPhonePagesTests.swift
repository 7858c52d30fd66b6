import FolioCore
@testable import FolioServer
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// The Ghost pages as a phone game: the answer typed after a fixed fragment, the moment a round
/// ends, the on-screen keyboard (as forms, so it works without scripts), the setup's defaults,
/// and the way into a room for a guest without an account. The word list is `ghostWords`.
@Suite struct GhostPhonePagesTests {
    /// A hot-seat game of Ann and Bob at a minimum of three letters, by form; returns its path.
    static func startAnnAndBob(_ v: inout Visitor) async throws -> String {
        let started = try await v.post("/ghost/games", ["dictionary": "english", "minLength": "3", "name0": "Ann", "kind0": "person",
                                                        "name1": "Bob", "kind1": "person"])
        #expect(started.status == .seeOther)
        return try #require(started.location)
    }

    static func id(_ path: String) -> String { String(path.split(separator: "/").last!) }

    @Test func theAnswerIsTypedAfterTheFragmentAndRefusedWhenItCannotBeAWord() async throws {
        try await withGhostApp { client, _ in
            var v = Visitor(client)
            let path = try await Self.startAnnAndBob(&v)
            for fields in [["type": "letter", "letter": "d"], ["type": "letter", "letter": "o"], ["type": "challenge"]] {
                #expect(try await v.post("\(path)/move", fields).status == .seeOther)
            }
            let page = try await v.get(path)
            // The fragment is fixed text before an empty field: typing a word cannot mix into it.
            #expect(page.body.contains(#"<span class="ghost-word-prefix" aria-hidden="true">do</span>"#))
            #expect(page.body.contains(#"name="prefix" value="do""#))
            let field = try #require(page.body.range(of: #"<input id="ghost-word""#).map { page.body[$0.lowerBound...].prefix(while: { $0 != ">" }) })
            #expect(field.contains(#"name="rest""#) && !field.contains("value="), "\(field)")
            #expect(page.body.contains("nothing counts until you press Answer."))

            // Nothing after the fragment, or something that is not letters: a 400 that says what
            // to type, and the challenge still stands.
            let turn = try await v.game(Self.id(path)).turn
            for rest in ["", "  ", "o1", "or-", "ö"] {
                let refused = try await v.post("\(path)/move", ["type": "answer", "prefix": "do", "rest": rest, "turn": String(turn)])
                #expect(refused.status == .badRequest, "\(rest): \(refused.status)")
                #expect(refused.body.contains("type the letters that finish your word after “do”")
                        || refused.body.contains("Type the letters that finish your word after “do”"), "\(rest)")
                #expect(refused.body.contains(#"id="ghost-answer-form""#))
            }
            #expect(try await v.game(Self.id(path)).turn == turn)

            // "do" and "or" make "door": Bob names a word and Ann, who challenged, loses.
            let answered = try await v.post("\(path)/move", ["type": "answer", "prefix": "do", "rest": " OR ", "turn": String(turn),
                                                            "rounds": "0"])
            #expect(answered.status == .seeOther && answered.location == "\(path)?over=1")
            let game = try await v.game(Self.id(path))
            #expect(game.rounds.first?.summary.contains("“door” is a word") == true && game.rounds.first?.loser == 0)
        }
    }

    @Test func aRoundsEndIsShownUntilThePlayersMoveOn() async throws {
        try await withGhostApp { client, _ in
            var v = Visitor(client)
            let path = try await Self.startAnnAndBob(&v)
            // The on-screen keys are the letter form's submit buttons: without scripts a tap posts.
            let fresh = try await v.get(path)
            #expect(fresh.body.contains(#"id="ghost-keys-form""#))
            #expect(fresh.body.components(separatedBy: #"class="ghost-key" name="letter" value="#).count == 27)
            #expect(fresh.body.contains(#"<button type="submit" class="ghost-key" name="letter" value="z">Z</button>"#))
            #expect(fresh.body.contains(#"<link rel="stylesheet" href="/public/ghost.css">"#))
            #expect(fresh.body.contains(#"<script src="/public/ghost.js" defer></script>"#))
            #expect(fresh.body.contains(#"data-rounds="0""#))

            // Ann c, Bob a, Ann t: Ann completes "cat". The move says it had seen no round end.
            #expect(try await v.post("\(path)/move", ["type": "letter", "letter": "c", "rounds": "0"]).location == path)
            #expect(try await v.post("\(path)/move", ["type": "letter", "letter": "a", "rounds": "0"]).location == path)
            let ending = try await v.post("\(path)/move", ["type": "letter", "letter": "t", "rounds": "0"])
            #expect(ending.status == .seeOther && ending.location == "\(path)?over=1")

            let over = try await v.get("\(path)?over=1")
            #expect(over.status == .ok)
            #expect(over.body.contains(#"id="ghost-round-over""#))
            #expect(over.body.contains("Round 1 is over"))
            #expect(over.body.contains(#"<p id="ghost-round-word" class="ghost-round-word">cat</p>"#))
            #expect(over.body.contains("Ann completed “cat” and takes a letter: G."))
            // Who takes the letter, drawn as G-H-O-S-T with one held.
            #expect(over.body.contains(#"aria-label="G"><span class="ghost-letters" aria-hidden="true"><span class="ghost-letter">G</span></span>"#))
            #expect(over.body.contains(#"id="ghost-round-review""#))
            #expect(over.body.contains(#"<a id="ghost-next-round" class="button" href="\#(path)" autofocus>Next round</a>"#))
            // While a round's end is shown, the next round's controls wait.
            #expect(!over.body.contains(#"id="ghost-keys-form""#))
            // The board alone, as the room's script fetches it, shows it too.
            #expect(try await v.get("\(path)?over=1&fragment=1").body.contains(#"id="ghost-round-over""#))

            // Round 2: Ann starts, Bob challenges, Ann concedes. Now round 1's end steps on to round 2's.
            #expect(try await v.post("\(path)/move", ["type": "letter", "letter": "d", "rounds": "1"]).location == path)
            #expect(try await v.post("\(path)/move", ["type": "challenge", "rounds": "1"]).status == .seeOther)
            let conceded = try await v.post("\(path)/move", ["type": "concede", "rounds": "1"])
            #expect(conceded.location == "\(path)?over=2")
            let first = try await v.get("\(path)?over=1")
            #expect(first.body.contains(#"href="\#(path)?over=2" autofocus>Next round"#))
            let second = try await v.get("\(path)?over=2")
            // A challenge nobody answered: the fragment it stopped at, marked unfinished.
            #expect(second.body.contains(#"<p id="ghost-round-word" class="ghost-round-word">d<span aria-hidden="true">…</span></p>"#))
            #expect(second.body.contains("Ann could not answer Bob’s challenge at “d” and takes a letter: GH."))

            // The plain page is the round in play.
            let playing = try await v.get(path)
            #expect(!playing.body.contains(#"id="ghost-round-over""#) && playing.body.contains(#"id="ghost-keys-form""#))

            // Rounds that have not ended, and addresses that name no round, are refused clearly.
            for bad in ["3", "0", "-1", "two", "1e3", ""] {
                let page = try await v.get("\(path)?over=\(bad)")
                #expect(page.status == .badRequest, "over=\(bad): \(page.status)")
                #expect(page.body.contains("Invalid over"), "over=\(bad)")
            }
        }
    }

    @Test func theLastRoundsEndIsTheGamesEnd() async throws {
        try await withGhostApp { client, _ in
            var v = Visitor(client)
            let path = try await Self.startAnnAndBob(&v)
            try await v.secondSeatLosesFiveRounds(Self.id(path))
            let page = try await v.get(path)
            #expect(page.body.contains("Round 5 is over"))
            #expect(page.body.contains(#"<span class="ghost-out-badge">out</span>"#))
            #expect(page.body.contains("Ann wins the game."))
            #expect(!page.body.contains(#"id="ghost-next-round""#))
            #expect(page.body.contains(#"id="ghost-again-submit""#))
        }
    }

    @Test func oneDeviceMeansPeopleAndTheComputerHasItsOwnForm() async throws {
        try await withGhostApp { client, _ in
            var v = Visitor(client)
            try await v.register("ann")
            let setup = try await v.get("/ghost")
            #expect(setup.status == .ok)
            // Every seat starts as a person; none is a computer until chosen.
            #expect(!setup.body.contains(#"value="hard" selected"#) && !setup.body.contains(#"value="easy" selected"#))
            #expect(setup.body.components(separatedBy: #"<option value="person" selected>Person</option>"#).count == 9)
            #expect(setup.body.contains(#"id="name0" name="name0" type="text" value="ann""#))
            #expect(setup.body.contains(#"id="name1" name="name1" type="text" value="Player 2""#))
            #expect(setup.body.contains(#"<link rel="stylesheet" href="/public/ghost.css">"#))

            // The computer's form: your seat, then the computer at the level chosen.
            let started = try await v.post("/ghost/games", ["dictionary": "english", "minLength": "3", "name0": "ann", "kind0": "person",
                                                            "mine": "0", "kind1": "hard"])
            let path = try #require(started.location)
            let game = try await v.game(Self.id(path))
            #expect(game.players.map(\.kind) == ["person", "hard"])
            #expect(game.players.map(\.name) == ["ann", "Computer (hard)"])

            // A visitor is offered both ways to an account, each coming back to the setup.
            var visitor = Visitor(client)
            let anonymous = try await visitor.get("/ghost")
            #expect(anonymous.body.contains(#"href="/account/register?next=%2Fghost""#))
            #expect(anonymous.body.contains(#"href="/account/login?next=%2Fghost""#))
            #expect(anonymous.body.contains(#"<input type="hidden" name="name0" value="You">"#))
        }
    }

    @Test func aGuestWithoutAnAccountIsAskedToLogInOrRegisterAndComesBack() async throws {
        try await withGhostApp(publicURL: "https://folio.example.org") { client, _ in
            var ada = Visitor(client)
            try await ada.register("ada")
            let opened = try await ada.post("/ghost/rooms", ["dictionary": "english", "minLength": "3", "people": "2"])
            let path = try #require(opened.location)
            let host = try await ada.get(path)
            // The host shares the link: the copy and share buttons wait for the script, which works them.
            #expect(host.body.contains(#"value="https://folio.example.org\#(path)""#))
            // The room's script redraws the board when a seat is taken: it reads how many are open.
            #expect(host.body.contains(#"data-open="1""#))
            #expect(host.body.contains(#"<div class="actions ghost-share" id="ghost-share-actions" hidden>"#))
            #expect(host.body.contains(#"id="ghost-copy""#) && host.body.contains(#"id="ghost-share""#))
            #expect(!host.body.contains("Log in or register to join"))

            var guest = Visitor(client)
            let invited = try await guest.get(path)
            #expect(invited.status == .ok)
            #expect(invited.body.contains("ada has opened a room."))
            #expect(invited.body.contains("Log in or register to join."))
            let back = path.replacingOccurrences(of: "/", with: "%2F")
            #expect(invited.body.contains(#"<a id="ghost-join-login" class="button" href="/account/login?next=\#(back)">Log in</a>"#))
            #expect(invited.body.contains(#"<a id="ghost-join-register" class="button secondary" href="/account/register?next=\#(back)">Register</a>"#))
            #expect(!invited.body.contains(#"id="ghost-join-submit""#))

            // The register form keeps where to go; the log-in form's link to it keeps it too.
            let form = try await guest.get("/account/register?next=\(back)")
            #expect(form.body.contains(#"<input type="hidden" name="next" value="\#(path)">"#))
            #expect(form.body.contains(#"href="/account/login?next=\#(back)">Log in</a>"#))
            #expect(try await guest.get("/account/login?next=\(back)").body.contains(#"href="/account/register?next=\#(back)">Create an account</a>"#))
            // A refusal keeps it as well.
            let short = try await guest.post("/account/register", ["username": "bo", "password": "correct horse",
                                                                    "passwordConfirmation": "correct horse", "next": path])
            #expect(short.status == .badRequest && short.body.contains(#"name="next" value="\#(path)""#))
            let registered = try await guest.post("/account/register", ["username": "ben", "password": "correct horse",
                                                                         "passwordConfirmation": "correct horse", "next": path])
            #expect(registered.status == .seeOther && registered.location == path)
            let seated = try await guest.get(path)
            #expect(seated.body.contains(#"id="ghost-join-submit""#) && seated.body.contains("ada has opened a room. Take the open seat to play."))
            // The room's link and share buttons are the seated players'; the guest is invited, not the host.
            #expect(!seated.body.contains(#"id="ghost-share""#) && !seated.body.contains(#"id="ghost-link""#))
            #expect(!invited.body.contains(#"id="ghost-share""#) && !seated.body.contains("Waiting for 1 more player"))

            // The same-site rule of logging in holds for registering: another site is never next,
            // and the new account lands on this site's own first page instead.
            var plain = Visitor(client)
            let home = try await plain.post("/account/register", ["username": "cyd", "password": "correct horse",
                                                                   "passwordConfirmation": "correct horse"])
            let fallback = try #require(home.location)
            #expect(fallback.hasPrefix("/") && !fallback.hasPrefix("//"))
            for next in ["//evil.example/x", "https://evil.example/", "/\t/evil.example", #"/\evil.example"#] {
                var stranger = Visitor(client)
                let page = try await stranger.post("/account/register", ["username": "eve\(next.count)", "password": "correct horse",
                                                                        "passwordConfirmation": "correct horse", "next": next])
                #expect(page.status == .seeOther && page.location == fallback, "\(next): \(page.location ?? "none")")
            }
            // Without a next the forms link to each other plainly.
            var another = Visitor(client)
            #expect(try await another.get("/account/register").body.contains(#"<a href="/account/login">Log in</a>"#))
        }
    }

    @Test func theHighScoresFitAPhone() async throws {
        try await withGhostApp { client, _ in
            var ann = Visitor(client)
            try await ann.register("ann")
            let lost = try await ann.startGame(#"{"minLength": 3, "seats": [{"name": "ann"}, {"name": "Hal", "kind": "hard"}], "ownSeat": 0}"#)
            var turns = 0
            while try await ann.game(lost.id).winner == nil, turns < 40 {
                turns += 1
                let game = try await ann.game(lost.id)
                try await ann.move(lost.id, game.fragment.isEmpty ? #"{"type": "letter", "letter": "d"}"# : #"{"type": "challenge"}"#)
            }
            let page = try await ann.get("/ghost/scores")
            // Four columns on a phone: the games and rounds go under the name instead.
            #expect(page.body.contains(#"<span class="score-name">ann</span><span class="score-more">1 game · 5 of 5 rounds lost</span>"#))
            #expect(page.body.contains(#"<th scope="col" class="score-wide">Rounds lost</th>"#))
            #expect(page.body.contains("0 won, 1 lost of 1 game;"))
        }
    }
}
