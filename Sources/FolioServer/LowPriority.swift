#if canImport(Glibc)
import Glibc
#endif

/// Threads doing costly work (bcrypt, grammar expansions, word-list indexes, audition sets,
/// exports, optimiser fits) run at a lower scheduling priority than the event loops and the
/// cooperative pool: on a small machine they then take the cores only when nothing interactive
/// wants them, so a burst of them slows their own answers rather than everyone's. On Linux a
/// thread's nice value is its own: `setpriority(PRIO_PROCESS, 0, …)` sets the calling thread's.
enum LowPriority {
    /// The nice value costly work runs at (0 is normal, 19 the lowest).
    static let niceness: Int32 = 10

    static func lowerCurrentThread() {
        #if os(Linux)
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness)
        #endif
    }
}
