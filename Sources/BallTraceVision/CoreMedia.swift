import BallTrace
@_exported import struct BallTrace.VideoFileReader
@_exported import struct BallTrace.VideoFrame
@_exported import Foundation

/// Core Media's time, as Vision takes and gives it: a rational number of seconds.
///
/// Enough of `CMTime` for code written against Vision to compile and mean the same: `.zero`,
/// `value`/`timescale`, `seconds`, comparison and the arithmetic trajectory code does. An
/// invalid time (timescale 0, as `CMTime()` makes) has `seconds` NaN; `.indefinite` is
/// Core Media's `kCMTimeIndefinite`.
public struct CMTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    public typealias Value = Int64
    public typealias TimeScale = Int32

    public var value: Value
    public var timescale: TimeScale
    /// Whether the time is a number (not invalid, not indefinite).
    public var isNumeric: Bool { timescale > 0 && !isIndefinite }
    public private(set) var isIndefinite = false

    public static let zero = CMTime(value: 0, timescale: 1)
    public static let invalid = CMTime(value: 0, timescale: 0)
    /// An unknown or unbounded time (`kCMTimeIndefinite`): a request's default target frame time.
    public static let indefinite: CMTime = {
        var time = CMTime(value: 0, timescale: 0)
        time.isIndefinite = true
        return time
    }()

    public init() { self.init(value: 0, timescale: 0) }

    public init(value: Value, timescale: TimeScale) {
        self.value = value
        self.timescale = timescale
    }

    /// `seconds` rounded to the nearest multiple of 1/`preferredTimescale`.
    public init(seconds: Double, preferredTimescale: TimeScale) {
        guard seconds.isFinite, preferredTimescale > 0 else {
            self.init(value: 0, timescale: 0)
            return
        }
        self.init(value: Value((seconds * Double(preferredTimescale)).rounded()), timescale: preferredTimescale)
    }

    public var seconds: Double { isNumeric ? Double(value) / Double(timescale) : .nan }

    public static func < (a: CMTime, b: CMTime) -> Bool { a.seconds < b.seconds }
    public static func == (a: CMTime, b: CMTime) -> Bool {
        a.isNumeric && b.isNumeric
            ? a.value.multipliedFullWidth(by: Int64(b.timescale)) == b.value.multipliedFullWidth(by: Int64(a.timescale))
            : a.isIndefinite == b.isIndefinite && a.timescale == b.timescale && a.value == b.value
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(seconds) }

    public static func + (a: CMTime, b: CMTime) -> CMTime { combine(a, b, +) }
    public static func - (a: CMTime, b: CMTime) -> CMTime { combine(a, b, -) }

    /// The sum or difference on the finer of the two timescales (Core Media's rule, short of
    /// its overflow handling).
    private static func combine(_ a: CMTime, _ b: CMTime, _ op: (Value, Value) -> Value) -> CMTime {
        guard a.isNumeric, b.isNumeric else { return a.isIndefinite || b.isIndefinite ? .indefinite : .invalid }
        if a.timescale == b.timescale { return CMTime(value: op(a.value, b.value), timescale: a.timescale) }
        let scale = max(a.timescale, b.timescale)
        return CMTime(value: op(CMTime(seconds: a.seconds, preferredTimescale: scale).value,
                                CMTime(seconds: b.seconds, preferredTimescale: scale).value), timescale: scale)
    }

    public var description: String { isNumeric ? "\(value)/\(timescale) (\(seconds) s)" : isIndefinite ? "indefinite" : "invalid" }
}

/// Core Media's `CMTimeRange`: a start and a duration.
public struct CMTimeRange: Sendable, Hashable, CustomStringConvertible {
    public var start: CMTime
    public var duration: CMTime
    public var end: CMTime { start + duration }

    public static let zero = CMTimeRange(start: .zero, duration: .zero)

    public init(start: CMTime, duration: CMTime) {
        self.start = start
        self.duration = duration
    }

    public init(start: CMTime, end: CMTime) { self.init(start: start, duration: end - start) }

    public func containsTime(_ time: CMTime) -> Bool { time >= start && time < end }

    public var description: String { "\(start.seconds) s + \(duration.seconds) s" }
}

public func CMTimeMake(value: Int64, timescale: Int32) -> CMTime { CMTime(value: value, timescale: timescale) }
public func CMTimeMakeWithSeconds(_ seconds: Double, preferredTimescale: Int32) -> CMTime {
    CMTime(seconds: seconds, preferredTimescale: preferredTimescale)
}
public func CMTimeGetSeconds(_ time: CMTime) -> Double { time.seconds }
public func CMTimeRangeMake(start: CMTime, duration: CMTime) -> CMTimeRange { CMTimeRange(start: start, duration: duration) }

/// The frame type Vision's handlers take: on Linux, a decoded frame of `VideoFileReader` (or
/// one made from a caller's luma or BGRA buffer). It carries its picture and its presentation
/// time, as a sample buffer does.
public typealias CMSampleBuffer = VideoFrame
/// The picture of a frame: the same value, since a `VideoFrame` is both.
public typealias CVPixelBuffer = VideoFrame
public typealias CVImageBuffer = VideoFrame

/// The timescale frame times are given in: microseconds, finer than any frame rate's step.
let frameTimescale: CMTime.TimeScale = 1_000_000

public func CMSampleBufferGetPresentationTimeStamp(_ buffer: CMSampleBuffer) -> CMTime {
    CMTime(seconds: buffer.time, preferredTimescale: frameTimescale)
}
public func CMSampleBufferGetImageBuffer(_ buffer: CMSampleBuffer) -> CVImageBuffer? { buffer }
public func CVPixelBufferGetWidth(_ buffer: CVPixelBuffer) -> Int { buffer.width }
public func CVPixelBufferGetHeight(_ buffer: CVPixelBuffer) -> Int { buffer.height }

/// simd's three-float vector, as `equationCoefficients` is typed on Apple platforms.
public typealias simd_float3 = SIMD3<Float>
