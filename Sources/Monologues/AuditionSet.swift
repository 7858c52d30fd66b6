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
    /// The gender the roles are asked for; nil for any. Roles open to anyone (Chorus, Rumour)
    /// pass such a filter, but a set for a woman is made of women's roles first: one open to
    /// anyone comes in only where no woman's piece fits as well, and the reasons say so.
    public var gender: Gender?

    public static let pieceRange = 2...3
    public static let secondsRange = 60...600

    public init(pieces: Int = 2, seconds: Int = 180, verseAndProse: Bool = false, comic: Bool = false, gender: Gender? = nil) {
        self.pieces = pieces
        self.seconds = seconds
        self.verseAndProse = verseAndProse
        self.comic = comic
        self.gender = gender == .any ? nil : gender
    }

    /// A role open to anyone in a set asked for one gender.
    func isOpenRole(_ m: Monologue) -> Bool { gender != nil && m.gender == .any }

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
        // Roles of the asked gender before those open to anyone, so the few kept of each kind
        // are hers (or his) wherever there are enough.
        let pool = kinds.keys.sorted().flatMap { key in
            kinds[key]!.sorted {
                let a = (brief.isOpenRole($0) ? 1 : 0, abs(Double($0.seconds) - share)), b = (brief.isOpenRole($1) ? 1 : 0, abs(Double($1.seconds) - share))
                return a != b ? a < b : $0.id < $1.id
            }.prefix(perKind(pieces: brief.pieces))
        }

        // Each piece's tags as a set once, not once per pair or triple it is weighed in.
        let tags = pool.map { Set($0.tags) }
        var best: [(indices: [Int], found: [Int], total: Int, score: Double)] = []
        func consider(_ indices: [Int]) {
            let pieces = indices.map { pool[$0] }
            let total = pieces.reduce(0) { $0 + $1.seconds }
            guard total <= brief.seconds, satisfies(pieces, brief) else { return }
            // Only the score while searching: the reasons, in words, are written for the sets
            // kept (writing them for every one of ~30,000 pairs was most of a request's time).
            // Held longest first, as the set is shown, so ties rank as they always have.
            let ordered = indices.sorted { pool[$0].seconds > pool[$1].seconds }
            best.append((ordered, indices, total, score(pieces, tags: indices.map { tags[$0] }, total: total, brief: brief)))
            // Only the best few are kept as the search goes, so memory stays small.
            if best.count > limit * 8 {
                best.sort { ranks($0.score, $0.indices.map { pool[$0].id }, $1.score, $1.indices.map { pool[$0].id }) }
                best.removeLast(best.count - limit * 4)
            }
        }
        for i in pool.indices {
            for j in pool.indices where j > i && pool[j].play != pool[i].play {
                if brief.pieces == 2 {
                    consider([i, j])
                } else {
                    for k in pool.indices where k > j && pool[k].play != pool[i].play && pool[k].play != pool[j].play {
                        consider([i, j, k])
                    }
                }
            }
        }
        let ranked = best.map { found in
            AuditionSet(pieces: found.indices.map { pool[$0] }, seconds: found.total, score: found.score,
                        reasons: reasons(found.found.map { pool[$0] }, tags: found.found.map { tags[$0] }, total: found.total, brief: brief))
        }.sorted(by: ranks)
        // Variety in the list itself: a piece leads at most one set.
        var seen: Set<String> = []
        var result: [AuditionSet] = []
        for set in ranked where !seen.contains(set.pieces[0].id) {
            seen.insert(set.pieces[0].id)
            result.append(set)
            if result.count == limit { break }
        }
        return result
    }

    static func ranks(_ a: AuditionSet, _ b: AuditionSet) -> Bool {
        ranks(a.score, a.pieces.map(\.id), b.score, b.pieces.map(\.id))
    }

    static func ranks(_ aScore: Double, _ aIDs: [String], _ bScore: Double, _ bIDs: [String]) -> Bool {
        aScore != bScore ? aScore > bScore : aIDs.lexicographicallyPrecedes(bIDs)
    }

    static func satisfies(_ pieces: [Monologue], _ brief: AuditionBrief) -> Bool {
        if brief.verseAndProse, !(pieces.contains { $0.verse } && pieces.contains { !$0.verse }) { return false }
        if brief.comic, !(pieces.contains { $0.tone == .comedy } && pieces.contains { $0.tone != .comedy }) { return false }
        return true
    }

    /// How strongly the pieces contrast: comic against serious, verse against prose, different
    /// kinds of role (the fewer tags shared, the more), different genres, and the time used.
    static func score(_ pieces: [Monologue], tags: [Set<String>], total: Int, brief: AuditionBrief) -> Double {
        var score = 0.0
        let comic = pieces.contains { $0.tone == .comedy }
        let serious = pieces.contains { $0.tone != .comedy }
        if comic, serious {
            score += 3
        } else if pieces.contains(where: { $0.tone != pieces[0].tone }) {
            score += 1.5
        }
        if pieces.contains(where: { $0.verse != pieces[0].verse }) { score += 2 }
        let shared = tags.dropFirst().reduce(tags[0]) { $0.intersection($1) }
        let all = tags.dropFirst().reduce(tags[0]) { $0.union($1) }
        if !all.isEmpty { score += 1 - Double(shared.count) / Double(all.count) }
        if Set(pieces.map(\.genre)).count == pieces.count { score += 0.5 }
        // A role open to anyone costs more than any contrast but the comic one: it comes in
        // where no role of the asked gender makes as good a set.
        score -= 2.5 * Double(pieces.filter(brief.isOpenRole).count)
        // Using the time well: a set near its limit shows more of the actor.
        return score + Double(total) / Double(brief.seconds)
    }

    /// Why the pieces contrast, in a panel's words, in the order `score` counts it.
    static func reasons(_ pieces: [Monologue], tags: [Set<String>], total: Int, brief: AuditionBrief) -> [String] {
        var reasons: [String] = []
        let tones = Set(pieces.map(\.tone))
        if tones.contains(.comedy), tones.count > 1 {
            let comic = pieces.first { $0.tone == .comedy }!, other = pieces.first { $0.tone != .comedy }!
            reasons.append("comic (\(comic.character)) against \(other.tone == .history ? "historical" : "tragic") (\(other.character))")
        } else if tones.count > 1 {
            reasons.append("tragic against historical")
        }
        if Set(pieces.map(\.verse)).count > 1 { reasons.append("verse and prose") }
        let shared = tags.dropFirst().reduce(tags[0]) { $0.intersection($1) }
        let all = tags.dropFirst().reduce(tags[0]) { $0.union($1) }
        if !all.isEmpty, shared.isEmpty { reasons.append("different kinds of role") }
        reasons.append("\(pieces.count) plays, together \(CutSheet.duration(total)) of \(CutSheet.duration(brief.seconds))")
        for open in pieces where brief.isOpenRole(open) {
            reasons.append("\(open.character) is a role open to anyone: no \(brief.gender == .female ? "woman's" : "man's") piece made as good a set")
        }
        return reasons
    }
}
