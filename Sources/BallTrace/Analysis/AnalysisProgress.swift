/// How far an analysis has gone, reported as frames are read.
public struct AnalysisProgress: Sendable, Hashable {
    /// Frames decoded so far.
    public var framesDecoded: Int
    /// Seconds of the clip read so far (the last frame's time).
    public var time: Double
    /// The clip's length as its header declares it; nil when unknown (a live stream, a pipe).
    public var duration: Double?

    /// 0…1 of the clip, when its length is known.
    public var fraction: Double? {
        guard let duration, duration > 0 else { return nil }
        return min(1, max(0, time / duration))
    }
}

/// What one analysed frame shows: Vision's per-frame results.
public struct AnalysedFrame: Sendable {
    public var frame: Int
    /// Seconds since the first frame, from the frame's timestamp.
    public var time: Double
    /// The trajectories reported and still in flight at this frame, each with its points so far.
    public var trajectories: [TrajectoryObservation]
    /// Where the camera was, against the first frame, and whether the frame only repeated the last.
    public var camera: FrameCamera
    /// Seconds since the first frame when the frame's picture was taken: its `time`, except in a
    /// clip converted to another frame rate, whose pictures are not shown when they were taken
    /// (see ``CaptureCadence``); a repeat's is its original's.
    package var takenAt: Double
}
