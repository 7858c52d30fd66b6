@testable import Monologues
import Testing

@Suite struct LineDrillTests {
    static let speech = "Is this a dagger which I see before me,\n[Exit Servant]\nThe handle toward my hand? Come, let me clutch thee.\n/\nI have thee not, and yet I see thee still."

    @Test func linesAreCuedByTheLineBeforeAndTheFirstByTheSpeechsCue() {
        let cue = LineDrill.cue(fromNotes: "Act II, Scene 1. Alone on stage. Cue (own line): “She strike upon the bell. Get thee to bed.”")
        #expect(cue == "She strike upon the bell. Get thee to bed.")
        let drill = LineDrill(text: Self.speech, cue: cue)
        #expect(drill.lines.map(\.number) == [1, 2, 3])
        #expect(drill.lines[0].cue == "She strike upon the bell. Get thee to bed.")
        #expect(drill.lines[1].cue == "Is this a dagger which I see before me,")
        #expect(drill.lines[2].text == "I have thee not, and yet I see thee still.")
        #expect(LineDrill.cue(fromNotes: "Alone on stage.") == nil)
        #expect(LineDrill(text: Self.speech, cue: nil).lines[0].cue == "")
        // Counted without the drill: directions, beats, blank lines and lines of no words are not lines.
        #expect(LineDrill.lineCount(of: Self.speech) == 3)
        #expect(LineDrill.lineCount(of: "\n  \t\n[Aside]\n — \n/\n  O, that this too too solid flesh  \n") == 1)
        #expect(LineDrill(text: "  O, that this too too solid flesh\t", cue: nil).lines.map(\.text) == ["O, that this too too solid flesh"])
        #expect(DrillCheck.words("O'er the ne'er o'clock rous'd") == ["over", "the", "never", "oclock", "roused"])
    }

    @Test func promptsFadeFromFirstLettersToNothing() {
        let line = "Is this a dagger which I see before me,"
        #expect(DrillPrompt.firstLetters.show(line) == "I t a d w I s b m,")
        #expect(DrillPrompt.firstLetters.show("The handle toward my hand? Come,") == "T h t m h? C,")
        let levels = DrillPrompt.hiddenLevels.map { DrillPrompt.hidden(level: $0).show(line) }
        #expect(levels[3] == "__ ____ _ ______ _____ _ ___ ______ __,")
        // Each level hides what the one before did, and more.
        for (easier, harder) in zip(levels, levels.dropFirst()) {
            let e = easier.split(separator: " "), h = harder.split(separator: " ")
            #expect(zip(e, h).allSatisfy { !$0.0.contains("_") || $0.1.contains("_") })
            #expect(harder.filter { $0 == "_" }.count > easier.filter { $0 == "_" }.count)
        }
        #expect(DrillPrompt.none.show(line).isEmpty)
    }

    @Test func answersAreCheckedWithTolerance() {
        let line = "The handle toward my hand? Come, let me clutch thee."
        #expect(DrillCheck.check("the handle toward my hand come let me clutch thee", against: line) == .exact)
        #expect(DrillCheck.check("We have scotched the snake, not killed it", against: "We have scotch'd the snake, not kill'd it:") == .exact)
        #expect(DrillCheck.check("Why, man, he doth bestride the narrow world o'er", against: "Why, man, he doth bestride the narrow world over") == .exact)
        #expect(DrillCheck.check("The handle towrad my hand? Come, let me clutch thee.", against: line) == .close(slips: ["toward → towrad"]))
        #expect(DrillCheck.check("The handle toward hand? Come, let me clutch thee.", against: line) == .close(slips: ["my → (missing)"]))
        #expect(DrillCheck.check("The blade toward my hand? Come, let me clutch thee.", against: line) == .wrong)
        #expect(DrillCheck.check("The handle toward my hand", against: line) == .wrong)
        #expect(DrillCheck.check("", against: line) == .wrong)
        // Two slips in a ten-word line is one too many.
        #expect(DrillCheck.check("Teh handle toward my hand? Come, let me clutch thee!", against: line) == .close(slips: ["the → teh"]))
        #expect(DrillCheck.check("Teh handle towrad my hand? Come, let me clutch thee.", against: line) == .wrong)
    }

    @Test func aLineKeepsItsKeyThroughAChangedCommaButNotAChangedWord() {
        let before = LineDrill(text: "Ay, there's the rub;\nTo sleep: perchance to dream:\nAy, there's the rub;", cue: nil)
        let after = LineDrill(text: "Ay there's the rub\n/\nTo sleep, perchance to dream\nAy, there is the rub;", cue: nil)
        // The same words said twice are two lines to learn.
        #expect(before.lines[0].key != before.lines[2].key)
        #expect(before.lines[0].key == after.lines[0].key)
        #expect(before.lines[1].key == after.lines[1].key)
        #expect(before.lines[2].key != after.lines[2].key)
        // However long an actor's own line, the key stays small.
        let long = LineDrill(text: String(repeating: "word ", count: 5_000), cue: nil)
        #expect(long.lines[0].key.count <= LineDrill.keyLength + 4)
    }

    @Test func theHelpLadderRunsFromFirstLettersToNothing() {
        #expect(DrillPrompt.ladder.first == .firstLetters && DrillPrompt.ladder.last == DrillPrompt.none)
        #expect(DrillPrompt.rung(-3) == .firstLetters && DrillPrompt.rung(99) == DrillPrompt.none)
        #expect(DrillPrompt.ladder.map(\.label) == ["First letters", "Some words hidden", "Every word hidden", "No help"])
    }

    @Test func aHugeAnswerOrLineIsRefusedWithoutAligningIt() {
        let line = String(repeating: "so many words here ", count: 2_500)
        // Far more words than the line: wrong at once, whatever its length.
        #expect(DrillCheck.check(String(repeating: "a ", count: 400), against: "To be, or not to be") == .wrong)
        #expect(DrillCheck.check("so many words", against: line) == .wrong)
        // What is read of an answer stops at the longest answer.
        #expect(DrillCheck.check(line, against: line) == .wrong)
        #expect(DrillCheck.check(String(line.prefix(DrillCheck.longestAnswer)), against: String(line.prefix(DrillCheck.longestAnswer))) == .exact)
    }
}
