import FolioApp
import Monologues
import Synchronization

/// Audition sets, made once per brief and library revision and kept: the briefs people ask for
/// are few (two or three pieces, a handful of slots, a few filters), and every request used to
/// make its sets again, 0.25–0.37 s of CPU each, so 8 anonymous readers held `/api/v1/ping`
/// back 3.4 s. Now the same brief asked again is a lookup; the same brief asked at once waits
/// for the one computation under way; and a new brief is made behind `gate`, on a thread of its
/// own, so a storm of distinct briefs is answered 503 with Retry-After instead of taking the
/// event loops. An actor's own genders (a role they recast) are part of the key only when they
/// have any, so everyone else shares one entry per brief.
final class AuditionSetCache: Sendable {
    struct Key: Hashable {
        let plan: AuditionPlan
        let revision: Int
        let genders: [String: Gender]
    }

    private struct State {
        var made: [Key: (sets: [AuditionSet], used: UInt64)] = [:]
        var making: [Key: Task<[AuditionSet], any Error>] = [:]
        var clock: UInt64 = 0
    }

    /// Briefs kept: each entry is ten sets of two or three pieces, a few kilobytes.
    static let capacity = 512
    static let busyMessage = "The server is making as many audition sets as it allows at once. Try again in a second."

    let gate: WorkGate
    private let state = Mutex(State())

    init(gate: WorkGate) {
        self.gate = gate
    }

    func sets(_ plan: AuditionPlan, in library: MonologueLibrary, revision: Int, personal: PersonalView) async throws -> [AuditionSet] {
        // Only genders change which pieces a brief finds; an actor's own tags do not.
        let personal = PersonalView(genders: personal.genders)
        let key = Key(plan: plan, revision: revision, genders: personal.genders)
        enum Found { case made([AuditionSet]), making(Task<[AuditionSet], any Error>) }
        let found = state.withLock { state -> Found in
            state.clock += 1
            if let made = state.made[key] {
                state.made[key]?.used = state.clock
                return .made(made.sets)
            }
            if let making = state.making[key] { return .making(making) }
            let making = Task { [gate] in
                try await gate.run(closing: nil) { _ in plan.sets(in: library, personal: personal) }
            }
            state.making[key] = making
            return .making(making)
        }
        guard case .making(let task) = found else {
            if case .made(let sets) = found { return sets }
            return []
        }
        do {
            let sets = try await task.value
            state.withLock { state in
                state.making[key] = nil
                if state.made.count >= Self.capacity, state.made[key] == nil,
                   let oldest = state.made.min(by: { $0.value.used < $1.value.used })?.key {
                    state.made[oldest] = nil
                }
                state.made[key] = (sets, state.clock)
            }
            return sets
        } catch {
            state.withLock { $0.making[key] = nil }
            throw error
        }
    }

    /// Briefs kept now (for tests).
    var count: Int { state.withLock { $0.made.count } }
}
