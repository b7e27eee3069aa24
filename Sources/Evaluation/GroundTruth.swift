import BallTrace

/// Where the ball really was, in pixels of the displayed picture, for one clip: what an
/// evaluation scores detections against.
public struct GroundTruth: Sendable, Hashable {
    /// One known ball position.
    public struct Position: Sendable, Hashable {
        public var frame: Int
        /// Which flight of the clip the position belongs to (0-based).
        public var flight: Int
        public var point: PixelPoint
        /// Apparent radius in pixels; nil when the labels do not say (the detection's radius
        /// is used for the matching distance then).
        public var radius: Double?
        /// Whether recall counts this position: the ball is in flight, fully in view and big
        /// enough to see. Positions that do not count (a ball on the tee, cut by the frame
        /// edge, behind a pole) can still be matched, so a detection of them is not "false".
        public var counts: Bool
        /// Whether the ball is in flight (not resting or held): a trajectory whose points
        /// only match a resting ball is still a false trajectory.
        public var inFlight: Bool

        public init(frame: Int, flight: Int, point: PixelPoint, radius: Double?, counts: Bool, inFlight: Bool) {
            self.frame = frame
            self.flight = flight
            self.point = point
            self.radius = radius
            self.counts = counts
            self.inFlight = inFlight
        }
    }

    /// How completely the frames are labelled.
    public enum Labelling: Sendable, Hashable {
        /// Every frame is labelled: a frame without a position has no ball (generated clips).
        case dense
        /// Only some frames are labelled: detections in other frames are neither right nor wrong.
        case sparse
    }

    public var positions: [Position]
    public var labelling: Labelling
    public var flightCount: Int
    /// Frames that carry a label (a sparse clip's precision counts only these).
    public var labelledFrames: Set<Int>
    /// Each flight's first airborne frame, where the labels say (real clips' `flights.csv`):
    /// a trajectory should begin there, not frames later.
    public var firstAirborneFrames: [Int: Int] = [:]
    /// How each flight ends, where the labels say (`flights.csv`: exit, lost, landed, bounce,
    /// caught, rim, end_of_clip).
    public var endings: [Int: String] = [:]

    public init(positions: [Position], labelling: Labelling, flightCount: Int? = nil, labelledFrames: Set<Int>? = nil) {
        self.positions = positions
        self.labelling = labelling
        self.flightCount = flightCount ?? ((positions.map(\.flight).max() ?? -1) + 1)
        self.labelledFrames = labelledFrames ?? Set(positions.map(\.frame))
    }

    /// The positions recall counts, for one flight.
    public func countedPositions(ofFlight flight: Int) -> [Position] {
        positions.filter { $0.flight == flight && $0.counts }
    }
}
