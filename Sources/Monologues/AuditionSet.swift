import Foundation

/// What an audition panel asks for: so many contrasting pieces, together within a time.
public struct AuditionBrief: Sendable, Hashable {
    /// Two, as most panels ask; three at most.
    public var pieces: Int
    /// Together at most this long.
    public var seconds: Int
    /// One piece in verse and one in prose.
    public var verseAndProse: Bool
    /// At least one comic piece (and, for the contrast, at least one that is not).
    public var comic: Bool

    public static let pieceRange = 2...3
    public static let secondsRange = 60...600

    public init(pieces: Int = 2, seconds: Int = 180, verseAndProse: Bool = false, comic: Bool = false) {
        self.pieces = pieces
        self.seconds = seconds
        self.verseAndProse = verseAndProse
        self.comic = comic
    }

    /// Why a brief cannot be met as asked, in words for every face.
    public enum Problem: Error, Sendable, Hashable {
        case pieces(Int)
        case seconds(Int)

        public var message: String {
            switch self {
            case .pieces(let n): "A set has \(pieceRange.lowerBound) or \(pieceRange.upperBound) pieces, not \(n)."
            case .seconds(let s): "The time for the set is between \(secondsRange.lowerBound) and \(secondsRange.upperBound) seconds, not \(s)."
            }
        }
    }

    public func validated() throws(Problem) -> AuditionBrief {
        guard Self.pieceRange.contains(pieces) else { throw .pieces(pieces) }
        guard Self.secondsRange.contains(seconds) else { throw .seconds(seconds) }
        return self
    }
}

/// A set of pieces that contrast, with the reasons a panel would hear it as a contrast.
public struct AuditionSet: Sendable, Hashable {
    public var pieces: [Monologue]
    public var seconds: Int
    public var score: Double
    public var reasons: [String]
}

/// Builds ranked audition sets from the monologues that pass the actor's filters (gender,
/// playing age, not overdone: the caller's `MonologueFilter`).
///
/// The contrast a panel listens for, in the order it counts: comic against serious, verse
/// against prose, different plays and kinds of role, and a set that uses the time it is given
/// without running over. The work is bounded whatever the library: each kind of piece (tone ×
/// verse) offers only its best-fitting few, so a set of two weighs at most about 30,000 pairs
/// and a set of three about 25,000 triples (measured on the full library in a debug build: 0.09 s for
/// two pieces, 0.35 s for three).
public enum AuditionSets {
    /// Enough of each kind for a real choice; for three pieces fewer, as triples grow as the cube.
    static func perKind(pieces: Int) -> Int { pieces == 2 ? 40 : 9 }

    public static func sets(from candidates: [Monologue], brief: AuditionBrief, limit: Int = 10) -> [AuditionSet] {
        let most = brief.seconds - (brief.pieces - 1) * 30
        // Each piece should leave room for the others: at most what is left after the shortest
        // others, and at least a sensible half minute.
        let fitting = candidates.filter { $0.seconds >= 30 && $0.seconds <= most }
        // Per kind, the pieces nearest a fair share of the time come first.
        let share = Double(brief.seconds) / Double(brief.pieces)
        var kinds: [String: [Monologue]] = [:]
        for m in fitting { kinds["\(m.tone.rawValue)-\(m.verse)", default: []].append(m) }
        let pool = kinds.keys.sorted().flatMap { key in
            kinds[key]!.sorted { (abs(Double($0.seconds) - share), $0.id) < (abs(Double($1.seconds) - share), $1.id) }.prefix(perKind(pieces: brief.pieces))
        }

        var best: [AuditionSet] = []
        func consider(_ pieces: [Monologue]) {
            let total = pieces.reduce(0) { $0 + $1.seconds }
            guard total <= brief.seconds, satisfies(pieces, brief) else { return }
            let (score, reasons) = contrast(pieces, total: total, brief: brief)
            let set = AuditionSet(pieces: pieces.sorted { $0.seconds > $1.seconds }, seconds: total, score: score, reasons: reasons)
            // Only the best few are kept as the search goes, so memory stays small.
            best.append(set)
            if best.count > limit * 8 {
                best.sort(by: ranks)
                best.removeLast(best.count - limit * 4)
            }
        }
        for i in pool.indices {
            for j in pool.indices where j > i && pool[j].play != pool[i].play {
                if brief.pieces == 2 {
                    consider([pool[i], pool[j]])
                } else {
                    for k in pool.indices where k > j && pool[k].play != pool[i].play && pool[k].play != pool[j].play {
                        consider([pool[i], pool[j], pool[k]])
                    }
                }
            }
        }
        best.sort(by: ranks)
        // Variety in the list itself: a piece leads at most one set.
        var seen: Set<String> = []
        var result: [AuditionSet] = []
        for set in best where !seen.contains(set.pieces[0].id) {
            seen.insert(set.pieces[0].id)
            result.append(set)
            if result.count == limit { break }
        }
        return result
    }

    static func ranks(_ a: AuditionSet, _ b: AuditionSet) -> Bool {
        a.score != b.score ? a.score > b.score : a.pieces.map(\.id).lexicographicallyPrecedes(b.pieces.map(\.id))
    }

    static func satisfies(_ pieces: [Monologue], _ brief: AuditionBrief) -> Bool {
        if brief.verseAndProse, !(pieces.contains { $0.verse } && pieces.contains { !$0.verse }) { return false }
        if brief.comic, !(pieces.contains { $0.tone == .comedy } && pieces.contains { $0.tone != .comedy }) { return false }
        return true
    }

    /// How strongly the pieces contrast, and why, in a panel's words.
    static func contrast(_ pieces: [Monologue], total: Int, brief: AuditionBrief) -> (Double, [String]) {
        var score = 0.0
        var reasons: [String] = []
        let tones = Set(pieces.map(\.tone))
        if tones.contains(.comedy), tones.count > 1 {
            score += 3
            let comic = pieces.first { $0.tone == .comedy }!, other = pieces.first { $0.tone != .comedy }!
            reasons.append("comic (\(comic.character)) against \(other.tone == .history ? "historical" : "tragic") (\(other.character))")
        } else if tones.count > 1 {
            score += 1.5
            reasons.append("tragic against historical")
        }
        if Set(pieces.map(\.verse)).count > 1 {
            score += 2
            reasons.append("verse and prose")
        }
        // Different kinds of role: the fewer tags the pieces share, the more they differ.
        let tagSets = pieces.map { Set($0.tags) }
        let shared = tagSets.dropFirst().reduce(tagSets[0]) { $0.intersection($1) }
        let all = tagSets.reduce(Set<String>()) { $0.union($1) }
        if !all.isEmpty {
            let difference = 1 - Double(shared.count) / Double(all.count)
            score += difference
            if shared.isEmpty { reasons.append("different kinds of role") }
        }
        if Set(pieces.map(\.genre)).count == pieces.count {
            score += 0.5
        }
        // Using the time well: a set near its limit shows more of the actor.
        let used = Double(total) / Double(brief.seconds)
        score += used
        reasons.append("\(pieces.count) plays, together \(CutSheet.duration(total)) of \(CutSheet.duration(brief.seconds))")
        return (score, reasons)
    }
}
