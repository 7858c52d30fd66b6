/// A slip of the finger between two words: one letter wrong, missing or added, or two
/// neighbouring letters swapped. The line drill and the vocabulary check both forgive one.
public enum Slip {
    public static func isOne(_ a: String, _ b: String) -> Bool {
        let x = Array(a), y = Array(b)
        if x.count == y.count {
            let different = x.indices.filter { x[$0] != y[$0] }
            if different.count == 1 { return true }
            return different.count == 2 && different[1] == different[0] + 1
                && x[different[0]] == y[different[1]] && x[different[1]] == y[different[0]]
        }
        guard abs(x.count - y.count) == 1 else { return false }
        let (long, short) = x.count > y.count ? (x, y) : (y, x)
        var i = 0
        while i < short.count, long[i] == short[i] { i += 1 }
        return Array(long[(i + 1)...]) == Array(short[i...])
    }
}
