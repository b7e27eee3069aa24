import BallTrace

/// Where each ball really was in each frame of a synthetic clip.
public struct ClipTruth: Sendable, Hashable, Codable {
    public struct Position: Sendable, Hashable, Codable {
        /// Index of the flight in the scene.
        public var flight: Int
        public var frame: Int
        public var time: Double
        /// Centre of what the camera recorded (the middle of the streak a moving ball sweeps during
        /// the exposure), in pixels of the displayed picture, pixel centres at half-integers.
        public var x: Double
        public var y: Double
        public var radius: Double
        /// False while the ball rests before launch; true from the frame whose exposure sees it move.
        public var inFlight: Bool
        /// True when part of the ball (or its streak) lies outside the frame: what is seen is
        /// then off-centre, and position checks skip it.
        public var clipped: Bool
    }

    public var scene: SyntheticScene
    /// Every frame in which a ball is at least partly in view.
    public var positions: [Position]

    /// Positions of one flight while in flight.
    public func flightPositions(_ flight: Int) -> [Position] {
        positions.filter { $0.flight == flight && $0.inFlight }
    }
}
