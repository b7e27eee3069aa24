/// An output of an ``AnalysisSession``, fed every decoded frame in order: the overlay video, the
/// tracer picture, the per-frame callback, the log of flights. A sink sees frames and
/// observations, never the tracker's tracks, so that what it draws or reports is what a
/// library user is told.
protocol AnalysisSink: AnyObject {
    /// What the sink reads; the session works out only that.
    var needs: SinkNeeds { get }
    /// The source is open: called once, before the first frame, and before ``needs`` is read.
    func opened(_ reader: MediaDecoder) throws
    /// A packet of the source's audio, in order with the frames (asked for with ``SinkNeeds/audio``).
    func audio(_ packet: OwnedPacket) throws
    /// The next decoded frame, with the flights in view once it was analysed.
    func take(_ frame: SessionFrame) throws
}

extension AnalysisSink {
    func opened(_ reader: MediaDecoder) throws {}
    func audio(_ packet: OwnedPacket) throws {}
}

/// What a sink reads from the session. Reading the flights in view waits for the tracker to
/// catch up with detection, which otherwise runs a few frames ahead of it: a session whose sinks
/// need none of them never waits.
struct SinkNeeds: OptionSet {
    let rawValue: Int
    /// The source's audio packets.
    static let audio = SinkNeeds(rawValue: 1 << 0)
    /// ``SessionFrame/inFlight`` at every frame, analysed or not.
    static let flightsEveryFrame = SinkNeeds(rawValue: 1 << 1)
    /// ``SessionFrame/inFlight`` at the analysed frames.
    static let flightsWhenAnalysed = SinkNeeds(rawValue: 1 << 2)
    /// ``SessionFrame/report`` at the analysed frames.
    static let reports = SinkNeeds(rawValue: 1 << 3)
}

/// One decoded frame as the session's sinks see it.
struct SessionFrame {
    /// The picture, on loan until the sinks have all taken it.
    let decoded: DecodedFrame
    /// Whether the frame was analysed (frames closer than the frame spacing to the last analysed
    /// one are not).
    let analysed: Bool
    /// The reported flights in view after this frame, each with its own detections only (the
    /// frames that repeated a detection's picture are not listed). Empty unless a sink needs them.
    let inFlight: [TrajectoryObservation]
    /// The analysed frame as the library's caller is told it, repeats listed; nil for a frame
    /// not analysed, or when no sink asked for it.
    let report: AnalysedFrame?
}
