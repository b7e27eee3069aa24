import BallTrace
import Dispatch
import FoundationEssentials
import Glibc

/// Turns SIGINT (Ctrl-C) and SIGTERM into a cancellation of the running analysis: it stops
/// between two frames and removes what it was writing, rather than dying with half a file.
/// The process then exits with 128 + the signal's number, as a shell expects of a program a
/// signal stopped.
final class Interruption: @unchecked Sendable {
    let cancellation = Cancellation()
    private let lock = ConditionLock()
    private var received: Int32?
    private var sources: [DispatchSourceSignal] = []

    init() {
        for number in [SIGINT, SIGTERM] {
            // The signal is ignored by the process and delivered to the source instead.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [self] in
                lock.withLock { if received == nil { received = number } }
                cancellation.cancel()
            }
            source.resume()
            sources.append(source)
        }
    }

    deinit {
        for source in sources { source.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }

    /// The first signal received, if any.
    var signalNumber: Int32? { lock.withLock { received } }

    /// The exit status for an analysis the signal stopped.
    var exitCode: Int32 { 128 + (signalNumber ?? SIGINT) }

    var signalName: String {
        switch signalNumber {
        case SIGTERM: return "SIGTERM"
        default: return "SIGINT"
        }
    }
}
