import BallTrace

/// Where the ball really was, in pixels of the displayed picture, for one clip: what an
/// evaluation scores detections against.
package struct GroundTruth: Sendable, Hashable {
    /// One known ball position.
    package struct Position: Sendable, Hashable {
        package var frame: Int
        /// Which flight of the clip the position belongs to (0-based).
        package var flight: Int
        package var point: PixelPoint
        /// Apparent radius in pixels; nil when the labels do not say (the detection's radius
        /// is used for the matching distance then).
        package var radius: Double?
        /// Whether recall counts this position: the ball is in flight, fully in view and big
        /// enough to see. Positions that do not count (a ball on the tee, cut by the frame
        /// edge, behind a pole) can still be matched, so a detection of them is not "false".
        package var counts: Bool
        /// Whether the ball is in flight (not resting or held): a trajectory whose points
        /// only match a resting ball is still a false trajectory.
        package var inFlight: Bool

        package init(frame: Int, flight: Int, point: PixelPoint, radius: Double?, counts: Bool, inFlight: Bool) {
            self.frame = frame
            self.flight = flight
            self.point = point
            self.radius = radius
            self.counts = counts
            self.inFlight = inFlight
        }
    }

    /// How completely the frames are labelled.
    package enum Labelling: Sendable, Hashable {
        /// Every frame is labelled: a frame without a position has no ball (generated clips).
        case dense
        /// Only some frames are labelled: detections in other frames are neither right nor wrong.
        case sparse
    }

    package var positions: [Position]
    package var labelling: Labelling
    package var flightCount: Int
    /// Frames that carry a label (a sparse clip's precision counts only these).
    package var labelledFrames: Set<Int>
    /// Each flight's first airborne frame, where the labels say (real clips' `flights.csv`):
    /// a trajectory should begin there, not frames later.
    package var firstAirborneFrames: [Int: Int] = [:]
    /// How each flight ends, where the labels say (`flights.csv`: exit, lost, landed, bounce,
    /// caught, rim, end_of_clip).
    package var endings: [Int: String] = [:]

    package init(positions: [Position], labelling: Labelling, flightCount: Int? = nil, labelledFrames: Set<Int>? = nil) {
        self.positions = positions
        self.labelling = labelling
        self.flightCount = flightCount ?? ((positions.map(\.flight).max() ?? -1) + 1)
        self.labelledFrames = labelledFrames ?? Set(positions.map(\.frame))
    }

    /// The positions recall counts, for one flight.
    package func countedPositions(ofFlight flight: Int) -> [Position] {
        positions.filter { $0.flight == flight && $0.counts }
    }
}
