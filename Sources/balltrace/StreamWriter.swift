import BallTrace
import FoundationEssentials
import Glibc

/// Thrown when standard output's reader has gone away (a closed pipe).
struct StandardOutputClosed: Error {}

/// Writes `--stream`'s JSON Lines to standard output, one per analysed frame, each written out
/// at once (not buffered) so that a consumer sees a frame as soon as it is analysed; a line
/// where a live source was reconnected; and a last line saying why the analysis ended.
final class StreamWriter {
    private let coordinates: CoordinateSystem
    private var start: (wall: Date, time: Double)?
    /// Frame lines written so far.
    private(set) var linesWritten = 0
    private var ended = false

    init(coordinates: CoordinateSystem) {
        self.coordinates = coordinates
        // A closed pipe is then an error to handle, not a signal that kills the process with
        // half-written files beside its outputs.
        signal(SIGPIPE, SIG_IGN)
    }

    func write(_ frame: AnalysedFrame) throws {
        let now = Date()
        let origin = start ?? (now, frame.time)
        start = origin
        let behind = now.timeIntervalSince(origin.wall) - (frame.time - origin.time)
        try writeAll(try StreamLine(frame, behindRealTime: behind, coordinates: coordinates).jsonLine())
        linesWritten += 1
    }

    /// Says that the live source was lost and opened again, before the frames after it.
    func write(_ reconnection: SourceReconnection) throws {
        try writeAll(try StreamReconnectedLine(reconnection).jsonLine())
    }

    /// The stream's last line, once: why the analysis ended. A reader that has gone away
    /// (a closed pipe) is not told.
    func end(_ reason: StreamEndLine.Reason, _ message: String) {
        guard !ended else { return }
        ended = true
        _ = try? writeAll(try StreamEndLine(reason: reason, message: message, frameLines: linesWritten).jsonLine())
    }

    private func writeAll(_ data: Data) throws {
        try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(STDOUT_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    if errno == EPIPE { throw StandardOutputClosed() }
                    throw MediaError.cannotWrite(path: "-", reason: String(cString: strerror(errno)))
                }
                offset += written
            }
        }
    }
}
