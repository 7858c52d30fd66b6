extension InfixIndex {
    /// The suffix trie under construction: the words' suffixes are sorted letter by letter, one
    /// trie level at a time, each node's suffixes scattered into its children's ranges by a
    /// counting pass. That is the sort and the build in one, and every suffix moves once per letter
    /// it has: about 24 million moves for the Dutch list, where a comparison sort of its 4 million
    /// suffixes would make around 90 million comparisons before the build began.
    struct Built {
        var masks: [UInt32] = [0]
        var firstChild: [Int32] = [0]
        /// Per node, the node of the infix without its first letter (the root for one letter).
        var links: [Int32] = [0]
        /// Per node, its infix's first letter (0 for the root).
        var firstLetters: [UInt8] = [0]

        /// Separates the words in `text`, so a suffix ends where it is met and is a whole word when
        /// one precedes it.
        static let separator: UInt8 = 10

        init(words: WordList) {
            let text = Built.spell(words)
            // Every suffix, by the position of its first letter in `text`.
            guard words.wordCount > 0 else { return }
            var current: [Int32] = []
            current.reserveCapacity(text.count)
            for (k, b) in text.enumerated() where b != Built.separator { current.append(Int32(k)) }
            // Node `levelStart + i` owns `current[bounds[i]..<bounds[i + 1]]`: the suffixes that begin with its infix.
            var bounds: [Int32] = [0, Int32(current.count)]
            var next = [Int32](repeating: 0, count: current.count)
            var levelStart = 0
            var depth = 0
            var counts = [Int32](repeating: 0, count: 26)
            var cursor = [Int32](repeating: 0, count: 26)
            text.withUnsafeBufferPointer { text in
                while levelStart < masks.count {
                    let levelEnd = masks.count
                    var nextBounds: [Int32] = [0]
                    nextBounds.reserveCapacity(2 * (levelEnd - levelStart) + 1)
                    var filled = 0
                    for node in levelStart..<levelEnd {
                        let lo = Int(bounds[node - levelStart]), hi = Int(bounds[node - levelStart + 1])
                        var mask: UInt32 = 0
                        for k in lo..<hi {
                            let at = Int(current[k])
                            let b = text[at + depth]
                            if b == Built.separator {
                                if text[at - 1] == Built.separator { mask |= InfixIndex.wordBit }
                            } else {
                                counts[Int(b &- 97)] += 1
                            }
                        }
                        firstChild[node] = Int32(masks.count)
                        for c in 0..<26 where counts[c] > 0 {
                            mask |= 1 << UInt32(c)
                            cursor[c] = Int32(filled)
                            filled += Int(counts[c])
                            nextBounds.append(Int32(filled))
                            counts[c] = 0
                            masks.append(0)
                            firstChild.append(0)
                            // link(x·c) = link(x)·c, one level up, already built.
                            links.append(depth == 0 ? 0 : Int32(childOf(Int(links[node]), c)))
                            firstLetters.append(depth == 0 ? UInt8(c) : firstLetters[node])
                        }
                        masks[node] = mask
                        for k in lo..<hi {
                            let at = current[k]
                            let b = text[Int(at) + depth]
                            guard b != Built.separator else { continue }
                            let c = Int(b &- 97)
                            next[Int(cursor[c])] = at
                            cursor[c] += 1
                        }
                    }
                    swap(&current, &next)
                    bounds = nextBounds
                    levelStart = levelEnd
                    depth += 1
                }
            }
            precondition(masks.count <= InfixIndex.maximumNodeCount, "\(masks.count) infixes: more than a start entry can number")
        }

        func childOf(_ node: Int, _ c: Int) -> Int {
            let m = masks[node]
            let bit: UInt32 = 1 << UInt32(c)
            precondition(m & bit != 0, "a suffix of an infix is an infix")
            return Int(firstChild[node]) + (m & (bit &- 1)).nonzeroBitCount
        }

        /// The counting words recovered from the prefix trie, each followed by a separator, with
        /// one in front so every suffix has a byte before it.
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
            // At most 26 entries a node: an insertion sort puts the letters in order.
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
