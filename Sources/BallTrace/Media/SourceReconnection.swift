internal import CFFmpeg
import FoundationEssentials
import Glibc

/// A live source that was lost (it closed the stream or stalled) and was opened again: the
/// analysis goes on from its first frame back.
public struct SourceReconnection: Sendable, Hashable {
    /// The first frame read after the reconnection (frame indices go on counting).
    public var frame: Int
    /// That frame's time, in seconds since the first frame of the analysis.
    public var time: Double
    /// How the source was lost, in words.
    public var lostBecause: String
    /// Attempts to open it again, the successful one included.
    public var attempts: Int
    /// Wall-clock seconds between the last frame before the loss and the first one after.
    public var secondsWithoutFrames: Double
    /// Whether the source's timestamps went on where they were (a network hiccup, a frozen
    /// sender resumed): trajectories in flight are then followed on. When they went back or
    /// leapt (a restarted server or camera), the frames are placed after the last one by the
    /// wall-clock time missed, and tracking starts afresh: nothing seen before is joined with
    /// what is seen after.
    public var timeContinues: Bool

    public init(frame: Int, time: Double, lostBecause: String, attempts: Int, secondsWithoutFrames: Double, timeContinues: Bool) {
        self.frame = frame
        self.time = time
        self.lostBecause = lostBecause
        self.attempts = attempts
        self.secondsWithoutFrames = secondsWithoutFrames
        self.timeContinues = timeContinues
    }

    /// The reconnection in words, for the analysis's warnings.
    public var warning: String {
        let attemptsText = "\(attempts) attempt\(attempts == 1 ? "" : "s")"
        return "the source was lost (\(lostBecause)) and reconnected after \(attemptsText), \(String(printf: "%.1f", secondsWithoutFrames)) s without frames; "
            + (timeContinues ? "its time went on, and flights were followed across"
                : "its time started again, so the frames from \(String(printf: "%.2f", time)) s on are placed after the gap and tracking started afresh")
    }
}

/// How a lost live source is asked again: after 0.5 s, then after waits that double (up to
/// 8 s), for at most `window` seconds from the loss; the last attempt falls at the window's end.
struct ReconnectPolicy: Sendable {
    /// Seconds from the loss within which the source must come back; 0 asks for ever.
    var window: Double
    var firstDelay = 0.5
    var longestDelay = 8.0

    /// Why a source lost and never opened again was given up, in words.
    func givenUp(_ lost: String, attempts: Int, lastProblem: String?) -> String {
        let within = window > 0 ? " within \(String(printf: "%g", window)) s" : ""
        return "\(lost); it did not come back\(within) (\(attempts) attempt\(attempts == 1 ? "" : "s") to reconnect\(lastProblem.map { ", the last: \($0)" } ?? ""))"
    }

    /// The wait before attempt `attempt` (1-based), `elapsed` seconds after the loss; nil once
    /// the window is over.
    func delay(before attempt: Int, elapsed: Double) -> Double? {
        let doubling = min(longestDelay, firstDelay * pow(2, Double(max(0, attempt - 1))))
        guard window > 0 else { return doubling }
        let left = window - elapsed
        return left > 0.05 ? min(doubling, left) : nil
    }
}

/// Opens a lost live source again, with the policy's backoff.
enum Reconnector {
    enum Outcome {
        case reopened(OpenedInput, codec: UnsafeMutablePointer<AVCodecContext>, attempts: Int)
        case gaveUp(attempts: Int, lastProblem: String?)
        /// The interruption was set (Ctrl-C) while waiting or opening.
        case interrupted
    }

    /// - Parameters:
    ///   - width, height: the stored picture size every stage was made for; a source that
    ///     comes back with another is not taken.
    static func reopen(path: String, width: Int, height: Int, policy: ReconnectPolicy, interruption: InterruptFlag) -> Outcome {
        let started = Date()
        let stallTimeout = interruption.stallTimeout
        defer { interruption.stallTimeout = stallTimeout }
        var attempts = 0
        var problem: String?
        while let wait = policy.delay(before: attempts + 1, elapsed: Date().timeIntervalSince(started)) {
            guard sleep(wait, unless: interruption) else { return .interrupted }
            attempts += 1
            // An attempt may not outlast the window: a server that accepts and sends nothing
            // is given up at its end.
            if policy.window > 0 {
                let left = max(0.1, policy.window - Date().timeIntervalSince(started))
                interruption.stallTimeout = stallTimeout > 0 ? min(stallTimeout, left) : left
            }
            interruption.clearStall()
            do {
                let opened = try OpenedInput(path: path, interruption: interruption)
                let parameters = opened.videoStream.pointee.codecpar.pointee
                guard Int(parameters.width) == width, Int(parameters.height) == height else {
                    problem = "it came back with pictures of \(parameters.width)×\(parameters.height) instead of \(width)×\(height)"
                    continue
                }
                let codec = try MediaDecoder.openCodec(for: opened.videoStream, path: path)
                return .reopened(opened, codec: codec, attempts: attempts)
            } catch {
                if interruption.isSet { return .interrupted }
                problem = "\(error)".replacing("\n", with: " ")
            }
        }
        return .gaveUp(attempts: attempts, lastProblem: problem)
    }

    /// Waits `seconds`, in short steps so that an interruption ends the wait at once; false
    /// when it did.
    private static func sleep(_ seconds: Double, unless interruption: InterruptFlag) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if interruption.isSet { return false }
            usleep(useconds_t(1e6 * min(0.05, max(0, end.timeIntervalSinceNow))))
        }
        return !interruption.isSet
    }
}

/// Puts a reopened source's timestamps on the first input's timeline: rescaled to its time
/// base, and shifted when they do not go on from where the source was lost.
struct TimestampJoin {
    /// The reopened input's time base; nil while the first input is read.
    private var inputTimeBase: AVRational?
    private var offset: Int64 = 0
    /// A reconnection whose first frame has not been placed yet.
    private var waiting: (lostAt: Date, lostBecause: String, attempts: Int)?

    /// A source that keeps its clock comes back with timestamps about the outage later; this
    /// much more is allowed for what was buffered on either side.
    static let continuityMargin = 2.0

    /// The source was opened again: its frames from now on are in `timeBase`.
    mutating func reopened(timeBase: AVRational, lostAt: Date, lostBecause: String, attempts: Int) {
        inputTimeBase = timeBase
        offset = 0
        waiting = (lostAt, lostBecause, attempts)
    }

    /// A timestamp of the current input, in `timeBase`, on the first input's timeline.
    func place(_ timestamp: Int64, in timeBase: AVRational) -> Int64 {
        guard let source = inputTimeBase else { return timestamp }
        return av_rescale_q(timestamp, source, timeBase) + offset
    }

    /// Places the first frame after a reconnection (its timestamp as the input gives it) after
    /// `last`, and says how; nil for any other frame.
    mutating func join(_ timestamp: Int64, in timeBase: AVRational, after last: Int64?, frame: Int,
                       frameInterval: Double, now: Date = Date()) -> SourceReconnection? {
        guard let lost = waiting else { return nil }
        waiting = nil
        let missed = now.timeIntervalSince(lost.lostAt)
        var joined = SourceReconnection(frame: frame, time: 0, lostBecause: lost.lostBecause, attempts: lost.attempts,
                                        secondsWithoutFrames: (missed * 1000).rounded() / 1000, timeContinues: true)
        guard let last else { return joined }
        let gap = seconds(place(timestamp, in: timeBase) - last, timeBase)
        if gap > 0 && gap <= missed + Self.continuityMargin { return joined }
        // Back to the start, or a leap: placed after the last frame by the time missed.
        let target = last + max(1, Int64((max(missed, frameInterval) / timeBase.doubleValue).rounded()))
        offset = target - av_rescale_q(timestamp, inputTimeBase ?? timeBase, timeBase)
        joined.timeContinues = false
        return joined
    }
}
