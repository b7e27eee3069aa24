/// Where the tracer picture goes and which frame it is drawn over.
public struct TracerRequest: Sendable, Hashable {
    public var path: String
    public var format: StillImageFormat
    /// Seconds from the first frame of the frame to draw over; nil: the frame of the longest
    /// flight's last detection (see `TracerBackdrop`).
    public var time: Double?

    /// - Throws: ``TracerRequestError`` for a path that is not `.png` or `.jpg`, or a negative time.
    public init(path: String, time: Double? = nil) throws(TracerRequestError) {
        guard let format = StillImageFormat(path: path) else { throw .unsupportedFormat(path: path) }
        if let time, !(time >= 0 && time.isFinite) { throw .negativeTime(time) }
        self.path = path
        self.format = format
        self.time = time
    }
}

public enum TracerRequestError: Error, Sendable, Hashable, CustomStringConvertible {
    case unsupportedFormat(path: String)
    case negativeTime(Double)
    case timeBeyondClip(time: Double, duration: Double)

    public var description: String {
        switch self {
        case let .unsupportedFormat(path):
            return "'\(path)' must end in .png or .jpg (.jpeg): the tracer picture is written in the format its name gives"
        case let .negativeTime(time):
            return "the time of the frame to draw over must be 0 or more seconds (got \(time))"
        case let .timeBeyondClip(time, duration):
            return "\(time) s is past the end of the clip, which lasts \(String(format: "%.2f", duration)) s"
        }
    }
}
