import FoundationEssentials

/// A request to stop an analysis early. Safe to set from any thread (a signal's handler, a
/// server's request timeout); the analysis looks at it between frames and stops within one.
public final class Cancellation: @unchecked Sendable {
    private let lock = ConditionLock()
    private var cancelled = false
    private var handlers: [@Sendable () -> Void] = []

    public init() {}

    public func cancel() {
        let toRun = lock.withLock {
            cancelled = true
            defer { handlers.removeAll() }
            return handlers
        }
        for handler in toRun { handler() }
    }

    /// Runs `handler` once cancelled (at once if already): for work blocked where the flag is
    /// not looked at, such as a network read.
    func whenCancelled(_ handler: @escaping @Sendable () -> Void) {
        let now = lock.withLock {
            if cancelled { return true }
            handlers.append(handler)
            return false
        }
        if now { handler() }
    }

    public var isCancelled: Bool { lock.withLock { cancelled } }
}

/// Thrown by an analysis stopped through its ``Cancellation``. Nothing it would have written
/// exists: the overlay video's temporary file is removed, and no document was written.
public struct AnalysisCancelled: Error, CustomStringConvertible {
    public init() {}
    public var description: String { "the analysis was stopped before the end; nothing was written" }
}
