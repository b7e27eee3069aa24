import Foundation

/// A request to stop an analysis early. Safe to set from any thread (a signal's handler, a
/// server's request timeout); the analysis looks at it between frames and stops within one.
public final class Cancellation: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false

    public init() {}

    public func cancel() { lock.withLock { cancelled = true } }

    public var isCancelled: Bool { lock.withLock { cancelled } }
}

/// Thrown by an analysis stopped through its ``Cancellation``. Nothing it would have written
/// exists: the overlay video's temporary file is removed, and no document was written.
public struct AnalysisCancelled: Error, CustomStringConvertible {
    public init() {}
    public var description: String { "the analysis was stopped before the end; nothing was written" }
}
