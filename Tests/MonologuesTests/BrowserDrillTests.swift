import FolioCore
import FolioTestSupport
import Foundation
@testable import Monologues
import Testing

// One rule, two runtimes: rehearsal without a connection shows each line's help and checks a
// recalled line with public/rules/drill-check.js. The Swift code answers thousands of generated
// lines and recalls; Node runs the browser's module on them; any difference fails.

private struct DrillCase: Encodable {
    var line: String
    var answer: String
    var verdict: String
    var slips: [String]
    var label: String
    /// The line as each prompt shows it: first letters, hidden at levels 1 to 4, none.
    var shown: [String]
}

private func drillCase(_ answer: String, _ line: String) -> DrillCase {
    let verdict = DrillCheck.check(answer, against: line)
    let name: String, slips: [String]
    switch verdict {
    case .exact: (name, slips) = ("exact", [])
    case .close(let found): (name, slips) = ("close", found)
    case .wrong: (name, slips) = ("wrong", [])
    }
    let prompts: [DrillPrompt] = [.firstLetters] + DrillPrompt.hiddenLevels.map { .hidden(level: $0) } + [.none]
    return DrillCase(line: line, answer: answer, verdict: name, slips: slips, label: verdict.label, shown: prompts.map { $0.show(line) })
}

/// Lines as speeches hold them: verse and prose, old spellings and contractions, stage
/// directions, dashes, numbers, accents, and the odd long line.
private let lines = [
    "Is this a dagger which I see before me,", "The handle toward my hand? Come, let me clutch thee.",
    "To be, or not to be: that is the question:", "'Tis nobler in the mind to suffer", "O'er the hills I kill'd the deer.",
    "Ne'er shall the sun that morrow see!", "What's in a name? That which we call a rose", "[Laying down her dagger]",
    "Friends, Romans, countrymen, lend me your ears;", "Now is the winter of our discontent", "Goin' to the fair, lad — come!",
    "I have thee not, and yet I see thee still.", "Is't so? Then I defy you, stars!", "Thou art more lovely and more temperate:",
    "Twenty-three years and 4 months, said he.", "Café au lait, naïve Zoë, Æthelred's crown.", "O Romeo, Romeo! wherefore art thou Romeo?",
    "Out, damned spot! out, I say!—One: two: why,", "Double, double toil and trouble; Fire burn, and cauldron bubble.",
    "If music be the food of love, play on; Give me excess of it, that, surfeiting, The appetite may sicken, and so die.",
]

private func slip(_ word: String, _ random: inout SeededRandom) -> String {
    var letters = Array(word)
    guard !letters.isEmpty else { return "a" }
    let at = Int.random(in: 0..<letters.count, using: &random)
    switch Int.random(in: 0..<4, using: &random) {
    case 0: letters[at] = Array("aeioustr").randomElement(using: &random)!
    case 1: letters.remove(at: at)
    case 2: letters.insert("e", at: at)
    default: if at + 1 < letters.count { letters.swapAt(at, at + 1) }
    }
    return String(letters)
}

private func drillCases() -> [DrillCase] {
    var random = SeededRandom(seed: 28_11_2026)
    var cases: [DrillCase] = []
    let vocabulary = ["the", "and", "thee", "thou", "night", "love", "death", "crown", "o'er", "'tis", "kill'd", "sweet", "a", "I",
                      "to", "be", "is't", "goin'", "blood", "king", "—", "!", "?", ",", "3", "naïve"]
    var all = lines
    for _ in 0..<60 {
        all.append((0..<Int.random(in: 1...30, using: &random)).map { _ in vocabulary.randomElement(using: &random)! }.joined(separator: " "))
    }
    for line in all {
        let words = line.split(separator: " ").map(String.init)
        var answers = [line, line.uppercased(), line.lowercased(), line.filter { !",.;:!?—".contains($0) }, "", "   ",
                       line.replacingOccurrences(of: "'d", with: "ed"), line.replacingOccurrences(of: "o'er", with: "over"),
                       String(repeating: line + " ", count: 40)]
        for _ in 0..<8 {
            var typed = words
            guard !typed.isEmpty else { break }
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let at = Int.random(in: 0..<typed.count, using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0: typed[at] = slip(typed[at], &random)
                case 1: if typed.count > 1 { typed.remove(at: at) }
                case 2: typed.insert(["a", "the", "and", "O"].randomElement(using: &random)!, at: at)
                default: typed[at] = vocabulary.randomElement(using: &random)!
                }
            }
            answers.append(typed.joined(separator: " "))
        }
        answers.append(all.randomElement(using: &random)!)
        cases += answers.map { drillCase($0, line) }
    }
    return cases
}

@Suite struct BrowserDrillTests {
    @Test func theBrowserShowsAndChecksEveryLineAsTheServerDoes() throws {
        let cases = drillCases()
        #expect(cases.count >= 1_000)
        #expect(Set(cases.map(\.verdict)) == ["exact", "close", "wrong"])
        let report = try BrowserRules.run("drill", cases)
        #expect(report.count == cases.count)
        #expect(report.mismatches == 0, "the browser rehearsed \(report.mismatches) of \(report.count) lines otherwise: \(report.sample)")
    }
}
