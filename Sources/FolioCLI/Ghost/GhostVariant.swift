import ArgumentParser
import Ghost

// Beside the Ghost commands rather than in Arguments.swift: only `play`, `solve` and `hint` read it.
extension Rules.Variant: ExpressibleByArgument {}

extension DictionaryOptions {
    func superghostSolver() throws -> SuperghostSolver {
        try SuperghostSolver.load(dictionary, path: words, minimumLength: minLength)
    }
}

extension [SuperghostMove] {
    /// "a at the end, b at the start"; from the empty fragment, where both ends are one, the letters alone.
    func spoken(from fragment: String) -> String {
        map { fragment.isEmpty ? $0.letter : $0.description }.joined(separator: ", ")
    }
}
