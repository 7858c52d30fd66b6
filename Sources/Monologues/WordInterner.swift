/// Numbers the distinct words of the library as they are met, looked up by their bytes: building
/// the index meets about 400,000 words, and making a `String` of each to look it up in a
/// dictionary was most of what tokenising cost.
struct WordInterner {
    /// Each word, at its number.
    private(set) var words: [String] = []
    /// The words' bytes, end to end; word `k` is `bytes[ends[k - 1]..<ends[k]]`.
    private var bytes: [UInt8] = []
    private var ends: [Int] = []
    private var hashes: [UInt32] = []
    /// Open addressing: a word's number plus one, or 0 for a free slot. Kept at most half full.
    private var slots: [Int32] = Array(repeating: 0, count: 1 << 12)

    var count: Int { words.count }

    /// The number of `word`, and whether it was met for the first time.
    mutating func intern(_ word: UnsafeBufferPointer<UInt8>) -> (id: Int, isNew: Bool) {
        let hash = Self.hash(word)
        var slot = Int(hash) & (slots.count - 1)
        while slots[slot] != 0 {
            let id = Int(slots[slot]) - 1
            if hashes[id] == hash && matches(id, word) { return (id, false) }
            slot = (slot + 1) & (slots.count - 1)
        }
        let id = words.count
        bytes.append(contentsOf: word)
        ends.append(bytes.count)
        hashes.append(hash)
        words.append(String(decoding: word, as: UTF8.self))
        slots[slot] = Int32(id + 1)
        if words.count * 2 > slots.count { grow() }
        return (id, true)
    }

    /// The number of `word` if it has been met.
    func id(of word: UnsafeBufferPointer<UInt8>) -> Int? {
        let hash = Self.hash(word)
        var slot = Int(hash) & (slots.count - 1)
        while slots[slot] != 0 {
            let id = Int(slots[slot]) - 1
            if hashes[id] == hash && matches(id, word) { return id }
            slot = (slot + 1) & (slots.count - 1)
        }
        return nil
    }

    private func matches(_ id: Int, _ word: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = id == 0 ? 0 : ends[id - 1]
        guard ends[id] - start == word.count else { return false }
        for k in 0..<word.count where bytes[start + k] != word[k] { return false }
        return true
    }

    private mutating func grow() {
        slots = Array(repeating: 0, count: slots.count * 2)
        for (id, hash) in hashes.enumerated() {
            var slot = Int(hash) & (slots.count - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = Int32(id + 1)
        }
    }

    /// FNV-1a: the words are the library's own, so nobody chooses them to collide.
    private static func hash(_ word: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var h: UInt32 = 2_166_136_261
        for b in word { h = (h ^ UInt32(b)) &* 16_777_619 }
        return h
    }
}
