import FolioApp
import Foundation
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

    /// A brief's sets, and their JSON once the API has written it: a hit then costs the API no
    /// encoding either (5–6 ms a request in a debug build against 2.4 ms for `/api/v1/ping`).
    final class Made: Sendable {
        let sets: [AuditionSet]
        private let encoded = Mutex<Data?>(nil)

        init(sets: [AuditionSet]) {
            self.sets = sets
        }

        func json(_ encode: ([AuditionSet]) throws -> Data) rethrows -> Data {
            if let kept = encoded.withLock({ $0 }) { return kept }
            let data = try encode(sets)
            encoded.withLock { $0 = data }
            return data
        }
    }

    private struct State {
        var made: [Key: (made: Made, used: UInt64)] = [:]
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
        try await made(plan, in: library, revision: revision, personal: personal).sets
    }

    func made(_ plan: AuditionPlan, in library: MonologueLibrary, revision: Int, personal: PersonalView) async throws -> Made {
        // Only genders change which pieces a brief finds; an actor's own tags do not.
        let personal = PersonalView(genders: personal.genders)
        let key = Key(plan: plan, revision: revision, genders: personal.genders)
        enum Found { case made(Made), making(Task<[AuditionSet], any Error>) }
        let found = state.withLock { state -> Found in
            state.clock += 1
            if let made = state.made[key] {
                state.made[key]?.used = state.clock
                return .made(made.made)
            }
            if let making = state.making[key] { return .making(making) }
            let making = Task { [gate] in
                try await gate.run(closing: nil) { _ in plan.sets(in: library, personal: personal) }
            }
            state.making[key] = making
            return .making(making)
        }
        let task: Task<[AuditionSet], any Error>
        switch found {
        case .made(let made): return made
        case .making(let making): task = making
        }
        do {
            let sets = try await task.value
            return state.withLock { state in
                // Only this computation's entry: after a failed one a newer may stand there.
                if state.making[key] == task { state.making[key] = nil }
                if let kept = state.made[key] { return kept.made }
                if state.made.count >= Self.capacity, let oldest = state.made.min(by: { $0.value.used < $1.value.used })?.key {
                    state.made[oldest] = nil
                }
                let made = Made(sets: sets)
                state.made[key] = (made, state.clock)
                return made
            }
        } catch {
            state.withLock { if $0.making[key] == task { $0.making[key] = nil } }
            throw error
        }
    }

    /// Briefs kept now (for tests).
    var count: Int { state.withLock { $0.made.count } }
}
