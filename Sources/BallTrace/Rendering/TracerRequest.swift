/// Where the tracer picture goes and which frame it is drawn over.
public struct TracerRequest: Sendable, Hashable {
    public var path: String
    package var format: StillImageFormat
    /// Seconds from the first frame of the frame to draw over; nil: the frame of the longest
    /// flight's last detection (see `TracerBackdrop`).
    public var time: Double?

    /// - Throws: ``AnalysisSettingsError`` for a path that is not `.png` or `.jpg`, or a negative time.
    public init(path: String, time: Double? = nil) throws(AnalysisSettingsError) {
        guard let format = StillImageFormat(path: path) else { throw .unsupportedTracerFormat(path: path) }
        if let time, !(time >= 0 && time.isFinite) { throw .negativeTracerTime(time) }
        self.path = path
        self.format = format
        self.time = time
    }
}
