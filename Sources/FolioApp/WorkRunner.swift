/// Where costly work runs: grammar expansions, word-list indexes. The server's runs it off the
/// event loops and the cooperative pool, a few at a time, and answers "has the caller gone
/// away?" from the connection; `work` asks that now and then.
public protocol WorkRunner: Sendable {
    func run<Value: Sendable>(_ work: @escaping @Sendable (_ isCancelled: @escaping @Sendable () -> Bool) throws -> Value) async throws -> Value
}

/// Runs the work where it is asked, never cancelled: the terminal's way, where nothing else waits.
public struct InPlaceWork: WorkRunner {
    public init() {}

    public func run<Value: Sendable>(_ work: @escaping @Sendable (_ isCancelled: @escaping @Sendable () -> Bool) throws -> Value) async throws -> Value {
        try work { false }
    }
}
