import FoundationEssentials

/// Vision's `VNDetectTrajectoriesRequest`: the parameters of a trajectory analysis, and its
/// results after each frame a ``SequenceRequestHandler`` performs it on.
///
/// Coordinates follow Vision's convention by default (origin lower-left, y up), so drawing
/// code ported from iOS works unchanged; set ``coordinateSystem`` to `.topLeft` for image
/// coordinates. Unlike Vision, points are always relative to the whole frame, never to the
/// region of interest.
public final class DetectTrajectoriesRequest {
    /// Seconds between analysed frames (0: every frame), as Vision's `frameAnalysisSpacing`
    /// (a `CMTime` there).
    public let frameAnalysisSpacing: Double
    /// Points a trajectory needs before it is reported: at least 5.
    public let trajectoryLength: Int
    /// Smallest ball radius, normalized to the frame's shorter side; really filters.
    public var objectMinimumNormalizedRadius: Float = 0
    /// Largest ball radius, normalized to the frame's shorter side; really filters (Vision is
    /// known to ignore its own).
    public var objectMaximumNormalizedRadius: Float = 0.15
    /// Where balls are looked for, normalized, in ``coordinateSystem`` (Vision's: origin
    /// lower-left). Reported points stay relative to the whole frame.
    public var regionOfInterest = NormalizedRect(x: 0, y: 0, width: 1, height: 1)
    /// The convention of every point reported and of ``regionOfInterest``.
    public var coordinateSystem: CoordinateSystem = .vision
    /// How pixels become metres, for each trajectory's `physics` (beyond Vision).
    public var scale: ScaleSetting?
    /// Where the ball rests before it is struck, normalized in ``coordinateSystem``: a flight
    /// from there gets an `impact` event, when its path left the spot (beyond Vision; see
    /// ``AnalysisSettings/tee``). Read at the first frame, like ``trajectoryLength``.
    public var tee: NormalizedPoint?
    /// The trajectories reported and still in flight at the last frame performed, each with
    /// its points so far; nil before the first frame. A flight keeps its `uuid` as it grows.
    public internal(set) var results: [TrajectoryObservation]?
    /// Called after each frame the request is performed on, with the error if it failed.
    public let completionHandler: ((DetectTrajectoriesRequest, (any Error)?) -> Void)?

    public init(frameAnalysisSpacing: Double, trajectoryLength: Int,
                completionHandler: ((DetectTrajectoriesRequest, (any Error)?) -> Void)? = nil) {
        self.frameAnalysisSpacing = frameAnalysisSpacing
        self.trajectoryLength = trajectoryLength
        self.completionHandler = completionHandler
    }

    /// iOS 18's shape: `DetectTrajectoriesRequest(trajectoryLength: 10)`, every frame analysed
    /// unless a spacing in seconds is given.
    public convenience init(trajectoryLength: Int, frameAnalysisSpacing: Double? = nil) {
        self.init(frameAnalysisSpacing: frameAnalysisSpacing ?? 0, trajectoryLength: trajectoryLength)
    }

    /// The handler of ``perform(on:orientation:)``: the request keeps its own sequence there,
    /// as iOS 18's stateful requests do.
    private lazy var ownHandler = SequenceRequestHandler()

    /// iOS 18's shape: analyses the next frame of the request's sequence and returns the
    /// trajectories in flight (what ``results`` then holds). The request keeps the sequence's
    /// state; a ``SequenceRequestHandler`` performing the same request keeps its own.
    public func perform(on frame: VideoFrame, orientation: FrameOrientation? = nil) async throws -> [TrajectoryObservation] {
        try ownHandler.perform([self], on: frame, orientation: orientation)
        return results ?? []
    }

    /// The analysis settings these parameters stand for; throws the error the command line
    /// prints for the same values.
    func settings() throws(AnalysisSettingsError) -> AnalysisSettings {
        let settings = AnalysisSettings(
            regionOfInterest: coordinateSystem.topLeft(regionOfInterest), minimumRadius: .normalized(Double(objectMinimumNormalizedRadius)),
            maximumRadius: .normalized(Double(objectMaximumNormalizedRadius)), trajectoryLength: trajectoryLength,
            frameSpacing: frameAnalysisSpacing, coordinates: coordinateSystem, scale: scale,
            tee: tee.map { coordinateSystem == .vision ? NormalizedPoint(x: $0.x, y: 1 - $0.y) : $0 })
        try settings.validate()
        return settings
    }
}
