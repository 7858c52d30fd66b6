extension InfixIndex {
    /// The suffix trie under construction: the words' suffixes are sorted letter by letter, one
    /// trie level at a time, each node's suffixes scattered into its children's ranges by a
    /// counting pass. That is the sort and the build in one, and every suffix moves once per letter
    /// it has: 28 million moves for the Dutch list, where a comparison sort of its 4 million
    /// suffixes would make around 90 million comparisons before the build began.
    struct Built {
        var masks: [UInt32] = [0]
        var firstChild: [Int32] = [0]
        /// Per node, the node of the infix without its first letter (the root for one letter).
        var links: [Int32] = [0]
        /// Per node, its infix's first letter (0 for the root).
        var firstLetters: [UInt8] = [0]
        /// The first node of each length, then the node count (`InfixIndex.levelStarts`).
        var levelStarts: [Int32] = [0, 1]

        /// Separates the words in `text`, so a suffix ends where it is met and is a whole word when
        /// one precedes it.
        static let separator: UInt8 = 10

        // A suffix in the sort: its position in `text` (bits 0–31), its next letters (5 bits each
        // from bit 32, `ended` after the last) and whether it is a whole word. Reading the text
        // for every suffix at every level missed the cache on most reads: 64% of the Dutch build,
        // 1.25 s of it. Six letters read at a time cut those reads sixfold.
        static let cachedLetters = 6
        /// Past the last letter: 31, a value no letter's index reaches (a trie node has at most 31).
        static let ended: UInt64 = 31
        static let wholeWord: UInt64 = 1 << 63
        static let letterCache: UInt64 = ((1 << 30) - 1) << 32

        init(words: WordList) {
            guard words.wordCount > 0 else { return }
            let text = Built.spell(words)
            precondition(text.count <= 1 << 32, "a suffix's position is 32 bits")
            var current: [UInt64] = []
            current.reserveCapacity(text.count)
            for k in 1..<text.count where text[k] != Built.separator {
                current.append(UInt64(k) | (text[k - 1] == Built.separator ? Built.wholeWord : 0))
            }
            var next = [UInt64](repeating: 0, count: current.count)
            // Node `levelStart + i` owns `current[bounds[i]..<bounds[i + 1]]`: the suffixes that begin with its infix.
            var bounds: [Int32] = [0, Int32(current.count)]
            var levelStart = 0
            var depth = 0
            let letterCount = words.alphabet.count
            var counts = [Int32](repeating: 0, count: letterCount)
            var cursor = [Int32](repeating: 0, count: letterCount)
            var masks = self.masks, firstChild = self.firstChild, links = self.links, firstLetters = self.firstLetters
            var levelStarts: [Int32] = []
            text.withUnsafeBufferPointer { text in
                while levelStart < masks.count {
                    let levelEnd = masks.count
                    levelStarts.append(Int32(levelStart))
                    let refill = depth % Built.cachedLetters == 0
                    var nextBounds: [Int32] = [0]
                    nextBounds.reserveCapacity(2 * (levelEnd - levelStart) + 1)
                    var filled = 0
                    current.withUnsafeMutableBufferPointer { current in
                        next.withUnsafeMutableBufferPointer { next in
                            for node in levelStart..<levelEnd {
                                let lo = Int(bounds[node - levelStart]), hi = Int(bounds[node - levelStart + 1])
                                var mask: UInt32 = 0
                                for k in lo..<hi {
                                    var suffix = current[k]
                                    if refill {
                                        suffix = Built.readLetters(suffix, at: depth, in: text)
                                        current[k] = suffix
                                    }
                                    let c = Int((suffix >> 32) & 31)
                                    if UInt64(c) == Built.ended {
                                        if suffix & Built.wholeWord != 0 { mask |= InfixIndex.wordBit }
                                    } else {
                                        counts[c] += 1
                                    }
                                }
                                firstChild[node] = Int32(masks.count)
                                for c in 0..<letterCount where counts[c] > 0 {
                                    mask |= 1 << UInt32(c)
                                    cursor[c] = Int32(filled)
                                    filled += Int(counts[c])
                                    nextBounds.append(Int32(filled))
                                    counts[c] = 0
                                    masks.append(0)
                                    firstChild.append(0)
                                    // link(x·c) = link(x)·c, one level up, already built.
                                    links.append(depth == 0 ? 0 : Int32(Built.child(Int(links[node]), c, masks, firstChild)))
                                    firstLetters.append(depth == 0 ? UInt8(c) : firstLetters[node])
                                }
                                masks[node] = mask
                                for k in lo..<hi {
                                    let suffix = current[k]
                                    let c = Int((suffix >> 32) & 31)
                                    guard UInt64(c) != Built.ended else { continue }
                                    // The letter used up, the rest move down.
                                    next[Int(cursor[c])] = suffix & ~Built.letterCache | ((suffix & Built.letterCache) >> 5) & Built.letterCache
                                    cursor[c] += 1
                                }
                            }
                        }
                    }
                    swap(&current, &next)
                    bounds = nextBounds
                    levelStart = levelEnd
                    depth += 1
                }
            }
            precondition(masks.count <= InfixIndex.maximumNodeCount, "\(masks.count) infixes: more than a start entry can number")
            self.masks = masks
            self.firstChild = firstChild
            self.links = links
            self.firstLetters = firstLetters
            levelStarts.append(Int32(masks.count))
            self.levelStarts = levelStarts
        }

        /// The suffix with its next letters, from `depth` on, read from the text; it stops after the separator.
        @inline(__always)
        static func readLetters(_ suffix: UInt64, at depth: Int, in text: UnsafeBufferPointer<UInt8>) -> UInt64 {
            let position = Int(suffix & 0xFFFF_FFFF) + depth
            var letters: UInt64 = 0
            for j in 0..<cachedLetters {
                let b = text[position + j]
                if b == separator {
                    letters |= ended << (5 * j)
                    break
                }
                letters |= UInt64(b &- 97) << (5 * j)
            }
            return suffix & ~letterCache | letters << 32
        }

        static func child(_ node: Int, _ c: Int, _ masks: [UInt32], _ firstChild: [Int32]) -> Int {
            let m = masks[node]
            let bit: UInt32 = 1 << UInt32(c)
            precondition(m & bit != 0, "a suffix of an infix is an infix")
            return Int(firstChild[node]) + (m & (bit &- 1)).nonzeroBitCount
        }

        /// The counting words recovered from the prefix trie, a byte a letter (97 + its index),
        /// each followed by a separator, with one in front so every suffix has a byte before it.
        static func spell(_ words: WordList) -> [UInt8] {
            var text: [UInt8] = [separator]
            var path: [UInt8] = []
            var stack: [(node: Int, depth: Int, letter: UInt8)] = [(0, 0, 0)]
            while let (node, depth, letter) = stack.popLast() {
                if depth > 0 {
                    path.removeSubrange((depth - 1)...)
                    path.append(letter)
                }
                if words.isTerminal(node) {
                    text.append(contentsOf: path)
                    text.append(separator)
                }
                var m = words.letterMask(node)
                while m != 0 {
                    let c = 31 - m.leadingZeroBitCount
                    m &= ~(1 << UInt32(c))
                    stack.append((words.child(of: node, letterIndex: c)!, depth + 1, UInt8(97 + c)))
                }
            }
            return text
        }

        /// The suffix links turned round: for each node, its extensions at the start in letter
        /// order. Consumes `links` and `firstLetters`, which the index does not keep.
        mutating func startTable() -> ([Int32], [UInt32]) {
            let count = masks.count
            var offsets = [Int32](repeating: 0, count: count + 1)
            for n in 1..<count { offsets[Int(links[n])] += 1 }
            var total: Int32 = 0
            for n in 0..<count {
                total += offsets[n]
                offsets[n] = total
            }
            offsets[count] = total
            var entries = [UInt32](repeating: 0, count: Int(total))
            // Filled from the back of each node's range; afterwards offsets[n] is where n's range starts.
            for n in 1..<count {
                let target = Int(links[n])
                offsets[target] -= 1
                entries[Int(offsets[target])] = UInt32(firstLetters[n]) << 27 | UInt32(n)
            }
            links = []
            firstLetters = []
            // At most one entry a letter a node: an insertion sort puts the letters in order.
            for n in 0..<count {
                let lo = Int(offsets[n]), hi = Int(offsets[n + 1])
                guard hi - lo > 1 else { continue }
                for k in (lo + 1)..<hi {
                    let e = entries[k]
                    var j = k - 1
                    while j >= lo && entries[j] > e {
                        entries[j + 1] = entries[j]
                        j -= 1
                    }
                    entries[j + 1] = e
                }
            }
            return (offsets, entries)
        }
    }
}
