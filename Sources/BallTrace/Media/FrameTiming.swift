internal import CFFmpeg
import FoundationEssentials

/// The frame timing that timestamps show, and whether the rate varies.
///
/// The rate is variable when the longest interval exceeds the shortest by more than 10 % of the
/// median interval, plus one tick of the time base: a constant 30 fps stored in milliseconds
/// (Matroska) alternates 33 and 34 ms, which is rounding, not variation; a phone that drops to
/// 24 fps in low light is variation. The bound uses the extremes, so that the interval range
/// reported beside the verdict never contradicts it.
struct FrameTiming: Sendable, Hashable {
    var minimumInterval: Double?
    var maximumInterval: Double?
    var medianInterval: Double?
    /// Frames per second over the timed frames: one over the mean interval.
    var averageFrameRate: Double?
    /// Seconds from the first timestamp to the end of the last frame.
    var duration: Double
    var isVariable: Bool
    /// Seconds from the first timestamp to the last.
    private var span: Double = 0
    /// Seconds per tick of the time base.
    private var tick: Double = 0

    /// - Parameters:
    ///   - sortedTimestamps: presentation timestamps in ascending order, in ticks.
    ///   - lastFrameDuration: how long the last frame lasts, in ticks, 0 when unknown (the mean
    ///     interval is taken then).
    ///   - tick: seconds per tick (the stream's time base).
    init(sortedTimestamps timestamps: [Int64], lastFrameDuration: Int64, tick: Double) {
        let intervals = zip(timestamps.dropFirst(), timestamps).map { Double($0 - $1) * tick }.sorted()
        guard let first = timestamps.first, let last = timestamps.last else {
            self.init(minimumInterval: nil, maximumInterval: nil, medianInterval: nil, averageFrameRate: nil, duration: 0, isVariable: false)
            return
        }
        let span = Double(last - first) * tick
        let meanInterval = intervals.isEmpty ? 0 : span / Double(intervals.count)
        let lastDuration = lastFrameDuration > 0 ? Double(lastFrameDuration) * tick : meanInterval
        guard let shortest = intervals.first, let longest = intervals.last else {
            self.init(minimumInterval: nil, maximumInterval: nil, medianInterval: nil, averageFrameRate: nil,
                      duration: lastDuration, isVariable: false)
            return
        }
        let median = intervals[intervals.count / 2]
        self.init(minimumInterval: shortest, maximumInterval: longest, medianInterval: median,
                  averageFrameRate: meanInterval > 0 ? 1 / meanInterval : nil,
                  duration: span + lastDuration,
                  isVariable: longest - shortest > 0.1 * median + tick)
        self.span = span
        self.tick = tick
    }

    /// The average rate, as the container declares it when the declared rate lies within what
    /// timestamp rounding allows of the measured one, else as measured; the first declared rate
    /// when fewer than two frames are timed.
    ///
    /// Each timestamp is rounded to its tick, so the measured span is off by up to one: 90
    /// frames at 30 fps stored in milliseconds (Matroska) measure 29.997 fps. The container's
    /// 30/1 is then the better figure.
    func frameRate(declared: [Double]) -> Double? {
        guard let measured = averageFrameRate else { return declared.first }
        let tolerance = measured * tick / span + 1e-9 * measured
        return declared.first { abs($0 - measured) <= tolerance } ?? measured
    }

    private init(minimumInterval: Double?, maximumInterval: Double?, medianInterval: Double?, averageFrameRate: Double?,
                 duration: Double, isVariable: Bool) {
        self.minimumInterval = minimumInterval
        self.maximumInterval = maximumInterval
        self.medianInterval = medianInterval
        self.averageFrameRate = averageFrameRate
        self.duration = duration
        self.isVariable = isVariable
    }
}

/// The video stream's packets, counted and timed: every packet read with `av_read_frame`,
/// none decoded.
struct PacketCount {
    private(set) var frameCount = 0
    /// Presentation timestamps (decode timestamps where a packet has none), ascending: decoders
    /// reorder B-frames, so packets arrive out of presentation order.
    private(set) var timestamps: [Int64] = []
    /// The duration of the packet shown last, 0 when the container does not say.
    private(set) var lastFrameDuration: Int64 = 0
    private(set) var byteCount = 0
    /// Packets marked for discarding: read, but not frames anyone sees.
    private(set) var discardedCount = 0
    /// Packets with neither timestamp, counted but not timed.
    private(set) var untimedCount = 0
    /// Why reading ended before the end of the input, when it did.
    private(set) var stoppedBecause: String?

    init(reading input: OpenedInput) {
        let packet = OwnedPacket()
        let noTimestamp = bt_av_nopts_value()
        var timed: [(timestamp: Int64, duration: Int64)] = []
        while true {
            let status = av_read_frame(input.context, packet.pointer)
            if status < 0 {
                if status != bt_averror_eof() { stoppedBecause = ffmpegErrorText(status) }
                break
            }
            defer { av_packet_unref(packet.pointer) }
            let p = packet.pointer.pointee
            // A packet the container marks for discarding (before an edit list's start) is
            // decoded only to prime the decoder, never shown.
            guard Int(p.stream_index) == input.videoIndex else { continue }
            guard p.flags & AV_PKT_FLAG_DISCARD == 0 else { discardedCount += 1; continue }
            frameCount += 1
            byteCount += Int(p.size)
            let timestamp = p.pts != noTimestamp ? p.pts : p.dts
            if timestamp == noTimestamp {
                untimedCount += 1
            } else {
                timed.append((timestamp, p.duration))
            }
        }
        timed.sort { $0.timestamp < $1.timestamp }
        timestamps = timed.map(\.timestamp)
        lastFrameDuration = timed.last?.duration ?? 0
    }
}
