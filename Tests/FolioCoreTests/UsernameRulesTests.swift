import FolioCore
import Testing

/// A refused username says what to change in it, not the rule the form's hint already shows.
@Suite struct UsernameRulesTests {
    private func problem(_ username: String) -> UsernameProblem? {
        do {
            _ = try AccountRules.validate(username: username)
            return nil
        } catch {
            if case .invalidUsername(let problem) = error { return problem }
            Issue.record("unexpected \(error)")
            return nil
        }
    }

    @Test func acceptedNamesAreTrimmed() throws {
        #expect(try AccountRules.validate(username: "  ann.b-c_9 ") == "ann.b-c_9")
        #expect(problem(String(repeating: "a", count: 32)) == nil)
        #expect(problem("abc") == nil)
    }

    @Test func eachProblemIsNamed() {
        #expect(problem("") == .empty)
        #expect(problem("   ") == .empty)
        #expect(problem("ab") == .tooShort(2))
        #expect(problem(String(repeating: "a", count: 33)) == .tooLong(33))
        #expect(problem("ann smith") == .character(" "))
        #expect(problem("siân") == .character("â"))
        #expect(problem("a\tb") == .character("\t"))
        // A decomposed accent is refused as the letter it makes, not as a bare mark.
        #expect(problem("sia\u{0302}n") == .character("a\u{0302}"))
        // A bad character is the first thing to change, even in a name that is also too short.
        #expect(problem("é") == .character("é"))
    }

    @Test func messagesSayWhatToChange() {
        #expect(UsernameProblem.empty.message == "Choose a username.")
        #expect(UsernameProblem.tooShort(1).message == "That username has 1 character: a username needs at least 3.")
        #expect(UsernameProblem.tooLong(40).message == "That username has 40 characters: a username can have at most 32.")
        #expect(UsernameProblem.character(" ").message == "A username cannot have a space in it.")
        #expect(UsernameProblem.character("\t").message == "A username cannot have a blank or control character in it.")
        #expect(UsernameProblem.character("â").message == "A username cannot have “â” in it: letters a to z only, without accents.")
        #expect(UsernameProblem.character("!").message == "A username cannot have “!” in it.")
    }
}
