import FolioApp
import FolioCore
import FolioStore
import FolioTestSupport
import Foundation
import Monologues
import Testing
import Vocabulary

/// Learning a favourite by heart, as the pages, the API and the terminal all do it.
@Suite struct RehearsalTests {
    static let speech = LibraryFixture.monologue(
        "macbeth-5-5-macbeth-3", play: "Macbeth", character: "Macbeth",
        notes: "Act V, Scene 5. Speaking to Seyton. Cue (Seyton): “The queen, my lord, is dead.”",
        text: """
            She should have died hereafter;
            There would have been a time for such a word.
            [Enter a Messenger]
            To-morrow, and to-morrow, and to-morrow,
            Creeps in this petty pace from day to day
            """)
    static let other = LibraryFixture.twoSpeeches[0]
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    struct World {
        let rehearsal: Rehearsal
        let library: MonologueLibrary
        let ann: Account
        let bob: Account
    }

    func world() async throws -> World {
        let store = try AppDatabase.inMemory()
        try await store.importMonologues([Self.speech, Self.other], source: "fixture")
        let ann = try await store.createAccount(username: "ann", passwordHash: "x", now: Self.start)
        let bob = try await store.createAccount(username: "bob", passwordHash: "x", now: Self.start)
        let favourites = Favourites(store: store)
        try await favourites.add(Self.speech.id, accountID: ann.id, now: Self.start)
        return World(rehearsal: Rehearsal(favourites: favourites), library: MonologueLibrary([Self.speech, Self.other]), ann: ann, bob: bob)
    }

    func minutes(_ m: Double) -> Date { Self.start.addingTimeInterval(m * 60) }

    @Test func newLinesComeInTheSpeechsOrderEachCuedByTheLineBefore() async throws {
        let w = try await world()
        let plan = try await w.rehearsal.plan(Self.speech.id, accountID: w.ann.id, in: w.library, now: Self.start)
        #expect(plan.lines.map(\.drill.cue) == ["The queen, my lord, is dead.", "She should have died hereafter;",
                                                "There would have been a time for such a word.", "To-morrow, and to-morrow, and to-morrow,"])
        #expect(plan.progress == Rehearsal.Progress(wordPerfect: 0, lines: 4, rehearsed: 0))
        #expect(plan.progress.summary == "word-perfect on 0 of 4 lines")
        #expect(plan.next?.number == 1 && plan.next?.prompt == .firstLetters)
        #expect(plan.new == 4 && plan.due == 0)
    }

    @Test func aMissedLineComesBackSoonerThanOneSaidRight() async throws {
        let w = try await world()
        let id = Self.speech.id
        // Line 1 said right, line 2 missed.
        let right = try await w.rehearsal.answer(id, line: 1, answer: "She should have died hereafter", rating: nil,
                                                  accountID: w.ann.id, in: w.library, now: Self.start)
        #expect(right.checked.verdict == .exact && right.rated.rating == .good)
        let missed = try await w.rehearsal.answer(id, line: 2, answer: "There was a time", rating: nil,
                                                   accountID: w.ann.id, in: w.library, now: minutes(1))
        #expect(missed.checked.verdict == .wrong && missed.rated.rating == .again)
        let plan = missed.rated.plan
        let one = try #require(plan.lines[0].progress), two = try #require(plan.lines[1].progress)
        #expect(two.card.due < one.card.due)
        #expect(two.misses == 1 && one.misses == 0)
        // Help fades a rung with Good and stays on the first rung after Again.
        #expect(plan.lines[0].prompt == DrillPrompt.ladder[1] && plan.lines[1].prompt == .firstLetters)
        // New lines still come before the ones in their learning steps.
        #expect(plan.next?.number == 3)
        // A slip is Hard: almost, with the slip named.
        let close = try await w.rehearsal.check(id, line: 3, answer: "To-morrow, and to-morrow, and to-morow", accountID: w.ann.id,
                                                in: w.library, now: minutes(2))
        #expect(close.verdict == .close(slips: ["morrow → morow"]) && close.proposed == .hard)
    }

    @Test func aLineIsWordPerfectOnlyOnceSaidWithNoHelp() async throws {
        let w = try await world()
        let id = Self.speech.id
        var now = Self.start
        var history: [String] = []
        // Line 1 said right every time it is due: the help fades rung by rung.
        for _ in 0..<DrillPrompt.ladder.count {
            let plan = try await w.rehearsal.plan(id, accountID: w.ann.id, in: w.library, now: now)
            let line = plan.lines[0]
            let rated = try await w.rehearsal.answer(id, line: 1, answer: "She should have died hereafter;", rating: nil,
                                                      accountID: w.ann.id, in: w.library, now: now)
            let after = try #require(rated.rated.line.progress)
            history.append("\(line.prompt.name) → \(after.card.state.name) due +\(Int(after.card.due.timeIntervalSince(now) / 60)) min")
            #expect(after.wordPerfect == (line.prompt == .none))
            now = after.card.due
        }
        #expect(history.count == 4)
        #expect(history[0] == "firstLetters → Learning due +10 min")
        let plan = try await w.rehearsal.plan(id, accountID: w.ann.id, in: w.library, now: now)
        #expect(plan.progress.wordPerfect == 1)
        #expect(plan.lines[0].isWordPerfect)
        // A slip at no help loses it again.
        _ = try await w.rehearsal.answer(id, line: 1, answer: "She should have dyed hereafter", rating: nil, accountID: w.ann.id,
                                         in: w.library, now: now)
        #expect(try await w.rehearsal.plan(id, accountID: w.ann.id, in: w.library, now: now).progress.wordPerfect == 0)
    }

    @Test func aLineInItsLearningStepsIsAskedAheadWhenNothingElseIs() async throws {
        let w = try await world()
        let id = Self.speech.id
        for number in 1...4 {
            _ = try await w.rehearsal.rate(id, line: number, rating: .good, accountID: w.ann.id, in: w.library, now: Self.start)
        }
        // All four wait ten minutes: the first comes back now, ahead of time.
        let plan = try await w.rehearsal.plan(id, accountID: w.ann.id, in: w.library, now: minutes(1))
        #expect(plan.due == 0 && plan.new == 0)
        #expect(plan.next?.number == 1)
        // Once graduated (a day or more away), nothing is asked and the next due date is said.
        for number in 1...4 {
            _ = try await w.rehearsal.rate(id, line: number, rating: .good, accountID: w.ann.id, in: w.library, now: minutes(11))
        }
        let resting = try await w.rehearsal.plan(id, accountID: w.ann.id, in: w.library, now: minutes(12))
        #expect(resting.next == nil)
        #expect(try #require(resting.nextDue) > minutes(12 + 24 * 60))
    }

    @Test func progressFollowsTheActorsCutAndForgetsLinesCutSince() async throws {
        let w = try await world()
        let id = Self.speech.id
        for number in 1...4 {
            _ = try await w.rehearsal.rate(id, line: number, rating: .good, accountID: w.ann.id, in: w.library, now: Self.start)
        }
        // She cuts line 2 and changes only a comma in line 4: line 4 keeps its progress.
        _ = try await w.rehearsal.favourites.edit(id, FavouriteEdit(text: """
            She should have died hereafter;
            /
            To-morrow, and to-morrow, and to-morrow
            Creeps in this petty pace, from day to day
            """), accountID: w.ann.id, in: w.library)
        var plan = try await w.rehearsal.plan(id, accountID: w.ann.id, in: w.library, now: minutes(1))
        #expect(plan.lines.count == 3)
        #expect(plan.lines.allSatisfy { !$0.isNew })
        #expect(plan.lines[1].drill.cue == "She should have died hereafter;")
        // The cut line's progress is let go at the next rating.
        let store = w.rehearsal.favourites.store
        #expect(try await store.rehearsedLines(accountID: w.ann.id, monologueID: id).count == 4)
        plan = try await w.rehearsal.rate(id, line: 1, rating: .good, accountID: w.ann.id, in: w.library, now: minutes(11)).plan
        #expect(try await store.rehearsedLines(accountID: w.ann.id, monologueID: id).count == 3)
        // The favourites page reads every favourite's progress at once.
        let page = try await w.rehearsal.favourites.page(accountID: w.ann.id, limit: 20, offset: 0, in: w.library)
        let progress = try await w.rehearsal.progress(of: page.items, accountID: w.ann.id)
        #expect(progress[id] == plan.progress)
        // Starting again forgets it all.
        try await w.rehearsal.restart(id, accountID: w.ann.id, in: w.library)
        #expect(try await w.rehearsal.plan(id, accountID: w.ann.id, in: w.library, now: minutes(12)).new == 3)
    }

    @Test func onlyTheOwnerRehearsesAndLineNumbersAreChecked() async throws {
        let w = try await world()
        let id = Self.speech.id
        await #expect(throws: MonologueError.notAFavourite(id: id)) {
            try await w.rehearsal.plan(id, accountID: w.bob.id, in: w.library, now: Self.start)
        }
        await #expect(throws: MonologueError.notAFavourite(id: id)) {
            try await w.rehearsal.rate(id, line: 1, rating: .good, accountID: w.bob.id, in: w.library, now: Self.start)
        }
        await #expect(throws: MonologueError.notAFavourite(id: id)) { try await w.rehearsal.restart(id, accountID: w.bob.id, in: w.library) }
        await #expect(throws: MonologueError.invalidParameter(name: "line", value: "5", expected: "a line number from 1 to 4")) {
            try await w.rehearsal.rate(id, line: 5, rating: .good, accountID: w.ann.id, in: w.library, now: Self.start)
        }
        await #expect(throws: MonologueError.self) {
            try await w.rehearsal.check(id, line: 0, answer: "x", accountID: w.ann.id, in: w.library, now: Self.start)
        }
        // Bob's attempt left nothing behind in Ann's rehearsal.
        #expect(try await w.rehearsal.plan(id, accountID: w.ann.id, in: w.library, now: Self.start).progress.rehearsed == 0)
    }
}
