internal import CFFmpeg
import FoundationEssentials
import Glibc

/// FFmpeg's log, kept off the terminal and listened to where it explains a failure.
///
/// FFmpeg prints to stderr by default: libx264's statistics, a decoder's complaint about each
/// damaged macroblock. balltrace reports problems itself, in one line, so nothing is printed.
/// But an error code alone often says too little ("Invalid data found when processing input"
/// for an MP4 whose index is missing), so while a thread opens a file, the errors FFmpeg logs
/// on that thread are collected and the most telling one goes into the message.
enum FFmpegLog {
    /// Installs the callback, once per process; every FFmpeg user in the library calls this.
    static func install() { _ = installed }

    private static let installed: Void = bt_av_log_set_sink(sink)

    /// Runs `body` and returns, with its result, the error messages FFmpeg logged meanwhile on
    /// this thread (at most a few, in order, without trailing newlines).
    static func collectingErrors<T>(_ body: () throws -> T) rethrows -> (T, [String]) {
        install()
        let thread = pthread_self()
        lock.withLock { collected[thread] = [] }
        defer { lock.withLock { collected[thread] = nil } }
        let value = try body()
        return (value, lock.withLock { collected[thread] ?? [] })
    }

    private static let lock = ConditionLock()
    nonisolated(unsafe) private static var collected: [pthread_t: [String]] = [:]
    private static let maximumCollected = 8

    private static let sink: @convention(c) (Int32, UnsafePointer<CChar>?) -> Void = { _, message in
        guard let message else { return }
        let thread = pthread_self()
        let text = String(cString: message).trimmingWhitespace()
        guard !text.isEmpty else { return }
        lock.withLock {
            if let messages = collected[thread], messages.count < maximumCollected { collected[thread]!.append(text) }
        }
    }
}
