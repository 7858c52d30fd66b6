import FolioCore
import Foundation
import Vocabulary

/// One sitting of revision: up to `size` pairs, each asked once, except that a pair rated Again
/// comes back after `againGap` other answers (or at once when nothing else is left), as often as
/// it is rated Again, so a session ends on what the learner has just got right. It counts the
/// verdicts for the summary at the end.
///
/// The state is small and travels with the pages as `token` (a form field and the address), so
/// that a session needs nothing stored, survives a reload and works on any server instance. A
/// token can only change the learner's own summary and order of cards: every rating is still
/// checked against the account's own pairs.
public struct RevisionSession: Sendable, Equatable {
    /// The sizes a learner picks from; the middle one unless they pick.
    public static let sizes = [10, 20, 50]
    public static let defaultSize = 20
    /// Answers between a card rated Again and its return: long enough not to be read off the
    /// screen just seen, short enough to catch while it is fresh.
    public static let againGap = 3
    /// The most answers a session takes, however often cards are rated Again: a token, and so an
    /// address, stays short.
    public static let maximumAnswers = 500

    /// A card waiting to come back, and the number of answers after which it may.
    public struct Return: Sendable, Equatable {
        public var pairID: PairID
        public var after: Int
        /// Asked again because its rating was taken back, not because it was rated Again.
        public var retake = false
    }

    /// The session's last answer: what Undo takes back out of the counts.
    public struct LastAnswer: Sendable, Equatable {
        public var pairID: PairID
        public var verdict: Verdict?
    }

    public var size: Int
    public var answered = 0
    public var right = 0
    public var almost = 0
    public var wrong = 0
    /// Pairs asked in this session, in the order they first came.
    public var seen: [PairID] = []
    /// Pairs rated Again and not yet answered better, oldest first.
    public var returns: [Return] = []
    public var last: LastAnswer?

    public init(size: Int = RevisionSession.defaultSize) {
        self.size = RevisionSession.sizes.contains(size) ? size : RevisionSession.defaultSize
    }

    /// What to ask next.
    public enum Next: Sendable, Equatable {
        /// A pair this session has not asked yet.
        case fresh(DuePair)
        /// A pair rated Again, coming back.
        case again(PairID)
        case finished
    }

    /// The next card, given `queue` (the store's due-then-new pairs): a returning card whose turn
    /// has come; else the first pair of the queue not yet asked while the session has room; else
    /// the oldest returning card, turn or not, as nothing else is left; else the end.
    public func next(queue: [DuePair]) -> Next {
        if answered >= Self.maximumAnswers { return .finished }
        if let due = returns.first(where: { $0.after <= answered }) { return .again(due.pairID) }
        if seen.count < size, let fresh = queue.first(where: { $0.pair.id.map { !seen.contains($0) } ?? false }) {
            return .fresh(fresh)
        }
        if let waiting = returns.first { return .again(waiting.pairID) }
        return .finished
    }

    /// Whether the session may still ask pairs it has not asked: only then is the store's queue
    /// worth reading.
    public var hasRoom: Bool {
        answered < Self.maximumAnswers && seen.count < size
    }

    /// How many cards the session will have asked once `unseenInQueue` more are asked: what
    /// "4 of 12" counts to.
    public func planned(unseenInQueue: Int) -> Int {
        seen.count + min(max(0, size - seen.count), unseenInQueue)
    }

    /// Takes an answer in: the check's verdict (nil when the learner rated without checking) and
    /// the rating given.
    public mutating func record(_ pairID: PairID, verdict: Verdict?, rating: Rating) {
        answered += 1
        switch verdict {
        case .right: right += 1
        case .almost: almost += 1
        case .wrong: wrong += 1
        case nil: break
        }
        if !seen.contains(pairID) { seen.append(pairID) }
        returns.removeAll { $0.pairID == pairID }
        if rating == .again { returns.append(Return(pairID: pairID, after: answered + Self.againGap)) }
        last = LastAnswer(pairID: pairID, verdict: verdict)
    }

    /// A rating taken back: the pair is asked again next, as a retake (never "you rated this one
    /// Again"); when it was this session's last answer, that answer leaves the counts too, so the
    /// summary does not count it twice.
    public mutating func takeBack(_ pairID: PairID) {
        if let answer = last, answer.pairID == pairID, answered > 0 {
            answered -= 1
            switch answer.verdict {
            case .right: right = max(0, right - 1)
            case .almost: almost = max(0, almost - 1)
            case .wrong: wrong = max(0, wrong - 1)
            case nil: break
            }
            last = nil
        }
        if !seen.contains(pairID), seen.count < size { seen.append(pairID) }
        returns.removeAll { $0.pairID == pairID }
        if seen.contains(pairID) { returns.insert(Return(pairID: pairID, after: answered, retake: true), at: 0) }
    }

    /// Whether `pairID` is being asked again because its rating was taken back.
    public func isRetake(_ pairID: PairID) -> Bool {
        returns.contains { $0.pairID == pairID && $0.retake }
    }

    /// A returning card that can no longer be asked (deleted, or a side emptied) drops out.
    public mutating func forget(_ pairID: PairID) {
        returns.removeAll { $0.pairID == pairID }
    }

    // MARK: - Token

    /// `answered-right-almost-wrong.seen ids joined by "-".returns as id_after (id_after_r for a
    /// retake) joined by "-"`, then, when there is one, `.id_v` for the last answer (v: r, a, w or
    /// n for its verdict): only characters an address carries unescaped.
    public var token: String {
        var parts = [[answered, right, almost, wrong].map(String.init).joined(separator: "-"),
                     seen.map(\.description).joined(separator: "-"),
                     returns.map { "\($0.pairID)_\($0.after)\($0.retake ? "_r" : "")" }.joined(separator: "-")]
        if let last { parts.append("\(last.pairID)_\(Self.letter(last.verdict))") }
        return parts.joined(separator: ".")
    }

    private static func letter(_ verdict: Verdict?) -> String {
        switch verdict {
        case .right: "r"
        case .almost: "a"
        case .wrong: "w"
        case nil: "n"
        }
    }

    /// The session a token describes; an empty token is a new session. Anything malformed, or
    /// larger than a session of `size` can grow, is refused.
    public init(token: String, size: Int) throws(RevisionError) {
        self.init(size: size)
        guard !token.isEmpty else { return }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard token.utf8.count <= 4_096, parts.count == 3 || parts.count == 4 else { throw .session }
        let counts = parts[0].split(separator: "-").compactMap { Int($0) }
        guard counts.count == 4, counts.allSatisfy({ $0 >= 0 && $0 <= Self.maximumAnswers }),
              counts[1] + counts[2] + counts[3] <= counts[0] else { throw .session }
        (answered, right, almost, wrong) = (counts[0], counts[1], counts[2], counts[3])
        func items(_ part: Substring) -> [Substring] {
            part.isEmpty ? [] : part.split(separator: "-", omittingEmptySubsequences: false)
        }
        for id in items(parts[1]) {
            guard let pairID = PairID(String(id)), pairID.rawValue > 0, !seen.contains(pairID) else { throw .session }
            seen.append(pairID)
        }
        for entry in items(parts[2]) {
            let fields = entry.split(separator: "_")
            guard fields.count == 2 || (fields.count == 3 && fields[2] == "r"), let pairID = PairID(String(fields[0])), let after = Int(fields[1]),
                  after >= 0, after <= Self.maximumAnswers + Self.againGap, seen.contains(pairID) else { throw .session }
            returns.append(Return(pairID: pairID, after: after, retake: fields.count == 3))
        }
        if parts.count == 4 {
            let fields = parts[3].split(separator: "_")
            let verdicts: [Substring: Verdict?] = ["r": .right, "a": .almost, "w": .wrong, "n": nil]
            guard fields.count == 2, let pairID = PairID(String(fields[0])), seen.contains(pairID),
                  let verdict = verdicts[fields[1]] else { throw .session }
            last = LastAnswer(pairID: pairID, verdict: verdict)
        }
        // Every answer asks a pair, so answers and pairs asked are both none or both some.
        // A pair taken back is seen but, its answer taken out of the counts, not yet answered.
        let retakes = returns.filter(\.retake).count
        guard seen.count <= self.size, seen.count <= answered + retakes, seen.isEmpty == (answered == 0 && retakes == 0) else { throw .session }
    }
}
