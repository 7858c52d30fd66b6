/// What a Ghost change feed reports.
public enum GhostSignal: Sendable, Equatable {
    /// The game moved on to `version`.
    case changed(MatchID, version: Int)
    /// The feed may have missed changes: watchers should read the versions of their games.
    case resync
}
