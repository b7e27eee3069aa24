import BallTrace
import Foundation

/// Vision's `VNDetectTrajectoriesRequest`: finds objects that fly along parabolas in a sequence
/// of frames, with Vision's documented behaviour.
///
/// - State lives in the request, so one request follows one sequence whether each frame gets
///   a new ``VNImageRequestHandler`` (as Apple's article does) or one
///   ``VNSequenceRequestHandler`` performs them all.
/// - `regionOfInterest` and the radius bounds are read at every perform; a change applies
///   from that frame on (Vision: "changing the property from frame to frame can produce
///   erratic trajectories").
/// - Radii are normalized to the width of the picture as seen: Apple's sample filters balls of
///   10…30 px in 1920-wide video with `10.0 / 1920` and `30.0 / 1920`.
/// - ``results`` holds the trajectories in flight at the last frame, each reported once it has
///   ``trajectoryLength`` points on a parabola; points and the equation are in the region of
///   interest's space (see ``VNTrajectoryObservation``).
public final class VNDetectTrajectoriesRequest: VNStatefulRequest {
    /// Points a trajectory needs before it is reported: at least 5.
    public let trajectoryLength: Int
    /// Smallest radius of the object's bounding circle, normalized to the width of the picture
    /// as seen; 0 (the default) filters nothing.
    public var objectMinimumNormalizedRadius: Float = 0
    /// Largest radius, in the same unit; 1 (the default) filters nothing beyond balltrace's own
    /// judgement of what can be a ball (blobs up to 15 % of the picture's shorter side).
    public var objectMaximumNormalizedRadius: Float = 1
    @available(*, deprecated, renamed: "objectMinimumNormalizedRadius")
    public var minimumObjectSize: Float {
        get { objectMinimumNormalizedRadius }
        set { objectMinimumNormalizedRadius = newValue }
    }
    @available(*, deprecated, renamed: "objectMaximumNormalizedRadius")
    public var maximumObjectSize: Float {
        get { objectMaximumNormalizedRadius }
        set { objectMaximumNormalizedRadius = newValue }
    }
    /// The time a frame's analysis may take (`.indefinite` by default). Vision lowers its
    /// accuracy when frames take longer; balltrace's analysis of a frame takes a few
    /// milliseconds, well under any frame time, so accuracy stays at its maximum, which is
    /// what Vision does when frames take less than the target.
    public var targetFrameTime = CMTime.indefinite

    /// The trajectories in flight at the last frame performed; nil before the first.
    public var results: [VNTrajectoryObservation]? { trajectories }
    public override var observations: [VNObservation]? { trajectories }
    private var trajectories: [VNTrajectoryObservation]?

    /// What the request has seen of its sequence, made at the first frame.
    private var sequence: TrajectorySequence?

    public init(frameAnalysisSpacing: CMTime, trajectoryLength: Int, completionHandler: VNRequestCompletionHandler? = nil) {
        self.trajectoryLength = trajectoryLength
        super.init(frameAnalysisSpacing: frameAnalysisSpacing, completionHandler: completionHandler)
    }

    override func perform(on input: VideoFrameInput) throws {
        if takeCancellation() {
            sequence = nil
            trajectories = nil
            throw VNError(.requestCancelled, "the request was cancelled")
        }
        guard revision == 1 else {
            throw VNError(.unsupportedRevision, "VNDetectTrajectoriesRequest has revision 1 only (got \(revision))")
        }
        let sequence = try sequence ?? TrajectorySequence(spacing: frameAnalysisSpacing, trajectoryLength: trajectoryLength)
        self.sequence = sequence
        trajectories = try sequence.perform(input, region: regionOfInterest, minimumRadius: objectMinimumNormalizedRadius,
                                       maximumRadius: objectMaximumNormalizedRadius)
    }
}

/// One request's sequence: balltrace's request and handler, and how the last frame was seen.
private final class TrajectorySequence {
    private let request: DetectTrajectoriesRequest
    private let handler = SequenceRequestHandler()
    private let trajectoryLength: Int

    init(spacing: CMTime, trajectoryLength: Int) throws {
        guard trajectoryLength >= AnalysisSettings.minimumTrajectoryLength else {
            throw VNError(.invalidArgument, "trajectoryLength must be at least \(AnalysisSettings.minimumTrajectoryLength) (got \(trajectoryLength))")
        }
        let seconds = spacing.isNumeric ? spacing.seconds : 0
        guard seconds >= 0 else { throw VNError(.invalidArgument, "frameAnalysisSpacing must not be negative (got \(spacing))") }
        request = DetectTrajectoriesRequest(frameAnalysisSpacing: seconds, trajectoryLength: trajectoryLength)
        request.coordinateSystem = .vision
        self.trajectoryLength = trajectoryLength
    }

    func perform(_ input: VideoFrameInput, region: CGRect, minimumRadius: Float, maximumRadius: Float) throws -> [VNTrajectoryObservation] {
        let (turn, mirrored) = input.orientation.turnAndMirror
        let frame = input.frame
        let sideways = turn == .left || turn == .right
        let seenWidth = Double(sideways ? frame.height : frame.width), seenHeight = Double(sideways ? frame.width : frame.height)
        let shorter = min(seenWidth, seenHeight)
        let unit = CGRect(x: 0, y: 0, width: 1, height: 1)
        guard region.width > 0, region.height > 0, unit.contains(region) else {
            throw VNError(.invalidArgument, "regionOfInterest \(region) must have positive size and lie within the unit square")
        }
        guard minimumRadius >= 0, maximumRadius > 0, minimumRadius <= maximumRadius else {
            throw VNError(.invalidArgument, "object radii must satisfy 0 ≤ objectMinimumNormalizedRadius ≤ objectMaximumNormalizedRadius and the maximum be above 0 (got \(minimumRadius), \(maximumRadius))")
        }
        let space = RegionSpace(region: region, mirrored: mirrored)
        request.regionOfInterest = space.analysedRegion
        request.objectMinimumNormalizedRadius = Float(Double(minimumRadius) * seenWidth / shorter)
        // Vision's 1 is "no filtering": balltrace's own bound on what can be a ball stays.
        let ownMaximum = AnalysisSettings().maximumRadius.normalized(shorterSide: 1)
        request.objectMaximumNormalizedRadius = maximumRadius >= 1
            ? Float(ownMaximum) : Float(Double(maximumRadius) * seenWidth / shorter)
        if request.objectMinimumNormalizedRadius > request.objectMaximumNormalizedRadius {
            request.objectMinimumNormalizedRadius = request.objectMaximumNormalizedRadius
        }
        do {
            try handler.perform([request], on: frame, orientation: turn)
        } catch let error as VideoFrameError {
            throw VNError(.invalidArgument, error.description)
        } catch let error as AnalysisSettingsError {
            throw VNError(.invalidArgument, error.description)
        }
        return (request.results ?? []).map {
            VNTrajectoryObservation($0, space: space, trajectoryLength: trajectoryLength, radiusScale: shorter / seenWidth)
        }
    }
}
