import FolioCore

/// Who is on stage, followed through a scene's entrances and exits.
///
/// Directions name people in many ways ("Enter KING CLAUDIUS, QUEEN GERTRUDE, HAMLET", "Exeunt
/// all but HAMLET", "Exit Ghost", a bare "Exit" for whoever just spoke). Names are matched against
/// the play's own speaker keys, longest first, so "LADY MACBETH" is never read as "MACBETH".
struct StagePresence {
    /// (pattern, key): the key itself, and the key without a title ("POLONIUS" for "LORD
    /// POLONIUS") where that does not name another role. Longest pattern first.
    private let patternsByFirstWord: [Substring: [(pattern: [Substring], key: String)]]
    private(set) var onStage: Set<String> = []

    private static let titles: Set<Substring> = [
        "KING", "QUEEN", "LORD", "LADY", "PRINCE", "PRINCESS", "DUKE", "DUCHESS", "SIR", "EARL",
        "COUNT", "COUNTESS", "CARDINAL", "FRIAR", "MISTRESS", "MASTER", "DON", "YOUNG", "OLD",
    ]

    init(speakers: Set<String>) {
        var result: [(pattern: [Substring], key: String)] = []
        for key in speakers {
            let words = key.split(separator: " ")
            result.append((words, key))
            if words.count > 1, let first = words.first, Self.titles.contains(first) {
                let rest = Array(words.dropFirst())
                if !speakers.contains(rest.joined(separator: " ")) { result.append((rest, key)) }
            }
        }
        let sorted = result.sorted { $0.pattern.count != $1.pattern.count ? $0.pattern.count > $1.pattern.count : $0.key < $1.key }
        patternsByFirstWord = Dictionary(grouping: sorted, by: { $0.pattern[0] })
    }

    /// The roles a direction names, in no particular order.
    func named(in direction: String) -> Set<String> {
        let words = direction.uppercased()
            .split(whereSeparator: { !$0.isLetter && $0 != "'" })
        var found: Set<String> = []
        var i = 0
        while i < words.count {
            // Longest pattern first, and the words it matched are consumed, so a shorter
            // pattern cannot match inside a longer name.
            var advanced = false
            for (pattern, key) in patternsByFirstWord[words[i]] ?? [] where i + pattern.count <= words.count {
                if words[i..<(i + pattern.count)].elementsEqual(pattern) {
                    found.insert(key)
                    i += pattern.count
                    advanced = true
                    break
                }
            }
            if !advanced { i += 1 }
        }
        return found
    }

    /// Applies a direction. `speaker` is whoever spoke last, the one a bare "Exit" sends off.
    /// Returns the roles that left.
    @discardableResult
    mutating func apply(_ direction: String, lastSpeaker: String?) -> Set<String> {
        let lower = direction.lowercased()
        let names = named(in: direction)
        if lower.hasPrefix("enter") || lower.hasPrefix("re-enter") || TextFolding.contains(lower, " enter ")
            || lower.hasPrefix("enter,") {
            onStage.formUnion(names)
            return []
        }
        if lower.hasPrefix("exeunt") || lower.hasPrefix("exit") {
            let left: Set<String>
            // "Exeunt all but HAMLET" keeps Hamlet; "Exit POLONIUS with the Players but the
            // First" sends Polonius off. Names before "but" leave; with none, all but the rest do.
            if TextFolding.contains(lower, " but ") || TextFolding.contains(lower, " except "),
               let cut = lower.range(of: " but ") ?? lower.range(of: " except ") {
                let offset = lower.distance(from: lower.startIndex, to: cut.lowerBound)
                let before = named(in: String(direction.prefix(offset)))
                left = before.isEmpty ? onStage.subtracting(names) : before
            } else if !names.isEmpty {
                left = names
            } else if lower.hasPrefix("exeunt") {
                left = onStage
            } else {
                left = lastSpeaker.map { [$0] } ?? []
            }
            onStage.subtract(left)
            return left
        }
        if lower.hasPrefix("manet") || lower.hasPrefix("manent") {
            let left = onStage.subtracting(names)
            onStage = names
            return left
        }
        // "Dies", "Falls", "Ghost vanishes" and the like: a death still leaves a body on stage,
        // but a vanishing ghost has gone.
        if TextFolding.contains(lower, "vanish") || TextFolding.contains(lower, "descends") || TextFolding.contains(lower, "ascends") {
            onStage.subtract(names)
            return names
        }
        return []
    }

    /// Someone who speaks is on stage, whatever the directions forgot to say.
    mutating func speaks(_ key: String) {
        onStage.insert(key)
    }

    mutating func clear() {
        onStage.removeAll()
    }
}
