import FolioCore
import Testing

@Suite struct SubstringIndexTests {
    static func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }

    @Test func findsEveryValueHoldingTheTermOnceInOrder() {
        let index = SubstringIndex(["hamlet", "king lear", "the king", "", "kingkingking", "kin"].map(Self.bytes))
        var found: [Int] = []
        index.forEachValue(containing: Self.bytes("king")) { found.append($0) }
        #expect(found == [1, 2, 4])
        found = []
        index.forEachValue(containing: Self.bytes("")) { found.append($0) }
        #expect(found == Array(0..<6))
        found = []
        // Never across the end of one value and the start of the next.
        index.forEachValue(containing: Self.bytes("tking")) { found.append($0) }
        #expect(found.isEmpty)
        index.forEachValue(containing: Self.bytes("king lear and more")) { found.append($0) }
        #expect(found.isEmpty)
    }

    /// Against the plain per-value check, over many random small alphabets and values.
    @Test func agreesWithCheckingEachValue() {
        var random = SeededRandom(seed: 42)
        let alphabet = Array("abc ".utf8)
        for _ in 0..<500 {
            let values = (0..<Int.random(in: 0...12, using: &random)).map { _ in
                (0..<Int.random(in: 0...8, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
            }
            let needle = (0..<Int.random(in: 0...3, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
            var found: [Int] = []
            SubstringIndex(values).forEachValue(containing: needle) { found.append($0) }
            #expect(found == values.indices.filter { TextFolding.contains(values[$0], needle) }, "\(values) \(needle)")
        }
    }
}
