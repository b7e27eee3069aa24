import BallTrace
import FoundationEssentials
import Glibc
import Logging

/// Standard error, shared by everything that talks to the user while clips are analysed: one
/// status line that is rewritten in place on a terminal (progress), and whole lines (errors,
/// warnings, log messages) that are printed above it. Safe from any thread.
final class Console: @unchecked Sendable {
    enum ProgressMode {
        /// No progress.
        case off
        /// One status line rewritten in place (standard error is a terminal).
        case terminal
        /// `--progress` when standard error is not a terminal: a plain line at most once a
        /// second, and one when a clip of a batch starts or finishes.
        case lines
    }

    let progressMode: ProgressMode
    private let lock = ConditionLock()
    private var statusShown = false
    private var lastStatusLine = Date.distantPast

    init(progressMode: ProgressMode) {
        self.progressMode = progressMode
    }

    /// The mode for the flags given and where standard error goes.
    static func progressMode(requested: Bool, quiet: Bool) -> ProgressMode {
        if quiet { return .off }
        if isatty(STDERR_FILENO) == 1 { return .terminal }
        return requested ? .lines : .off
    }

    /// Prints a whole line on standard error, above the status line.
    func line(_ text: String) {
        lock.withLock {
            var out = statusShown ? "\r\u{1B}[K" : ""
            statusShown = false
            out += text + "\n"
            writeStandardError(out)
        }
    }

    /// Shows `text` as the current progress: on a terminal at most ten times a second, as
    /// plain lines at most once a second, unless it is `news` (in a batch, a clip that started
    /// or finished: shown at once, or a clip that takes less than the interval would pass
    /// unseen). The text is only made when it is shown.
    func status(_ text: @autoclosure () -> String, news: Bool = false) {
        lock.withLock {
            let now = Date()
            switch progressMode {
            case .off:
                return
            case .terminal:
                guard news || now.timeIntervalSince(lastStatusLine) >= 0.1 else { return }
                lastStatusLine = now
                // Never wider than the terminal, or the line would wrap and not be rewritten.
                writeStandardError("\r\u{1B}[K" + String(text().prefix(Self.terminalWidth() - 1)))
                statusShown = true
            case .lines:
                guard news || now.timeIntervalSince(lastStatusLine) >= 1 else { return }
                lastStatusLine = now
                writeStandardError(text() + "\n")
            }
        }
    }

    /// Removes the status line, if one is shown.
    func clearStatus() {
        lock.withLock {
            if statusShown { writeStandardError("\r\u{1B}[K") }
            statusShown = false
        }
    }

    private static func terminalWidth() -> Int {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 10 else { return 80 }
        return Int(size.ws_col)
    }
}

func writeStandardError(_ text: String) {
    StandardStream.error.write(text)
}

/// What a progress line says: how far, how fast, how long is left.
enum ProgressText {
    static func describe(_ name: String, _ progress: AnalysisProgress, elapsed: TimeInterval) -> String {
        let rate = elapsed > 0 ? Double(progress.framesDecoded) / elapsed : 0
        var text = name
        if let fraction = progress.fraction {
            text += String(printf: "  %3.0f %%", fraction * 100)
        } else {
            text += String(printf: "  %.1f s read", progress.time)
        }
        text += String(printf: "  %.0f frames/s", rate)
        if let fraction = progress.fraction, fraction > 0.01, elapsed > 0.5 {
            text += "  " + clock(elapsed * (1 - fraction) / fraction) + " left"
        }
        return text
    }

    /// `m:ss`, or `h:mm:ss` from an hour.
    static func clock(_ seconds: Double) -> String {
        let s = max(0, Int(seconds.rounded()))
        return s >= 3600 ? String(printf: "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) : String(printf: "%d:%02d", s / 60, s % 60)
    }
}

/// swift-log messages as `balltrace: [clip: ]stage: message` lines through the console.
struct ConsoleLogHandler: LogHandler {
    let console: Console
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .notice

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let clip = (event.metadata?["clip"] ?? metadata["clip"]).map { "\($0): " } ?? ""
        console.line("balltrace: \(clip)\(event.message)")
    }
}
